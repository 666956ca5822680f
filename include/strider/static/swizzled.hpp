// strider/static/swizzled.hpp: layouts read through a swizzle (docs/access.md, "Swizzles").
// `swizzled_t<L, swizzle<B, M, S>>` is L's offsets, counted from the storage start, through
// CuTe's XOR swizzle: it indexes (host and device), is the layout of a view or a tensor, and a
// view of it takes every view operation, applied to L with the swizzle kept (storage/view_operations.hpp).
// Its properties are the composed function's, not L's. A swizzled layout whose L is mixed
// (static strides, a run-time offset) is what partition, select, narrow and tile_at give on a
// view of a swizzled tile.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../core/swizzle.hpp"
#include "layout.hpp"
#include "operations.hpp"
#include "runtime_index.hpp"
#include "thread_value.hpp"

namespace strider {

namespace detail {
// A layout before its swizzle (itself when it has none).
template <class L>
struct unswizzled {
  using type = L;
};
template <class L, class S>
struct unswizzled<swizzled_layout<L, S>> {
  using type = L;
};

// One past the largest swizzled offset of v's elements (0 when empty), by a walk over them: the
// swizzle keeps each aligned period in place, so it is at most v's span rounded up to the period,
// but exactly that only when the period's last offsets are reached.
STRIDER_HOST_DEVICE constexpr index_t swizzled_span(const layout_value& v, swizzle_value s) {
  index_t span = 0;
  for_each_offset(v, [&](index_t o) {
    const index_t end = swizzle_offset(s, o) + 1;
    span = end > span ? end : span;
  });
  return span;
}

// Refuses a swizzled layout whose offsets reach past `storage` elements: a view operation's result
// on a swizzled view of that storage, checked before the swizzle (as_strided may choose offsets
// the view's elements never had). At once when the span rounded up to the swizzle's period fits
// (the swizzle maps each aligned period onto itself), else by the walk.
template <class R>
STRIDER_HOST_DEVICE constexpr void check_swizzled_within(const R& swizzled, index_t storage) {
  if constexpr (static_layout_type<typename R::layout_type>) {
    return;  // decided at compile time (with_layout)
  } else {
    const layout_value v = swizzled.layout().value();
    const basic_offset_range<index_t> range = offset_range_of(v, "view");
    if (range.count == 0) return;
    const index_t period = swizzle_period(R::swizzle);
    if (range.max / period < storage / period) return;  // the whole period of the last offset lies in the storage
    const index_t span = swizzled_span(v, R::swizzle);
    if (span > storage)
      detail::refuse("view: the result reaches storage offset {} through the swizzle, past the {} elements the view knows (an as_strided within the storage before the swizzle, not after it)", span - 1, storage);
  }
}

// The widest vector (a power of two) of w consecutive elements along the last axis at w
// consecutive swizzled offsets, each run starting at a multiple of w: L's own width (its
// strided rule), capped at 2^M when the swizzle moves anything, because a swizzle keeps each
// aligned run of 2^M offsets together and in order but may move the next run anywhere.
// A static swizzled layout's span and storage, as variable templates: nvcc's front end holds a
// class's dependent call to swizzled_span in about 130 MB each (issue 63's compile memory).
template <class L, class S>
inline constexpr index_t swizzled_span_v = swizzled_span(L::value, S::value);
template <class L, class S>
inline constexpr index_t swizzled_storage_v = L::storage_size > swizzled_span_v<L, S> ? L::storage_size : swizzled_span_v<L, S>;
constexpr index_t swizzled_vector_width(index_t layout_width, swizzle_value s) {
  if (s.bits == 0) return layout_width;
  const index_t run = index_t{1} << s.base;
  return layout_width < run ? layout_width : run;
}
}  // namespace detail

/// A swizzled layout type: `swizzled_t<L, swizzle<B, M, S>>`, or the mixed one a run-time index
/// of a swizzled view gives.
template <class L>
concept swizzled_layout_type = detail::is_swizzled_v<std::remove_cvref_t<L>>;

/// A swizzled layout of a static layout (swizzled_t<L, ...>): a type, as a static layout is.
template <class L>
concept static_swizzled_layout_type = swizzled_layout_type<L> && static_layout_type<typename std::remove_cvref_t<L>::layout_type>;

/// A static layout whose offsets are `Swizzle`'s of L's. Precondition: the storage starts
/// aligned to `swizzle_period(Swizzle::value)` elements (CuTe's requirement too), so that the
/// offsets the swizzle changes are the ones the hardware sees. Indexes as L does, through the
/// swizzle; a swizzle is a bijection, so `is_unique` is L's; `required_span`, `storage_size`
/// and `vector_width` are the composed function's. Example: `swizzled_t<contiguous<8, 64>,
/// swizzle<3, 3, 3>>{}(1, 0) == 72` (row 1 starts at 64; bits 6-8 of 64 are 1, XORed into bits
/// 3-5: 64 ^ 8).
template <class L, class Swizzle>
struct swizzled_layout {
  static_assert(static_layout_type<L>,
                "swizzled_t: the layout must be a static layout type (contiguous<...>, layout<...> or an operation's result); the mixed ones come from a run-time index of a swizzled view");
  using layout_type = L;
  using swizzle_type = Swizzle;
  static constexpr swizzle_value swizzle = Swizzle::value;
  static constexpr std::size_t rank = L::rank;
  static constexpr auto shape = L::shape;
  static constexpr index_t size = L::size;
  static constexpr bool is_unique = L::is_unique;
  /// One past the largest swizzled offset (0 when empty), by enumeration.
  static constexpr index_t required_span = detail::swizzled_span_v<L, Swizzle>;
  /// The storage the layout knows from offset 0: L's, or the swizzled span where it is more.
  static constexpr index_t storage_size = detail::swizzled_storage_v<L, Swizzle>;
  /// The layout before the swizzle (an empty object).
  STRIDER_HOST_DEVICE static constexpr L layout() { return {}; }
  /// Storage offset of element (i...): L's, through the swizzle (checked as L checks it).
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... i) const {
    return swizzle_offset(swizzle, L{}(i...));
  }
};

/// The swizzled layout a run-time index of a swizzled view gives: a mixed layout L (static
/// strides, run-time offset) read through the swizzle. Holds L's run-time entries.
template <mixed_layout_type L, class Swizzle>
struct swizzled_layout<L, Swizzle> {
  using layout_type = L;
  using swizzle_type = Swizzle;
  static constexpr swizzle_value swizzle = Swizzle::value;
  static constexpr std::size_t rank = L::rank;
  /// Whether the static entries decide uniqueness: L's (a swizzle is a bijection).
  static constexpr static_answer static_is_unique = L::static_is_unique;

  STRIDER_HOST_DEVICE constexpr explicit swizzled_layout(const L& layout) : layout_(layout) {}
  /// The layout before the swizzle.
  STRIDER_HOST_DEVICE constexpr const L& layout() const { return layout_; }
  STRIDER_HOST_DEVICE constexpr dims shape() const { return layout_.shape(); }
  STRIDER_HOST_DEVICE constexpr index_t extent(std::size_t axis) const { return layout_.extent(axis); }
  STRIDER_HOST_DEVICE constexpr index_t size() const { return layout_.size(); }
  STRIDER_HOST_DEVICE constexpr bool is_unique() const { return layout_.is_unique(); }
  /// One past the largest swizzled offset, by enumeration (a walk over the elements).
  STRIDER_HOST_DEVICE constexpr index_t required_span() const { return detail::swizzled_span(layout_.value(), swizzle); }
  STRIDER_HOST_DEVICE constexpr index_t storage_size() const {
    const index_t span = required_span(), known = layout_.storage_size();
    return known > span ? known : span;
  }
  template <std::integral... I>
    requires(sizeof...(I) == rank)
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... i) const {
    return swizzle_offset(swizzle, layout_(i...));
  }

 private:
  L layout_;
};

/// `swizzled_t<L, swizzle<B, M, S>>`: L read through the swizzle (see swizzled_layout).
template <class L, class Swizzle>
using swizzled_t = swizzled_layout<L, Swizzle>;

namespace detail {
// A layout R read through swizzle S: a static one as a type, a mixed one holding R's entries.
template <class S, class R>
STRIDER_HOST_DEVICE constexpr auto through_swizzle(const R& layout) {
  if constexpr (static_layout_type<R>) return swizzled_layout<R, S>{};
  else return swizzled_layout<R, S>(layout);
}
}  // namespace detail

// --- run-time indices of a swizzled layout: the index applied to the layout before the swizzle
// (static/runtime_index.hpp, static/thread_value.hpp), the result read through the same swizzle.

/// `select<Dim>(l, i)` of a swizzled layout: the selected layout, swizzled.
template <index_t Dim, class L, class S>
STRIDER_HOST_DEVICE constexpr auto select(const swizzled_layout<L, S>& l, index_t index) {
  return detail::through_swizzle<S>(select<Dim>(l.layout(), index));
}
/// `narrow<Dim, Length>(l, start)` of a swizzled layout.
template <index_t Dim, index_t Length, class L, class S>
STRIDER_HOST_DEVICE constexpr auto narrow(const swizzled_layout<L, S>& l, index_t start) {
  return detail::through_swizzle<S>(narrow<Dim, Length>(l.layout(), start));
}
/// `tile_at(l, i...)` of a swizzled tiled layout (`tile<T...>` or `logical_divide` of a swizzled view).
template <class L, class S, std::integral... I>
  requires requires { L::rest_rank; } && (sizeof...(I) == L::rest_rank)
STRIDER_HOST_DEVICE constexpr auto tile_at(const swizzled_layout<L, S>& l, I... index) {
  return detail::through_swizzle<S>(tile_at(l.layout(), index...));
}
/// `partition(tile, TV{}, thread)` of a swizzled tile: thread `thread`'s values (partition_t of
/// the layout before the swizzle, at the thread's offset), read through the swizzle.
template <class L, class S, thread_value_type TV>
STRIDER_HOST_DEVICE constexpr auto partition(const swizzled_layout<L, S>& tile, TV tv, index_t thread) {
  return detail::through_swizzle<S>(partition(tile.layout(), tv, thread));
}

/// The widest vector load of a swizzled layout: L's, at most 2^M elements (see
/// detail::swizzled_vector_width). Example: `vector_width_v<swizzled_t<contiguous<8, 64>,
/// swizzle<3, 3, 3>>, 2, 16> == 8` (16 bytes of 2-byte elements; L alone allows the same).
template <class L, class S, index_t Bytes, index_t Alignment>
inline constexpr index_t vector_width_v<swizzled_layout<L, S>, Bytes, Alignment> = detail::swizzled_vector_width(vector_width_v<L, Bytes, Alignment>, S::value);

}  // namespace strider
