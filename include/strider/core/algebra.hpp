// strider/core/algebra.hpp: CuTe's layout algebra in NumPy's row-major order: composition,
// complement, right and left inverses, logical divide and product, tile, and the widest vector
// load a layout allows. One constexpr function each, like the view operations.
//
// CuTe reads a layout's 1-D index in column-major order (mode 0 varies fastest); strider reads it
// in C order (the last axis varies fastest), as NumPy and PyTorch do. The two are mirror images:
// strider's axes reversed are CuTe's modes. The algorithms below are CuTe's, run on a `mode_list`
// that holds the axes in CuTe's order, so that they read as CuTe's documentation does; every
// result is turned back into strider's order. Where CuTe checks a precondition only for static
// values, or pads a shape that does not divide, strider refuses with a layout_error that names
// the operation and the values.
//
// Layouts are functions here, so the layouts read as index maps (the second argument of
// composition, the tiler of a divide, the input of complement, the inverses and the block of a
// product) must start at offset 0; the first argument of composition and of a divide may be any
// view, and the result is a view of the same storage.
#pragma once

#include <cstddef>

#include "checked.hpp"
#include "dims.hpp"
#include "error.hpp"
#include "layout.hpp"
#include "operations.hpp"

namespace strider {

namespace detail {

// Modes (extent, stride) in CuTe's order, mode 0 fastest. Intermediate lists may hold more modes
// than a layout has axes (a complement interleaves gaps with the axes).
struct mode_list {
  static constexpr std::size_t capacity = 2 * max_rank + 2;
  index_t shape[capacity] = {};
  index_t stride[capacity] = {};
  std::size_t axis[capacity] = {};  // the strider axis a mode came from, for messages
  std::size_t size = 0;

  constexpr void push(index_t extent, index_t step, std::size_t from = 0) {
    shape[size] = extent;
    stride[size] = step;
    axis[size] = from;
    ++size;
  }
  // Appends a mode, dropping extent 1 and merging with the previous mode when it continues it
  // (CuTe's coalesce: s0:d0 ++ s1:s0*d0 => s0*s1:d0).
  constexpr void push_coalesced(index_t extent, index_t step) {
    if (extent == 1) return;
    if (size > 0) {
      const index_t s0 = shape[size - 1], d0 = stride[size - 1];
      index_t next = 0;
      if (!mul_overflows(s0, d0, &next) && next == step) {
        shape[size - 1] = s0 * extent;  // at most the element count of a valid layout
        return;
      }
    }
    push(extent, step);
  }
};

// A layout's axes as modes, in CuTe's order.
constexpr mode_list modes_of(const layout_value& v) {
  mode_list m;
  for (std::size_t d = v.rank; d-- > 0;) m.push(v.shape[d], v.strides[d], d);
  return m;
}

// Appends modes (CuTe's order) to `out` as axes (strider's order).
constexpr void append_axes(layout_value& out, const mode_list& m, const char* op) {
  if (out.rank + m.size > max_rank)
    throw layout_error("{}: the result would have {} axes, more than max_rank ({})", op, out.rank + m.size, max_rank);
  for (std::size_t i = m.size; i-- > 0;) {
    out.shape[out.rank] = m.shape[i];
    out.strides[out.rank] = m.stride[i];
    ++out.rank;
  }
}

// A layout read as an index map must start at 0.
constexpr void require_offset_zero(const layout_value& v, const char* op, const char* what) {
  if (v.offset != 0) throw layout_error("{}: {} starts at offset {}, not 0 (it is read as a function of the index)", op, what, v.offset);
}

// The axes of extent above 1 of a unique layout at offset 0, sorted by stride, where each stride
// is a multiple of the span of the smaller ones (CuTe's complement and left_inverse need this).
// gap[i] is how many copies of the smaller axes fit before mode i (its stride / their span), and
// span the offsets all of them cover.
struct nested_axes {
  mode_list sorted;
  index_t gap[mode_list::capacity] = {};
  index_t span = 1;
};

constexpr nested_axes sort_nested(const layout_value& v, const char* op, const char* what) {
  nested_axes out;
  for (std::size_t d = v.rank; d-- > 0;) {
    if (v.shape[d] == 0) throw layout_error("{}: {} is empty (axis {} has extent 0)", op, what, d);
    if (v.shape[d] == 1) continue;
    if (v.strides[d] <= 0)
      throw layout_error("{}: {} is not unique or not increasing (axis {} has extent {} and stride {})", op, what, d, v.shape[d], v.strides[d]);
    // Insertion by stride; ties stay in axis order and are refused below.
    std::size_t at = out.sorted.size;
    out.sorted.push(v.shape[d], v.strides[d], d);
    while (at > 0 && out.sorted.stride[at - 1] > out.sorted.stride[at]) {
      const index_t s = out.sorted.shape[at], t = out.sorted.stride[at];
      const std::size_t a = out.sorted.axis[at];
      out.sorted.shape[at] = out.sorted.shape[at - 1];
      out.sorted.stride[at] = out.sorted.stride[at - 1];
      out.sorted.axis[at] = out.sorted.axis[at - 1];
      out.sorted.shape[at - 1] = s;
      out.sorted.stride[at - 1] = t;
      out.sorted.axis[at - 1] = a;
      --at;
    }
  }
  for (std::size_t i = 0; i < out.sorted.size; ++i) {
    const index_t stride = out.sorted.stride[i];
    if (stride < out.span) throw layout_error("{}: axis {} of {} (stride {}) lands inside the {} offsets its axes of smaller stride span (they overlap or interleave)", op, out.sorted.axis[i], what, stride, out.span);
    if (stride % out.span != 0)
      throw layout_error("{}: stride {} of axis {} of {} is not a multiple of {}, the span of its axes of smaller stride, so the gaps are not a layout", op, stride, out.sorted.axis[i], what, out.span);
    out.gap[i] = stride / out.span;
    out.span = checked_mul(stride, out.sorted.shape[i], op);
  }
  return out;
}

// CuTe's complement of `v` (offset 0) with respect to `target`, in CuTe's order: the gaps between
// its axes, then the repetitions up to `target`. `exact`: target must be a multiple of the span
// (a bijection onto [0, target)); otherwise the last mode is rounded up (CuTe's ceil_div), as a
// product needs.
constexpr mode_list complement_modes(const layout_value& v, index_t target, bool exact, const char* op, const char* what) {
  if (target <= 0) throw layout_error("{}: the size to complete to, {}, is not positive", op, target);
  require_offset_zero(v, op, what);
  const nested_axes n = sort_nested(v, op, what);
  mode_list out;
  index_t covered = 1;
  for (std::size_t i = 0; i < n.sorted.size; ++i) {
    out.push_coalesced(n.gap[i], covered);
    covered = n.sorted.stride[i] * n.sorted.shape[i];  // sort_nested checked it
  }
  if (exact) {
    if (target < n.span) throw layout_error("{}: {} spans {} offsets, more than the {} it must tile", op, what, n.span, target);
    if (target % n.span != 0) throw layout_error("{}: {} spans {} offsets, which do not divide the {} it must tile", op, what, n.span, target);
  }
  out.push_coalesced(target / n.span + (target % n.span != 0), n.span);
  return out;
}

// One axis (extent s, stride d) of the second layout of a composition, applied to the first
// layout's modes `a` (coalesced, CuTe's order): CuTe's "divide out the stride, mod out the
// extent", with its divisibility conditions checked. The last mode of `a` is not bounded here:
// the caller checked that every index stays below the first layout's size.
//
// The axes of the second layout are composed one by one, which is right only when their indices
// add up without carrying from one of the first layout's extents into the next (CuTe's
// composition assumes it and gives a wrong layout otherwise, even for a unique second layout:
// (12):(1) read by (3, 2):(4, 6) reaches index 14). `used` holds, per mode of `a`, the largest
// digit the axes composed so far reach there; each axis adds its own and must stay below the
// extent (the last mode is unbounded).
constexpr mode_list compose_axis(const mode_list& a, index_t s, index_t d, std::size_t axis, const char* op, const char* what, index_t* used) {
  mode_list out;
  if (s == 1) {  // an extent-1 axis stays an axis (the result has the second layout's axes)
    out.push(1, 0);
    return out;
  }
  if (d == 0) {
    out.push(s, 0);
    return out;
  }
  mode_list m = a;
  const std::size_t last = m.size - 1;
  index_t step[mode_list::capacity] = {};  // the digit step of the axis in each mode of a
  for (std::size_t i = 0; i < m.size; ++i) step[i] = 1;
  index_t rest = d;
  for (std::size_t i = 0; i < last && rest != 1; ++i) {
    const index_t extent = m.shape[i];
    if (extent % rest == 0) {
      m.shape[i] = extent / rest;
      m.stride[i] = checked_mul(m.stride[i], rest, op);
      step[i] = rest;
      rest = 1;
    } else if (rest % extent == 0) {
      m.shape[i] = 1;
      rest /= extent;
    } else {
      throw layout_error("{}: axis {} of {} (stride {}) steps unevenly over the extents of the layout it reads: {} and {} do not divide one another", op, axis, what, d, rest, extent);
    }
  }
  m.stride[last] = checked_mul(m.stride[last], rest, op);
  index_t keep = s;
  for (std::size_t i = 0; i < last; ++i) {
    const index_t extent = m.shape[i];
    if (extent == 1) continue;
    if (keep == 1) {
      m.shape[i] = 1;
    } else if (extent % keep == 0) {
      m.shape[i] = keep;
      keep = 1;
    } else if (keep % extent == 0) {
      keep /= extent;
    } else {
      throw layout_error("{}: axis {} of {} (extent {}) ends unevenly over the extents of the layout it reads: {} and {} do not divide one another", op, axis, what, s, keep, extent);
    }
  }
  m.shape[last] = keep;
  for (std::size_t i = 0; i < last; ++i) {
    used[i] += (m.shape[i] - 1) * step[i];  // at most the extent - 1 each
    if (used[i] >= a.shape[i]) throw layout_error("{}: axis {} of {} (extent {}, stride {}) adds up with the axes before it past extent {} of the layout it reads, which would carry into the next extent", op, axis, what, s, d, a.shape[i]);
  }
  for (std::size_t i = 0; i < m.size; ++i) out.push_coalesced(m.shape[i], m.stride[i]);  // s > 1: at least one mode
  return out;
}

// composition(a, b) appended to `out` (whose offset and storage the caller set): one group of
// axes per axis of b.
constexpr void append_composition(layout_value& out, const dynamic_layout& a, const dynamic_layout& b, const char* op, const char* what) {
  const layout_value& bv = b.value();
  require_offset_zero(bv, op, what);
  if (b.size() == 0) {  // no element: b's axes, nothing to step over
    for (std::size_t d = 0; d < bv.rank; ++d) {
      if (out.rank == max_rank) throw layout_error("{}: the result would have more than max_rank ({}) axes", op, max_rank);
      out.shape[out.rank] = bv.shape[d];
      out.strides[out.rank] = 0;
      ++out.rank;
    }
    return;
  }
  const index_t size = a.size(), reach = b.max_offset();
  if (reach >= size) throw layout_error("{}: {} reaches index {}, past the {} elements of the first layout", op, what, reach, size);
  mode_list am = modes_of(coalesce(a).value());
  if (am.size == 0) am.push(1, 0);  // one element (CuTe's 1:0)
  index_t used[mode_list::capacity] = {};
  for (std::size_t k = 0; k < bv.rank; ++k) append_axes(out, compose_axis(am, bv.shape[k], bv.strides[k], k, op, what, used), op);
}

// A layout whose trailing `tile_rank` axes are one tile and whose leading axes say which tile (the
// result of logical_divide, logical_product and tile): a structural value, so that one evaluation
// gives a static tiled layout both.
struct tiled_value {
  layout_value layout;
  std::size_t tile_rank = 0;
  friend constexpr bool operator==(const tiled_value&, const tiled_value&) = default;
};

// The C-order index stride of each axis of v (how far the 1-D index moves along it).
constexpr void index_strides(const layout_value& v, index_t (&out)[max_rank]) {
  index_t step = 1;
  for (std::size_t d = v.rank; d-- > 0;) {
    out[d] = step;
    step *= v.shape[d];  // at most the element count
  }
}

constexpr layout_value view_base(const layout_value& in) {
  layout_value out{};
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  return out;
}

constexpr layout_value index_map_base(index_t storage) {
  layout_value out{};
  out.storage_size = storage;
  return out;
}

}  // namespace detail

/// CuTe's `composition(A, B)`, in row-major order: the layout `i -> A(B(i))`, B's offsets read as
/// A's C-order indices. B starts at offset 0 and reaches only indices of A; each axis of B becomes
/// one or more axes (CuTe's nested mode, flattened) whose extents multiply to its extent. CuTe's
/// divisibility conditions are checked: an axis of B whose stride or extent steps unevenly across
/// A's extents is refused. The result is a view of A's storage (A's offset and storage).
constexpr dynamic_layout composition(const dynamic_layout& a, const dynamic_layout& b) {
  layout_value out = detail::view_base(a.value());
  detail::append_composition(out, a, b, "composition", "the second layout");
  return detail::subset_result(out);
}

/// CuTe's `complement(L, N)`, in row-major order: the layout of the offsets in [0, N) that L does
/// not reach, so that L and its complement together reach each of them once (a bijection).
/// L starts at offset 0, is unique, and each of its strides, sorted, is a multiple of the span
/// of the smaller ones; N is a multiple of L's span. The axes come in decreasing stride (the
/// repetitions first); one element gives rank 0. The result's storage is [0, N).
constexpr dynamic_layout complement(const dynamic_layout& l, index_t n) {
  layout_value out = detail::index_map_base(n > 0 ? n : 1);
  detail::append_axes(out, detail::complement_modes(l.value(), n, true, "complement", "the layout"), "complement");
  return detail::subset_result(out);
}

/// CuTe's `right_inverse(L)`, in row-major order: the largest layout R with L(R(i)) == i for every
/// i in [0, size(R)): the axes that step by 1, then by what those span, and so on. L starts at
/// offset 0 and is not empty. R's offsets are indices of L: its storage is [0, size(L)).
constexpr dynamic_layout right_inverse(const dynamic_layout& l) {
  detail::require_offset_zero(l.value(), "right_inverse", "the layout");
  if (l.size() == 0) throw layout_error("right_inverse: the layout is empty");
  const layout_value c = coalesce(l).value();
  index_t index_stride[max_rank] = {};
  detail::index_strides(c, index_stride);
  detail::mode_list out_modes;
  index_t next = 1;
  for (bool found = true; found;) {
    found = false;
    for (std::size_t d = 0; d < c.rank; ++d) {
      if (c.strides[d] != next) continue;
      out_modes.push_coalesced(c.shape[d], index_stride[d]);
      found = !detail::mul_overflows(c.strides[d], c.shape[d], &next);
      break;
    }
  }
  layout_value out = detail::index_map_base(l.size());
  detail::append_axes(out, out_modes, "right_inverse");
  return detail::subset_result(out);
}

/// CuTe's `left_inverse(L)`, in row-major order: a layout R with R(L(i)) == i for every i in
/// [0, size(L)). L starts at offset 0 and is unique, and each of its strides, sorted, is a multiple
/// of the span of the smaller ones (the layouts CuTe inverts). R is defined on [0, L's span);
/// where no element of L lies, its values are unspecified (strider picks those that let R's axes
/// merge), so its storage is its own span.
constexpr dynamic_layout left_inverse(const dynamic_layout& l) {
  detail::require_offset_zero(l.value(), "left_inverse", "the layout");
  const detail::nested_axes n = detail::sort_nested(l.value(), "left_inverse", "the layout");
  index_t index_stride[max_rank] = {};
  detail::index_strides(l.value(), index_stride);
  detail::mode_list out_modes;
  for (std::size_t i = 0; i < n.sorted.size; ++i) {
    if (n.gap[i] > 1) {  // offsets L never reaches: any value; this one merges with the previous axis
      const std::size_t p = out_modes.size;
      out_modes.push_coalesced(n.gap[i], p == 0 ? 0 : out_modes.shape[p - 1] * out_modes.stride[p - 1]);
    }
    out_modes.push_coalesced(n.sorted.shape[i], index_stride[n.sorted.axis[i]]);
  }
  layout_value out = detail::index_map_base(0);  // its own span: values off L's elements may pass size(L)
  detail::append_axes(out, out_modes, "left_inverse");
  return dynamic_layout(out);
}

namespace detail {

constexpr tiled_value divide(const dynamic_layout& l, const dynamic_layout& tiler) {
  const index_t size = l.size();
  if (size == 0) throw layout_error("logical_divide: the layout is empty, there is nothing to tile");
  // The tiles: the tiler's complement up to L's size (the tiler must divide it), then the tiler.
  layout_value rest = index_map_base(size);
  append_axes(rest, complement_modes(tiler.value(), size, true, "logical_divide", "the tiler"), "logical_divide");
  layout_value out = view_base(l.value());
  append_composition(out, l, subset_result(rest), "logical_divide", "the tiler's complement");
  const std::size_t rest_rank = out.rank;
  append_composition(out, l, tiler, "logical_divide", "the tiler");
  return {out, out.rank - rest_rank};
}

constexpr tiled_value product(const dynamic_layout& block, const dynamic_layout& tiler) {
  require_offset_zero(tiler.value(), "logical_product", "the tiler");
  if (block.size() == 0) throw layout_error("logical_product: the block is empty");
  // The repetitions of the block (its complement, rounded up to hold as many copies as the tiler
  // reaches indices: CuTe's cosize), in the tiler's order, then the block.
  const index_t target = checked_mul(block.size(), tiler.required_span() > 0 ? tiler.required_span() : 1, "logical_product");
  layout_value repetitions = index_map_base(target);
  append_axes(repetitions, complement_modes(block.value(), target, false, "logical_product", "the block"), "logical_product");
  layout_value out = index_map_base(0);
  append_composition(out, subset_result(repetitions), tiler, "logical_product", "the tiler");
  append_axes(out, modes_of(block.value()), "logical_product");
  return {dynamic_layout(out).value(), block.rank()};
}

constexpr tiled_value tile(const dynamic_layout& l, const dims& tile_shape) {
  const layout_value& in = l.value();
  if (tile_shape.size() != in.rank)
    throw layout_error("tile: {} tile extents for a layout of rank {} (one per axis)", tile_shape.size(), in.rank);
  if (2 * in.rank > max_rank) throw layout_error("tile: the result's rank {} would exceed max_rank ({})", 2 * in.rank, max_rank);
  layout_value out = view_base(in);
  out.rank = 2 * in.rank;
  for (std::size_t d = 0; d < in.rank; ++d) {
    const index_t t = tile_shape[d];
    if (t <= 0) throw layout_error("tile: tile extent {} of axis {} is not positive", t, d);
    if (in.shape[d] % t != 0) throw layout_error("tile: tile extent {} does not divide extent {} of axis {}", t, in.shape[d], d);
    out.shape[d] = in.shape[d] / t;
    // The step between tiles; for a single tile (or none) any stride will do, and t * stride
    // may not fit in int64 then.
    index_t step = in.strides[d];
    if (mul_overflows(in.strides[d], t, &step)) step = in.strides[d];
    out.strides[d] = step;
    out.shape[in.rank + d] = t;
    out.strides[in.rank + d] = in.strides[d];
  }
  return {out, in.rank};
}

}  // namespace detail

/// CuTe's `logical_divide(L, T)`, in row-major order, flattened: L read through the tiler T and
/// its complement. The trailing axes are one tile (composition(L, T), tile_rank of them), the
/// leading axes say which tile (composition with T's complement up to L's size). T starts at
/// offset 0 and must tile L's size exactly: a tile that does not divide is an error, never padded.
/// A view of L's storage.
constexpr dynamic_layout logical_divide(const dynamic_layout& l, const dynamic_layout& tiler) { return detail::subset_result(detail::divide(l, tiler).layout); }

/// CuTe's `logical_product(A, B)`, in row-major order, flattened: the block A repeated in the
/// order of the tiler B. The trailing axes are A (tile_rank = A's rank), the leading ones B's
/// repetitions, each a copy of A at offsets A does not reach. Both start at offset 0; the
/// result is an index map of its own span.
constexpr dynamic_layout logical_product(const dynamic_layout& block, const dynamic_layout& tiler) {
  return detail::subset_result(detail::product(block, tiler).layout);
}

/// Blocks every axis: `tile(l, {2, 4})` of an (8, 8) layout has shape (4, 2, 2, 4): which tile
/// (rows, columns), then the element in the tile. Each tile extent must divide its axis (no
/// padding). CuTe's logical_divide by a shape, flattened with the tiles last (not NumPy's
/// np.tile, which repeats an array). A view of L's storage.
constexpr dynamic_layout tile(const dynamic_layout& l, const dims& tile_shape) { return detail::subset_result(detail::tile(l, tile_shape).layout); }

/// The largest number of consecutive elements (in C order, along the last axes) that a kernel can
/// load as one vector: a power of two that divides the contiguous run of the last axes, every other
/// stride and the offset, and whose size in bytes divides `alignment` (the base pointer's
/// alignment, a power of two). 1 when nothing wider is safe.
constexpr index_t vector_width(const dynamic_layout& l, index_t element_bytes, index_t alignment) {
  if (element_bytes <= 0) throw layout_error("vector_width: element size {} is not positive", element_bytes);
  if (alignment <= 0 || (alignment & (alignment - 1)) != 0) throw layout_error("vector_width: alignment {} is not a power of two", alignment);
  if (l.size() == 0) return 1;
  const layout_value c = coalesce(l).value();
  const index_t run = c.rank > 0 && c.strides[c.rank - 1] == 1 ? c.shape[c.rank - 1] : 1;
  index_t width = 1;
  for (;;) {
    const index_t next = width * 2;
    if (next > run || run % next != 0 || next > alignment / element_bytes || alignment % (next * element_bytes) != 0) break;
    if (c.offset % next != 0) break;
    bool aligned = true;
    for (std::size_t d = 0; d + 1 < c.rank; ++d) aligned = aligned && c.strides[d] % next == 0;
    if (!aligned) break;
    width = next;
  }
  return width;
}

}  // namespace strider
