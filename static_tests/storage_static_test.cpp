// Storage with static layouts, checked by the compiler: owning tensors in constant expressions,
// views that are only a pointer, view operations resolved to the layout operations, element
// access with integral-constant indices, and writes refused through layouts that are not unique.
#include <array>
#include <boost/hana/integral_constant.hpp>
#include <span>
#include <strider/storage.hpp>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
using namespace strider;
using namespace boost::hana::literals;

using C34 = contiguous<3, 4>;

// A tensor built and read in constant expressions: t(i, j) = 10 i + j, written through a
// transposed view, read back through the tensor and a flipped view.
constexpr auto numbered = [] {
  tensor<int, C34> t{};
  auto tv = permute<1, 0>(t);
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 3; ++i) tv(j, i) = 10 * i + j;
  return t;
}();
static_assert(numbered(0, 0) == 0 && numbered(1, 2) == 12 && numbered(2, 3) == 23);
static_assert(numbered.storage()[4 * 2 + 3] == 23);  // C order in storage
static_assert(flip<0>(numbered)(0, 1) == 21);
static_assert(slice<"1:, ::-2">(numbered)(1, 0) == 23);
static_assert(numbered(2_c, 1_c) == 21 && numbered(std::integral_constant<int, 1>{}, 3) == 13);

// for_each in a constant expression, on a tensor of a column-major layout: the logical order
// t(0, 0), t(0, 1), ... numbers the elements, storage holds them column by column.
constexpr auto column_major_numbered = [] {
  tensor<int, column_major<2, 3>> t{};
  int k = 0;
  for_each(t, [&](int& x) { x = k++; });
  return t.storage();
}();
static_assert(column_major_numbered == std::array<int, 6>{0, 3, 1, 4, 2, 5});

// A view of a static layout is just a pointer; a view of a dynamic one holds the layout.
static_assert(sizeof(tensor_view<float, C34>) == sizeof(float*));
static_assert(sizeof(tensor_view<const double, broadcast_to_t<C34, 5, 3, 4>>) == sizeof(double*));
static_assert(std::is_trivially_copyable_v<tensor_view<float, C34>>);
static_assert(sizeof(tensor<float, C34>) == 12 * sizeof(float));
static_assert(sizeof(tensor<float, slice_t<contiguous<4, 4>, "1:, 1:">>) == 16 * sizeof(float));  // the span it reaches

// Views over constexpr storage, in constant expressions.
constexpr std::array<int, 12> arange = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
constexpr tensor_view<const int, C34> a(arange);
static_assert(a(2, 1) == 9 && a(1_c, 3_c) == 7);
static_assert(transpose<0, 1>(a)(3, 2) == 11);
static_assert(diagonal(a)(2) == 10);                      // a[2, 2]
static_assert(diagonal<1>(a)(1) == 6);                     // a[1, 2]
static_assert(unfold<1, 2, 2>(a)(2, 1, 1) == 11);          // window 1 of row 2: a[2, 2:4]
static_assert(view<4, 3>(a)(3, 0) == 9 && view<-1>(a)(7) == 7);
static_assert(view<2, 6>(a)(1, 0) == 6);
// A view never copies, so the storage layer has no reshape (the layouts' reshape_t tells the
// copy's layout): copy with contiguous() and view the copy.
template <class X>
constexpr bool has_storage_reshape = requires(X& x) { strider::reshape(x, strider::dims{-1}); };
static_assert(!has_storage_reshape<strider::tensor_view<int, strider::dynamic_layout>>);
static_assert(squeeze(unsqueeze<1>(a))(2, 3) == 11 && unsqueeze<0>(a)(0, 1, 1) == 5);
static_assert(broadcast_to<2, 3, 4>(a)(1, 2, 3) == 11);
static_assert(as_strided<shape<2, 2>, strides<1, 4>, 1>(a)(1, 1) == 6);  // arange[1 + 1 + 4]

// Each view operation is the layout operation of the same name.
template <class V>
using layout_of = typename V::layout_type;
static_assert(std::is_same_v<layout_of<decltype(slice<"1:, ::-1">(a))>, slice_t<C34, "1:, ::-1">>);
static_assert(std::is_same_v<layout_of<decltype(permute<1, 0>(a))>, permute_t<C34, 1, 0>>);
static_assert(std::is_same_v<layout_of<decltype(flip(a))>, flip_t<C34>>);
static_assert(std::is_same_v<layout_of<decltype(squeeze<0>(unsqueeze<0>(a)))>, C34>);
static_assert(std::is_same_v<layout_of<decltype(diagonal<-1, 1, 0>(a))>, diagonal_t<C34, -1, 1, 0>>);
static_assert(std::is_same_v<layout_of<decltype(unfold<0, 2, 1>(a))>, unfold_t<C34, 0, 2, 1>>);
static_assert(std::is_same_v<layout_of<decltype(view<2, 2, 3>(a))>, view_t<C34, 2, 2, 3>>);

// Constness: a const tensor gives const views; mutable views convert to const ones and to
// dynamic ones, never the reverse.
static_assert(std::is_same_v<decltype(permute<1, 0>(numbered)), tensor_view<const int, permute_t<C34, 1, 0>>>);
static_assert(std::is_convertible_v<tensor_view<int, C34>, tensor_view<const int, C34>>);
static_assert(!std::is_convertible_v<tensor_view<const int, C34>, tensor_view<int, C34>>);
static_assert(std::is_convertible_v<tensor_view<int, C34>, tensor_view<const int, dynamic_layout>>);
static_assert(!std::is_convertible_v<tensor_view<int, dynamic_layout>, tensor_view<int, C34>>);
static_assert(std::is_convertible_v<tensor<int, C34>&, tensor_view<int, C34>>);
static_assert(std::is_same_v<decltype(tensor_view(std::declval<std::vector<float>&>(), dynamic_layout())), tensor_view<float, dynamic_layout>>);
static_assert(std::is_same_v<decltype(tensor_view(std::declval<const std::array<float, 12>&>(), C34{})), tensor_view<const float, C34>>);
// A view of an owning temporary would dangle: not offered. Views of temporaries of views are fine.
template <class X>
constexpr bool can_permute = requires(X&& x) { permute<1, 0>(std::forward<X>(x)); };
static_assert(!can_permute<tensor<int, C34>>);   // an rvalue tensor
static_assert(can_permute<tensor<int, C34>&>);
static_assert(can_permute<tensor_view<int, C34>>);
// A mutable view needs mutable, long-lived storage.
static_assert(!std::is_constructible_v<tensor_view<float, C34>, const std::array<float, 12>&>);
static_assert(!std::is_constructible_v<tensor_view<float, C34>, std::vector<float>&&>);
static_assert(std::is_constructible_v<tensor_view<const float, C34>, std::span<const float>>);

// Writes: element access through a layout that is not unique is read-only.
using V = tensor_view<float, C34>;
static_assert(std::is_same_v<decltype(std::declval<V>()(1, 2)), float&>);
static_assert(std::is_same_v<decltype(broadcast_to<2, 3, 4>(std::declval<V>())(1, 2, 3)), const float&>);
static_assert(std::is_same_v<decltype(unfold<1, 3, 1>(std::declval<V>())(0, 0, 0)), const float&>);    // overlapping windows
static_assert(std::is_same_v<decltype(unfold<1, 2, 2>(std::declval<V>())(0, 0, 0)), float&>);          // disjoint windows
static_assert(std::is_same_v<decltype(slice<"0">(broadcast_to<2, 3, 4>(std::declval<V>()))(1, 2)), float&>);  // unique again
static_assert(std::is_same_v<decltype(std::declval<tensor<float, broadcast_to_t<C34, 2, 3, 4>>&>()(0, 0, 0)), const float&>);

// Element access takes one index per axis; integral constants are checked by the compiler
// (compile_fail/storage_static_index_out_of_range*.cpp).
template <class X, class... I>
constexpr bool can_index = requires(X x, I... i) { x(i...); };
static_assert(can_index<V, int, int> && can_index<V, std::size_t, long> && can_index<V, decltype(2_c), decltype(3_c)>);
static_assert(can_index<V, std::integral_constant<unsigned, 1>, int>);  // mixed: checked as run-time indices
static_assert(!can_index<V, int> && !can_index<V, int, int, int> && !can_index<V, double, int>);

// contiguous() of a static view is a tensor of the contiguous layout of the same shape.
static_assert(std::is_same_v<decltype(permute<1, 0>(a).contiguous()), tensor<int, contiguous<4, 3>>>);

// static_for_each visits the logical order, unrolled.
constexpr bool unrolled_in_order() {
  tensor<int, C34> t{};
  int k = 0;
  auto f = flip<1>(t);
  static_for_each(f, [&](int& x) { x = k++; });  // f(i, j) = t(i, 3 - j) = 4 i + j
  return t(0, 3) == 0 && t(0, 0) == 3 && t(2, 0) == 11;
}
static_assert(unrolled_in_order());

}  // namespace

namespace {
// Member forms on a temporary dynamic_tensor: views would dangle, so they are deleted, except
// view, which returns the tensor itself reshaped.
template <class X>
constexpr bool can_transpose = requires(X&& x) { std::forward<X>(x).transpose(0, 1); };
template <class X>
constexpr bool can_diagonal = requires(X&& x) { std::forward<X>(x).diagonal(); };
static_assert(can_transpose<strider::dynamic_tensor<int>&> && !can_transpose<strider::dynamic_tensor<int>>);
static_assert(can_diagonal<const strider::dynamic_tensor<int>&> && !can_diagonal<strider::dynamic_tensor<int>>);
static_assert(std::is_same_v<decltype(std::declval<strider::dynamic_tensor<int>>().view({-1})), strider::dynamic_tensor<int>>);
static_assert(std::is_same_v<decltype(std::declval<strider::dynamic_tensor<int>&>().view({-1})), strider::tensor_view<int, strider::dynamic_layout>>);
template <class X>
constexpr bool can_permute_dynamic = requires(X&& x) { strider::permute(std::forward<X>(x), {1, 0}); };
static_assert(can_permute_dynamic<strider::dynamic_tensor<int>&> && !can_permute_dynamic<strider::dynamic_tensor<int>>);
}  // namespace
