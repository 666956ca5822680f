// strider/core/algebra.hpp: CuTe's layout algebra in NumPy's row-major order: composition,
// complement, right and left inverses, logical divide and product, tile, and the widest vector
// load a layout allows. One constexpr function each, like the view operations. Over 600 lines:
// the operations share the mode lists, the sorted complement and the nvcc forms below, which no
// other header uses; apart, each piece would include all the others.
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

#include "../util/checked.hpp"
#include "dims.hpp"
#include "../util/error.hpp"
#include "layout.hpp"
#include "operations.hpp"

namespace strider {

namespace detail {
template <class V>
STRIDER_HOST_DEVICE constexpr V coalesced(const V& in, check_caller caller) {
  using E = entry_t<V>;
  V out = in;
  out.rank = 0;
  for (std::size_t d = 0; d < in.rank; ++d) {
    if (static_cast<bool>(in.shape[d] == 0)) {  // no element: one empty axis says everything
      out.rank = 1;
      out.shape[0] = 0;
      out.strides[0] = 1;
      for (std::size_t e = 1; e < max_rank; ++e) out.shape[e] = out.strides[e] = 0;
      return out;
    }
  }
  // On a maybe_layout, an axis of run-time extent that nothing merges with would go if the extent
  // were 1, which no type can say: `lone` marks it until an axis merges into it.
  bool lone[max_rank] = {};
  std::size_t lone_axis[max_rank] = {};
  for (std::size_t d = 0; d < in.rank; ++d) {
    if (static_cast<bool>(is_one(in.shape[d]))) continue;
    // Merges into the previous axis when that one steps over exactly this one's elements
    // (outer stride == extent * stride, tested by division: the product may not fit in int64).
    bool merge = false;
    if (out.rank > 0) {
      const E outer = out.strides[out.rank - 1], stride = in.strides[d];
      if (decided(stride == 0, "whether two axes merge", caller)) merge = decided(outer == 0, "whether two axes merge", caller);
      else merge = decided(outer % stride == 0, "whether two axes merge", caller) && decided(outer / stride == in.shape[d], "whether two axes merge", caller);
    }
    if (merge) {
      out.shape[out.rank - 1] = out.shape[out.rank - 1] * in.shape[d];  // at most the element count
      out.strides[out.rank - 1] = in.strides[d];
      lone[out.rank - 1] = false;
    } else {
      out.shape[out.rank] = in.shape[d];
      out.strides[out.rank] = in.strides[d];
      lone[out.rank] = may_be_one(in.shape[d]);
      lone_axis[out.rank] = d;
      ++out.rank;
    }
  }
  for (std::size_t e = 0; e < out.rank; ++e) refuse_lone_run_time_axis(lone[e], lone_axis[e], "the layout", caller);
  for (std::size_t e = out.rank; e < max_rank; ++e) out.shape[e] = out.strides[e] = 0;
  return out;
}
}  // namespace detail

/// CuTe's `coalesce`, in row-major order: the fewest axes with the same function from the C-order
/// index of an element to its offset. Extent-1 axes go and neighbours that nest (the outer
/// stride is the inner extent times the inner stride) merge. A layout of one element becomes
/// rank 0 (CuTe's `1:0`, which has no rank 0), an empty one `(0,)` with stride 1; the offset and
/// the storage stay. On a mixed layout, which axes merge must be decided by static entries, and
/// an axis of run-time extent must merge with a neighbour or be a dyn_multiple<N> (N > 1): an
/// extent of 1 would remove it. A run-time extent of 0 gives the empty layout of the same type.
/// @pre none (on a mixed layout, the static entries decide which axes merge, and an axis of run-time extent
///      merges with a neighbour or is a dyn_multiple<N>, N > 1).
/// @example `contiguous(2, 3, 4).coalesce()` is shape (24,), strides (1,), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L coalesce(const L& l) { return detail::subset_result(detail::coalesced(l.entries(), detail::called_by<detail::op::coalesce>())); }

namespace detail {

// The entry type of a rule over two layouts: maybe_index when either is a mixed layout's maybe_layout.
template <class A, class B>
using common_entry_t = std::conditional_t<std::is_same_v<A, index_t> && std::is_same_v<B, index_t>, index_t, maybe_index>;

// On a maybe_layout, which modes hold a run-time extent that nothing merged with (see coalesced).
template <class E>
struct lone_modes {
  bool mode[2 * max_rank + 2] = {};
};
template <>
struct lone_modes<index_t> {};

// Modes (extent, stride) in CuTe's order, mode 0 fastest. Intermediate lists may hold more modes
// than a layout has axes (a complement interleaves gaps with the axes).
template <class E>
struct basic_mode_list {
  static constexpr std::size_t capacity = 2 * max_rank + 2;
  E shape[capacity] = {};
  E stride[capacity] = {};
  std::size_t axis[capacity] = {};  // the strider axis a mode came from, for messages
  std::size_t size = 0;
  [[no_unique_address]] lone_modes<E> lone;

  STRIDER_HOST_DEVICE constexpr void push(E extent, E step, std::size_t from = 0) {
    shape[size] = extent;
    stride[size] = step;
    axis[size] = from;
    ++size;
  }
  // Appends a mode, dropping extent 1 and merging with the previous mode when it continues it
  // (CuTe's coalesce: s0:d0 ++ s1:s0*d0 => s0*s1:d0). On a maybe_layout, whether modes merge must be
  // static, and a run-time extent that stays a mode of its own is marked (an extent of 1 would go).
  STRIDER_HOST_DEVICE constexpr void push_coalesced(E extent, E step, check_caller caller) {
    if (static_cast<bool>(is_one(extent))) return;
    if (size > 0) {
      E next = 0;
      const auto overflows = mul_overflows(shape[size - 1], stride[size - 1], &next);
      if (!decided(overflows, "whether two axes merge", caller) && decided(next == step, "whether two axes merge", caller)) {
        shape[size - 1] = shape[size - 1] * extent;  // at most the element count of a valid layout
        if constexpr (!std::is_same_v<E, index_t>) lone.mode[size - 1] = false;
        return;
      }
    }
    push(extent, step);
    if constexpr (!std::is_same_v<E, index_t>) lone.mode[size - 1] = may_be_one(extent);
  }
};
using mode_list = basic_mode_list<index_t>;

// A layout's axes as modes, in CuTe's order.
template <class E = index_t, class V>
STRIDER_HOST_DEVICE constexpr basic_mode_list<common_entry_t<E, entry_t<V>>> modes_of(const V& v) {
  basic_mode_list<common_entry_t<E, entry_t<V>>> m;
  for (std::size_t d = v.rank; d-- > 0;) m.push(v.shape[d], v.strides[d], d);
  return m;
}

// Appends modes (CuTe's order) to `out` as axes (strider's order).
template <class V, class E>
STRIDER_HOST_DEVICE constexpr void append_axes(V& out, const basic_mode_list<E>& m, check_caller caller) {
  if (out.rank + m.size > max_rank)
    caller.refuse("the result would have {} axes, more than max_rank ({})", {out.rank + m.size, max_rank});
  for (std::size_t i = m.size; i-- > 0;) {
    if constexpr (!std::is_same_v<E, index_t>)
      refuse_lone_run_time_axis(m.lone.mode[i], out.rank, "the result", caller);
    out.shape[out.rank] = m.shape[i];
    out.strides[out.rank] = m.stride[i];
    ++out.rank;
  }
}

// A layout read as an index map must start at 0.
template <class V>
STRIDER_HOST_DEVICE constexpr void require_offset_zero(const V& v, const char* what, check_caller caller) {
  if (v.offset != 0) caller.refuse("{} starts at offset {}, not 0 (it is read as a function of the index)", {what, known_value(v.offset)});
}

// The axes of extent above 1 of a unique layout at offset 0, sorted by stride, where each stride
// is a multiple of the span of the smaller ones (CuTe's complement and left_inverse need this).
// gap[i] is how many copies of the smaller axes fit before mode i (its stride / their span), and
// span the offsets all of them cover.
template <class E>
struct basic_nested_axes {
  basic_mode_list<E> sorted;
  E gap[basic_mode_list<E>::capacity] = {};
  E span = 1;
};

// `stride_multiples`: each stride need only be a multiple of the next smaller one's (left_inverse,
// CuTe's condition; gap[i] then is the stride over the smaller one's, a mode that reaches up to it).
template <class V>
STRIDER_HOST_DEVICE constexpr basic_nested_axes<entry_t<V>> sort_nested(const V& v, const char* what, check_caller caller, bool stride_multiples = false) {
  const char* op = caller.name;
  using E = entry_t<V>;
  basic_nested_axes<E> out;
  for (std::size_t d = v.rank; d-- > 0;) {
    if (v.shape[d] == 0) caller.refuse("{} is empty (axis {} has extent 0)", {what, d});
    if (decided(is_one(v.shape[d]), "whether an axis has extent 1", caller)) continue;
    if (v.strides[d] <= 0)
      caller.refuse("{} is not unique or not increasing (axis {} has extent {} and stride {})", {what, d, known_value(v.shape[d]), known_value(v.strides[d])});
    // Insertion by stride; ties stay in axis order and are refused below.
    std::size_t at = out.sorted.size;
    out.sorted.push(v.shape[d], v.strides[d], d);
    while (at > 0 && decided(out.sorted.stride[at - 1] > out.sorted.stride[at], "the order of the axes by stride", caller)) {
      const E s = out.sorted.shape[at], t = out.sorted.stride[at];
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
    const E stride = out.sorted.stride[i];
    if (stride < out.span) caller.refuse("axis {} of {} (stride {}) lands inside the {} offsets its axes of smaller stride span (they overlap or interleave)", {out.sorted.axis[i], what, known_value(stride), known_value(out.span)});
    if (stride_multiples && i > 0) {
      const E below = out.sorted.stride[i - 1];
      if (stride % below != 0)
        caller.refuse("stride {} of axis {} of {} is not a multiple of {}, the stride of its axis of next smaller stride", {known_value(stride), out.sorted.axis[i], what, known_value(below)});
      out.gap[i] = stride / below;
    } else {
      if (stride % out.span != 0)
        caller.refuse("stride {} of axis {} of {} is not a multiple of {}, the span of its axes of smaller stride, so the gaps are not a layout", {known_value(stride), out.sorted.axis[i], what, known_value(out.span)});
      out.gap[i] = stride / out.span;
    }
    out.span = checked_mul(stride, out.sorted.shape[i], op);
  }
  return out;
}

// CuTe's complement of `v` (offset 0) with respect to `target`, in CuTe's order: the gaps between
// its axes, then the repetitions up to `target`. `exact`: target must be a multiple of the span
// (a bijection onto [0, target)); otherwise the last mode is rounded up (CuTe's ceil_div), as a
// product needs.
template <class V, class T>
STRIDER_HOST_DEVICE constexpr basic_mode_list<common_entry_t<entry_t<V>, T>> complement_modes(const V& v, T target, bool exact, const char* what, check_caller caller) {
  using E = common_entry_t<entry_t<V>, T>;
  if (target <= 0) caller.refuse("the size to complete to, {}, is not positive", {known_value(target)});
  require_offset_zero(v, what, caller);
  const basic_nested_axes<entry_t<V>> n = sort_nested(v, what, caller);
  basic_mode_list<E> out;
  E covered = 1;
  for (std::size_t i = 0; i < n.sorted.size; ++i) {
    out.push_coalesced(n.gap[i], covered, caller);
    covered = n.sorted.stride[i] * n.sorted.shape[i];  // sort_nested checked it
  }
  if (exact) {
    if (target < n.span) caller.refuse("{} spans {} offsets, more than the {} it must tile", {what, known_value(n.span), known_value(target)});
    if (target % n.span != 0) caller.refuse("{} spans {} offsets, which do not divide the {} it must tile", {what, known_value(n.span), known_value(target)});
    out.push_coalesced(E(target) / n.span, n.span, caller);
  } else {
    out.push_coalesced(E(target) / n.span + pick(target % n.span != 0, E(1), E(0)), n.span, caller);
  }
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
template <class E>
STRIDER_HOST_DEVICE constexpr basic_mode_list<E> compose_axis(const basic_mode_list<E>& a, E s, E d, std::size_t axis, const char* what, E* used, check_caller caller) {
  const char* op = caller.name;
  basic_mode_list<E> out;
  if (decided(is_one(s), "whether an axis has extent 1", caller)) {  // an extent-1 axis stays an axis (the result has the second layout's axes)
    out.push(1, 0);
    return out;
  }
  if (decided(d == 0, "whether a stride is 0", caller)) {
    out.push(s, 0);
    return out;
  }
  basic_mode_list<E> m = a;
  const std::size_t last = m.size - 1;
  E step[basic_mode_list<E>::capacity] = {};  // the digit step of the axis in each mode of a
  for (std::size_t i = 0; i < m.size; ++i) step[i] = 1;
  E rest = d;
  for (std::size_t i = 0; i < last && !decided(is_one(rest), "how an axis steps over the layout it reads", caller); ++i) {
    const E extent = m.shape[i];
    if (decided(extent % rest == 0, "how an axis steps over the layout it reads", caller)) {
      m.shape[i] = extent / rest;
      m.stride[i] = checked_mul(m.stride[i], rest, op);
      step[i] = rest;
      rest = 1;
    } else if (decided(rest % extent == 0, "how an axis steps over the layout it reads", caller)) {
      m.shape[i] = 1;
      rest = rest / extent;
    } else if (decided((s - 1) * rest < extent, "how an axis steps over the layout it reads", caller)) {
      // Neither divides, but every index of the axis stays inside this extent (digits 0, rest,
      // ..., (s - 1) rest): no carry, so the axis is this mode's stride times rest (CuTe's
      // composition((8, 8):(8, 1), 3:3) = 3:24, mirrored). `s` <= the positions it can reach.
      m.shape[i] = extent / rest + pick(extent % rest != 0, E(1), E(0));
      m.stride[i] = checked_mul(m.stride[i], rest, op);
      step[i] = rest;
      rest = 1;
    } else {
      caller.refuse("axis {} of {} (stride {}) steps unevenly over the extents of the layout it reads: {} and {} do not divide one another", {axis, what, known_value(d), known_value(rest), known_value(extent)});
    }
  }
  m.stride[last] = checked_mul(m.stride[last], rest, op);
  E keep = s;
  for (std::size_t i = 0; i < last; ++i) {
    const E extent = m.shape[i];
    if (static_cast<bool>(is_one(extent))) continue;  // the branches below leave it so too
    if (decided(is_one(keep), "where an axis ends over the layout it reads", caller)) {
      m.shape[i] = 1;
    } else if (decided(extent % keep == 0, "where an axis ends over the layout it reads", caller)) {
      m.shape[i] = keep;
      keep = 1;
    } else if (decided(keep % extent == 0, "where an axis ends over the layout it reads", caller)) {
      keep = keep / extent;
    } else if (decided(keep < extent, "where an axis ends over the layout it reads", caller)) {
      // The axis ends inside this extent without dividing it: its indices never carry out of it
      // (CuTe's composition((4, 3):(3, 1), 3:1) = 3:3, mirrored). Crossing an extent unevenly
      // stays refused (below): there the indices would carry.
      m.shape[i] = keep;
      keep = 1;
    } else {
      caller.refuse("axis {} of {} (extent {}) ends unevenly over the extents of the layout it reads: {} and {} do not divide one another", {axis, what, known_value(s), known_value(keep), known_value(extent)});
    }
  }
  m.shape[last] = keep;
  for (std::size_t i = 0; i < last; ++i) {
    used[i] = used[i] + (m.shape[i] - 1) * step[i];  // at most the extent - 1 each
    if (used[i] >= a.shape[i]) caller.refuse("axis {} of {} (extent {}, stride {}) adds up with the axes before it past extent {} of the layout it reads, which would carry into the next extent", {axis, what, known_value(s), known_value(d), known_value(a.shape[i])});
  }
  for (std::size_t i = 0; i < m.size; ++i) out.push_coalesced(m.shape[i], m.stride[i], caller);  // s > 1: at least one mode
  return out;
}

// composition(a, b) appended to `out` (whose offset and storage the caller set): one group of
// axes per axis of b.
template <class V, class A, class B>
STRIDER_HOST_DEVICE constexpr void append_composition(V& out, const A& a, const B& b, const char* what, check_caller caller) {
  const char* op = caller.name;
  using E = entry_t<V>;
  const auto& bv = b.entries();
  require_offset_zero(bv, what, caller);
  // On a maybe_layout, an unknown count is taken as not 0: a mixed layout's static entries describe
  // its non-empty results (docs/mixed.md).
  if (static_cast<bool>(element_count(bv, op) == 0)) {  // no element: b's axes, nothing to step over
    for (std::size_t d = 0; d < bv.rank; ++d) {
      if (out.rank == max_rank) caller.refuse("the result would have more than max_rank ({}) axes", {max_rank});
      out.shape[out.rank] = bv.shape[d];
      out.strides[out.rank] = 0;
      ++out.rank;
    }
    return;
  }
  const auto size = element_count(a.entries(), op);
  const auto reach = offset_range_of(bv, op).max;
  if (reach >= size) caller.refuse("{} reaches index {}, past the {} elements of the first layout", {what, known_value(reach), known_value(size)});
  basic_mode_list<E> am = modes_of<E>(coalesced(a.entries(), caller));
  if (am.size == 0) am.push(1, 0);  // one element (CuTe's 1:0)
  E used[basic_mode_list<E>::capacity] = {};
  for (std::size_t k = 0; k < bv.rank; ++k) append_axes(out, compose_axis<E>(am, bv.shape[k], bv.strides[k], k, what, used, caller), caller);
}

// The value type of a rule over two layouts (a maybe_layout when either is one).
template <class A, class B>
using common_value_t = std::conditional_t<std::is_same_v<value_t<A>, layout_value> && std::is_same_v<value_t<B>, layout_value>, layout_value, maybe_layout_value>;

// A layout whose trailing `tile_rank` axes are one tile and whose leading axes say which tile (the
// result of logical_divide, logical_product and tile): a structural value, so that one evaluation
// gives a static tiled layout both.
template <class V>
struct basic_tiled {
  V value;  // layout_value, or a mixed layout's maybe_layout_value
  std::size_t tile_rank = 0;
};
struct tiled_value {
  layout_value layout;
  std::size_t tile_rank = 0;
  // An exact tiling of a layout whose type proves it unique: the same elements, each once, so
  // unique too, though its run-time strides no longer show it (tile_t<contiguous<dyn, dyn>, ...>).
  bool unique_by_source = false;
  friend constexpr bool operator==(const tiled_value&, const tiled_value&) = default;
};
// The template argument of a tiled static or mixed layout type.
STRIDER_HOST_DEVICE constexpr tiled_value tiled_value_of(const basic_tiled<layout_value>& t) { return {t.value, t.tile_rank}; }
STRIDER_HOST_DEVICE constexpr tiled_value tiled_value_of(const basic_tiled<maybe_layout_value>& t) { return {subset_result(t.value).value(), t.tile_rank}; }

// The C-order index stride of each axis of v (how far the 1-D index moves along it).
template <class V>
STRIDER_HOST_DEVICE constexpr void index_strides(const V& v, entry_t<V> (&out)[max_rank]) {
  entry_t<V> step = 1;
  for (std::size_t d = v.rank; d-- > 0;) {
    out[d] = step;
    step = step * v.shape[d];  // at most the element count
  }
}

// An empty layout of value type V with the offset and storage of `in` (a view's result).
template <class V, class W>
STRIDER_HOST_DEVICE constexpr V view_base(const W& in) {
  V out{};
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  return out;
}

template <class V>
STRIDER_HOST_DEVICE constexpr V index_map_base(entry_t<V> storage) {
  V out{};
  out.storage_size = storage;
  return out;
}

}  // namespace detail

/// CuTe's `composition(A, B)`, in row-major order: the layout `i -> A(B(i))`, B's offsets read as
/// A's C-order indices. B starts at offset 0 and reaches only indices of A; each axis of B becomes
/// one or more axes (CuTe's nested mode, flattened) whose extents multiply to its extent. CuTe's
/// divisibility conditions are checked: an axis of B whose stride or extent steps unevenly across
/// A's extents is refused. The result is a view of A's storage (A's offset and storage).
/// @pre `b` starts at offset 0 and its offsets, read as C-order indices of `a`, stay below `a`'s element
///      count; each axis of `b` steps and ends evenly over `a`'s extents (CuTe's divisibility).
/// @example `column_major(4, 6).composition((2, 3), (12, 2))` is shape (2, 3), strides (2, 8), offset 0.
template <detail::rule_layout A, detail::rule_layout B>
STRIDER_HOST_DEVICE constexpr auto composition(const A& a, const B& b) {
  using V = detail::common_value_t<A, B>;
  V out = detail::view_base<V>(a.entries());
  detail::append_composition(out, a, b, "the second layout", detail::called_by<detail::op::composition>());
  return detail::subset_result(out);
}

/// CuTe's `complement(L, N)`, in row-major order: the layout of the offsets in [0, N) that L does
/// not reach, so that L and its complement together reach each of them once (a bijection).
/// L starts at offset 0, is unique, and each of its strides, sorted, is a multiple of the span
/// of the smaller ones; N is a multiple of L's span. The axes come in decreasing stride (the
/// repetitions first); one element gives rank 0. The result's storage is [0, N).
/// @pre n > 0; `l` starts at offset 0, has no empty axis, is unique, its axes sorted by stride nest (each
///      stride a multiple of the span below it) and its span divides n.
/// @example `layout((4,), (2,)).complement(8)` is shape (2,), strides (1,), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L complement(const L& l, index_t n) {
  using V = detail::value_t<L>;
  const detail::check_caller caller = detail::called_by<detail::op::complement>();
  V out = detail::index_map_base<V>(n > 0 ? n : 1);
  detail::append_axes(out, detail::complement_modes(l.entries(), detail::entry_t<V>(n), true, "the layout", caller), caller);
  return detail::subset_result(out);
}

/// CuTe's `right_inverse(L)`, in row-major order: a layout R with L(R(i)) == i for every i in
/// [0, size(R)): the axes that step by 1, then by what those span, and so on, as far as they go.
/// Where two axes step by the same stride (L is then not unique), the one CuTe takes: its first
/// mode, strider's last axis (right_inverse((2, 6):(1, 1)) is 6:1). L starts at offset 0 and is
/// not empty. R's offsets are indices of L: its storage is [0, size(L)).
/// @pre `l` is not empty and starts at offset 0.
/// @example `layout((2, 3), (1, 2)).right_inverse()` is shape (3, 2), strides (1, 3), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L right_inverse(const L& l) {
  using V = detail::value_t<L>;
  using E = detail::entry_t<V>;
  const detail::check_caller caller = detail::called_by<detail::op::right_inverse>();
  detail::require_offset_zero(l.entries(), "the layout", caller);
  const E size = detail::element_count(l.entries(), "right_inverse");
  if (size == 0) detail::refuse("right_inverse: the layout is empty");
  const V c = detail::coalesced(l.entries(), caller);
  E index_stride[max_rank] = {};
  detail::index_strides(c, index_stride);
  detail::basic_mode_list<E> out_modes;
  bool used[max_rank] = {};  // a coalesced axis steps by next at most once (its stride grows)
  E next = 1;
  for (bool found = true; found;) {
    found = false;
    for (std::size_t d = c.rank; d-- > 0;) {  // the last axis first: CuTe's first mode, its tie-break
      if (used[d] || !detail::decided(c.strides[d] == next, "which axis steps next", caller)) continue;
      out_modes.push_coalesced(c.shape[d], index_stride[d], caller);
      used[d] = true;
      found = !static_cast<bool>(detail::mul_overflows(c.strides[d], c.shape[d], &next));  // an unknown next ends the search only if an axis is left
      break;
    }
  }
  V out = detail::index_map_base<V>(size);
  detail::append_axes(out, out_modes, caller);
  return detail::subset_result(out);
}

/// CuTe's `left_inverse(L)`, in row-major order: a layout R with R(L(i)) == i for every i in
/// [0, size(L)). L starts at offset 0 and is unique, and each of its strides, sorted, is a multiple
/// of the next smaller one (the layouts CuTe inverts: (2, 4):(5, 1), CuTe's (4,2):(1,5), has the
/// left inverse shape (2, 5), strides (4, 1)). R is defined on [0, L's span);
/// where no element of L lies, its values are unspecified (strider picks those that let R's axes
/// merge), so its storage is its own span.
/// @pre `l` starts at offset 0, is unique, its axes sorted by stride neither overlap nor interleave,
///      and each stride is a multiple of the next smaller one.
/// @example `layout((3,), (2,)).left_inverse()` is shape (3, 2), strides (1, 0), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L left_inverse(const L& l) {
  using V = detail::value_t<L>;
  using E = detail::entry_t<V>;
  const detail::check_caller caller = detail::called_by<detail::op::left_inverse>();
  detail::require_offset_zero(l.entries(), "the layout", caller);
  const detail::basic_nested_axes<E> n = detail::sort_nested(l.entries(), "the layout", caller, true);
  E index_stride[max_rank] = {};
  detail::index_strides(l.entries(), index_stride);
  detail::basic_mode_list<E> out_modes;
  // Axis i's mode covers the offsets up to the next axis's stride. Where that stride is a multiple
  // of what axis i spans, the offsets past it (L never reaches them: any value) are a mode of their
  // own that merges with axis i's; where it is only a multiple of axis i's stride (CuTe's
  // left_inverse((4, 2):(1, 5)) = (5, 2):(1, 4)), axis i's mode runs on up to it.
  for (std::size_t i = 0; i < n.sorted.size; ++i) {
    const E reach = i + 1 < n.sorted.size ? n.sorted.stride[i + 1] : E(0);
    const bool runs_on = i + 1 < n.sorted.size && !static_cast<bool>(detail::decided(reach % (n.sorted.stride[i] * n.sorted.shape[i]) == 0, "whether the layout leaves gaps", caller));
    if (i == 0 && detail::decided(n.gap[0] > 1, "whether the layout leaves gaps", caller)) out_modes.push_coalesced(n.gap[0], E(0), caller);  // below the smallest stride
    if (runs_on) {
      out_modes.push_coalesced(reach / n.sorted.stride[i], index_stride[n.sorted.axis[i]], caller);
      continue;
    }
    out_modes.push_coalesced(n.sorted.shape[i], index_stride[n.sorted.axis[i]], caller);
    if (i + 1 < n.sorted.size) {
      const E gap = reach / (n.sorted.stride[i] * n.sorted.shape[i]);
      if (detail::decided(gap > 1, "whether the layout leaves gaps", caller)) {
        const std::size_t p = out_modes.size;
        out_modes.push_coalesced(gap, out_modes.shape[p - 1] * out_modes.stride[p - 1], caller);
      }
    }
  }
  V out = detail::index_map_base<V>(0);  // its own span: values off L's elements may pass size(L)
  detail::append_axes(out, out_modes, caller);
  return detail::subset_result(detail::validate(out, caller));
}

namespace detail {

template <rule_layout A, rule_layout T>
STRIDER_HOST_DEVICE constexpr auto divide(const A& l, const T& tiler) {
  using V = common_value_t<A, T>;
  using E = entry_t<V>;
  const check_caller caller = called_by<op::logical_divide>();
  const E size = element_count(l.entries(), "logical_divide");
  if (size == 0) detail::refuse("logical_divide: the layout is empty, there is nothing to tile");
  // The tiles: the tiler's complement up to L's size (the tiler must divide it), then the tiler.
  V rest = index_map_base<V>(size);
  append_axes(rest, complement_modes(tiler.entries(), size, true, "the tiler", caller), caller);
  V out = view_base<V>(l.entries());
  append_composition(out, l, subset_result(rest), "the tiler's complement", caller);
  const std::size_t rest_rank = out.rank;
  append_composition(out, l, tiler, "the tiler", caller);
  return basic_tiled<V>{out, out.rank - rest_rank};
}

template <rule_layout A, rule_layout T>
STRIDER_HOST_DEVICE constexpr auto product(const A& block, const T& tiler) {
  using V = common_value_t<A, T>;
  using E = entry_t<V>;
  const check_caller caller = called_by<op::logical_product>();
  require_offset_zero(tiler.entries(), "the tiler", caller);
  const auto block_size = element_count(block.entries(), "logical_product");
  if (block_size == 0) detail::refuse("logical_product: the block is empty");
  // The repetitions of the block (its complement, rounded up to hold as many copies as the tiler
  // reaches indices: CuTe's cosize), in the tiler's order, then the block.
  const E tiler_span = required_span_of(tiler.entries(), "logical_product");
  const E target = checked_mul(E(block_size), pick(tiler_span > 0, tiler_span, E(1)), "logical_product");
  V repetitions = index_map_base<V>(target);
  append_axes(repetitions, complement_modes(block.entries(), target, false, "the block", caller), caller);
  V out = index_map_base<V>(0);
  append_composition(out, subset_result(repetitions), tiler, "the tiler", caller);
  append_axes(out, modes_of<E>(block.entries()), caller);
  return basic_tiled<V>{validate(out, caller), block.entries().rank};
}

// blocked_product and raked_product: logical_product's axes regrouped by place. The ranks are
// padded to the larger one with leading extent-1 axes (CuTe appends 1:0 modes, its last being
// row-major's first); for each place k, the arrangement's axis k composed with the block's
// repetitions (one axis, or several where it steps over gaps the block leaves) and the block's
// axis k, in that order for blocked (each block a contiguous run of the coordinates) or reversed
// for raked (the block's elements spread over the arrangement).
template <class Op, rule_layout A, rule_layout T>
STRIDER_HOST_DEVICE constexpr auto zipped_product(const A& block, const T& arrangement, bool raked) {
  const check_caller caller = called_by<Op>();
  const char* op = caller.name;
  using V = common_value_t<A, T>;
  using E = entry_t<V>;
  const auto& bv = block.entries();
  const auto& av = arrangement.entries();
  require_offset_zero(bv, "the block", caller);
  require_offset_zero(av, "the arrangement", caller);
  const auto block_size = element_count(bv, op);
  if (static_cast<bool>(block_size == 0)) caller.refuse("the block is empty", {});
  const E span = required_span_of(av, op);
  const E target = checked_mul(E(block_size), pick(span > 0, span, E(1)), op);
  V repetitions = index_map_base<V>(target);
  append_axes(repetitions, complement_modes(bv, target, false, "the block", caller), caller);
  basic_mode_list<E> am = modes_of<E>(coalesced(subset_result(repetitions).entries(), caller));
  if (am.size == 0) am.push(1, 0);
  const std::size_t rank = bv.rank > av.rank ? bv.rank : av.rank;
  V out = index_map_base<V>(0);
  E used[basic_mode_list<E>::capacity] = {};
  for (std::size_t k = 0; k < rank; ++k) {
    basic_mode_list<E> block_axis, arrangement_axes;
    if (k + bv.rank < rank) block_axis.push(1, 0);
    else block_axis.push(bv.shape[k + bv.rank - rank], bv.strides[k + bv.rank - rank]);
    if (k + av.rank < rank) arrangement_axes.push(1, 0);
    else {
      const std::size_t axis = k + av.rank - rank;
      arrangement_axes = compose_axis<E>(am, av.shape[axis], av.strides[axis], axis, "the arrangement", used, caller);
    }
    append_axes(out, raked ? block_axis : arrangement_axes, caller);
    append_axes(out, raked ? arrangement_axes : block_axis, caller);
  }
  return subset_result(validate(out, caller));
}

// The step between tiles of extent t along an axis of stride `stride`: t * stride, or the stride
// where that does not fit in int64 (then there is a single tile, or none, and any step will do).
template <class E>
STRIDER_HOST_DEVICE constexpr E tile_step(const E& stride, index_t t) {
  E step = stride;
  if (mul_overflows(stride, E(t), &step)) step = stride;
  return step;
}

// A tile that does not divide its axis is refused (`exact`), or the tile count rounds up
// (`padded`, `masked`): the last tiles then reach past the data, and the result knows exactly
// its padded span as its storage (storage_size 0 below: validate makes it the required span).
// With `padding_unread` (a masked tiling: the padding is never an element anyone reads), only
// the data's elements must lie in the storage, as they do in l: the padding may lie before the
// storage start (the last tile of a reversed axis) or past its end, and is only bounded so that
// every padded offset is computed in int64.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr basic_tiled<value_t<L>> tiled(const L& l, const dims& tile_shape, bool round_up = false, bool padding_unread = false) {
  using V = value_t<L>;
  const V& in = l.entries();
  if (tile_shape.size() != in.rank)
    detail::refuse("tile: {} tile extents for a layout of rank {} (one per axis)", tile_shape.size(), in.rank);
  if (2 * in.rank > max_rank) detail::refuse("tile: the result's rank {} would exceed max_rank ({})", 2 * in.rank, max_rank);
  V out = view_base<V>(in);
  out.rank = 2 * in.rank;
  for (std::size_t d = 0; d < in.rank; ++d) {
    const index_t t = tile_shape[d];
    if (t <= 0) detail::refuse("tile: tile extent {} of axis {} is not positive", t, d);
    if (round_up) {
      // The tile count rounds up; the padded result knows its own span (its storage).
      if (in.shape[d] % t != 0) out.storage_size = 0;
      out.shape[d] = in.shape[d] / t + (in.shape[d] % t != 0 ? index_t{1} : index_t{0});  // not (extent + t - 1) / t, which overflows near INT64_MAX
    } else {
      if (in.shape[d] % t != 0) detail::refuse("tile: tile extent {} does not divide extent {} of axis {} (the padded and masked tilings round the tile count up)", t, known_value(in.shape[d]), d);
      out.shape[d] = in.shape[d] / t;
    }
    out.strides[d] = tile_step(in.strides[d], t);
    out.shape[in.rank + d] = t;
    out.strides[in.rank + d] = in.strides[d];
  }
  if (round_up && padding_unread) {
    const basic_offset_range<entry_t<V>> r = offset_range_of(out, "tile");  // refuses an int64 overflow
    out.storage_size = pick(r.count == 0, entry_t<V>(0), r.max + 1);  // the padded span from offset 0
    if constexpr (!std::is_same_v<entry_t<V>, index_t>) {
      if (!is_known(out.storage_size)) out.storage_size = 0;  // unknown: the required span
    } else if (out.storage_size < 0) {
      out.storage_size = 0;  // all padding before the start (no data): nothing reached
    }
    return {out, in.rank};
  }
  if (round_up) return {validate(out, called_by<op::tile>()), in.rank};  // a padded storage size is its span
  return {out, in.rank};
}

}  // namespace detail

/// CuTe's `logical_divide(L, T)`, in row-major order, flattened: L read through the tiler T and
/// its complement. The trailing axes are one tile (composition(L, T), tile_rank of them), the
/// leading axes say which tile (composition with T's complement up to L's size). T starts at
/// offset 0 and must tile L's size exactly: a tile that does not divide is an error, never padded.
/// A view of L's storage.
/// @pre `l` is not empty; the tiler starts at offset 0, has a complement up to `l`'s element count (see
///      complement), and `l` composes with the tiler and that complement (see composition).
/// @example `contiguous(8).logical_divide((2,), (1,))` is shape (4, 2), strides (2, 1), offset 0.
template <detail::rule_layout L, detail::rule_layout T>
STRIDER_HOST_DEVICE constexpr auto logical_divide(const L& l, const T& tiler) { return detail::subset_result(detail::divide(l, tiler).value); }

/// CuTe's `logical_product(A, B)`, in row-major order, flattened: the block A repeated in the
/// order of the tiler B. The trailing axes are A (tile_rank = A's rank), the leading ones B's
/// repetitions, each a copy of A at offsets A does not reach. Both start at offset 0; the
/// result is an index map of its own span.
/// @pre the block is not empty and has a complement (see complement); the tiler starts at offset 0 and
///      composes with the block's repetitions (see composition).
/// @example `contiguous(2).logical_product((3,), (1,))` is shape (3, 2), strides (2, 1), offset 0.
template <detail::rule_layout A, detail::rule_layout B>
STRIDER_HOST_DEVICE constexpr auto logical_product(const A& block, const B& tiler) { return detail::subset_result(detail::product(block, tiler).value); }

/// CuTe's `blocked_product(A, B)`, in row-major order, flattened: the block A repeated in the
/// arrangement B (as logical_product does), with each axis of the result's 2-D picture made of
/// the arrangement's axis then the block's: axes (B0', A0, B1', A1, ...), where Bk' is B's axis k
/// over A's repetitions. Each block is a contiguous range of coordinates. A and B start at offset
/// 0; the smaller rank is padded with leading extent-1 axes. Example (CuTe's, mirrored):
/// `blocked_product(contiguous 2x2, column_major 4x3)` is (4, 2, 3, 2):(4, 2, 16, 1).
/// @pre as logical_product: both start at offset 0, the block is not empty and has a complement, the
///      arrangement composes with its repetitions.
/// @example `contiguous(2, 2).blocked_product((2, 3), (3, 1))` is shape (2, 2, 3, 2), strides (12, 2, 4, 1),
///          offset 0.
template <detail::rule_layout A, detail::rule_layout B>
STRIDER_HOST_DEVICE constexpr auto blocked_product(const A& block, const B& arrangement) { return detail::zipped_product<detail::op::blocked_product>(block, arrangement, false); }

/// CuTe's `raked_product(A, B)`, in row-major order, flattened: as blocked_product with each pair
/// of axes the other way round, (A0, B0', A1, B1', ...): the block's elements are spread over the
/// whole result, B's extent apart. Example: `raked_product(contiguous 2x2, column_major 4x3)` is
/// (2, 4, 2, 3):(2, 4, 1, 16).
/// @pre as blocked_product.
/// @example `contiguous(2, 2).raked_product((2, 3), (3, 1))` is shape (2, 2, 2, 3), strides (2, 12, 1, 4),
///          offset 0.
template <detail::rule_layout A, detail::rule_layout B>
STRIDER_HOST_DEVICE constexpr auto raked_product(const A& block, const B& arrangement) { return detail::zipped_product<detail::op::raked_product>(block, arrangement, true); }

/// Blocks every axis: `tile(l, {2, 4})` of an (8, 8) layout has shape (4, 2, 2, 4): which tile
/// (rows, columns), then the element in the tile. Each tile extent must divide its axis (no
/// padding). CuTe's logical_divide by a shape, flattened with the tiles last (not NumPy's
/// np.tile, which repeats an array). A view of L's storage.
/// @pre one tile extent per axis, each positive and dividing its axis's extent (the policy form pads or masks
///      the rest).
/// @example `contiguous(8, 8).tile(2, 4)` is shape (4, 2, 2, 4), strides (16, 4, 8, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L tile(const L& l, const dims& tile_shape) { return detail::subset_result(detail::tiled(l, tile_shape).value); }

/// What tiling does with a tile that does not divide its axis (docs/algebra.md, "Partial
/// tiles"): `exact` refuses it (the default), `padded` rounds the tile count up (the last tiles
/// reach past the data, into storage that must hold the padded span), `masked` is `padded` whose
/// views keep the real extents and say which elements exist (`in_bounds`). Values, so that they
/// sit among the tile extents: `tile_t<L, masked, 16, 64>`, `tile<masked, 16, 64>(view)`.
enum class tile_policy : unsigned char { exact, padded, masked };
inline constexpr tile_policy exact = tile_policy::exact;
inline constexpr tile_policy padded = tile_policy::padded;
inline constexpr tile_policy masked = tile_policy::masked;

/// `tile(l, tile_shape)` by a policy: `padded` rounds the tile count up, and the result's
/// storage is its padded span. A layout carries no mask: `masked` gives the padded layout here
/// (a dynamic layout's padded span is its storage), and the masked views of static and mixed
/// layouts carry the mask (tile<masked, T...>).
/// @pre one positive tile extent per axis.
/// @example `tile(dynamic_layout::contiguous({6, 4}), {4, 3}, padded)` is shape (2, 2, 4, 3), strides
///          (16, 3, 4, 1), offset 0, over a storage of 34 elements (its padded span).
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L tile(const L& l, const dims& tile_shape, tile_policy policy) {
  return detail::subset_result(detail::tiled(l, tile_shape, policy != tile_policy::exact).value);
}

namespace detail {
// The widest vector load: on values exact; on a mixed layout's maybe_layout the widest that every
// non-empty value of the run-time entries allows (a condition that depends on them stops the
// search). The contiguous run of the last axes is what coalesce would merge into its last axis.
template <class V>
STRIDER_HOST_DEVICE constexpr index_t vector_width_of(const V& v, index_t element_bytes, index_t alignment) {
  using E = entry_t<V>;
  if (element_bytes <= 0) detail::refuse("vector_width: element size {} is not positive", element_bytes);
  if (alignment <= 0 || (alignment & (alignment - 1)) != 0) detail::refuse("vector_width: alignment {} is not a power of two", alignment);
  if (static_cast<bool>(element_count(v, "vector_width") == 0)) return 1;
  E run = 1;
  std::size_t outer = v.rank;  // the axes before `outer` are not in the run
  for (; outer > 0; --outer) {
    const std::size_t d = outer - 1;
    if (static_cast<bool>(is_one(v.shape[d]))) continue;
    if (!static_cast<bool>(v.strides[d] == run)) break;  // known to continue the run
    run = run * v.shape[d];  // at most the element count
  }
  index_t width = 1;
  for (;;) {
    // The next width must fit `alignment / element_bytes` elements (tested before doubling: a
    // width of 2^62 has no double in int64); next * element_bytes is then at most the alignment.
    if (width > alignment / element_bytes / 2) break;
    const index_t next = width * 2;
    if (alignment % (next * element_bytes) != 0) break;
    if (!static_cast<bool>(run % next == 0) || !static_cast<bool>(v.offset % next == 0)) break;
    bool aligned = true;
    for (std::size_t d = 0; d < outer && aligned; ++d)
      aligned = static_cast<bool>(is_one(v.shape[d])) || static_cast<bool>(v.strides[d] % next == 0);
    if (!aligned) break;
    width = next;
  }
  return width;
}
}  // namespace detail

/// The largest number of consecutive elements (in C order, along the last axes) that a kernel can
/// load as one vector: a power of two that divides the contiguous run of the last axes, every other
/// stride and the offset, and whose size in bytes divides `alignment` (the base pointer's
/// alignment, a power of two). 1 when nothing wider is safe. On a mixed layout's maybe_layout, the
/// widest load every non-empty value of its run-time entries allows.
/// @pre element_bytes > 0 and alignment is a power of two.
/// @example `vector_width(dynamic_layout::contiguous({4, 8}), 4, 16)` is 4: rows of 8 floats from a
///          16-byte aligned pointer load 4 at a time.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr index_t vector_width(const L& l, index_t element_bytes, index_t alignment) { return detail::vector_width_of(l.entries(), element_bytes, alignment); }

// Under nvcc, non-template forms (see core/operations.hpp): nvcc's front end rejects a call of a
// function template in a template argument.
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr dynamic_layout coalesce(const dynamic_layout& l) { return coalesce<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout coalesce(const detail::maybe_layout& l) { return coalesce<detail::maybe_layout>(l); }
#define STRIDER_ALGEBRA_BINARY(name, A, B, R) \
  STRIDER_HOST_DEVICE constexpr R name(const A& a, const B& b) { return ::strider::name<A, B>(a, b); }
#define STRIDER_ALGEBRA_BINARY_ALL(name)                                      \
  STRIDER_ALGEBRA_BINARY(name, dynamic_layout, dynamic_layout, dynamic_layout) \
  STRIDER_ALGEBRA_BINARY(name, detail::maybe_layout, dynamic_layout, detail::maybe_layout) \
  STRIDER_ALGEBRA_BINARY(name, dynamic_layout, detail::maybe_layout, detail::maybe_layout) \
  STRIDER_ALGEBRA_BINARY(name, detail::maybe_layout, detail::maybe_layout, detail::maybe_layout)
STRIDER_ALGEBRA_BINARY_ALL(composition)
STRIDER_ALGEBRA_BINARY_ALL(logical_divide)
STRIDER_ALGEBRA_BINARY_ALL(logical_product)
STRIDER_ALGEBRA_BINARY_ALL(blocked_product)
STRIDER_ALGEBRA_BINARY_ALL(raked_product)
#undef STRIDER_ALGEBRA_BINARY_ALL
#undef STRIDER_ALGEBRA_BINARY
STRIDER_HOST_DEVICE constexpr dynamic_layout complement(const dynamic_layout& l, index_t n) { return ::strider::complement<dynamic_layout>(l, n); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout complement(const detail::maybe_layout& l, index_t n) { return ::strider::complement<detail::maybe_layout>(l, n); }
STRIDER_HOST_DEVICE constexpr dynamic_layout right_inverse(const dynamic_layout& l) { return ::strider::right_inverse<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout right_inverse(const detail::maybe_layout& l) { return ::strider::right_inverse<detail::maybe_layout>(l); }
STRIDER_HOST_DEVICE constexpr dynamic_layout left_inverse(const dynamic_layout& l) { return ::strider::left_inverse<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout left_inverse(const detail::maybe_layout& l) { return ::strider::left_inverse<detail::maybe_layout>(l); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tile(const dynamic_layout& l, const dims& t) { return ::strider::tile<dynamic_layout>(l, t); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout tile(const detail::maybe_layout& l, const dims& t) { return ::strider::tile<detail::maybe_layout>(l, t); }
STRIDER_HOST_DEVICE constexpr dynamic_layout tile(const dynamic_layout& l, const dims& t, tile_policy p) { return ::strider::tile<dynamic_layout>(l, t, p); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout tile(const detail::maybe_layout& l, const dims& t, tile_policy p) { return ::strider::tile<detail::maybe_layout>(l, t, p); }
STRIDER_HOST_DEVICE constexpr index_t vector_width(const dynamic_layout& l, index_t b, index_t a) { return ::strider::vector_width<dynamic_layout>(l, b, a); }
STRIDER_HOST_DEVICE constexpr index_t vector_width(const detail::maybe_layout& l, index_t b, index_t a) { return ::strider::vector_width<detail::maybe_layout>(l, b, a); }
#endif

}  // namespace strider
