// strider/core/algebra_helpers.hpp: the rest of CuTe's layout algebra that a CuTe user reaches
// for, in row-major order: element-size changes (upcast, downcast, recast_layout), the common
// vector of two layouts, filter, ordered layouts, the one-argument complement, coalesce by a
// profile, tile_to_shape, the divides and products by CuTe's names, and tilers by mode
// (make_tile) for composition and the divides. Each is one constexpr function over a
// dynamic_layout, built on core/algebra.hpp's rules; static/ names them as types (`upcast_t<L,
// 2>`). Mirrored as algebra.hpp says: CuTe's mode k is strider's axis rank-1-k.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../util/checked.hpp"
#include "../util/error.hpp"
#include "algebra.hpp"
#include "dims.hpp"
#include "layout.hpp"

namespace strider {

/// CuTe's `ceil_div(a, b)`: how many b-sized tiles cover a elements, a / b rounded up.
/// @pre a >= 0 and b > 0.
/// @example `ceil_div(10, 4)` is 3.
STRIDER_HOST_DEVICE constexpr index_t ceil_div(index_t a, index_t b) {
  if (a < 0 || b <= 0) detail::refuse("ceil_div: needs a >= 0 and b > 0, got {} and {}", a, b);
  return detail::ceil_div(a, b);
}

namespace detail {
// The axes [first, first + count) of v alone, at offset 0 (a group of coalesce's profile).
STRIDER_HOST_DEVICE constexpr layout_value axes_of(const layout_value& v, std::size_t first, std::size_t count) {
  layout_value out{};
  out.rank = count;
  for (std::size_t d = 0; d < count; ++d) {
    out.shape[d] = v.shape[first + d];
    out.strides[d] = v.strides[first + d];
  }
  return out;
}
// v at offset 0 over exactly the span it needs: a layout read as a function of its index.
STRIDER_HOST_DEVICE constexpr dynamic_layout as_index_map(const layout_value& v, check_caller caller) {
  layout_value out = v;
  out.offset = 0;
  out.storage_size = 0;
  const index_t lowest = min_offset(out, caller.name);
  if (lowest < 0) out.offset = -lowest;  // reversed axes: the smallest offset at 0
  return subset_result(validate(out, caller));
}
}  // namespace detail

/// CuTe's `filter(L)`: L without its stride-0 and extent-1 axes, coalesced: each offset L reaches,
/// once, in L's order. An empty layout gives (0,):(1,); one element gives rank 0. The offset and
/// the storage stay (a view of the same storage).
/// @pre none.
/// @example `layout((3, 4, 2), (0, 2, 1)).filter()` is shape (8,), strides (1,), offset 0 (CuTe's
///          `filter((2,4,3):(1,2,0))` is `8:1`).
STRIDER_HOST_DEVICE constexpr dynamic_layout filter(const dynamic_layout& l) {
  const layout_value& v = l.value();
  if (l.size() == 0) return coalesce(l);
  layout_value out = v;
  out.rank = 0;
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (v.strides[d] == 0) continue;
    out.shape[out.rank] = v.shape[d];
    out.strides[out.rank] = v.strides[d];
    ++out.rank;
  }
  for (std::size_t d = out.rank; d < max_rank; ++d) out.shape[d] = out.strides[d] = 0;
  return coalesce(detail::subset_result(out));
}

/// CuTe's `coalesce(L, profile)`: coalesce within each group of axes the profile names (their
/// counts, in order, adding up to L's rank), never across groups; a group that coalesces to one
/// element keeps one axis, (1):(0), as CuTe's mode `_1:_0` (a group keeps its place). CuTe's
/// by-mode coalesce of a layout whose modes are flattened to these groups.
/// @pre every count is positive and they add up to L's rank.
/// @example `layout((2, 4, 1, 1), (4, 1, 1, 1)).coalesce(2, 2)` is shape (8, 1), strides (1, 0),
///          offset 0 (CuTe's `coalesce(((1,1),(4,2)):((1,1),(1,4)), (1,1))` is `(1,8):(0,1)`).
STRIDER_HOST_DEVICE constexpr dynamic_layout coalesce(const dynamic_layout& l, const dims& profile) {
  const layout_value& v = l.value();
  std::size_t total = 0;
  for (std::size_t g = 0; g < profile.size(); ++g) {
    if (profile[g] <= 0) detail::refuse("coalesce: group {} of the profile has {} axes; each needs at least one", g, profile[g]);
    total += static_cast<std::size_t>(profile[g]);
  }
  if (total != v.rank) detail::refuse("coalesce: the profile's groups hold {} axes, the layout has {}", total, v.rank);
  layout_value out = v;
  out.rank = 0;
  std::size_t first = 0;
  for (std::size_t g = 0; g < profile.size(); ++g) {
    const std::size_t count = static_cast<std::size_t>(profile[g]);
    const layout_value group = detail::coalesced(detail::axes_of(v, first, count), detail::called_by<detail::op::coalesce>());
    if (group.rank == 0) {
      out.shape[out.rank] = 1;
      out.strides[out.rank] = 0;
      ++out.rank;
    }
    for (std::size_t d = 0; d < group.rank; ++d) {
      out.shape[out.rank] = group.shape[d];
      out.strides[out.rank] = group.strides[d];
      ++out.rank;
    }
    first += count;
  }
  for (std::size_t d = out.rank; d < max_rank; ++d) out.shape[d] = out.strides[d] = 0;
  return detail::subset_result(out);
}

namespace detail {
// coalesce_t<L, Profile...>'s rule: no profile is the plain coalesce, also of a mixed layout.
STRIDER_HOST_DEVICE constexpr dynamic_layout coalesce_by(const dynamic_layout& l, const dims& profile) { return profile.empty() ? coalesce(l) : coalesce(l, profile); }
STRIDER_HOST_DEVICE constexpr maybe_layout coalesce_by(const maybe_layout& l, const dims& profile) {
  if (!profile.empty()) refuse("coalesce: a profile needs a static layout (this one has run-time entries)");
  return coalesce(l);
}
}  // namespace detail

/// CuTe's `upcast<N>(L)`: L read in units of N elements (N halves as one 16-byte vector of 8, N
/// = 8): each stride that is a multiple of N is divided by it; an axis whose stride s divides N
/// steps within a unit, and becomes ceil(extent / (N / s)) units of stride 1; stride 0 stays.
/// The offset must be a whole number of units; the storage becomes the units it touches (rounded
/// up: the last unit may reach up to N - 1 elements past it, which a vector access of that unit
/// reads; a view's buffer must hold them). A layout of run-time values gets CuTe's static rule
/// (CuTe assumes a run-time stride is a multiple of N; strider checks it).
/// @pre n > 0; the offset is a multiple of n; every stride is a multiple or a divisor of n, and
///      one that divides n is not negative (a backward step inside a unit).
/// @example `contiguous(4, 8).upcast(4)` is shape (4, 2), strides (2, 1), offset 0 (CuTe's
///          `upcast<4>((8,4):(1,8))` is `(2,4):(1,2)`).
STRIDER_HOST_DEVICE constexpr dynamic_layout upcast(const dynamic_layout& l, index_t n) {
  const layout_value& v = l.value();
  if (n <= 0) detail::refuse("upcast: the unit of {} elements is not positive", n);
  if (v.offset % n != 0) detail::refuse("upcast: offset {} is not a multiple of the unit of {} elements", v.offset, n);
  layout_value out = v;
  out.offset = v.offset / n;
  out.storage_size = detail::ceil_div(v.storage_size, n);
  for (std::size_t d = 0; d < v.rank; ++d) {
    const index_t s = v.strides[d];
    if (s == 0) continue;
    const index_t magnitude = s < 0 ? detail::checked_neg(s, "upcast") : s;
    if (magnitude % n == 0) {
      out.strides[d] = s / n;
    } else if (n % magnitude == 0) {
      if (s < 0) detail::refuse("upcast: axis {} steps back by {}, inside the unit of {} elements (flip it first)", d, magnitude, n);
      out.shape[d] = detail::ceil_div(v.shape[d], n / magnitude);
      out.strides[d] = 1;
    } else {
      detail::refuse("upcast: stride {} of axis {} and the unit of {} elements do not divide one another", s, d, n);
    }
  }
  return detail::subset_result(detail::validate(out, detail::called_by<detail::op::layout>()));
}

/// CuTe's `downcast<N>(L)`: L read in parts of 1/N element (a float as two halves, N = 2): the
/// axis of stride 1 (or -1) takes N times its extent, every other stride is multiplied by N; the
/// offset and storage count parts. A layout of one element and no axis gives (N,):(1,).
/// @pre n > 0; an axis has stride 1 or -1 (CuTe: "Downcast requires adjacent elements"), and
///      not both a 1 and a -1; the results fit in int64.
/// @example `contiguous(4, 2).downcast(2)` is shape (4, 4), strides (4, 1), offset 0 (CuTe's
///          `downcast<2>((2,4):(1,2))` is `(4,4):(1,4)`).
STRIDER_HOST_DEVICE constexpr dynamic_layout downcast(const dynamic_layout& l, index_t n) {
  const layout_value& v = l.value();
  if (n <= 0) detail::refuse("downcast: the part count {} is not positive", n);
  layout_value out = v;
  if (v.rank == 0) {
    out.rank = 1;
    out.shape[0] = n;
    out.strides[0] = 1;
  }
  bool forward = false, backward = false;
  for (std::size_t d = 0; d < v.rank; ++d) {
    forward = forward || v.strides[d] == 1;
    backward = backward || v.strides[d] == -1;
  }
  if (v.rank > 0 && !forward && !backward)
    detail::refuse("downcast: no axis has stride 1 or -1, so the {} parts of an element would lie on no axis", n);
  if (forward && backward) detail::refuse("downcast: axes step by both 1 and -1; the parts of their elements would overlap");
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (v.strides[d] == 1 || v.strides[d] == -1) out.shape[d] = detail::checked_mul(v.shape[d], n, "downcast");
    else out.strides[d] = detail::checked_mul(v.strides[d], n, "downcast");
  }
  // A backward axis reads an element's parts from its last: the offset is that part's.
  out.offset = detail::checked_add(detail::checked_mul(v.offset, n, "downcast"), backward ? n - 1 : 0, "downcast");
  out.storage_size = detail::checked_mul(v.storage_size, n, "downcast");
  // Several unit axes (a layout that is not unique) reach past the parts of its last element.
  if (out.storage_size > 0 && detail::max_offset(out, "downcast") >= out.storage_size) out.storage_size = detail::max_offset(out, "downcast") + 1;
  return detail::subset_result(detail::validate(out, detail::called_by<detail::op::layout>()));
}

/// CuTe's `recast_layout<From, To>(L)`: L of elements of `from_bytes` read as elements of
/// `to_bytes`: with from / to reduced to p / q, upcast by q then downcast by p (as CuTe).
/// @pre both sizes positive; then as upcast and downcast.
/// @example `recast_layout(contiguous(4, 8), 2, 4)` (halves as floats) is shape (4, 4), strides
///          (4, 1), offset 0.
STRIDER_HOST_DEVICE constexpr dynamic_layout recast_layout(const dynamic_layout& l, index_t from_bytes, index_t to_bytes) {
  if (from_bytes <= 0 || to_bytes <= 0) detail::refuse("recast_layout: element sizes {} and {} must be positive", from_bytes, to_bytes);
  const index_t g = detail::gcd_of(from_bytes, to_bytes);
  const index_t up = to_bytes / g, down = from_bytes / g;
  dynamic_layout out = l;
  if (up != 1) out = upcast(out, up);
  if (down != 1) out = downcast(out, down);
  return out;
}

/// CuTe's `max_common_vector(A, B)`: the largest n such that the elements at B's offsets 0 ..
/// n-1 are at A's offsets 0 .. n-1 too, index for index: how many elements a copy from one to
/// the other can move as one contiguous vector (its alignment is vector_width's). Both are read
/// from their first element (their offsets do not count). 1 when only the first corresponds.
/// One check per element of the vector found: at compile time (max_common_vector_v) a vector of
/// a few hundred thousand elements fits the compilers' default limits.
/// @pre both non-empty and of the same element count; B has no reversed axis (its offsets are
///      read as a function of the index, see right_inverse).
/// @example `max_common_vector(contiguous(4, 8), column_major(4, 8))` is 1; of two
///          contiguous(4, 8) it is 32.
STRIDER_HOST_DEVICE constexpr index_t max_common_vector(const dynamic_layout& a, const dynamic_layout& b) {
  const detail::check_caller caller = detail::called_by<detail::op::layout>();
  if (a.size() == 0 || b.size() == 0) detail::refuse("max_common_vector: a layout is empty (sizes {} and {})", a.size(), b.size());
  if (a.size() != b.size()) detail::refuse("max_common_vector: the layouts have {} and {} elements", a.size(), b.size());
  const dynamic_layout b0 = detail::as_index_map(b.value(), caller);
  if (b0.offset() != 0) detail::refuse("max_common_vector: the second layout has a reversed axis (its first element is not its lowest offset)");
  const dynamic_layout inverse = right_inverse(b0);
  // A(inverse(x)) == x from x = 0 on, relative to A's first element: the first x where it fails
  // ends the vector.
  index_t n = 0;
  for (const index_t count = inverse.size(); n < count; ++n)
    if (detail::flat_index_offset(a.value(), detail::flat_index_offset(inverse.value(), n)) - a.offset() != n) break;
  return n;
}

/// CuTe's `max_common_layout(A, B)`: the layout of B's indices (C order) of the
/// max_common_vector(A, B) elements that A and B hold alike, in offset order: (n,):(s,) for a
/// vector of n whose index steps by s; CuTe's (1,):(0,) when only the first element corresponds.
/// A vector along A's and B's own index is (n,):(1,).
/// @pre as max_common_vector.
/// @example `contiguous(4, 8).max_common_layout((4, 8), (8, 1))` is shape (32,), strides (1,),
///          offset 0: `max_common_layout(contiguous(4, 8), contiguous(4, 8))`.
STRIDER_HOST_DEVICE constexpr dynamic_layout max_common_layout(const dynamic_layout& a, const dynamic_layout& b) {
  const index_t n = max_common_vector(a, b);
  if (n == 1) return dynamic_layout(dims{1}, dims{0});
  const dynamic_layout inverse = right_inverse(detail::as_index_map(b.value(), detail::called_by<detail::op::layout>()));  // max_common_vector checked it
  return composition(inverse, dynamic_layout(dims{n}, dims{1}));
}

/// CuTe's `make_ordered_layout(shape, order)`: the layout of `shape` whose strides grow in the
/// order `order` gives: each axis's stride is the product of the extents of the axes of smaller
/// order (the axis of the smallest order has stride 1). Distinct orders give a compact layout;
/// axes of equal order get equal strides, as CuTe's static orders do (CuTe reads a run-time order
/// as distinct, left to right: give distinct orders for that).
/// @pre one order entry per extent; extents not negative, the size within int64.
/// @example `make_ordered_layout({2, 2, 2, 2}, {1, 3, 2, 0})` has strides (2, 8, 4, 1) (CuTe's
///          `make_ordered_layout((2,2,2,2), (0,2,3,1))` is `(2,2,2,2):(1,4,8,2)`).
STRIDER_HOST_DEVICE constexpr dynamic_layout make_ordered_layout(const dims& shape, const dims& order) {
  if (shape.size() != order.size())
    detail::refuse("make_ordered_layout: {} extents but {} order entries", shape.size(), order.size());
  dims strides = shape;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) detail::refuse("make_ordered_layout: extent {} of axis {} is negative", shape[d], d);
    index_t stride = 1;
    for (std::size_t e = 0; e < shape.size(); ++e)
      if (order[e] < order[d]) stride = detail::checked_mul(stride, shape[e], "make_ordered_layout");
    strides[d] = stride;
  }
  return dynamic_layout(shape, strides);
}

/// CuTe's one-argument `complement(L)`: complement(filter(L), cotarget), where the cotarget is
/// what L's axes span (CuTe's cosize, rounded up to the span, as CuTe's last mode is): the
/// offsets below that span that L does not reach.
/// @pre as complement(L, N) after filter: L starts at offset 0, and its axes of nonzero stride
///      sorted by stride nest.
/// @example `layout((4,), (2,)).complement()` is shape (2,), strides (1,), offset 0 (CuTe's
///          `complement(4:2)` is `2:1`).
STRIDER_HOST_DEVICE constexpr dynamic_layout complement(const dynamic_layout& l) {
  const dynamic_layout f = filter(l);
  index_t span = 1;
  for (std::size_t d = 0; d < f.rank(); ++d)
    if (f.stride(d) > 0) {
      const index_t reach = detail::checked_mul(f.stride(d), f.extent(d), "complement");
      span = reach > span ? reach : span;
    }
  return complement(f, span);
}

/// CuTe's `tile_to_shape(block, shape, order)`: the block repeated to fill `shape`, as
/// blocked_product(block, make_ordered_layout(shape / block's extents, order)), flattened: per
/// axis, the repetition, then the block's axis (rank 2 x rank(shape)). A block of lower rank
/// gets leading extent-1 axes. The default order repeats along the last axis first (CuTe's
/// LayoutLeft, mirrored): the order (r-1, ..., 1, 0).
/// @pre the block's rank is at most the shape's; each of its extents divides the shape's; as
///      blocked_product.
/// @example `contiguous(2, 2).tile_to_shape((4, 6))` is shape (2, 2, 3, 2), strides (12, 2, 4, 1),
///          offset 0: `tile_to_shape(contiguous(2, 2), {4, 6})`.
STRIDER_HOST_DEVICE constexpr dynamic_layout tile_to_shape(const dynamic_layout& block, const dims& shape, const dims& order = {}) {
  const std::size_t r = shape.size();
  if (block.rank() > r) detail::refuse("tile_to_shape: the block has rank {}, more than the shape's {}", block.rank(), r);
  if (!order.empty() && order.size() != r) detail::refuse("tile_to_shape: {} order entries for a shape of rank {}", order.size(), r);
  dims repeats = shape;
  for (std::size_t d = 0; d < r; ++d) {
    const index_t e = d + block.rank() < r ? 1 : block.extent(d + block.rank() - r);
    if (e <= 0 || shape[d] % e != 0) detail::refuse("tile_to_shape: block extent {} does not divide extent {} of axis {} of the shape", e, shape[d], d);
    repeats[d] = shape[d] / e;
  }
  dims last_first = shape;  // CuTe's LayoutLeft, mirrored: the last axis repeats first
  for (std::size_t d = 0; d < r; ++d) last_first[d] = static_cast<index_t>(r - 1 - d);
  return blocked_product(block, make_ordered_layout(repeats, order.empty() ? last_first : order));
}

/// CuTe's `zipped_divide`, `tiled_divide` and `flat_divide` by a tiler layout: flattened, all
/// three are logical_divide (which tile, then the tile); they differ in CuTe only in how the
/// modes nest.
/// @pre as logical_divide.
/// @example `contiguous(8).zipped_divide((2,), (1,))` is shape (4, 2), strides (2, 1), offset 0.
STRIDER_HOST_DEVICE constexpr dynamic_layout zipped_divide(const dynamic_layout& l, const dynamic_layout& tiler) { return logical_divide(l, tiler); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tiled_divide(const dynamic_layout& l, const dynamic_layout& tiler) { return logical_divide(l, tiler); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flat_divide(const dynamic_layout& l, const dynamic_layout& tiler) { return logical_divide(l, tiler); }

/// The same by a tile shape, one extent per axis (CuTe's `Tile<_32, _32>` or `make_shape(32, 32)`):
/// zipped, tiled and flat divides are `tile` (every axis's tile count first, then the tile);
/// `logical_divide` by a shape keeps each axis's pair together: (tiles of axis 0, tile of axis 0,
/// tiles of axis 1, ...).
/// @pre one extent per axis, each dividing its axis (see tile).
/// @example `logical_divide(contiguous(8, 8), {2, 4})` is shape (4, 2, 2, 4), strides (16, 8, 4, 1);
///          `zipped_divide(contiguous(8, 8), {2, 4})` is shape (4, 2, 2, 4), strides (16, 4, 8, 1).
STRIDER_HOST_DEVICE constexpr dynamic_layout zipped_divide(const dynamic_layout& l, const dims& tile_shape) { return tile(l, tile_shape); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tiled_divide(const dynamic_layout& l, const dims& tile_shape) { return tile(l, tile_shape); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flat_divide(const dynamic_layout& l, const dims& tile_shape) { return tile(l, tile_shape); }
STRIDER_HOST_DEVICE constexpr dynamic_layout logical_divide(const dynamic_layout& l, const dims& tile_shape) {
  const dynamic_layout t = tile(l, tile_shape);
  const std::size_t r = l.rank();
  dims order = t.shape();
  for (std::size_t d = 0; d < r; ++d) {
    order[2 * d] = static_cast<index_t>(d);
    order[2 * d + 1] = static_cast<index_t>(r + d);
  }
  return permute(t, order);
}

/// CuTe's `make_tile(T0, T1, ...)`: a tiler of one layout per axis (T0 for axis 0, strider's
/// order), for composition, the divides and the products by mode: each axis of L is read as a
/// 1-D layout and composed, divided or multiplied by its own tiler. At most max_rank modes.
/// @pre each mode starts at offset 0 (it is read as a function of the index).
/// @example `make_tile(dynamic_layout({4, 2}, {8, 1}), dynamic_layout({3}, {3}))` has rank 2: CuTe's
///          `make_tile(3:3, (2,4):(1,8))` mirrored (strider's axis 0 is CuTe's last mode).
struct layout_tile {
  std::size_t rank = 0;
  dynamic_layout modes[max_rank] = {};
};
template <class... T>
  requires(std::is_same_v<T, dynamic_layout> && ...)
STRIDER_HOST_DEVICE constexpr layout_tile make_tile(const T&... modes) {
  static_assert(sizeof...(T) <= max_rank, "make_tile: more modes than max_rank");
  layout_tile out;
  ((out.modes[out.rank++] = modes), ...);
  return out;
}

namespace detail {
// Axis d of l as a 1-D layout at offset 0, over the span it needs.
STRIDER_HOST_DEVICE constexpr dynamic_layout axis_layout(const dynamic_layout& l, std::size_t d) {
  layout_value v{};
  v.rank = 1;
  v.shape[0] = l.extent(d);
  v.strides[0] = l.stride(d);
  return as_index_map(v, called_by<op::layout>());
}
// The result of a by-mode operation: the axes of `parts` (each an operation on one axis), in the
// order `order` lists (part, first axis, count), over l's offset and storage.
struct axis_run {
  std::size_t part = 0, first = 0, count = 0;
};
// A product's result is not a view of l's storage (its repetitions reach past it): it is an index
// map, at offset 0 over the span it needs.
STRIDER_HOST_DEVICE constexpr dynamic_layout joined_axes(const dynamic_layout& l, const dynamic_layout* parts, const axis_run* runs, std::size_t run_count, const char* op, bool index_map) {
  layout_value out = l.value();
  out.rank = 0;
  for (std::size_t r = 0; r < run_count; ++r)
    for (std::size_t a = runs[r].first; a < runs[r].first + runs[r].count; ++a) {
      if (out.rank == max_rank) refuse("{}: the result has more than max_rank ({}) axes", op, max_rank);
      out.shape[out.rank] = parts[runs[r].part].extent(a);
      out.strides[out.rank] = parts[runs[r].part].stride(a);
      ++out.rank;
    }
  for (std::size_t d = out.rank; d < max_rank; ++d) out.shape[d] = out.strides[d] = 0;
  if (index_map) return as_index_map(out, called_by<op::layout>());
  return subset_result(validate(out, called_by<op::layout>()));
}
STRIDER_HOST_DEVICE constexpr void check_tile_rank(const dynamic_layout& l, const layout_tile& t, const char* op) {
  if (t.rank != l.rank()) refuse("{}: the tile has {} modes, the layout {} axes (one mode per axis)", op, t.rank, l.rank());
}
// Per axis: (the leading axes, the trailing `tail` axes) of op(axis d, mode d); by mode, CuTe's
// logical form keeps each axis's pair together, the zipped form puts every axis's leading axes first.
// The result, and how many trailing axes are tiles (zipped: every axis's tile; logical: 0, the
// pairs stay together). A product (index_map) is not a view of l's storage.
struct by_mode_result {
  dynamic_layout layout;
  std::size_t tile_rank = 0;
};
template <class Op>
STRIDER_HOST_DEVICE constexpr by_mode_result by_mode(const dynamic_layout& l, const layout_tile& t, bool zipped, const char* name, Op op, bool index_map = false) {
  check_tile_rank(l, t, name);
  dynamic_layout parts[max_rank] = {};
  std::size_t tails[max_rank] = {};
  for (std::size_t d = 0; d < l.rank(); ++d) {
    const auto [part, tail] = op(axis_layout(l, d), t.modes[d]);
    parts[d] = part;
    tails[d] = tail;
  }
  axis_run runs[2 * max_rank] = {};
  std::size_t count = 0, tile_rank = 0;
  if (zipped) {
    for (std::size_t d = 0; d < l.rank(); ++d) runs[count++] = {d, 0, parts[d].rank() - tails[d]};
    for (std::size_t d = 0; d < l.rank(); ++d) {
      runs[count++] = {d, parts[d].rank() - tails[d], tails[d]};
      tile_rank += tails[d];
    }
  } else {
    for (std::size_t d = 0; d < l.rank(); ++d) runs[count++] = {d, 0, parts[d].rank()};
  }
  return {joined_axes(l, parts, runs, count, name, index_map), tile_rank};
}
struct part_and_tail {
  dynamic_layout part;
  std::size_t tail = 0;
};
struct divide_axis {
  STRIDER_HOST_DEVICE constexpr part_and_tail operator()(const dynamic_layout& axis, const dynamic_layout& mode) const {
    const basic_tiled<layout_value> d = divide(axis, mode);
    return {subset_result(d.value), d.tile_rank};
  }
};
struct product_axis {
  STRIDER_HOST_DEVICE constexpr part_and_tail operator()(const dynamic_layout& axis, const dynamic_layout& mode) const {
    const basic_tiled<layout_value> p = product(axis, mode);
    return {subset_result(p.value), p.tile_rank};
  }
};
STRIDER_HOST_DEVICE constexpr basic_tiled<layout_value> as_tiled(const by_mode_result& r) { return {r.layout.value(), r.tile_rank}; }
// The by-mode forms of the rules the static aliases call (logical_divide_t<L, make_tile_t<...>>):
// logical keeps each axis's pair together (no trailing tile: tile_rank 0), zipped puts the tiles last.
STRIDER_HOST_DEVICE constexpr basic_tiled<layout_value> divide(const dynamic_layout& l, const layout_tile& t) { return as_tiled(by_mode(l, t, false, "logical_divide", divide_axis{})); }
STRIDER_HOST_DEVICE constexpr basic_tiled<layout_value> product(const dynamic_layout& l, const layout_tile& t) { return as_tiled(by_mode(l, t, false, "logical_product", product_axis{}, true)); }
// zipped_divide and zipped_product: by a tiler layout, the logical ones; by a tile, every axis's
// tile count (or repetitions) first, then every axis's tile (or block).
template <class L, class T>
STRIDER_HOST_DEVICE constexpr auto zipped_divide_tiled(const L& l, const T& tiler) { return divide(l, tiler); }
STRIDER_HOST_DEVICE constexpr basic_tiled<layout_value> zipped_divide_tiled(const dynamic_layout& l, const layout_tile& t) { return as_tiled(by_mode(l, t, true, "zipped_divide", divide_axis{})); }
template <class L, class T>
STRIDER_HOST_DEVICE constexpr auto zipped_product_tiled(const L& l, const T& tiler) { return product(l, tiler); }
STRIDER_HOST_DEVICE constexpr basic_tiled<layout_value> zipped_product_tiled(const dynamic_layout& l, const layout_tile& t) { return as_tiled(by_mode(l, t, true, "zipped_product", product_axis{}, true)); }
}  // namespace detail

/// CuTe's by-mode `composition(L, make_tile(B0, B1, ...))`: axis d of L composed with B_d, the
/// results side by side (axis 0's first). A view of L's storage.
/// @pre one mode per axis; each axis composes with its mode (see composition).
/// @example `composition(dynamic_layout::contiguous({4, 6}), make_tile(dynamic_layout({2}, {2}),
///          dynamic_layout({3}, {2})))` has shape (2, 3), strides (12, 2).
STRIDER_HOST_DEVICE constexpr dynamic_layout composition(const dynamic_layout& l, const layout_tile& t) {
  return detail::by_mode(l, t, false, "composition", [](const dynamic_layout& axis, const dynamic_layout& mode) {
    const dynamic_layout c = composition(axis, mode);
    return detail::part_and_tail{c, 0};
  }).layout;
}
/// CuTe's `logical_divide(L, make_tile(T0, T1, ...))`: axis d of L divided by T_d, each axis's
/// pair together: (which tile of axis 0, the tile of axis 0, which tile of axis 1, ...).
/// @pre one mode per axis; each divides its axis (see logical_divide).
/// @example `logical_divide(dynamic_layout::contiguous({8, 8}), make_tile(dynamic_layout({2}, {1}),
///          dynamic_layout({4}, {2})))` has shape (4, 2, 2, 4), strides (16, 8, 1, 2).
STRIDER_HOST_DEVICE constexpr dynamic_layout logical_divide(const dynamic_layout& l, const layout_tile& t) { return detail::subset_result(detail::divide(l, t).value); }
/// CuTe's `zipped_divide`, `tiled_divide` and `flat_divide` by a tile of layouts: every axis's
/// tile count first, then every axis's tile (flattened, the three are one).
/// @pre as logical_divide by a tile.
/// @example `zipped_divide(dynamic_layout::contiguous({8, 8}), make_tile(dynamic_layout({2}, {1}),
///          dynamic_layout({4}, {2})))` has shape (4, 2, 2, 4), strides (16, 1, 8, 2).
STRIDER_HOST_DEVICE constexpr dynamic_layout zipped_divide(const dynamic_layout& l, const layout_tile& t) { return detail::subset_result(detail::zipped_divide_tiled(l, t).value); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tiled_divide(const dynamic_layout& l, const layout_tile& t) { return zipped_divide(l, t); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flat_divide(const dynamic_layout& l, const layout_tile& t) { return zipped_divide(l, t); }

/// CuTe's `zipped_product`, `tiled_product` and `flat_product` by a tiler layout: flattened, all
/// three are logical_product (the tiler's repetitions, then the block).
/// @pre as logical_product.
/// @example `contiguous(2).zipped_product((3,), (1,))` is shape (3, 2), strides (2, 1), offset 0.
STRIDER_HOST_DEVICE constexpr dynamic_layout zipped_product(const dynamic_layout& block, const dynamic_layout& tiler) { return logical_product(block, tiler); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tiled_product(const dynamic_layout& block, const dynamic_layout& tiler) { return logical_product(block, tiler); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flat_product(const dynamic_layout& block, const dynamic_layout& tiler) { return logical_product(block, tiler); }

/// CuTe's `logical_product(L, make_tile(T0, T1, ...))`: axis d of L (read as a 1-D layout) times
/// T_d, each axis's pair together: (repetitions of axis 0, axis 0, repetitions of axis 1, ...). As
/// CuTe's, each axis's repetitions step past that axis alone, so they may land on other axes'
/// offsets (the result need not be unique). An index map at offset 0, not a view of L's storage.
/// @pre one mode per axis; each axis and its mode as logical_product (L's axes not reversed).
/// @example `logical_product(dynamic_layout::contiguous({2, 3}), make_tile(dynamic_layout({2}, {1}),
///          dynamic_layout({4}, {1})))` has shape (2, 2, 4, 3), strides (1, 3, 3, 1) (CuTe's
///          `logical_product((3,2):(1,3), make_tile(4:1, 2:1))` is `((3,4),(2,2)):((1,3),(3,1))`).
STRIDER_HOST_DEVICE constexpr dynamic_layout logical_product(const dynamic_layout& l, const layout_tile& t) { return detail::subset_result(detail::product(l, t).value); }
/// CuTe's `zipped_product`, `tiled_product` and `flat_product` by a tile of layouts: every axis's
/// repetitions first, then every axis of L (flattened, the three are one).
/// @pre as logical_product by a tile.
/// @example `zipped_product(dynamic_layout::contiguous({2, 3}), make_tile(dynamic_layout({2}, {1}),
///          dynamic_layout({4}, {1})))` has shape (2, 4, 2, 3), strides (1, 3, 3, 1).
STRIDER_HOST_DEVICE constexpr dynamic_layout zipped_product(const dynamic_layout& l, const layout_tile& t) { return detail::subset_result(detail::zipped_product_tiled(l, t).value); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tiled_product(const dynamic_layout& l, const layout_tile& t) { return zipped_product(l, t); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flat_product(const dynamic_layout& l, const layout_tile& t) { return zipped_product(l, t); }

/// CuTe's `make_identity_layout(shape)`, as strider's layouts map to integers: the layout whose
/// offset at each index is that index's C-order rank in `shape` (contiguous(shape)). Any layout
/// made from it (a tile, a partition, a composition) maps its own index to the rank of the
/// original index it reaches, and `unravel_index(offset, shape)` gives that index back: where
/// CuTe's identity tensor holds coordinates (for predicates), this holds their ranks.
/// @pre extents not negative, the size within int64.
/// @example `make_identity_layout({4, 6})` is contiguous (4, 6); through `tile(2, 3)` its element
///          (1, 0, 1, 2) is at offset 20, and `unravel_index(20, {4, 6})` is (3, 2).
STRIDER_HOST_DEVICE constexpr dynamic_layout make_identity_layout(const dims& shape) { return dynamic_layout::contiguous(shape); }

/// NumPy's `unravel_index(i, shape)`: the index of shape whose C-order rank is i (the inverse of
/// contiguous(shape)'s offsets).
/// @pre 0 <= i < the shape's element count.
/// @example `unravel_index(17, {4, 6})` is (2, 5).
STRIDER_HOST_DEVICE constexpr dims unravel_index(index_t i, const dims& shape) {
  index_t size = 1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) detail::refuse("unravel_index: extent {} of axis {} is negative", shape[d], d);
    size = detail::checked_mul(size, shape[d], "unravel_index");
  }
  if (i < 0 || i >= size) detail::refuse("unravel_index: index {} is out of bounds for a shape of {} elements", i, size);
  dims out = shape;
  for (std::size_t d = shape.size(); d-- > 0;) {
    out[d] = i % shape[d];
    i /= shape[d];
  }
  return out;
}

}  // namespace strider
