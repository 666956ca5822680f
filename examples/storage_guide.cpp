// The snippets of docs/storage.md, compiled and run as a test so that they stay true. Each
// [storage-...] block is quoted in the guide as it is here.
#include <array>
#include <boost/hana/integral_constant.hpp>
#include <cstdio>
#include <numeric>
#include <span>
#include <strider/strider.hpp>
#include <vector>

using namespace strider;

// [storage-constexpr]
// A tensor of a static layout keeps its elements in a std::array: no heap, and it works in
// constant expressions.
constexpr auto identity = [] {
  tensor<int, contiguous<3, 3>> t{};  // {} zeroes the elements
  for_each(diagonal(t), [](int& x) { x = 1; });
  return t;
}();
static_assert(identity(1, 1) == 1 && identity(1, 2) == 0);
// [storage-constexpr]

int run() {
  bool ok = true;
  // [storage-views]
  std::vector<float> storage(12);
  std::iota(storage.begin(), storage.end(), 0.0f);  // 0, 1, ..., 11

  // A static layout: the view is a single pointer.
  tensor_view<float, contiguous<3, 4>> a(storage);
  static_assert(sizeof(a) == sizeof(float*));
  auto t = permute<1, 0>(a);          // shape (4, 3): t(j, i) is a(i, j)
  auto r = slice<"::-1, 1:3">(a);     // a[::-1, 1:3]: r(0, 0) is a(2, 1), 9

  // A dynamic layout: operations take function arguments, and chain as members.
  tensor_view d(storage, dynamic_layout::contiguous({3, 4}));
  auto u = d.permute({1, 0}).slice("::-1");  // rows of t, last first
  auto w = permute(d, {1, 0});               // the same as d.permute({1, 0})

  // Several views at once, as PyTorch's chunk, split and unbind give them.
  auto [left, right] = chunk<2, 1>(a);  // a[:, :2] and a[:, 2:], static views
  float firsts = 0;
  for (auto row : d.unbind(0)) firsts += row(0);  // the rows, made on access: 0 + 4 + 8
  // [storage-views]
  ok &= t(3, 2) == 11.0f && r(0, 0) == 9.0f && u(0, 2) == 11.0f && w(3, 2) == 11.0f;
  ok &= left(2, 1) == 9.0f && right(0, 0) == 2.0f && firsts == 12.0f && d.chunk(3, 0)[-1](0, 0) == 8.0f;

  // [storage-access]
  using namespace boost::hana::literals;
  float& x = a(2_c, 3_c);  // constant indices: a(2_c, 4_c) does not compile
  float& y = a(std::integral_constant<int, 1>{}, std::integral_constant<int, 0>{});
  try {
    d(1);  // the index count is always checked; each index unless NDEBUG
  } catch (const layout_error& e) {
    std::printf("%s\n", e.what());  // index: 1 indices given for a layout of rank 2
  }
  // [storage-access]
  ok &= x == 11.0f && y == 4.0f;

  // [storage-writes]
  auto rows = broadcast_to<2, 3, 4>(a);     // stride 0: the two rows share storage
  static_assert(std::is_same_v<decltype(rows(0, 0, 0)), const float&>);  // read-only
  auto drows = d.broadcast_to({2, 3, 4});
  try {
    drows(0, 0, 0) = 1.0f;                  // dynamic: refused at run time
  } catch (const layout_error& e) {
    std::printf("%.60s...\n", e.what());    // write: the layout is not unique ...
  }
  float z = drows.as_const()(1, 2, 3);    // reading is fine: 11
  // [storage-writes]
  ok &= z == 11.0f && rows(1, 2, 3) == 11.0f;

  // [storage-iteration]
  float sum = 0;
  for_each(t, [&](float x) { sum += x; });                       // logical order
  std::vector<float> seen;
  for_each_in_storage_order(t, [&](float x) { seen.push_back(x); });  // 0, 1, 2, ... 11
  for_each_indexed(r, [](const auto& index, float& x) { x += static_cast<float>(index[0]); });
  // [storage-iteration]
  ok &= sum == 66.0f && seen.front() == 0.0f && seen.back() == 11.0f;

  // [storage-copies]
  std::iota(storage.begin(), storage.end(), 0.0f);
  auto c = t.contiguous();                         // tensor<float, contiguous<4, 3>>
  static_assert(std::is_same_v<decltype(c), tensor<float, contiguous<4, 3>>>);
  dynamic_tensor<float> flat = d.transpose(0, 1).contiguous().view({-1});  // the copy, reshaped
  std::array<float, 12> out{};
  copy_to_contiguous(t, std::span(out));           // into storage you provide
  tensor<float, contiguous<2, 4>> two_rows{};
  copy(slice<"0">(a), two_rows);                   // the source broadcast to (2, 4)
  // [storage-copies]
  ok &= c(3, 2) == 11.0f && flat(1) == 4.0f && out[1] == 4.0f && two_rows(1, 3) == 3.0f;

  // [storage-reshape]
  // A view never copies: when the strides cannot express the shape, copy first.
  try {
    d.transpose(0, 1).view({12});
  } catch (const layout_error& e) {
    std::printf("%s\n", e.what());
  }
  auto copied = d.transpose(0, 1).contiguous();    // an owning dynamic_tensor
  auto viewed = copied.view({12});                 // a view of the copy
  // [storage-reshape]
  ok &= viewed(1) == 4.0f;
  return ok ? 0 : 1;
}

int main() { return run(); }
