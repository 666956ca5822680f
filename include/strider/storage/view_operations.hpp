// strider/storage/view_operations.hpp: the free forms of the view operations on views and
// tensors, each giving a view of the same storage: for static layouts (template arguments, the
// result's layout the static alias, through the layout before a swizzle), for mixed layouts (the
// same template arguments on the run-time entries) and for dynamic layouts (function arguments,
// the member forms of view_members.hpp). Included at the end of view.hpp. The operations of
// core/operation_forms.hpp's lists have their forms made from their entries; the others are
// written by hand.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

#include "../core/dims.hpp"
#include "../core/layout.hpp"
#include "../core/operation_forms.hpp"
#include "../util/fixed_string.hpp"
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
  using R = typename V::template result_type<L>;
  // L is checked within the storage before the swizzle; through it, an offset may move up to the
  // end of its period (as_strided can reach offsets that x's own elements never do).
  if constexpr (swizzled_layout_type<R>)
    static_assert(R::required_span <= V::storage_size(),
                  "view operation on a swizzled view: the result's offsets through the swizzle reach past the storage the view knows (as_strided within the storage, but not within it once swizzled)");
  return tensor_view<typename V::element_type, R>(x.as_view().data(), within_checked_t{});
}

// The view of x's storage through make(x's mixed layout), the layout function form; for a
// swizzled one, make applies to the layout before the swizzle and the result keeps it.
template <class X, class Make>
STRIDER_HOST_DEVICE constexpr auto with_mixed_layout(X& x, Make make) {
  const auto v = x.as_view();
  using L = typename view_of_t<X>::layout_type;
  if constexpr (swizzled_layout_type<L>) {
    const auto layout = through_swizzle<typename L::swizzle_type>(make(v.layout().layout()));
    check_swizzled_within(layout, v.storage_size());
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
    return std::apply(
        [&](const auto&... part) {
          (check_swizzled_within(through_swizzle<S>(part), v.storage_size()), ...);
          return std::tuple{tensor_view<T, decltype(through_swizzle<S>(part))>(v.data(), through_swizzle<S>(part), within_checked_t{})...};
        },
        make(v.layout().layout()));
  } else {
    return std::apply([&](const auto&... part) { return std::tuple{tensor_view<T, std::remove_cvref_t<decltype(part)>>(v.data(), part, within_checked_t{})...}; },
                      make(v.layout()));
  }
}

}  // namespace detail

// --- view operations, mixed layouts: the same template arguments, on the run-time entries -----
// Each runs the layout function form of the same name (static/operations.hpp).
#define STRIDER_MIXED_VIEW_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters detail::mixed_source X>                                                 \
    requires detail::borrowable<X>                                                                                        \
  STRIDER_HOST_DEVICE constexpr auto name(X&& x) {                                                                        \
    return detail::with_mixed_layout(x, [](const auto& l) { return name<STRIDER_UNPAREN static_arguments>(l); });           \
  }
#define STRIDER_MIXED_PARTS_VIEW_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters detail::mixed_source X>                                                 \
    requires detail::borrowable<X>                                                                                        \
  constexpr auto name(X&& x) {                                                                                            \
    return detail::with_mixed_layouts(x, [](const auto& l) { return name<STRIDER_UNPAREN static_arguments>(l); });          \
  }
STRIDER_VIEW_OPERATIONS(STRIDER_MIXED_VIEW_FORM)
STRIDER_PARTS_OPERATIONS(STRIDER_MIXED_PARTS_VIEW_FORM)
#undef STRIDER_MIXED_PARTS_VIEW_FORM
#undef STRIDER_MIXED_VIEW_FORM
// The others (core/operation_forms.hpp says why).

template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return flip<Axes...>(l); }); }
template <index_t... Axes, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto squeeze(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return squeeze<Axes...>(l); }); }
// view refuses at compile time what the static entries decide, and throws for the rest.
template <index_t... E, detail::mixed_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto view(X&& x) { return detail::with_mixed_layout(x, [](const auto& l) { return view<E...>(l); }); }
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
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) {
  // The exact tiling holds the view's own elements: it writes where the view does, with no check
  // of its own (in device code, none could run).
  using L = typename detail::view_of_t<X>::layout_type;
  const auto through_layout = [&x] { return detail::with_mixed_layout(x, [](const auto& l) { return tile<T...>(l); }); };
  if constexpr (swizzled_layout_type<L>) {  // tile_t takes the layout before the swizzle
    return through_layout();
  } else if constexpr (detail::exact_tiling_of_v<tile_t<L, T...>, L, sizeof...(T)>) {
    const auto v = x.as_view();
    const auto layout = tile<T...>(v.layout());
    using R = std::remove_cvref_t<decltype(layout)>;
    return tensor_view<typename detail::view_of_t<X>::element_type, R>(v.data(), layout, v.writes_allowed(), detail::known_uniqueness_t{});
  } else {
    return through_layout();
  }
}

// --- view operations, static layouts: template arguments, as the layout functions ------------
// The listed operations (core/operation_forms.hpp): `narrow<1, 0, 2>(v)` views v's storage through
// narrow_t<L, 1, 0, 2>, L the layout before a swizzle.
#define STRIDER_STATIC_VIEW_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters detail::static_source X>                                                \
    requires detail::borrowable<X>                                                                                        \
  STRIDER_HOST_DEVICE constexpr auto name(X&& x) {                                                                        \
    return detail::with_layout<name##_t<typename detail::view_of_t<X>::operand_type STRIDER_COMMA_BEFORE static_arguments>>(x); \
  }
STRIDER_VIEW_OPERATIONS(STRIDER_STATIC_VIEW_FORM)
#undef STRIDER_STATIC_VIEW_FORM
// The others, written by hand.

/// Reverses the given axes; with none, every axis.
template <index_t... Axes, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto flip(X&& x) {
  return detail::with_layout<flip_t<typename detail::view_of_t<X>::operand_type, Axes...>>(x);
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
/// Every axis blocked by its tile extent T...: which tile, then the element in the tile.
template <index_t... T, detail::static_source X>
  requires detail::borrowable<X>
STRIDER_HOST_DEVICE constexpr auto tile(X&& x) {
  return detail::with_layout<tile_t<typename detail::view_of_t<X>::operand_type, T...>>(x);
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

// The listed operations with several results: a std::tuple of views.
#define STRIDER_STATIC_PARTS_VIEW_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <STRIDER_COMMA_AFTER static_parameters detail::static_source X>                                                \
    requires detail::borrowable<X>                                                                                        \
  constexpr auto name(X&& x) {                                                                                            \
    return detail::with_layouts<name##_t<typename detail::view_of_t<X>::operand_type STRIDER_COMMA_BEFORE static_arguments>>(x); \
  }
STRIDER_PARTS_OPERATIONS(STRIDER_STATIC_PARTS_VIEW_FORM)
#undef STRIDER_STATIC_PARTS_VIEW_FORM

// --- view operations, dynamic layouts: function arguments, as the layout functions -----------
// The listed operations: `narrow(v, 1, 0, 2)` is `v.as_view().narrow(1, 0, 2)` (view_members.hpp).
#define STRIDER_DYNAMIC_VIEW_FORM(name, static_parameters, static_arguments, rule_arguments, runtime_parameters, runtime_arguments, nvcc, example, expression_entry) \
  template <detail::dynamic_source X>                                                                                     \
    requires detail::borrowable<X>                                                                                        \
  auto name(X&& x STRIDER_COMMA_BEFORE runtime_parameters) { return x.as_view().name(STRIDER_UNPAREN runtime_arguments); }
STRIDER_VIEW_OPERATIONS(STRIDER_DYNAMIC_VIEW_FORM)
STRIDER_PARTS_OPERATIONS(STRIDER_DYNAMIC_VIEW_FORM)
#undef STRIDER_DYNAMIC_VIEW_FORM
// The others, written by hand.

/// Reverses every axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x) { return x.as_view().flip(); }
/// Reverses the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto flip(X&& x, const dims& axes) { return x.as_view().flip(axes); }
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
/// Every axis blocked by its tile extent: which tile, then the element in the tile.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto tile(X&& x, const dims& tile_shape) { return x.as_view().tile(tile_shape); }
/// NumPy sliding_window_view, one window extent per axis.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window) { return x.as_view().sliding_window_view(window); }
/// NumPy sliding_window_view over the given axes.
template <detail::dynamic_source X>
  requires detail::borrowable<X>
auto sliding_window_view(X&& x, const dims& window, const dims& axes) { return x.as_view().sliding_window_view(window, axes); }

}  // namespace strider
