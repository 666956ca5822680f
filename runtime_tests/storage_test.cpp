// Storage: views, tensors, element access, iteration and copies, against naive references
// written here (pointer arithmetic from the definition, and what each operation means
// element by element, e.g. permute: w(i, j, k) == v(j, k, i)).
#include <algorithm>
#include <array>
#include <boost/hana/integral_constant.hpp>
#include <numeric>
#include <ranges>
#include <span>
#include <string>
#include <strider/storage.hpp>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider;
using namespace boost::hana::literals;

namespace {

std::vector<float> arange(std::size_t n) {
  std::vector<float> out(n);
  std::iota(out.begin(), out.end(), 0.0f);
  return out;
}

using strider_test::message_of;

// Every multi-index of `shape` in row-major order (an odometer written for the tests).
std::vector<std::vector<index_t>> all_indices(const std::vector<index_t>& shape) {
  std::vector<std::vector<index_t>> out;
  for (index_t e : shape)
    if (e == 0) return out;
  std::vector<index_t> index(shape.size(), 0);
  while (true) {
    out.push_back(index);
    std::size_t d = shape.size();
    while (d > 0 && ++index[d - 1] == shape[d - 1]) index[--d] = 0;
    if (d == 0) return out;
  }
}

std::vector<index_t> shape_of(const auto& v) {
  std::vector<index_t> out;
  for (std::size_t d = 0; d < v.rank(); ++d) out.push_back(v.extent(d));
  return out;
}

// The address of element `index` from the definition: data + offset + sum(index * stride).
template <class V>
auto* naive_address(const V& v, const std::vector<index_t>& index) {
  index_t off = v.offset();
  for (std::size_t d = 0; d < index.size(); ++d) off += index[d] * v.stride(d);
  return v.data() + off;
}

// Calls v(index...) with a run-time index vector of known length.
template <std::size_t R, class V>
decltype(auto) at(const V& v, const std::vector<index_t>& index) {
  return [&]<std::size_t... D>(std::index_sequence<D...>) -> decltype(auto) { return v(index[D]...); }(std::make_index_sequence<R>{});
}

// Addresses visited by for_each-like functions.
template <class V>
std::vector<const void*> addresses_of(const V& v, auto walk) {
  std::vector<const void*> out;
  walk(v, [&](const auto& x) { out.push_back(&x); });
  return out;
}

template <std::size_t R, class V>
std::vector<const void*> logical_addresses(const V& v) {
  std::vector<const void*> out;
  for (const auto& index : all_indices(shape_of(v))) out.push_back(naive_address(v, index));
  return out;
}

}  // namespace

TEST_CASE("views are built from pointers and from contiguous ranges, whose size is checked") {
  std::vector<float> storage = arange(16);
  const auto c34 = dynamic_layout::contiguous({3, 4});

  auto blob = from_blob(storage.data(), c34);
  STATIC_REQUIRE(std::is_same_v<decltype(blob), tensor_view<float, dynamic_layout>>);
  CHECK(blob.data() == storage.data());
  CHECK(blob(2, 3) == 11.0f);

  tensor_view<float, contiguous<3, 4>> fixed(storage);
  CHECK(&fixed(1, 1) == storage.data() + 5);

  std::vector<float> small(11);
  CHECK(message_of([&] { tensor_view<float, contiguous<3, 4>> v(small); }) == "view: storage has 11 elements but the layout's storage_size is 12");
  CHECK(message_of([&] { tensor_view v(small, c34); }) == "view: storage has 11 elements but the layout needs 12");
  // The span a layout needs counts from storage offset 0 to its last element.
  const auto corner = slice(dynamic_layout::contiguous({4, 4}), "1:, 1:");
  CHECK(message_of([&] { tensor_view v(std::span<float>(storage).first(15), corner); }) == "view: storage has 15 elements but the layout needs 16");
  CHECK(tensor_view(storage, corner)(0, 0) == 5.0f);

  float c_array[12] = {};
  tensor_view<float, contiguous<3, 4>> from_c_array(c_array);
  from_c_array(2, 3) = 7.0f;
  CHECK(c_array[11] == 7.0f);
  std::array<double, 6> array{};
  tensor_view from_array(array, dynamic_layout::column_major({2, 3}));
  from_array(1, 2) = 1.0;
  CHECK(array[5] == 1.0);

  // mutable -> const, static -> dynamic.
  tensor_view<const float, contiguous<3, 4>> read_only = fixed;
  tensor_view<const float, dynamic_layout> dynamic = fixed;
  CHECK(dynamic.layout() == contiguous<3, 4>::dynamic());
  CHECK(&dynamic(2, 1) == &read_only(2, 1));
  CHECK(&fixed.as_const()(0, 3) == storage.data() + 3);
}

TEST_CASE("as_strided reaches the storage a view was cut from, as PyTorch's does, and nothing else") {
  // The storage holds its own offsets, so every element read is the offset PyTorch gives:
  // torch.arange(1000)[:2].as_strided((2,), (50,)) is [0, 50], and so on.
  std::vector<float> storage = arange(1000);
  const auto values = [](const auto& v) {
    std::vector<float> out;
    for_each(v, [&](float x) { out.push_back(x); });
    return out;
  };
  const auto head = slice(dynamic_layout::contiguous({1000}), ":2");
  CHECK(head.storage_size() == 1000);

  // Dynamic views: over a pointer the layout's storage counts; over a range, the range's size.
  const auto from_pointer = from_blob(storage.data(), head);
  CHECK(values(from_pointer.as_strided({2}, {50}, 0)) == std::vector<float>{0, 50});
  CHECK(values(from_pointer.slice("1:").as_strided({2}, {20}, 15)) == std::vector<float>{15, 35});
  CHECK(message_of([&] { from_pointer.as_strided({2}, {1000}, 0); }) == "as_strided: reaches storage offset 1000, outside the input's storage [0, 1000)");
  const tensor_view over_range(storage, dynamic_layout::contiguous({2}));
  CHECK(over_range.storage_size() == 1000);
  CHECK(values(over_range.as_strided({2}, {999}, 0)) == std::vector<float>{0, 999});
  const tensor_view smaller(std::span<float>(storage).first(10), head);  // knows 10 elements, not 1000
  CHECK(smaller.storage_size() == 10);
  CHECK(message_of([&] { smaller.as_strided({2}, {50}, 0); }) == "as_strided: reaches storage offset 50, outside the input's storage [0, 10)");
  CHECK(values(smaller.as_strided({2}, {9}, 0)) == std::vector<float>{0, 9});

  // Static views: the type knows its storage; the range must hold all of it.
  using Head = slice_t<contiguous<1000>, ":2">;
  tensor_view<float, Head> fixed(storage);
  CHECK(values(as_strided<shape<2>, strides<50>, 0>(fixed)) == std::vector<float>{0, 50});
  std::vector<float> ten(10);
  CHECK(message_of([&] { tensor_view<float, Head> v(ten); }) == "view: storage has 10 elements but the layout's storage_size is 1000");
  // ... and converts to a view of the same layout that knows less of it.
  const tensor_view<float, contiguous<2>> narrowed = fixed;
  CHECK(narrowed.data() == storage.data());
  CHECK(values(narrowed) == std::vector<float>{0, 1});
  STATIC_REQUIRE(!std::is_convertible_v<tensor_view<float, contiguous<2>>, tensor_view<float, Head>>);
  STATIC_REQUIRE(!std::is_convertible_v<tensor_view<float, slice_t<contiguous<1000>, "1:3">>, tensor_view<float, contiguous<2>>>);
  tensor_view<float, with_storage_t<contiguous<2>, 1000>> wide(storage.data());
  CHECK(values(as_strided<shape<2>, strides<999>, 0>(wide)) == std::vector<float>{0, 999});

  // Tensors own the storage their layout knows.
  STATIC_REQUIRE(std::tuple_size_v<tensor<float, slice_t<contiguous<8>, ":2">>::storage_type> == 8);
  dynamic_tensor<float> owned(slice(dynamic_layout::contiguous({8}), ":2"), 1.0f);
  CHECK(owned.as_strided({2}, {7}, 0).size() == 2);
  CHECK(values(owned.as_strided({2}, {7}, 0)) == std::vector<float>{1, 1});

  // The run-time form on a storage, and with_storage.
  CHECK(as_strided(1000, {2}, {50}, 0).storage_size() == 1000);
  CHECK(as_strided(1000, {2}, {50}, 0)(1) == 50);
  CHECK(message_of([] { as_strided(10, {2}, {10}, 0); }) == "as_strided: reaches storage offset 10, outside the input's storage [0, 10)");
  CHECK(message_of([] { as_strided(-1, {0}, {1}, 0); }) == "as_strided: storage size -1 is negative");
  CHECK(with_storage(dynamic_layout::contiguous({2}), 1000).storage_size() == 1000);
  CHECK(message_of([] { with_storage(dynamic_layout::contiguous({3, 4}), 11); }) ==
        "with_storage: the layout reaches storage offset 11, outside a storage of 11 elements");
  CHECK(message_of([] { dynamic_layout(layout_value{1, {2}, {1}, 0, 1}); }) == "layout: reaches storage offset 1, outside its storage [0, 1)");
}

TEST_CASE("element access is the naive pointer computation, for static and dynamic layouts") {
  std::vector<float> storage = arange(64);
  // Negative strides and a storage offset: element (i, j) at 2 - i + 3 j.
  using L = layout<shape<3, 4>, strides<-1, 3>, 2>;
  tensor_view<float, L> s(storage);
  tensor_view d(storage, L::dynamic());
  for (const auto& index : all_indices({3, 4})) {
    CHECK(&at<2>(s, index) == naive_address(s, index));
    CHECK(&at<2>(d, index) == naive_address(s, index));
    CHECK(at<2>(s, index) == static_cast<float>(2 - index[0] + 3 * index[1]));
  }
  // Rank 3 through a chain of operations.
  auto v = flip(permute(tensor_view(storage, dynamic_layout::contiguous({4, 4, 4})), {2, 0, 1}), {1});
  for (const auto& index : all_indices(shape_of(v))) CHECK(&at<3>(v, index) == naive_address(v, index));
  // Rank 0: the one element.
  tensor_view<float, slice_t<contiguous<4>, "2">> scalar(storage);
  CHECK(scalar() == 2.0f);
  CHECK(tensor_view(storage, slice(dynamic_layout::contiguous({4}), "3"))() == 3.0f);

  // Integral-constant indices (checked by the compiler on static layouts).
  CHECK(&s(2_c, 3_c) == &s(2, 3));
  CHECK(&s(std::integral_constant<int, 1>{}, std::integral_constant<long, 0>{}) == &s(1, 0));
  CHECK(&d(1_c, 2_c) == &d(1, 2));
  CHECK(&s(1_c, 2) == &s(1, 2));  // mixed: a run-time index
}

TEST_CASE("element access checks indices unless NDEBUG, and the index count always") {
  std::vector<float> storage = arange(12);
  tensor_view d(storage, dynamic_layout::contiguous({3, 4}));
  CHECK(message_of([&] { d(1); }) == "index: 1 indices given for a layout of rank 2");
  CHECK(message_of([&] { d(1, 2, 3); }) == "index: 3 indices given for a layout of rank 2");
#ifndef NDEBUG
  tensor_view<float, contiguous<3, 4>> s(storage);
  CHECK(message_of([&] { s(3, 0); }) == "index: index 3 is out of range for axis 0 with extent 3");
  CHECK(message_of([&] { s(0, -1); }) == "index: index -1 is out of range for axis 1 with extent 4");
  CHECK(message_of([&] { d(0, 4); }) == "index: index 4 is out of range for axis 1 with extent 4");
  tensor<float, contiguous<2>> t{};
  CHECK(message_of([&] { t(2); }) == "index: index 2 is out of range for axis 0 with extent 2");
  dynamic_tensor<float> dt({2});
  CHECK(message_of([&] { dt(5); }) == "index: index 5 is out of range for axis 0 with extent 2");
#endif
}

TEST_CASE("view operations are the layout operations, over the same storage") {
  std::vector<float> storage = arange(24);
  using C = contiguous<2, 3, 4>;
  tensor_view<float, C> s(storage);
  tensor_view<float, dynamic_layout> d(storage, C::dynamic());
  const dynamic_layout l = C::dynamic();

  // Each check: the static result, the dynamic result (free and member form) and the layout
  // operation agree, every result views the same storage, and the elements are the ones the
  // operation means.
  auto same = [&](const auto& static_result, const auto& dynamic_result, const dynamic_layout& expected) {
    CHECK(static_result.layout().dynamic() == expected);
    CHECK(dynamic_result.layout() == expected);
    CHECK(static_result.data() == storage.data());
    CHECK(dynamic_result.data() == storage.data());
  };

  SECTION("slice") {
    auto ss = slice<"1:, ::-1">(s);
    auto ds = slice(d, "1:, ::-1");
    same(ss, ds, slice(l, "1:, ::-1"));
    CHECK(d.slice("1:, ::-1").layout() == ds.layout());
    for (const auto& i : all_indices({1, 3, 4})) CHECK(&at<3>(ss, i) == &s(i[0] + 1, 2 - i[1], i[2]));
  }
  SECTION("permute and transpose") {
    auto sp = permute<2, 0, 1>(s);
    same(sp, permute(d, {2, 0, 1}), permute(l, {2, 0, 1}));
    for (const auto& i : all_indices({4, 2, 3})) CHECK(&at<3>(sp, i) == &s(i[1], i[2], i[0]));
    auto st = transpose<0, 2>(s);
    same(st, d.transpose(0, 2), transpose(l, 0, 2));
    for (const auto& i : all_indices({4, 3, 2})) CHECK(&at<3>(st, i) == &s(i[2], i[1], i[0]));
  }
  SECTION("flip") {
    auto sf = flip<1>(s);
    same(sf, flip(d, {1}), flip(l, {1}));
    for (const auto& i : all_indices({2, 3, 4})) CHECK(&at<3>(sf, i) == &s(i[0], 2 - i[1], i[2]));
    auto all = flip(s);
    same(all, d.flip(), flip(l));
    for (const auto& i : all_indices({2, 3, 4})) CHECK(&at<3>(all, i) == &s(1 - i[0], 2 - i[1], 3 - i[2]));
  }
  SECTION("broadcast_to") {
    auto sb = broadcast_to<5, 2, 3, 4>(s);
    same(sb, broadcast_to(d, {5, 2, 3, 4}), broadcast_to(l, {5, 2, 3, 4}));
    for (const auto& i : all_indices({5, 2, 3, 4})) CHECK(&at<4>(sb, i) == &s(i[1], i[2], i[3]));
  }
  SECTION("view, which never copies") {
    auto sv = view<6, -1>(s);
    same(sv, view(d, {6, -1}), view(l, {6, -1}));
    same(view<6, 4>(s), d.view({6, 4}), view(l, {6, 4}));
    for (const auto& i : all_indices({6, 4})) CHECK(at<2>(sv, i) == static_cast<float>(i[0] * 4 + i[1]));
    // A transposed view cannot be flattened without a copy: the caller copies explicitly.
    auto t = d.transpose(0, 2);
    CHECK(message_of([&] { view(t, {24}); }) == "view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
    CHECK(message_of([&] { t.view({24}); }) == "view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
    CHECK(message_of([&] { d.view({5, 5}); }) == "view: shape has 25 elements but the layout has 24");
    auto flat = t.contiguous().view({24});  // on the temporary copy: the copy itself, reshaped
    STATIC_REQUIRE(std::is_same_v<decltype(flat), dynamic_tensor<float>>);
    for (const auto& i : all_indices({4, 3, 2})) CHECK(flat((i[0] * 3 + i[1]) * 2 + i[2]) == at<3>(t, i));
  }
  SECTION("squeeze and unsqueeze") {
    auto su = unsqueeze<1>(s);
    same(su, unsqueeze(d, 1), unsqueeze(l, 1));
    for (const auto& i : all_indices({2, 1, 3, 4})) CHECK(&at<4>(su, i) == &s(i[0], i[2], i[3]));
    same(squeeze(su), squeeze(d.unsqueeze(1)), l);
    same(squeeze<1>(su), d.unsqueeze(1).squeeze({1}), l);
  }
  SECTION("diagonal") {
    auto sd = diagonal<1, 1, 2>(s);
    same(sd, diagonal(d, 1, 1, 2), diagonal(l, 1, 1, 2));
    for (const auto& i : all_indices({2, 3})) CHECK(&at<2>(sd, i) == &s(i[0], i[1], i[1] + 1));
  }
  SECTION("unfold") {
    auto sw = unfold<2, 2, 1>(s);
    same(sw, unfold(d, 2, 2, 1), unfold(l, 2, 2, 1));
    for (const auto& i : all_indices({2, 3, 3, 2})) CHECK(&at<4>(sw, i) == &s(i[0], i[1], i[2] + i[3]));
  }
  SECTION("as_strided") {
    auto sa = as_strided<shape<3, 2>, strides<5, 2>, 1>(s);
    same(sa, as_strided(d, {3, 2}, {5, 2}, 1), as_strided(l, {3, 2}, {5, 2}, 1));
    for (const auto& i : all_indices({3, 2})) CHECK(at<2>(sa, i) == static_cast<float>(1 + 5 * i[0] + 2 * i[1]));
  }
  SECTION("errors are the layout operations' errors") {
    CHECK(message_of([&] { permute(d, {0, 1, 1}); }) == "permute: repeated axis 1");
    CHECK(message_of([&] { d.slice("0, 0, 0, 0"); }) == "slice: too many indices: the layout has rank 3 but 4 were indexed");
    CHECK(message_of([&] { broadcast_to(d, {2, 2, 4}); }) == "broadcast_to: extent 3 of axis 1 cannot be broadcast to 2");
  }
}

TEST_CASE("view operations on tensors are views of the tensor's storage") {
  tensor<int, contiguous<2, 3>> t{};
  auto tt = transpose<0, 1>(t);
  tt(2, 1) = 5;
  CHECK(t(1, 2) == 5);
  CHECK(tt.data() == t.data());
  const auto& ct = t;
  STATIC_REQUIRE(std::is_same_v<decltype(slice<"0">(ct)), tensor_view<const int, slice_t<contiguous<2, 3>, "0">>>);

  dynamic_tensor<int> dt({2, 3});
  dt.transpose(0, 1)(2, 1) = 6;
  permute(dt, {1, 0})(0, 0) = 1;
  CHECK(dt(1, 2) == 6);
  CHECK(dt(0, 0) == 1);
  CHECK(dt.slice("1").data() == dt.data());
  const dynamic_tensor<int>& cdt = dt;
  STATIC_REQUIRE(std::is_same_v<decltype(cdt.flip()), tensor_view<const int, dynamic_layout>>);
  CHECK(cdt.flip()(0, 0) == 6);
}

TEST_CASE("writes through a dynamic layout that is not unique are refused at run time") {
  std::vector<float> storage = arange(4);
  tensor_view row(storage, dynamic_layout::contiguous({4}));
  auto b = row.broadcast_to({3, 4});
  const std::string refused = message_of([&] { b(1, 2) = 0.0f; });
  CHECK(refused.starts_with("write: the layout is not unique"));
  CHECK(b.as_const()(2, 3) == 3.0f);                       // reading is fine
  CHECK(message_of([&] { for_each(b, [](float&) {}); }).starts_with("write: "));
  CHECK(message_of([&] { fill(b, 1.0f); }).starts_with("write: "));
  CHECK(message_of([&] { copy(row, b); }).starts_with("write: "));
  float sum = 0;
  for_each(b.as_const(), [&](float x) { sum += x; });
  CHECK(sum == 18.0f);
  b.slice("0")(1) = 10.0f;                                  // one row of it is unique again
  CHECK(storage[1] == 10.0f);
  auto windows = row.unfold(0, 2, 1);                       // overlapping windows
  CHECK(message_of([&] { windows(0, 1); }).starts_with("write: "));
  CHECK(row.unfold(0, 2, 2)(1, 1) == 3.0f);                 // disjoint windows are writable
  dynamic_tensor<float> owning(broadcast_to(dynamic_layout::contiguous({1}), {5}));
  CHECK(message_of([&] { owning(0); }).starts_with("write: "));
  CHECK(std::as_const(owning)(4) == 0.0f);
}

TEST_CASE("for_each and for_each_indexed visit the logical order") {
  std::vector<float> storage = arange(60);
  auto check_logical = [&](const auto& v) {
    const auto shape = shape_of(v);
    std::vector<const void*> expected;
    for (const auto& i : all_indices(shape)) expected.push_back(naive_address(v, i));
    CHECK(addresses_of(v, [](auto& x, auto f) { for_each(x, f); }) == expected);
    std::vector<std::vector<index_t>> indices;
    std::vector<const void*> visited;
    for_each_indexed(v, [&](const auto& index, auto& x) {
      indices.emplace_back(index.begin(), index.end());
      visited.push_back(&x);
    });
    CHECK(indices == all_indices(shape));
    CHECK(visited == expected);
  };
  using C = contiguous<3, 4, 5>;
  check_logical(tensor_view<float, C>(storage));
  check_logical(permute<2, 0, 1>(tensor_view<float, C>(storage)));
  check_logical(slice<"::-1, 1:3, ::2">(tensor_view<float, C>(storage)));
  check_logical(broadcast_to<2, 3, 4, 5>(tensor_view<const float, C>(storage)));
  check_logical(tensor_view<float, slice_t<C, "1, 2, 3">>(storage));  // rank 0
  check_logical(tensor_view<float, slice_t<C, "1:1">>(storage));      // empty
  auto d = tensor_view(storage, dynamic_layout::column_major({3, 4, 5}));
  check_logical(d);
  check_logical(d.flip({0, 2}).permute({1, 2, 0}));
  check_logical(d.slice("1, 2, 3"));
  check_logical(d.slice(":, 4:, :"));
  check_logical(d.as_const().broadcast_to({2, 3, 4, 5}));

  // static_for_each: the same order, unrolled.
  tensor_view<float, slice_t<C, "::-1, 1:3, ::2">> small(storage);
  CHECK(addresses_of(small, [](auto& x, auto f) { static_for_each(x, f); }) ==
        addresses_of(small, [](auto& x, auto f) { for_each(x, f); }));
}

TEST_CASE("for_each_in_storage_order visits ascending offsets, ties in logical order") {
  std::vector<float> storage = arange(60);
  // Reference: (address, logical position) pairs sorted by address, stably.
  auto check_storage_order = [&](const auto& v) {
    std::vector<const void*> logical;
    for (const auto& i : all_indices(shape_of(v))) logical.push_back(naive_address(v, i));
    std::vector<std::size_t> order(logical.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::less<const void*>()(logical[a], logical[b]);
    });
    std::vector<const void*> expected;
    for (std::size_t k : order) expected.push_back(logical[k]);
    CHECK(addresses_of(v, [](auto& x, auto f) { for_each_in_storage_order(x, f); }) == expected);
  };
  auto d = tensor_view(storage, dynamic_layout::contiguous({3, 4, 5}));
  check_storage_order(d);
  check_storage_order(d.permute({2, 0, 1}));
  check_storage_order(d.flip().transpose(0, 1).slice("::2"));
  check_storage_order(tensor_view(storage, dynamic_layout::column_major({3, 4, 5})));
  check_storage_order(d.as_const().broadcast_to({2, 3, 4, 5}).permute({3, 1, 0, 2}));  // ties
  check_storage_order(d.as_const().as_strided({3, 3}, {2, 3}, 0));                     // unique, interleaved
  check_storage_order(d.as_const().as_strided({4, 3}, {1, 2}, 1));                     // overlapping
  check_storage_order(d.as_const().unfold(2, 3, 1).permute({3, 0, 1, 2}));            // overlapping windows
  check_storage_order(d.slice("2:2"));                                                 // empty
  check_storage_order(d.slice("1, 1, 1"));                                             // rank 0
  tensor_view<float, permute_t<column_major<3, 4>, 1, 0>> s(storage);
  check_storage_order(s);
}

TEST_CASE("copy assigns element by element, broadcasting the source") {
  std::vector<float> src = arange(12);
  SECTION("static to static, transposed") {
    tensor<float, contiguous<4, 3>> dst{};
    copy(permute<1, 0>(tensor_view<const float, contiguous<3, 4>>(src)), dst);
    for (const auto& i : all_indices({4, 3})) CHECK(at<2>(dst, i) == src[static_cast<std::size_t>(i[1] * 4 + i[0])]);
  }
  SECTION("dynamic and mixed") {
    std::vector<float> out(12);
    tensor_view d(out, dynamic_layout::column_major({3, 4}));
    copy(tensor_view<const float, contiguous<3, 4>>(src), d);
    for (const auto& i : all_indices({3, 4})) CHECK(at<2>(d, i) == src[static_cast<std::size_t>(i[0] * 4 + i[1])]);
    dynamic_tensor<float> back({3, 4});
    copy(d, back);
    CHECK(std::equal(back.data(), back.data() + 12, src.begin()));
  }
  SECTION("broadcast source") {
    tensor<float, contiguous<3, 4>> dst{};
    copy(tensor_view<const float, contiguous<4>>(src), dst);
    for (const auto& i : all_indices({3, 4})) CHECK(at<2>(dst, i) == static_cast<float>(i[1]));
    dynamic_tensor<float> ddst({2, 3, 4});
    copy(tensor_view(src, dynamic_layout::contiguous({3, 1})), ddst);
    for (const auto& i : all_indices({2, 3, 4})) CHECK(at<3>(ddst, i) == static_cast<float>(i[1]));
    CHECK(message_of([&] { copy(tensor_view(src, dynamic_layout::contiguous({3})), ddst); }) ==
          "copy: source shape (3,) cannot be broadcast to destination shape (2, 3, 4): extent 3 of axis 0 cannot be broadcast to 4");
  }
  SECTION("overlapping source and destination") {
    std::vector<float> data = arange(12);
    tensor_view<float, contiguous<12>> v(data);
    copy(flip(v), v);  // reverse in place
    for (std::size_t k = 0; k < 12; ++k) CHECK(data[k] == static_cast<float>(11 - k));
    std::vector<float> square = arange(16);
    auto d = tensor_view(square, dynamic_layout::contiguous({4, 4}));
    copy(d.transpose(0, 1), d);  // transpose in place
    for (const auto& i : all_indices({4, 4})) CHECK(at<2>(d, i) == static_cast<float>(i[1] * 4 + i[0]));
  }
}

TEST_CASE("contiguous() and copy_to_contiguous write C order") {
  std::vector<float> storage = arange(24);
  tensor_view<const float, contiguous<2, 3, 4>> s(storage);
  auto p = permute<2, 0, 1>(s);
  auto c = p.contiguous();
  STATIC_REQUIRE(std::is_same_v<decltype(c), tensor<float, contiguous<4, 2, 3>>>);
  std::vector<float> expected;
  for_each(p, [&](float x) { expected.push_back(x); });
  CHECK(std::equal(c.data(), c.data() + 24, expected.begin(), expected.end()));

  auto d = as_dynamic(p);
  dynamic_tensor<float> dc = d.contiguous();
  CHECK(dc.is_contiguous());
  CHECK(dc.shape() == dims{4, 2, 3});
  CHECK(std::equal(dc.data(), dc.data() + 24, expected.begin(), expected.end()));

  std::vector<float> out(24);
  copy_to_contiguous(d, out.data());
  CHECK(out == expected);
  std::fill(out.begin(), out.end(), 0.0f);
  copy_to_contiguous(p, std::span(out));
  CHECK(out == expected);
  std::vector<float> small(23);
  CHECK(message_of([&] { copy_to_contiguous(d, std::span(small)); }) == "copy_to_contiguous: the output has 23 elements but the view has 24");
}

TEST_CASE("dynamic_tensor owns, copies deeply and moves") {
  dynamic_tensor<int> a({2, 3}, 7);
  CHECK(a.size() == 6);
  CHECK(a(1, 2) == 7);
  dynamic_tensor<int> b = a;
  b(1, 2) = 1;
  CHECK(a(1, 2) == 7);
  CHECK(b.data() != a.data());
  const int* storage = b.data();
  dynamic_tensor<int> c = std::move(b);
  CHECK(c.data() == storage);
  CHECK(b.size() == 0);  // NOLINT(bugprone-use-after-move): moved-from is empty, by contract
  CHECK(b.shape() == dims{0});
  a = c;
  CHECK(a(1, 2) == 1);
  a = dynamic_tensor<int>({4});
  CHECK(a.shape() == dims{4});
  CHECK(a(3) == 0);

  // Any layout: column-major storage, and a layout with an offset (owns the span it reaches).
  dynamic_tensor<int> f(dynamic_layout::column_major({2, 3}));
  f(1, 0) = 5;
  CHECK(f.data()[1] == 5);
  dynamic_tensor<int> o(slice(dynamic_layout::contiguous({3, 3}), "1:, 1:"));
  o(0, 0) = 9;
  CHECK(o.data()[4] == 9);
  CHECK(o.required_span() == 9);
}

TEST_CASE("fill and tensor storage") {
  tensor<double, column_major<2, 2>> t{};
  fill(t, 2.5);
  CHECK(t.storage() == std::array<double, 4>{2.5, 2.5, 2.5, 2.5});
  t(1, 0) = 1.0;
  CHECK(t.storage()[1] == 1.0);
  tensor<double, column_major<2, 2>> u(std::array<double, 4>{1, 2, 3, 4});
  CHECK(u(0, 1) == 3.0);
  std::vector<double> v(6, 0.0);
  fill(slice(tensor_view(v, dynamic_layout::contiguous({2, 3})), ":, 1"), 4.0);
  CHECK(v == std::vector<double>{0, 4, 0, 0, 4, 0});
}

TEST_CASE("contiguous() of a large static view is a heap_tensor, never a stack overflow") {
  // 16 MiB of floats: twice the usual 8 MiB stack, where an std::array copy used to crash.
  using L = permute_t<contiguous<64, 256, 256>, 2, 0, 1>;
  std::vector<float> data = arange(64 * 256 * 256);
  const tensor_view<const float, L> v(data);
  const auto copy = v.contiguous();
  STATIC_REQUIRE(std::is_same_v<decltype(copy), const heap_tensor<float, contiguous<256, 64, 256>>>);
  // Element (i, j, k) of the permuted view is source element (j, k, i): j * 65536 + k * 256 + i.
  bool all = true;
  for (index_t i = 0; i < 256; i += 5)
    for (index_t j = 0; j < 64; j += 3)
      for (index_t k = 0; k < 256; k += 7) all &= copy(i, j, k) == static_cast<float>(j * 65536 + k * 256 + i);
  CHECK(all);
  CHECK(copy(255, 63, 255) == static_cast<float>(63 * 65536 + 255 * 256 + 255));
  // Copies are deep, moves take the storage; views and queries are as a tensor's.
  heap_tensor<float, contiguous<256, 64, 256>> other = copy;
  other(0, 0, 1) = -1.0f;
  CHECK(copy(0, 0, 1) == 256.0f);
  const float* storage = other.data();
  heap_tensor<float, contiguous<256, 64, 256>> moved = std::move(other);
  CHECK(moved.data() == storage);
  CHECK(moved.size() == 256 * 64 * 256);
  CHECK(permute<1, 0, 2>(moved)(0, 0, 1) == -1.0f);
  // At and below max_inline_tensor_bytes the copy stays an inline tensor.
  using S = contiguous<128, 128>;  // 64 KiB of floats
  std::vector<float> small = arange(128 * 128);
  const auto inline_copy = tensor_view<const float, S>(small).contiguous();
  STATIC_REQUIRE(std::is_same_v<decltype(inline_copy), const tensor<float, S>>);
  const auto heap_copy = tensor_view<const float, contiguous<128, 129>>(arange(128 * 129)).contiguous();
  STATIC_REQUIRE(std::is_same_v<decltype(heap_copy), const heap_tensor<float, contiguous<128, 129>>>);
  CHECK(heap_copy(127, 128) == 128.0f * 129.0f - 1.0f);
}

namespace {
// The elements of x as range-for visits them, and as for_each does (the reference).
template <class X>
std::pair<std::vector<float>, std::vector<float>> both_orders(X&& x) {
  std::vector<float> by_range, by_for_each;
  for (const float& e : x) by_range.push_back(e);
  for_each(x, [&](const float& e) { by_for_each.push_back(e); });
  return {by_range, by_for_each};
}
}  // namespace

TEST_CASE("views and tensors are ranges in logical order") {
  std::vector<float> data = arange(120);
  const tensor_view<float, contiguous<2, 3, 4>> s(data);
  const auto d = as_dynamic(s);
  // Static views of every kind: contiguous (plain pointers), permuted, sliced with negative
  // steps, broadcast (repeated elements), diagonal, unfolded, rank 0, empty.
  const auto check = [](auto&& x) {
    const auto [by_range, by_for_each] = both_orders(x);
    CHECK(by_range == by_for_each);
    CHECK(static_cast<index_t>(by_range.size()) == x.size());
  };
  check(s);
  check(permute<2, 0, 1>(s));
  check(slice<"::-1, 1:, ::-2">(s));
  check(broadcast_to<3, 2, 3, 4>(s));
  check(diagonal<0, 1, 2>(s));
  check(unfold<2, 2, 1>(s));
  check(slice<"1, 2, 3">(s));
  check(slice<"1:1">(s));
  // The same on dynamic views.
  check(d);
  check(d.permute({2, 0, 1}));
  check(d.slice("::-1, 1:, ::-2"));
  check(d.as_const().broadcast_to({3, 2, 3, 4}));
  check(d.diagonal(0, 1, 2));
  check(d.as_const().unfold(2, 2, 1));
  check(d.slice("1, 2, 3"));
  check(d.slice("1:1"));
  // The expected order itself, for one case: a[::-1, 1:, ::-2] of arange(24).reshape(2, 3, 4).
  const auto [flipped, unused] = both_orders(slice<"::-1, 1:, ::-2">(s));
  CHECK(flipped == std::vector<float>{19, 17, 23, 21, 7, 5, 11, 9});
  // A static contiguous view iterates with plain pointers: the raw loop.
  STATIC_REQUIRE(std::is_same_v<decltype(begin(s)), float*>);
  const auto rows = slice<"1:">(s);
  STATIC_REQUIRE(std::is_same_v<decltype(begin(rows)), float*>);
  const auto read_only = s.as_const();
  STATIC_REQUIRE(std::is_same_v<decltype(begin(read_only)), const float*>);

  // Writes through a mutable view; const tensors give const elements; broadcast refuses writes.
  for (float& e : permute<1, 0, 2>(s)) e += 1000;
  CHECK((data[0] == 1000 && data[23] == 1023 && data[24] == 24));
  tensor<float, contiguous<2, 2>> t{};
  for (float& e : t) e = 7;
  const auto& ct = t;
  STATIC_REQUIRE(std::is_same_v<decltype(*begin(ct)), const float&>);
  CHECK(std::count(begin(ct), end(ct), 7.0f) == 4);
  const auto repeated = broadcast_to<2, 2, 3, 4>(s);
  STATIC_REQUIRE(std::is_same_v<decltype(*begin(repeated)), const float&>);
  CHECK(message_of([&] { for (float& e : d.broadcast_to({2, 2, 3, 4})) e = 0; }).starts_with("write: "));
  dynamic_tensor<float> dt({2, 3});
  float k = 0;
  for (float& e : dt.transpose(0, 1)) e = k++;  // writes (0,0), (1,0), (0,1), ... of dt
  CHECK(dt(0, 1) == 2.0f);
  CHECK(dt(1, 0) == 1.0f);
  // <algorithm> over element iterators.
  const auto p = d.permute({2, 0, 1});
  CHECK(*std::max_element(begin(p), end(p)) == 1023.0f);
  CHECK(std::distance(begin(p), end(p)) == 24);
  STATIC_REQUIRE(std::ranges::forward_range<tensor_view<float, dynamic_layout>&>);
  STATIC_REQUIRE(std::ranges::contiguous_range<tensor_view<float, contiguous<2, 3>>&>);
  STATIC_REQUIRE(std::ranges::forward_range<tensor_view<float, permute_t<contiguous<2, 3>, 1, 0>>&>);
  const auto sp = permute<2, 0, 1>(s);
  CHECK(*std::max_element(begin(sp), end(sp)) == 1023.0f);
  CHECK(std::ranges::distance(sp) == 24);
  STATIC_REQUIRE(std::ranges::forward_range<const tensor<float, permute_t<contiguous<2, 3>, 1, 0>>&>);
  CHECK(*std::ranges::min_element(p) == 1000.0f);
}
