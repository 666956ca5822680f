// strider/engine/copy_plan.hpp: how a strided copy walks memory, decided from the two layouts
// alone. A constexpr value: for static layouts it is computed by the compiler, and an invalid
// copy (different shapes, a destination whose elements share storage) is a compile error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "../util/checked.hpp"
#include "../util/config.hpp"
#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../util/text.hpp"

namespace strider {

/// The loop nest of one copy `dst[dst_layout(i...)] = src[src_layout(i...)]`.
///
/// Built by `make_copy_plan`: axes of extent 1 are dropped; every destination stride is made
/// positive (both strides of an axis change sign and both offsets move to its last element, so
/// the same pairs of elements are copied); the loops are ordered by decreasing destination
/// stride, so that the destination is written front to back; and neighbouring loops that are
/// contiguous with each other in both layouts are merged into one. When the source's fastest
/// axis is not the destination's (a transpose), that axis is moved next to the innermost loop
/// and the two are walked in tiles (`blocked`), so that each cache line read and written is
/// used whole.
struct copy_plan {
  /// Number of loops, outermost first (0 when at most one element is copied).
  std::size_t rank = 0;
  index_t extent[max_rank] = {};
  index_t src_stride[max_rank] = {};
  index_t dst_stride[max_rank] = {};  ///< all positive, decreasing (but see `blocked`)
  /// Storage offsets of the element visited first (every loop index 0).
  index_t src_offset = 0;
  index_t dst_offset = 0;
  /// Elements copied (0 for an empty copy, 1 for rank 0) and the size of one, in bytes.
  index_t size = 0;
  std::size_t element_size = 0;
  /// The last two loops form a transpose: loop rank-2 is the source's fastest axis and loop
  /// rank-1 the destination's; they are walked in tiles.
  bool blocked = false;

  friend constexpr bool operator==(const copy_plan&, const copy_plan&) = default;
};

namespace detail {

// "(3, 4)": a shape as text for error messages (NumPy's "(3,)" for one extent).
constexpr fixed_tuple_text shape_text(const layout_value& v) { return fixed_tuple_text(v.shape, v.rank, true); }

constexpr index_t copy_abs(index_t v) { return v < 0 ? -v : v; }

// Whether `outer` steps over exactly `extent` steps of `inner`; the product need not fit in int64
// (then it is no stride of the layout, and the loops do not merge).
constexpr bool steps_over(index_t outer, index_t inner, index_t extent) {
  index_t run = 0;
  return !mul_overflows(inner, extent, &run) && outer == run;
}

// Merges loop d+1 into loop d wherever one step of loop d is a full run of loop d+1 in both
// layouts; the pairs of offsets visited do not change.
constexpr void coalesce_loops(copy_plan& p) {
  std::size_t out = 0;
  for (std::size_t d = 0; d < p.rank; ++d) {
    if (out > 0) {
      const std::size_t prev = out - 1;
      if (steps_over(p.src_stride[prev], p.src_stride[d], p.extent[d]) && steps_over(p.dst_stride[prev], p.dst_stride[d], p.extent[d])) {
        p.extent[prev] *= p.extent[d];
        p.src_stride[prev] = p.src_stride[d];
        p.dst_stride[prev] = p.dst_stride[d];
        continue;
      }
    }
    p.extent[out] = p.extent[d];
    p.src_stride[out] = p.src_stride[d];
    p.dst_stride[out] = p.dst_stride[d];
    ++out;
  }
  for (std::size_t d = out; d < p.rank; ++d) p.extent[d] = p.src_stride[d] = p.dst_stride[d] = 0;
  p.rank = out;
}

// Swaps loops i and j of plan p (extent and both strides).
constexpr void swap_loops(copy_plan& p, std::size_t i, std::size_t j) {
  std::swap(p.extent[i], p.extent[j]);
  std::swap(p.src_stride[i], p.src_stride[j]);
  std::swap(p.dst_stride[i], p.dst_stride[j]);
}

// Orders loops 0..count-1 of plan p by decreasing key(src_stride, dst_stride), ties kept in
// their order (an insertion sort: count is at most max_rank).
template <class Key>
constexpr void sort_loops(copy_plan& p, std::size_t count, Key key) {
  for (std::size_t i = 1; i < count; ++i)
    for (std::size_t j = i; j > 0 && key(p.src_stride[j], p.dst_stride[j]) > key(p.src_stride[j - 1], p.dst_stride[j - 1]); --j) swap_loops(p, j, j - 1);
}

// Whether the elements plan p reads and those it writes are certainly distinct, when the
// destination's storage starts `shift` elements after the source's (both of one element type).
// Every offset the source reaches is its offset modulo g, the greatest common divisor of all the
// strides, and every destination offset is its own: different residues never meet, as in
// a[:, 0] and a[:, 1], or a[:, ::2] and a[:, 1::2]. False means they may overlap. The host copy
// (engine/copy_engine.hpp) then copies without a temporary; the device copy accepts the pair.
constexpr bool certainly_disjoint(const copy_plan& p, index_t shift) {
  index_t g = 0;
  for (std::size_t d = 0; d < p.rank; ++d) {
    if (p.src_stride[d] == INT64_MIN || p.dst_stride[d] == INT64_MIN) return false;  // no magnitude in int64
    g = gcd_of(gcd_of(g, p.src_stride[d]), p.dst_stride[d]);
  }
  const auto residue = [g](index_t v) { return (v % g + g) % g; };
  if (g == 0) return p.src_offset != p.dst_offset + shift;  // one element each
  return residue(residue(p.dst_offset) + residue(shift)) != residue(p.src_offset);
}

}  // namespace detail

/// The plan for copying a layout `src` into a layout `dst` of the same shape, for elements of
/// `element_size` bytes. Throws `layout_error` ("copy: ...") when the shapes differ or when the
/// destination is not unique (two of its elements share storage, so the result would depend on
/// the order of the writes); broadcast the source first (`broadcast_to`) to copy a smaller one.
constexpr copy_plan make_copy_plan(const layout_value& src, const layout_value& dst, std::size_t element_size) {
  const detail::check_caller caller = detail::called_by<detail::op::copy>();
  detail::validate(src, caller);
  detail::validate(dst, caller);
  if (element_size == 0) throw layout_error("copy: element size is 0");
  bool same_shape = src.rank == dst.rank;
  for (std::size_t d = 0; same_shape && d < src.rank; ++d) same_shape = src.shape[d] == dst.shape[d];
  if (!same_shape) throw layout_error("copy: shapes {} and {} differ (broadcast the source to the destination's shape first)", detail::shape_text(src), detail::shape_text(dst));
  if (!detail::is_unique(dst)) throw layout_error("copy: destination layout is not unique (its elements may share storage offsets, so the result would depend on the order of the writes)");

  copy_plan p{};
  p.element_size = element_size;
  p.size = detail::element_count(dst, "copy");
  p.src_offset = src.offset;
  p.dst_offset = dst.offset;
  if (p.size == 0) return p;

  // Drop extent-1 axes; walk every destination axis forwards.
  for (std::size_t d = 0; d < dst.rank; ++d) {
    if (dst.shape[d] == 1) continue;
    index_t ss = src.strides[d], ds = dst.strides[d];
    if (ds < 0) {
      p.dst_offset += (dst.shape[d] - 1) * ds;
      p.src_offset += (dst.shape[d] - 1) * ss;
      ds = -ds;
      ss = -ss;
    }
    p.extent[p.rank] = dst.shape[d];
    p.src_stride[p.rank] = ss;
    p.dst_stride[p.rank] = ds;
    ++p.rank;
  }
  // Outermost loop = largest destination stride. A unique destination has no two axes of
  // extent > 1 with the same stride, so the order is well defined.
  detail::sort_loops(p, p.rank, [](index_t, index_t dst_stride) { return dst_stride; });
  detail::coalesce_loops(p);

  // A transpose: some outer loop moves through the source in smaller steps than the innermost
  // one. Move the smallest such loop next to the innermost; the two are then tiled.
  if (p.rank >= 2) {
    const std::size_t inner = p.rank - 1;
    std::size_t fast = inner;
    for (std::size_t d = 0; d < inner; ++d)
      if (p.src_stride[d] != 0 && (fast == inner || detail::copy_abs(p.src_stride[d]) < detail::copy_abs(p.src_stride[fast]))) fast = d;
    if (fast != inner && detail::copy_abs(p.src_stride[fast]) < detail::copy_abs(p.src_stride[inner])) {
      for (std::size_t d = fast; d + 1 < inner; ++d) detail::swap_loops(p, d, d + 1);
      // Moving that loop may have made two outer loops neighbours that merge.
      detail::coalesce_loops(p);
      p.blocked = true;
    }
  }
  return p;
}

}  // namespace strider
