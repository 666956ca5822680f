// strider/storage/runtime_index.hpp: the view forms of the run-time index functions of
// static/runtime_index.hpp (issue 30, item 2): `select<Dim>(v, i)`, `narrow<Dim, Length>(v,
// start)` and `tile_at(tiled, i...)` on views of static and mixed layouts. The result is a view
// of the same storage whose layout keeps every static entry and has a run-time offset; each
// runs in CUDA device code too (a bad index traps there with its message).
#pragma once

#include <type_traits>

#include "../static/runtime_index.hpp"
#include "../static/swizzled.hpp"
#include "../static/thread_value.hpp"
#include "view.hpp"

namespace strider {

template <class T, class ML>
class masked_view;  // masked_view.hpp: partition of a tile with run-time extents gives one

namespace detail {
// A view of `layout`, a subset of `parent`'s elements (select, narrow, tile_at, or a thread's
// values), over the same data. A subset of a view's elements is unique where the view is, so
// writes are allowed where the parent's are (its flag, decided when it was made: by the type, or
// on the host) or the type proves the subset unique; else the host checks the subset itself (a
// row of a broadcast view is unique) and device code, which cannot run that check, refuses the
// write. `subset_of_parent` false: a replicated thread's values may repeat an element, so only
// the layout's own check counts.
template <class T, class L, class R>
STRIDER_HOST_DEVICE constexpr tensor_view<T, R> runtime_index_view(const tensor_view<T, L>& parent, const R& layout, bool subset_of_parent = true) {
  bool writes = true;
  if constexpr (!std::is_const_v<T> && R::static_is_unique != static_answer::yes) {  // a proven parent's writes_allowed() is the constant true
    writes = subset_of_parent && parent.writes_allowed();
#ifndef __CUDA_ARCH__
    if (!writes) writes = layout.is_unique();
#endif
  }
  return tensor_view<T, R>(parent.data(), layout, writes, known_uniqueness_t{});
}
template <class X>
concept runtime_index_source = view_source<X> && !is_view_v<std::remove_cvref_t<X>> && borrowable<X> &&
                               runtime_index_layout<typename view_of_t<X>::layout_type>;
}  // namespace detail

/// `select<Dim>(v, i)`: index i (run-time, in [0, extent)) of axis Dim, which is removed; the
/// layout `select_at_t<L, Dim>`, static where v's is, at a run-time offset.
template <index_t Dim, class T, detail::runtime_index_layout L>
STRIDER_HOST_DEVICE constexpr auto select(const tensor_view<T, L>& v, index_t index) {
  return detail::runtime_index_view(v, select<Dim>(v.layout(), index));
}
/// `narrow<Dim, Length>(v, start)`: elements [start, start + Length) of axis Dim (start at run
/// time, in [0, extent - Length]); the layout `narrow_at_t<L, Dim, Length>`.
template <index_t Dim, index_t Length, class T, detail::runtime_index_layout L>
STRIDER_HOST_DEVICE constexpr auto narrow(const tensor_view<T, L>& v, index_t start) {
  return detail::runtime_index_view(v, narrow<Dim, Length>(v.layout(), start));
}
/// `tile_at(tiled, i...)`: tile (i...) of a tiled view (`tile<T...>(v)`, `logical_divide(v, t)`),
/// one run-time index per leading axis: a view of the tile's layout (`tile_at_t<L>`: its static
/// shape and strides) at a run-time offset. CuTe's `local_tile`.
template <class T, detail::runtime_index_layout L, std::integral... I>
  requires requires { L::rest_rank; } && (sizeof...(I) == L::rest_rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const tensor_view<T, L>& v, I... index) {
  return detail::runtime_index_view(v, tile_at(v.layout(), index...));
}

/// `partition(v, TV{}, thread)`: one thread's values of a tile view (static or mixed layout; its
/// shape TV's tile shape), a view of the same storage with the layout partition_t<L, TV> (static
/// strides where the tile's are) at the thread's offset. The thread is checked unless NDEBUG.
/// A tile whose extents are run-time values (at most TV's tile extents) gives a masked view of
/// the thread's values: `if (mine.in_bounds(i, j)) mine(i, j) = ...`.
template <class T, detail::runtime_index_layout L, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(const tensor_view<T, L>& v, TV tv, index_t thread) {
  const auto p = partition(v.layout(), tv, thread);
  if constexpr (detail::is_masked_partition_layout_v<std::remove_cvref_t<decltype(p)>>) return masked_view<T, std::remove_cvref_t<decltype(p)>>(v.data(), p);
  else return detail::runtime_index_view(v, p, !TV::tv_value.replicated);
}

// Views of swizzled layouts (static/swizzled.hpp): the index applied before the swizzle, the
// result's view read through it.
template <index_t Dim, class T, swizzled_layout_type L>
STRIDER_HOST_DEVICE constexpr auto select(const tensor_view<T, L>& v, index_t index) {
  return detail::runtime_index_view(v, select<Dim>(v.layout(), index));
}
template <index_t Dim, index_t Length, class T, swizzled_layout_type L>
STRIDER_HOST_DEVICE constexpr auto narrow(const tensor_view<T, L>& v, index_t start) {
  return detail::runtime_index_view(v, narrow<Dim, Length>(v.layout(), start));
}
template <class T, swizzled_layout_type L, std::integral... I>
  requires requires { L::layout_type::rest_rank; } && (sizeof...(I) == L::layout_type::rest_rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const tensor_view<T, L>& v, I... index) {
  return detail::runtime_index_view(v, tile_at(v.layout(), index...));
}
template <class T, swizzled_layout_type L, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(const tensor_view<T, L>& v, TV tv, index_t thread) {
  return detail::runtime_index_view(v, partition(v.layout(), tv, thread), !TV::tv_value.replicated);
}

// Tensors of static and mixed layouts (lvalues): the same, on their view.
template <index_t Dim, detail::runtime_index_source X>
STRIDER_HOST_DEVICE constexpr auto select(X&& x, index_t index) { return select<Dim>(x.as_view(), index); }
template <index_t Dim, index_t Length, detail::runtime_index_source X>
STRIDER_HOST_DEVICE constexpr auto narrow(X&& x, index_t start) { return narrow<Dim, Length>(x.as_view(), start); }
template <detail::runtime_index_source X, std::integral... I>
STRIDER_HOST_DEVICE constexpr auto tile_at(X&& x, I... index) { return tile_at(x.as_view(), index...); }
template <detail::runtime_index_source X, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(X&& x, TV tv, index_t thread) { return partition(x.as_view(), tv, thread); }

}  // namespace strider
