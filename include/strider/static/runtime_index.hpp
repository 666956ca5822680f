// strider/static/runtime_index.hpp: select and narrow with a run-time index on static and mixed
// layouts (issue 30, item 2). The result keeps every static entry of the static rule's result
// (select_t / narrow_t at index 0); only its offset becomes run-time: `select<0>(l, i)` of
// `contiguous<4, 8>` is a mixed layout of shape (8), stride (1) and a run-time offset 8 i. The
// index is checked against the extent unless NDEBUG, as element access checks its indices
// (layout_error on the host, a message and a trap in CUDA device code), and every function here
// runs in device code.
#pragma once

#include <cstdio>
#include <utility>

#include "layout.hpp"
#include "operations.hpp"

namespace strider {

namespace detail {

// The layout value of a run-time index's result: the static rule's result at index 0 (its
// checks are those of the static alias: the dimension, a static Length against a static extent)
// with the offset unknown. Its storage size stays the input's (a run-time entry next to the
// offset, as for every view of a mixed layout).
template <class P>
STRIDER_HOST_DEVICE constexpr layout_value runtime_offset_value(const P& at_zero) {
  maybe_layout_value v;
  if constexpr (std::same_as<P, dynamic_layout>) v = maybe_layout::of(at_zero.value()).entries();
  else v = at_zero.entries();
  v.offset = maybe_index::unknown();
  return maybe_layout(v, dynamic_layout::unchecked_t{}).value();
}
template <class P>
STRIDER_HOST_DEVICE constexpr P select_leading(P l, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) l = select(l, 0, 0);
  return l;
}
// Templates, so that a file that never asks for one does not compile them; nvcc, which rejects
// a call of a function template in a template argument, calls the non-template forms below.
template <class P>
STRIDER_HOST_DEVICE constexpr layout_value select_at_value(const P& l, index_t dim) { return runtime_offset_value(select(l, dim, 0)); }
template <class P>
STRIDER_HOST_DEVICE constexpr layout_value narrow_at_value(const P& l, index_t dim, index_t length) { return runtime_offset_value(narrow(l, dim, 0, length)); }
template <class P>
STRIDER_HOST_DEVICE constexpr layout_value tile_at_value(const P& l, std::size_t rest) { return runtime_offset_value(select_leading(l, rest)); }
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr layout_value select_at_value(const dynamic_layout& l, index_t dim) { return select_at_value<dynamic_layout>(l, dim); }
STRIDER_HOST_DEVICE constexpr layout_value select_at_value(const maybe_layout& l, index_t dim) { return select_at_value<maybe_layout>(l, dim); }
STRIDER_HOST_DEVICE constexpr layout_value narrow_at_value(const dynamic_layout& l, index_t dim, index_t length) { return narrow_at_value<dynamic_layout>(l, dim, length); }
STRIDER_HOST_DEVICE constexpr layout_value narrow_at_value(const maybe_layout& l, index_t dim, index_t length) { return narrow_at_value<maybe_layout>(l, dim, length); }
STRIDER_HOST_DEVICE constexpr layout_value tile_at_value(const dynamic_layout& l, std::size_t rest) { return tile_at_value<dynamic_layout>(l, rest); }
STRIDER_HOST_DEVICE constexpr layout_value tile_at_value(const maybe_layout& l, std::size_t rest) { return tile_at_value<maybe_layout>(l, rest); }
#endif

// Entries of a static or mixed layout object, readable in device code.
template <std::size_t D, class L>
STRIDER_HOST_DEVICE constexpr index_t extent_entry(const L& l) {
  if constexpr (mixed_layout_type<L>) {
    return l.template axis_extent<D>();
  } else {
    constexpr index_t e = L::shape[D];
    return e;
  }
}
template <std::size_t D, class L>
STRIDER_HOST_DEVICE constexpr index_t stride_entry(const L& l) {
  if constexpr (mixed_layout_type<L>) {
    return l.template axis_stride<D>();
  } else {
    constexpr index_t s = L::strides[D];
    return s;
  }
}
// Axis D's stride for computing an element's offset (equal to stride_entry wherever l has an
// element, cheaper for a computed stride).
template <std::size_t D, class L>
STRIDER_HOST_DEVICE constexpr index_t step_entry(const L& l) {
  if constexpr (mixed_layout_type<L>) return l.template axis_step<D>();
  else return stride_entry<D>(l);
}
template <class L>
STRIDER_HOST_DEVICE constexpr index_t offset_entry(const L& l) {
  if constexpr (mixed_layout_type<L>) {
    return l.offset();
  } else {
    constexpr index_t o = L::offset;
    return o;
  }
}
template <class L>
STRIDER_HOST_DEVICE constexpr index_t storage_entry(const L& l) {
  if constexpr (mixed_layout_type<L>) {
    return l.held_storage_size();
  } else {
    constexpr index_t n = L::storage_size;
    return n;
  }
}

// Where R holds each run-time entry (read in constant expressions only: device code too).
template <class R>
inline constexpr entry_slots runtime_slots = slots_of(R::static_entries);

// The result R of a run-time index on l: result axis K is input axis K (K < At) or K + Removed,
// each run-time entry of R copied from there; the offset given; the storage size the input's.
template <class R, std::size_t At, std::size_t Removed, std::size_t K, class L>
STRIDER_HOST_DEVICE constexpr void copy_axis_entries(index_t* held, const L& l) {
  constexpr std::size_t from = K < At ? K : K + Removed;
  constexpr int extent_slot = runtime_slots<R>.shape[K], stride_slot = runtime_slots<R>.strides[K];
  if constexpr (extent_slot >= 0) held[extent_slot] = extent_entry<from>(l);
  if constexpr (stride_slot >= 0) held[stride_slot] = stride_entry<from>(l);
}
template <class R, std::size_t At, std::size_t Removed, class L, std::size_t... K>
STRIDER_HOST_DEVICE constexpr R runtime_index_result(const L& l, index_t offset, std::index_sequence<K...>) {
  constexpr int offset_slot = runtime_slots<R>.offset, storage_slot = runtime_slots<R>.storage_size;
  index_t held[R::dynamic_count] = {};
  (copy_axis_entries<R, At, Removed, K>(held, l), ...);
  if constexpr (offset_slot >= 0) held[offset_slot] = offset;
  if constexpr (storage_slot >= 0) held[storage_slot] = storage_entry(l);
  return R::from_held(held);
}

// "select: index 5 is out of range for dimension 0 with extent 4" (the core rule's text): a
// layout_error on the host, the message and a trap in device code. Checked unless NDEBUG, as
// element access is: a run-time index costs nothing in a release build.
STRIDER_HOST_DEVICE constexpr void check_index(const char* op, index_t index, index_t dim, index_t extent) {
#ifdef NDEBUG
  if (!__builtin_is_constant_evaluated()) return;
#endif
  if (index < 0 || index >= extent) detail::refuse("{}: index {} is out of range for dimension {} with extent {}", op, index, dim, extent);
}
STRIDER_HOST_DEVICE constexpr void check_start(index_t start, index_t length, index_t dim, index_t extent) {
#ifdef NDEBUG
  if (!__builtin_is_constant_evaluated()) return;
#endif
  if (start < 0 || start > extent) detail::refuse("narrow: start {} is out of range for dimension {} with extent {}", start, dim, extent);
  if (start > extent - length) detail::refuse("narrow: start {} + length {} exceeds extent {} of dimension {}", start, length, extent, dim);
}

template <class L>
concept runtime_index_layout = static_layout_type<L> || mixed_layout_type<L>;

template <class L, std::size_t... K>
STRIDER_HOST_DEVICE constexpr index_t tile_offset(const L& l, std::index_sequence<K...>, const index_t (&index)[sizeof...(K) + 1]) {
  // Every index checked first, then the sum (an empty layout's terms need not fit).
  (check_index("tile_at", index[K], static_cast<index_t>(K), extent_entry<K>(l)), ...);
  return (offset_entry(l) + ... + (index[K] * stride_entry<K>(l)));
}
}  // namespace detail

/// The layout of `select<Dim>(l, i)` with a run-time i: `select_t<L, Dim, 0>` with a run-time
/// offset (every other entry as the static rule gives it).
template <class L, index_t Dim>
using select_at_t = static_layout<detail::select_at_value(detail::rule_value<L>, Dim)>;
/// The layout of `narrow<Dim, Length>(l, start)` with a run-time start: `narrow_t<L, Dim, 0,
/// Length>` with a run-time offset (the extent Length static).
template <class L, index_t Dim, index_t Length>
using narrow_at_t = static_layout<detail::narrow_at_value(detail::rule_value<L>, Dim, Length)>;
/// The layout of `tile_at(tiled, i...)`: one tile of a tiled layout (tile_t, logical_divide_t,
/// logical_product_t), its leading `rest_rank` axes fixed, with a run-time offset.
template <class L>
using tile_at_t = static_layout<detail::tile_at_value(detail::rule_value<L>, L::rest_rank)>;

/// PyTorch `select(Dim, i)` with a run-time index i in [0, extent) (not wrapped: a negative index
/// is an error): the axis removed, the offset moved by i times its stride; every other entry as
/// `select_t<L, Dim, ...>` has it, static where the input's is.
template <index_t Dim, detail::runtime_index_layout L>
STRIDER_HOST_DEVICE constexpr auto select(const L& l, index_t index) {
  using R = select_at_t<L, Dim>;
  constexpr std::size_t d = static_cast<std::size_t>(Dim < 0 ? Dim + static_cast<index_t>(L::rank) : Dim);
  const index_t n = detail::extent_entry<d>(l);
  detail::check_index("select", index, Dim, n);
  return detail::runtime_index_result<R, d, 1>(l, detail::offset_entry(l) + index * detail::stride_entry<d>(l), std::make_index_sequence<R::rank>{});
}

/// PyTorch `narrow(Dim, start, Length)` with a run-time start in [0, extent - Length] (not
/// wrapped): the extent Length (static), the offset moved by start times the stride.
template <index_t Dim, index_t Length, detail::runtime_index_layout L>
STRIDER_HOST_DEVICE constexpr auto narrow(const L& l, index_t start) {
  using R = narrow_at_t<L, Dim, Length>;
  constexpr std::size_t d = static_cast<std::size_t>(Dim < 0 ? Dim + static_cast<index_t>(L::rank) : Dim);
  const index_t n = detail::extent_entry<d>(l);
  detail::check_start(start, Length, Dim, n);
  return detail::runtime_index_result<R, 0, 0>(l, detail::offset_entry(l) + start * detail::stride_entry<d>(l), std::make_index_sequence<R::rank>{});
}

/// Tile (i...) of a tiled layout (`tile_t<L, T...>`, `logical_divide_t`, ...; one index per
/// leading axis, `rest_rank` of them, each in [0, extent)): the tile's layout, static where the
/// tiled layout's tile axes are, at a run-time offset. CuTe's `local_tile`.
template <detail::runtime_index_layout L, std::integral... I>
  requires requires { L::rest_rank; } && (sizeof...(I) == L::rest_rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const L& l, I... index) {
  using R = tile_at_t<L>;
  const index_t indices[] = {static_cast<index_t>(index)..., 0};
  return detail::runtime_index_result<R, 0, sizeof...(I)>(l, detail::tile_offset(l, std::make_index_sequence<sizeof...(I)>{}, indices),
                                                         std::make_index_sequence<R::rank>{});
}

}  // namespace strider
