// strider/storage/view_operations.hpp: the free forms of the view operations on views and
// tensors, each giving a view of the same storage: for static layouts (template arguments, the
// result's layout the static alias, through the layout before a swizzle), for mixed layouts (the
// same template arguments on the run-time entries) and for dynamic layouts (function arguments,
// the member forms of view_members.hpp). Included at the end of view.hpp. Over 600 lines: one
// form per operation and layout kind, written by hand until one lift makes them (issue 31).
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "../core/dims.hpp"
#include "../core/layout.hpp"
#include "../static/fixed_string.hpp"
#include "../static/operations.hpp"
#include "../static/swizzled.hpp"
#include "view.hpp"

namespace strider {

namespace detail {

// The view of x's storage through L, an operation's result on x's operand_type (a swizzled
// view's result keeps its swizzle).
template <class L, class X>
STRIDER_HOST_DEVICE constexpr auto with_layout(X& x) {
  using V = view_of_t<X>;
  return tensor_view<typename V::element_type, typename V::template result_type<L>>(x.as_view().data(), within_checked_t{});
}

// The view of x's storage through make(x's mixed layout), the layout function form; for a
// swizzled one, make applies to the layout before the swizzle and the result keeps it.
template <class X, class Make>
STRIDER_HOST_DEVICE constexpr auto with_mixed_layout(X& x, Make make) {
  const auto v = x.as_view();
  using L = typename view_of_t<X>::layout_type;
  if constexpr (swizzled_layout_type<L>) {
    const auto layout = through_swizzle<typename L::swizzle_type>(make(v.layout().layout()));
    return tensor_view<typename view_of_t<X>::element_type, std::remove_cvref_t<decltype(layout)>>(v.data(), layout, within_checked_t{});
  } else {
    const auto layout = make(v.layout());
    return tensor_view<typename view_of_t<X>::element_type, std::remove_cvref_t<decltype(layout)>>(v.data(), layout, within_checked_t{});
  }
}
// The views of x's storage through each layout of make(x's mixed layout), a std::tuple (split
// and its kin), each a view of a static or a mixed layout.
template <class X, class Make>
constexpr auto with_mixed_layouts(X& x, Make make) {
  const auto v = x.as_view();
  using T = typename view_of_t<X>::element_type;
  using L = typename view_of_t<X>::layout_type;
  if constexpr (swizzled_layout_type<L>) {  // each part through the same swizzle
    using S = typename L::swizzle_type;
    return std::apply([&](const auto&... part) { return std::tuple{tensor_view<T, decltype(through_swizzle<S>(part))>(v.data(), through_swizzle<S>(part), within_checked_t{})...}; },
                      make(v.layout().layout()));
  } else {
    return std::apply([&](const auto&... part) { return std::tuple{tensor_view<T, std::remove_cvref_t<decltype(part)>>(v.data(), part, within_checked_t{})...}; },
                      make(v.layout()));
  }
}

}  // namespace detail

// --- view operations, mixed layouts: the same template arguments, on the run-time entries -----
// Each runs the layout function form of the same name (static/operations.hpp).

template <fixed_string Index, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto slice(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return slice<Index>(l); }); }
template <index_t... P, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto permute(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return permute<P...>(l); }); }
template <index_t A, index_t B, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto transpose(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return transpose<A, B>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return flip<Axes...>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto squeeze(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return squeeze<Axes...>(l); }); }
template <index_t Axis, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unsqueeze(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unsqueeze<Axis>(l); }); }
template <class Source, class Destination, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto movedim(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return movedim<Source, Destination>(l); }); }
template <index_t Dim, index_t Start, index_t Length, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto narrow(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return narrow<Dim, Start, Length>(l); }); }
template <index_t Dim, index_t Index, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto select(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return select<Dim, Index>(l); }); }
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto broadcast_to(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return broadcast_to<E...>(l); }); }
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return expand<E...>(l); }); }
template <index_t Offset = 0, index_t A = 0, index_t B = 1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto diagonal(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return diagonal<Offset, A, B>(l); }); }
template <index_t Dim, index_t Size, index_t Step, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unfold(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unfold<Dim, Size, Step>(l); }); }
template <class Shape, class Strides, index_t Offset, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_strided(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return as_strided<Shape, Strides, Offset>(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto matrix_transpose(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return matrix_transpose(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto reverse_axis_order(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return reverse_axis_order(l); }); }
template <index_t Size, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return split<Size, Dim>(l); }); }
template <class Sizes, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto split_with_sizes(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return split_with_sizes<Sizes, Dim>(l); }); }
template <index_t Chunks, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto chunk(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return chunk<Chunks, Dim>(l); }); }
template <index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto unbind(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return unbind<Dim>(l); }); }
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto t(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return t(l); }); }
template <index_t K = 1, index_t A = 0, index_t B = 1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rot90(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rot90<K, A, B>(l); }); }
template <index_t Axis, index_t Start = 0, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rollaxis(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rollaxis<Axis, Start>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand_dims(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return expand_dims<Axes...>(l); }); }
template <index_t Sections, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return tensor_split<Sections, Dim>(l); }); }
template <class Indices, index_t Dim = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return tensor_split_indices<Indices, Dim>(l); }); }
template <index_t Sections, index_t Axis = 0, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto numpy_split(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return numpy_split<Sections, Axis>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto hsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return hsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto hsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return hsplit_indices<Indices>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto vsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return vsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto vsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return vsplit_indices<Indices>(l); }); }
template <index_t Sections, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto dsplit(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return dsplit<Sections>(l); }); }
template <class Indices, detail::mixed_source X>
  requires detail::borrowable<X>
constexpr auto dsplit_indices(X&& x) { return detail::with_mixed_layouts(x, [](const auto& l) { return dsplit_indices<Indices>(l); }); }
template <fixed_string Pattern, fixed_string Sizes = "", detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rearrange(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return rearrange<Pattern, Sizes>(l); }); }
// view refuses at compile time what the static entries decide, and throws for the rest.
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto view(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return view<E...>(l); }); }
template <index_t Start = 0, index_t End = -1, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flatten(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return flatten<Start, End>(l); }); }
template <index_t Dim, index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unflatten(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return unflatten<Dim, E...>(l); }); }
template <class Window, class Axes = void, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return sliding_window_view<Window, Axes>(l); }); }
// The layout algebra: the tiler or second layout is a static (or mixed) layout object.
template <detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto coalesce(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return coalesce(l); }); }
template <detail::mixed_source X, detail::algebra_operand B>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto composition(X&& x, const B& b) { return detail::with_mixed_layout(x, [&b](const auto& l) { return composition(l, b); }); }
template <detail::mixed_source X, detail::algebra_operand T>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto logical_divide(X&& x, const T& tiler) { return detail::with_mixed_layout(x, [&tiler](const auto& l) { return logical_divide(l, tiler); }); }
template <index_t... T, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return tile<T...>(l); }); }

// --- view operations, static layouts: template arguments, as the layout functions ------------

/// NumPy basic indexing: `slice<"1:, ::-1">(v)` is `a[1:, ::-1]`.
template <fixed_string Index, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto slice(X&& x) {
  return detail::with_layout<slice_t<typename detail::view_of_t<X>::operand_type, Index>>(x);
}
/// `permute<2, 0, 1>(v)`: result axis i is axis P[i].
template <index_t... P, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto permute(X&& x) {
  return detail::with_layout<permute_t<typename detail::view_of_t<X>::operand_type, P...>>(x);
}
/// Swaps axes A and B.
template <index_t A, index_t B, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto transpose(X&& x) {
  return detail::with_layout<transpose_t<typename detail::view_of_t<X>::operand_type, A, B>>(x);
}
/// Reverses the given axes; with none, every axis.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) {
  return detail::with_layout<flip_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// NumPy broadcast_to: stretched axes have stride 0, so the result is read-only.
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto broadcast_to(X&& x) {
  return detail::with_layout<broadcast_to_t<typename detail::view_of_t<X>::operand_type, E...>>(x);
}
/// PyTorch view (one extent may be -1). When the strides cannot express the shape, a compile
/// error: copy first with contiguous().
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto view(X&& x) {
  using L = typename detail::view_of_t<X>::operand_type;
  if constexpr (reshape_copies<L, E...>) {
    static_assert(detail::always_false<X>, "view: the view's strides cannot express this shape without copying; use contiguous() and view the copy");
  } else {
    return detail::with_layout<view_t<L, E...>>(x);
  }
}
/// Removes the given extent-1 axes; with none, every extent-1 axis.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto squeeze(X&& x) {
  return detail::with_layout<squeeze_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// Inserts an extent-1 axis at Axis.
template <index_t Axis, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unsqueeze(X&& x) {
  return detail::with_layout<unsqueeze_t<typename detail::view_of_t<X>::operand_type, Axis>>(x);
}
/// The diagonal of axes A and B (offset Offset), appended as the last axis.
template <index_t Offset = 0, index_t A = 0, index_t B = 1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto diagonal(X&& x) {
  return detail::with_layout<diagonal_t<typename detail::view_of_t<X>::operand_type, Offset, A, B>>(x);
}
/// Sliding windows of Size elements every Step along Dim (read-only when they overlap).
template <index_t Dim, index_t Size, index_t Step, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unfold(X&& x) {
  return detail::with_layout<unfold_t<typename detail::view_of_t<X>::operand_type, Dim, Size, Step>>(x);
}
/// Axes Source moved to places Destination (`axes<...>` each).
template <class Source, class Destination, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto movedim(X&& x) {
  return detail::with_layout<movedim_t<typename detail::view_of_t<X>::operand_type, Source, Destination>>(x);
}
/// Axis Dim split into E... (one may be -1).
template <index_t Dim, index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto unflatten(X&& x) {
  return detail::with_layout<unflatten_t<typename detail::view_of_t<X>::operand_type, Dim, E...>>(x);
}
/// Extent-1 axes stretched to E... (stride 0), -1 keeping an axis.
template <index_t... E, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand(X&& x) {
  return detail::with_layout<expand_t<typename detail::view_of_t<X>::operand_type, E...>>(x);
}
/// Axes Start..End merged into one (a compile error when that would copy).
template <index_t Start = 0, index_t End = -1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flatten(X&& x) {
  return detail::with_layout<flatten_t<typename detail::view_of_t<X>::operand_type, Start, End>>(x);
}
/// Elements [Start, Start + Length) of axis Dim.
template <index_t Dim, index_t Start, index_t Length, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto narrow(X&& x) {
  return detail::with_layout<narrow_t<typename detail::view_of_t<X>::operand_type, Dim, Start, Length>>(x);
}
/// Index Index of axis Dim, which is removed.
template <index_t Dim, index_t Index, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto select(X&& x) {
  return detail::with_layout<select_t<typename detail::view_of_t<X>::operand_type, Dim, Index>>(x);
}
/// The fewest axes with the same elements in the same order (CuTe coalesce).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto coalesce(X&& x) {
  return detail::with_layout<coalesce_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// CuTe composition: element i is x's element at index B(i) (B a static layout at offset 0).
template <detail::static_source X, static_layout_type B>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto composition(X&& x, B) {
  return detail::with_layout<composition_t<typename detail::view_of_t<X>::operand_type, B>>(x);
}
/// CuTe logical_divide by a static tiler: which tile, then the tile.
template <detail::static_source X, static_layout_type T>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto logical_divide(X&& x, T) {
  return detail::with_layout<logical_divide_t<typename detail::view_of_t<X>::operand_type, T>>(x);
}
/// einops rearrange as a view: rearrange<"b (h p) -> b h p", "p=2">(x).
template <fixed_string Pattern, fixed_string Sizes = "", detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rearrange(X&& x) {
  return detail::with_layout<rearrange_t<typename detail::view_of_t<X>::operand_type, Pattern, Sizes>>(x);
}
/// Every axis blocked by its tile extent T...: which tile, then the element in the tile.
template <index_t... T, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) {
  return detail::with_layout<tile_t<typename detail::view_of_t<X>::operand_type, T...>>(x);
}
/// The last two axes swapped (PyTorch mT).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto matrix_transpose(X&& x) {
  return detail::with_layout<matrix_transpose_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// The order of the axes reversed (NumPy .T).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto reverse_axis_order(X&& x) {
  return detail::with_layout<reverse_axis_order_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// NumPy sliding_window_view (Window = shape<...>, Axes = axes<...> or none for every axis).
template <class Window, class Axes = void, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto sliding_window_view(X&& x) {
  return detail::with_layout<sliding_window_view_t<typename detail::view_of_t<X>::operand_type, Window, Axes>>(x);
}

namespace detail {
template <class Layouts, class X, std::size_t... I>
constexpr auto with_layouts(X& x, std::index_sequence<I...>) {
  return std::tuple<decltype(with_layout<std::tuple_element_t<I, Layouts>>(x))...>(with_layout<std::tuple_element_t<I, Layouts>>(x)...);
}
template <class Layouts, class X>
constexpr auto with_layouts(X& x) { return with_layouts<Layouts>(x, std::make_index_sequence<std::tuple_size_v<Layouts>>{}); }
}  // namespace detail

/// PyTorch split: a std::tuple of views, parts of Size elements along Dim.
template <index_t Size, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto split(X&& x) {
  return detail::with_layouts<split_t<typename detail::view_of_t<X>::operand_type, Size, Dim>>(x);
}
/// PyTorch split with a list of part sizes (Sizes = shape<...>): a std::tuple of views.
template <class Sizes, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto split_with_sizes(X&& x) {
  return detail::with_layouts<split_with_sizes_t<typename detail::view_of_t<X>::operand_type, Sizes, Dim>>(x);
}
/// PyTorch chunk: a std::tuple of at most Chunks views along Dim.
template <index_t Chunks, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto chunk(X&& x) {
  return detail::with_layouts<chunk_t<typename detail::view_of_t<X>::operand_type, Chunks, Dim>>(x);
}
/// PyTorch unbind: a std::tuple of views, one per index of Dim.
template <index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto unbind(X&& x) {
  return detail::with_layouts<unbind_t<typename detail::view_of_t<X>::operand_type, Dim>>(x);
}
/// PyTorch t(): a matrix transposed (rank 0 and 1 as they are).
template <detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto t(X&& x) {
  return detail::with_layout<t_t<typename detail::view_of_t<X>::operand_type>>(x);
}
/// NumPy rot90: K quarter turns from axis A towards axis B.
template <index_t K = 1, index_t A = 0, index_t B = 1, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rot90(X&& x) {
  return detail::with_layout<rot90_t<typename detail::view_of_t<X>::operand_type, K, A, B>>(x);
}
/// NumPy rollaxis: axis Axis moved to just before the axis at Start.
template <index_t Axis, index_t Start = 0, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto rollaxis(X&& x) {
  return detail::with_layout<rollaxis_t<typename detail::view_of_t<X>::operand_type, Axis, Start>>(x);
}
/// NumPy expand_dims: an extent-1 axis at each of Axes.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto expand_dims(X&& x) {
  return detail::with_layout<expand_dims_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
}
/// PyTorch tensor_split (NumPy array_split): a std::tuple of Sections views along Dim.
template <index_t Sections, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split(X&& x) {
  return detail::with_layouts<tensor_split_t<typename detail::view_of_t<X>::operand_type, Sections, Dim>>(x);
}
/// PyTorch tensor_split at indices (Indices = shape<...>): a std::tuple of views.
template <class Indices, index_t Dim = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto tensor_split_indices(X&& x) {
  return detail::with_layouts<tensor_split_indices_t<typename detail::view_of_t<X>::operand_type, Indices, Dim>>(x);
}
/// NumPy split: a std::tuple of Sections views of equal extent along Axis.
template <index_t Sections, index_t Axis = 0, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto numpy_split(X&& x) {
  return detail::with_layouts<numpy_split_t<typename detail::view_of_t<X>::operand_type, Sections, Axis>>(x);
}
/// NumPy hsplit: a std::tuple of Sections equal views along axis 1 (0 of a 1-D view).
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto hsplit(X&& x) {
  return detail::with_layouts<hsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy vsplit: a std::tuple of Sections equal views along axis 0.
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto vsplit(X&& x) {
  return detail::with_layouts<vsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy dsplit: a std::tuple of Sections equal views along axis 2.
template <index_t Sections, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto dsplit(X&& x) {
  return detail::with_layouts<dsplit_t<typename detail::view_of_t<X>::operand_type, Sections>>(x);
}
/// NumPy hsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto hsplit_indices(X&& x) {
  return detail::with_layouts<hsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// NumPy vsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto vsplit_indices(X&& x) {
  return detail::with_layouts<vsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// NumPy dsplit at indices (a shape<...>): a std::tuple of views.
template <class Indices, detail::static_source X>
  requires detail::borrowable<X>
constexpr auto dsplit_indices(X&& x) {
  return detail::with_layouts<dsplit_indices_t<typename detail::view_of_t<X>::operand_type, Indices>>(x);
}
/// Any layout (Shape = shape<...>, Strides = strides<...>) within the storage x was cut from, [0, storage_size()).
template <class Shape, class Strides, index_t Offset, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto as_strided(X&& x) {
  return detail::with_layout<as_strided_t<typename detail::view_of_t<X>::operand_type, Shape, Strides, Offset>>(x);
}

// --- view operations, dynamic layouts: function arguments, as the layout functions -----------

/// NumPy basic indexing: `slice(v, "1:, ::-1")` is `a[1:, ::-1]`.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto slice(X&& x, std::string_view index) { return x.as_view().slice(index); }
/// Result axis i is axis axes[i].
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto permute(X&& x, const dims& axes) { return x.as_view().permute(axes); }
/// Swaps two axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto transpose(X&& x, index_t axis_a, index_t axis_b) { return x.as_view().transpose(axis_a, axis_b); }
/// Reverses every axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x) { return x.as_view().flip(); }
/// Reverses the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x, const dims& axes) { return x.as_view().flip(axes); }
/// NumPy broadcast_to (read-only when an axis is stretched).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto broadcast_to(X&& x, const dims& shape) { return x.as_view().broadcast_to(shape); }
/// PyTorch view; throws "view: ..." when it would need a copy.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto view(X&& x, const dims& shape) { return x.as_view().view(shape); }
/// Removes every extent-1 axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto squeeze(X&& x) { return x.as_view().squeeze(); }
/// Removes the given extent-1 axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto squeeze(X&& x, const dims& axes) { return x.as_view().squeeze(axes); }
/// Inserts an extent-1 axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unsqueeze(X&& x, index_t axis) { return x.as_view().unsqueeze(axis); }
/// The diagonal of two axes, appended as the last axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto diagonal(X&& x, index_t offset = 0, index_t axis_a = 0, index_t axis_b = 1) {
  return x.as_view().diagonal(offset, axis_a, axis_b);
}
/// Sliding windows along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unfold(X&& x, index_t dim, index_t size, index_t step) { return x.as_view().unfold(dim, size, step); }
/// Axes source[i] moved to places destination[i].
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto movedim(X&& x, const dims& source, const dims& destination) { return x.as_view().movedim(source, destination); }
/// Dimension dim split into axes of these sizes (one may be -1).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unflatten(X&& x, index_t dim, const dims& sizes) { return x.as_view().unflatten(dim, sizes); }
/// Extent-1 axes stretched (stride 0), -1 keeping an axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto expand(X&& x, const dims& sizes) { return x.as_view().expand(sizes); }
/// Axes start..end merged into one, as a view.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flatten(X&& x, index_t start = 0, index_t end = -1) { return x.as_view().flatten(start, end); }
/// Elements [start, start + length) of dimension dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto narrow(X&& x, index_t dim, index_t start, index_t length) { return x.as_view().narrow(dim, start, length); }
/// Index `index` of dimension dim, which is removed.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto select(X&& x, index_t dim, index_t index) { return x.as_view().select(dim, index); }
/// The fewest axes with the same elements in the same order (CuTe coalesce).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto coalesce(X&& x) { return x.as_view().coalesce(); }
/// CuTe composition: element i is x's element at index b(i).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto composition(X&& x, const dynamic_layout& b) { return x.as_view().composition(b); }
/// CuTe logical_divide: which tile, then the tile.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto logical_divide(X&& x, const dynamic_layout& tiler) { return x.as_view().logical_divide(tiler); }
/// einops rearrange as a view.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rearrange(X&& x, std::string_view pattern, std::string_view sizes = {}) { return x.as_view().rearrange(pattern, sizes); }
/// Every axis blocked by its tile extent: which tile, then the element in the tile.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tile(X&& x, const dims& tile_shape) { return x.as_view().tile(tile_shape); }
/// The last two axes swapped (PyTorch mT).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto matrix_transpose(X&& x) { return x.as_view().matrix_transpose(); }
/// The order of the axes reversed (NumPy .T).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto reverse_axis_order(X&& x) { return x.as_view().reverse_axis_order(); }
/// NumPy sliding_window_view, one window extent per axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window) { return x.as_view().sliding_window_view(window); }
/// NumPy sliding_window_view over the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window, const dims& axes) { return x.as_view().sliding_window_view(window, axes); }
/// PyTorch split: parts of split_size elements along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto split(X&& x, index_t split_size, index_t dim = 0) { return x.as_view().split(split_size, dim); }
/// PyTorch split with a list of part sizes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto split_with_sizes(X&& x, const dims& split_sizes, index_t dim = 0) { return x.as_view().split_with_sizes(split_sizes, dim); }
/// PyTorch chunk: at most `chunks` parts along dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto chunk(X&& x, index_t chunks, index_t dim = 0) { return x.as_view().chunk(chunks, dim); }
/// PyTorch unbind: one part per index of dim.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto unbind(X&& x, index_t dim = 0) { return x.as_view().unbind(dim); }
/// PyTorch t(): a matrix transposed.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto t(X&& x) { return x.as_view().t(); }
/// NumPy rot90: k quarter turns from axis1 towards axis2.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rot90(X&& x, index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) { return x.as_view().rot90(k, axis1, axis2); }
/// NumPy rollaxis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto rollaxis(X&& x, index_t axis, index_t start = 0) { return x.as_view().rollaxis(axis, start); }
/// NumPy expand_dims: an extent-1 axis at each of axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto expand_dims(X&& x, const dims& axes) { return x.as_view().expand_dims(axes); }
/// PyTorch tensor_split (NumPy array_split) by sections.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tensor_split(X&& x, index_t sections, index_t dim = 0) { return x.as_view().tensor_split(sections, dim); }
/// PyTorch tensor_split at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tensor_split_indices(X&& x, const dims& indices, index_t dim = 0) { return x.as_view().tensor_split_indices(indices, dim); }
/// NumPy split into equal sections.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto numpy_split(X&& x, index_t sections, index_t axis = 0) { return x.as_view().numpy_split(sections, axis); }
/// NumPy hsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto hsplit(X&& x, index_t sections) { return x.as_view().hsplit(sections); }
/// NumPy vsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto vsplit(X&& x, index_t sections) { return x.as_view().vsplit(sections); }
/// NumPy dsplit.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto dsplit(X&& x, index_t sections) { return x.as_view().dsplit(sections); }
/// NumPy hsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto hsplit_indices(X&& x, const dims& indices) { return x.as_view().hsplit_indices(indices); }
/// NumPy vsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto vsplit_indices(X&& x, const dims& indices) { return x.as_view().vsplit_indices(indices); }
/// NumPy dsplit at indices.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto dsplit_indices(X&& x, const dims& indices) { return x.as_view().dsplit_indices(indices); }
/// Any layout within the storage x was cut from, [0, storage_size()).
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto as_strided(X&& x, const dims& shape, const dims& strides, index_t offset) {
  return x.as_view().as_strided(shape, strides, offset);
}

}  // namespace strider
