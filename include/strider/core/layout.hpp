// strider/core/layout.hpp: the layout value and its derived properties.
//
// A layout maps a logical index (i0, ..., i{r-1}) to a storage offset
//     offset + i0 * strides[0] + ... + i{r-1} * strides[r-1]
// exactly as NumPy (byte strides divided by the item size) and PyTorch define it. Every
// property below is computed from (shape, strides, offset) by one constexpr function, which the
// static layer evaluates at compile time and the run-time API at run time. Over 600 lines: the
// value types (layout_value, the mixed maybe_layout), their checks and properties are one definition
// that every other header reads, and dynamic_layout is their class.
#pragma once

#include <compare>
#include <concepts>
#include <type_traits>

#include "../util/checked.hpp"
#include "../util/config.hpp"
#include "../util/limits.hpp"
#include "dims.hpp"
#include "../util/error.hpp"
#include "maybe.hpp"
#include "operation_tags.hpp"

namespace strider {

/// The raw layout value: a structural type, so that it can be a template argument (the static
/// layer is `static_layout<layout_value{...}>`). Entries past `rank` are zero, which makes equal
/// layouts equal values and hence the same static type. Users normally hold a `dynamic_layout`,
/// which guarantees the invariants; a `layout_value` built by hand is checked when it becomes one.
///
/// `storage_size` is the number of elements of the storage the layout was cut from (PyTorch's
/// storage size): views keep it, so that as_strided may reach anywhere in that storage and
/// nowhere outside it. It is at least the required span; 0 in a hand-built value means exactly
/// the required span.
struct layout_value {
  std::size_t rank = 0;
  detail::row_of<index_t> shape = {};  // index_t[max_rank] (under nvcc, named entries: util/config.hpp)
  detail::row_of<index_t> strides = {};
  index_t offset = 0;
  index_t storage_size = 0;

  friend constexpr bool operator==(const layout_value&, const layout_value&) = default;
};

namespace detail {
// The compile-time pass of a mixed layout: a layout value whose entries may be unknown
// (core/maybe.hpp). The rules are templates over the value type and run on both.
struct maybe_layout_value {
  std::size_t rank = 0;
  maybe_index shape[max_rank] = {};
  maybe_index strides[max_rank] = {};
  maybe_index offset = 0;
  maybe_index storage_size = 0;
};

// The entry type of a layout value: index_t, or maybe_index for a maybe_layout.
template <class V>
using entry_t = decltype(V::offset);
}  // namespace detail

namespace detail {

// An entry no compile-time pass knows: on index_t, never asked for (every value is known).
template <class E>
STRIDER_HOST_DEVICE constexpr E unknown_entry() {
  if constexpr (std::is_same_v<E, index_t>) return 0;
  else return maybe_index::unknown();
}

// The product of n extents, 0 when one of them is 0 whatever the others and their order: an
// empty layout has no element, and its other extents may multiply past int64. Otherwise a
// product past int64 is a layout_error naming `op`. (On a maybe_layout, unknown when a run-time
// extent may be the 0 that makes an overflowing product 0.) One pass in the common case: the
// extents after an overflow are searched for a 0 only then.
template <class E>
STRIDER_HOST_DEVICE constexpr E extent_product(const E* extents, std::size_t n, const char* op) {
  E count = 1;
  for (std::size_t d = 0; d < n; ++d) {
    E next{};
    if constexpr (std::is_same_v<E, index_t>) {  // the builtin itself: no call per extent, and every layout's checks count
      if (!STRIDER_MUL_OVERFLOWS(count, extents[d], &next)) {
        count = next;
        continue;
      }
    } else if (!static_cast<bool>(mul_overflows(count, extents[d], &next))) {
      count = next;
      continue;
    }
    // It overflows: a 0 before d would have made count 0.
    for (std::size_t e = d + 1; e < n; ++e) {
      const auto zero = extents[e] == 0;
      if (static_cast<bool>(zero)) return 0;
      if (!is_known(zero)) return unknown_entry<E>();
    }
    return checked_mul(count, extents[d], op);  // throws
  }
  return count;
}

#ifdef __CUDACC__
// The same over a layout value's row, which is not an array under nvcc (util/config.hpp).
template <class E>
STRIDER_HOST_DEVICE constexpr E extent_product(const entry_row<E>& extents, std::size_t n, const char* op) {
  E row[max_rank] = {};
  for (std::size_t d = 0; d < n; ++d) row[d] = extents[d];
  return extent_product(row, n, op);
}
#endif

// The number of elements, the product of the extents (1 for rank 0; 0 when one is 0).
template <class V>
STRIDER_HOST_DEVICE constexpr entry_t<V> element_count(const V& v, const char* op) {
  if constexpr (std::is_same_v<entry_t<V>, index_t>) {
    // The product in place, extent_product only past int64: every rule and every static layout's
    // properties count elements, and g++ remembers a call into a layout once per layout
    // (benchmarks/compile_time/README.md).
    index_t count = 1;
    for (std::size_t d = 0; d < v.rank; ++d)
      if (STRIDER_MUL_OVERFLOWS(count, v.shape[d], &count)) return extent_product(v.shape, v.rank, op);
    return count;
  } else {
    return extent_product(v.shape, v.rank, op);
  }
}

// Element count and the lowest and highest storage offsets reached (both `offset` for an
// empty layout), in one pass over the axes. Every property and check reads these.
template <class E>
struct basic_offset_range {
  E count = 1, min = 0, max = 0;
};
using offset_range = basic_offset_range<index_t>;

// An unknown count, or an unknown stride whose sign decides which bound it moves, leaves both
// bounds unknown: only an unknown extent along a known stride keeps the other bound.
template <class V>
STRIDER_HOST_DEVICE constexpr basic_offset_range<entry_t<V>> offset_range_of(const V& v, const char* op) {
  basic_offset_range<entry_t<V>> r{element_count(v, op), v.offset, v.offset};
  if (r.count == 0) return r;
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (v.strides[d] == 0) continue;
    if constexpr (!std::is_same_v<entry_t<V>, index_t>) {
      // A maybe_layout whose count is unknown may be empty at run time, where no offset is reached:
      // an overflow here is the run-time pass's to report (or not), and leaves the bounds unknown.
      maybe_index reach{}, moved{};
      if (!r.count.known && (static_cast<bool>(mul_overflows(v.shape[d] - 1, v.strides[d], &reach)) ||
                             static_cast<bool>(add_overflows(v.strides[d] < 0 ? r.min : r.max, reach, &moved)))) {
        r.min = r.max = maybe_index::unknown();
        return r;
      }
    }
    if constexpr (std::is_same_v<entry_t<V>, index_t>) {  // the builtins in place, the checked calls only past int64
      index_t step = 0;
      index_t& moved = v.strides[d] < 0 ? r.min : r.max;
      if (!STRIDER_MUL_OVERFLOWS(v.shape[d] - 1, v.strides[d], &step) && !STRIDER_ADD_OVERFLOWS(moved, step, &step)) {
        moved = step;
        continue;
      }
    }
    // (extent - 1) * stride: how far the axis moves from its first element.
    const entry_t<V> reach = checked_mul(v.shape[d] - 1, v.strides[d], op);
    if constexpr (!std::is_same_v<entry_t<V>, index_t>) {
      if (!v.strides[d].known) {
        r.min = r.max = checked_add(r.max, reach, op);  // unknown
        continue;
      }
    }
    entry_t<V>& bound = v.strides[d] < 0 ? r.min : r.max;
    bound = checked_add(bound, reach, op);
  }
  return r;
}

// The storage elements reached from offset 0: max_offset + 1, or 0 when empty (required_span()).
template <class V>
STRIDER_HOST_DEVICE constexpr entry_t<V> required_span_of(const V& v, const char* op) {
  const basic_offset_range<entry_t<V>> r = offset_range_of(v, op);
  return pick(r.count == 0, entry_t<V>(0), r.max + 1);
}

STRIDER_HOST_DEVICE constexpr index_t min_offset(const layout_value& v, const char* op = "layout") { return offset_range_of(v, op).min; }
STRIDER_HOST_DEVICE constexpr index_t max_offset(const layout_value& v, const char* op = "layout") { return offset_range_of(v, op).max; }

// The invariants every layout keeps: non-negative extents, a non-negative storage offset for
// every element, and a size and offset range that fit in int64. `caller` is who asked
// (called_by<op::layout>()): a refusal starts with its name, and the compiler names it.
// On a maybe_layout (a mixed layout's compile-time pass) only what the known entries decide is
// checked; the run-time pass checks the rest. A maybe_layout's storage size stays 0 ("the required
// span") when the span depends on run-time entries.
template <class V>
STRIDER_HOST_DEVICE constexpr V validate(const V& v, check_caller caller) {
  const char* op = caller.name;  // for the int64 checks of the offset range
  const std::size_t rank = v.rank;  // a name: nvcc 13's front end prints {v.rank, ...} as a statement expression
  if (rank > max_rank) caller.refuse("rank {} exceeds max_rank ({})", {rank, max_rank});
  // Rebuilt with every entry below the rank written and zeros past it: equal layouts must be
  // equal template arguments, and g++ 12 gives a value whose array kept an unwritten entry
  // before a written one a different identity from the same value written in full.
  V out{};
  out.rank = v.rank;
  out.offset = v.offset;
  out.storage_size = v.storage_size;
  if (v.storage_size < 0) caller.refuse("storage size {} is negative", {known_value(v.storage_size)});
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (v.shape[d] < 0) caller.refuse("extent {} of axis {} is negative", {known_value(v.shape[d]), d});
    out.shape[d] = v.shape[d];
    out.strides[d] = v.strides[d];
  }
  const basic_offset_range<entry_t<V>> r = offset_range_of(out, op);
  // An empty layout addresses nothing, so its offset may lie anywhere (NumPy's empty views of
  // reversed axes point before their storage); nothing ever dereferences it.
  if (r.count == 0) return out;
  const auto nonempty = r.count != 0;
  if (nonempty && v.offset < 0) caller.refuse("storage offset {} is negative", {known_value(v.offset)});
  if (nonempty && r.min < 0) caller.refuse("an element lies at negative storage offset {}", {known_value(r.min)});
  // required_span (max_offset + 1) must fit in int64 too.
  if (nonempty && r.max == INT64_MAX) caller.refuse("an element lies at storage offset {}, leaving no int64 room for the storage span", {known_value(r.max)});
  constexpr bool values = std::is_same_v<entry_t<V>, index_t>;  // every entry known: no is_known calls
  if (v.storage_size == 0) out.storage_size = values || (is_known(r.max) && is_known(nonempty)) ? r.max + 1 : 0;  // 0: the span, unknown
  else if (nonempty && v.storage_size <= r.max) caller.refuse("reaches storage offset {}, outside its storage [0, {})", {known_value(r.max), known_value(v.storage_size)});
  return out;
}

// Overflow only where a value is used. A stride moves an offset only along an axis of more than
// one element of a non-empty layout, and the offset is read only in a non-empty layout; the
// rest may be anything the invariants allow. An operation computes the strides and the offset
// of its result with these: where the exact value does not fit in int64 and the value cannot
// address anything (a stride of an axis of at most one element), it takes `fallback`, which the
// operation documents; where that needs the whole result to be empty, the fallback is taken and
// the overflow noted, and refuse_used_overflow() refuses a non-empty result (a layout_error with
// the operation's name and the operands, never a wrapped value). For a result that selects
// elements of a valid input that cannot happen: its offset and the strides of its long axes
// step between elements of the input, which fit. On a maybe_layout, a value the run-time entries
// may make used is noted, and its run-time pass decides.
template <class E>
struct overflow_note {
  bool noted = false;
  bool product = false;  // a * b, else a + b
  E a = 0, b = 0;
  STRIDER_HOST_DEVICE constexpr void note(E x, E y, bool is_product) {
    if (noted) return;  // the first one names the values
    noted = true;
    product = is_product;
    a = x;
    b = y;
  }
};

// a * b as the stride of an axis of `extent` elements (see overflow_note).
template <class E>
STRIDER_HOST_DEVICE constexpr E stride_product(E a, E b, E extent, E fallback, overflow_note<E>& note) {
  E r{};
  if constexpr (std::is_same_v<E, index_t>) {
    if (!STRIDER_MUL_OVERFLOWS(a, b, &r)) return r;
  } else if (!static_cast<bool>(mul_overflows(a, b, &r))) {
    return r;
  }
  if (!static_cast<bool>(extent <= 1)) note.note(a, b, true);
  return fallback;
}
// a + b as the stride of an axis of `extent` elements (see overflow_note).
template <class E>
STRIDER_HOST_DEVICE constexpr E stride_sum(E a, E b, E extent, E fallback, overflow_note<E>& note) {
  E r{};
  if constexpr (std::is_same_v<E, index_t>) {
    if (!STRIDER_ADD_OVERFLOWS(a, b, &r)) return r;
  } else if (!static_cast<bool>(add_overflows(a, b, &r))) {
    return r;
  }
  if (!static_cast<bool>(extent <= 1)) note.note(a, b, false);
  return fallback;
}
// offset + k * stride as the offset of the result; `offset` itself where that does not fit
// (noted: only an empty result may have it).
template <class E>
STRIDER_HOST_DEVICE constexpr E moved_offset(E offset, E k, E stride, overflow_note<E>& note) {
  E step{}, r{};
  if constexpr (std::is_same_v<E, index_t>) {
    if (!STRIDER_MUL_OVERFLOWS(k, stride, &step) && !STRIDER_ADD_OVERFLOWS(offset, step, &r)) return r;
  }
  if (static_cast<bool>(mul_overflows(k, stride, &step))) note.note(k, stride, true);
  else if (static_cast<bool>(add_overflows(offset, step, &r))) note.note(offset, step, false);
  else return r;
  return offset;
}
// The refusal of a result that would use a value noted above.
template <class V>
STRIDER_HOST_DEVICE constexpr void refuse_used_overflow(const overflow_note<entry_t<V>>& note, const V& out, const char* op) {
  if (!note.noted || !static_cast<bool>(element_count(out, op) != 0)) return;
  if (note.product) checked_mul(note.a, note.b, op);  // throws
  checked_add(note.a, note.b, op);                      // throws
}

// Storage offset of the element at row-major position k (0 <= k < element count).
STRIDER_HOST_DEVICE constexpr index_t flat_index_offset(const layout_value& v, index_t k) {
  index_t offset = v.offset;
  for (std::size_t d = v.rank; d-- > 0;) {
    offset += k % v.shape[d] * v.strides[d];
    k /= v.shape[d];
  }
  return offset;
}

// PyTorch's rule: C order, strides of size-1 dimensions do not matter, empty is contiguous. On
// a pattern the answer is a maybe_bool: known where the static entries decide it.
template <class V>
STRIDER_HOST_DEVICE constexpr auto is_contiguous(const V& v) {
  const auto empty = element_count(v, "is_contiguous") == 0;
  if (empty) return decltype(empty)(true);
  auto result = decltype(empty)(true);
  entry_t<V> expected = 1;
  for (std::size_t d = v.rank; d-- > 0;) {
    const auto in_order = v.shape[d] == 1 || v.strides[d] == expected;
    if (!in_order) return empty;  // false, unless a run-time extent makes the layout empty
    result = result && in_order;
    expected = expected * v.shape[d];  // times 1 for an extent-1 axis; within the element count
  }
  return empty || result;
}

// One step of the odometer over axes [0, axes) of v, last of them fastest: advances index and
// offset to the next element; false (index all zero again) after the last one. Only steps that
// stay on an element are added: the stride of an extent-1 axis may be any int64 (it never moves
// an offset), so adding it first and taking it back could overflow.
STRIDER_HOST_DEVICE constexpr bool next_index(const layout_value& v, std::size_t axes, index_t* index, index_t& offset) {
  for (std::size_t d = axes; d-- > 0;) {
    if (++index[d] < v.shape[d]) {
      offset += v.strides[d];
      return true;
    }
    offset -= (index[d] - 1) * v.strides[d];
    index[d] = 0;
  }
  return false;
}

// Calls visit(offset) for every element in logical (row-major) order: the odometer over the
// outer axes around a tight loop over the last one.
STRIDER_CALLS_CALLER
template <class Visit>
STRIDER_HOST_DEVICE constexpr void for_each_offset(const layout_value& v, Visit&& visit) {
  for (std::size_t d = 0; d < v.rank; ++d)
    if (v.shape[d] == 0) return;
  if (v.rank == 0) {
    visit(v.offset);
    return;
  }
  const index_t n = v.shape[v.rank - 1], s = v.strides[v.rank - 1];
  index_t index[max_rank] = {};
  index_t offset = v.offset;
  do {
    for (index_t k = 0; k < n; ++k) visit(offset + k * s);
  } while (next_index(v, v.rank - 1, index, offset));
}

// Calls visit(index, offset) for every element in logical order, index a dims.
STRIDER_CALLS_CALLER
template <class Visit>
STRIDER_HOST_DEVICE constexpr void for_each_element(const layout_value& v, Visit&& visit) {
  for (std::size_t d = 0; d < v.rank; ++d)
    if (v.shape[d] == 0) return;
  dims index;
  for (std::size_t d = 0; d < v.rank; ++d) index.push_back(0);
  index_t offset = v.offset;
  do {
    visit(static_cast<const dims&>(index), offset);
  } while (next_index(v, v.rank, index.begin(), offset));
}

// The axes that move (extent > 1, stride != 0) with their |stride|, sorted by ascending
// |stride|, and whether they nest: sorted so, each steps over everything the smaller ones reach,
// which puts distinct indices at distinct offsets. Uniqueness and storage-order iteration both
// decide from this.
template <class E>
struct basic_moving_axes {
  E extent[max_rank] = {};
  index_t stride[max_rank] = {};
  std::size_t count = 0;
  decltype(E{} == E{}) repeats = false;  // an axis of extent > 1 has stride 0
  decltype(E{} == E{}) nested = true;
};
using moving_axes = basic_moving_axes<index_t>;

// On a maybe_layout (a mixed layout's compile-time pass), each answer may be unknown: an axis of
// run-time extent moves unless it is 1, and a moving axis of run-time stride cannot be sorted.
template <class V>
STRIDER_HOST_DEVICE constexpr basic_moving_axes<entry_t<V>> sorted_moving_axes(const V& v) {
  using E = entry_t<V>;
  basic_moving_axes<E> m;
  bool sortable = true;
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (v.shape[d] == 1) continue;
    if (v.strides[d] == 0) {
      if constexpr (std::is_same_v<E, index_t>) m.repeats = true;
      else m.repeats = m.repeats || v.shape[d] != 1;
      continue;
    }
    index_t stride = 0;
    if constexpr (std::is_same_v<E, index_t>) {
      stride = v.strides[d];
    } else {
      if (!v.strides[d].known) {
        sortable = false;
        continue;
      }
      stride = v.strides[d].value;
    }
    m.extent[m.count] = v.shape[d];
    m.stride[m.count] = stride < 0 ? -stride : stride;
    ++m.count;
  }
  if constexpr (!std::is_same_v<E, index_t>) {
    if (!sortable) {
      m.nested = {false, false};
      return m;
    }
  }
  for (std::size_t i = 1; i < m.count; ++i) {  // insertion sort by stride (count <= max_rank)
    const index_t s = m.stride[i];
    const E e = m.extent[i];
    std::size_t j = i;
    for (; j > 0 && s < m.stride[j - 1]; --j) {
      m.stride[j] = m.stride[j - 1];
      m.extent[j] = m.extent[j - 1];
    }
    m.stride[j] = s;
    m.extent[j] = e;
  }
  E reach = 0;  // highest relative offset reached by the axes so far
  for (std::size_t i = 0; i < m.count && static_cast<bool>(m.nested); ++i) {
    const auto beyond = reach < m.stride[i];
    if constexpr (!std::is_same_v<E, index_t>) {
      if (!beyond.known) {
        m.nested = {false, false};
        break;
      }
    }
    if (!beyond) m.nested = false;
    else reach = reach + m.stride[i] * (m.extent[i] - 1);
  }
  return m;
}

// On a maybe_layout, what the known entries decide: true when the moving axes nest (a run-time
// extent only on the outermost of them), false when an axis of extent > 1 has stride 0 and the
// layout is not empty; unknown otherwise, where the run-time answer needs the values (or an
// enumeration, which the index_t rule makes).
STRIDER_HOST_DEVICE constexpr maybe_bool is_unique(const maybe_layout_value& v) {
  const maybe_index count = element_count(v, "is_unique");
  if (count == 0) return true;
  const basic_moving_axes<maybe_index> m = sorted_moving_axes(v);
  if (m.repeats) return count != 0 ? maybe_bool(false) : maybe_bool(false, false);
  if (!m.repeats && m.nested) return true;
  return {false, false};
}

// Exact: no two logical indices share a storage offset. Dimensions of extent 1 do not matter,
// flipping a stride's sign does not change the answer, and a zero stride on a longer dimension
// repeats elements. Axes that nest (sorted_moving_axes) are unique: the common case, decided in
// O(rank^2). Otherwise the offsets are enumerated when there are at most unique_check_limit
// elements, and the answer is `false` (may overlap) beyond that, so that static layouts stay
// within the compilers' constant-evaluation limits.
STRIDER_HOST_DEVICE constexpr bool is_unique(const layout_value& v) {
  const index_t count = element_count(v, "is_unique");
  if (count == 0) return true;
  const moving_axes m = sorted_moving_axes(v);
  if (m.repeats) return false;
  if (m.nested) return true;
  if (count > unique_check_limit) return false;
  layout_value moving{};  // the moving axes alone, from relative offset 0
  moving.rank = m.count;
  index_t span = 0;
  for (std::size_t i = 0; i < m.count; ++i) {
    moving.shape[i] = m.extent[i];
    moving.strides[i] = m.stride[i];
    span += m.stride[i] * (m.extent[i] - 1);
  }
  // Enumerate relative offsets and look for a repeat: a bitmap when the span is small, a sort
  // otherwise (count is small, so both stay cheap).
  index_t* offsets = new index_t[static_cast<std::size_t>(count)];
  index_t k = 0;
  for_each_offset(moving, [&](index_t offset) { offsets[k++] = offset; });
  bool unique = true;
  if (span < 8 * count) {
    bool* seen = new bool[static_cast<std::size_t>(span + 1)]{};
    for (k = 0; k < count && unique; ++k) {
      if (seen[offsets[k]]) unique = false;
      seen[offsets[k]] = true;
    }
    delete[] seen;
  } else {
    sort_ascending(offsets, count);
    for (k = 1; k < count && unique; ++k)
      if (offsets[k] == offsets[k - 1]) unique = false;
  }
  delete[] offsets;
  return unique;
}

// Whether a layout has no element, from its extents alone (never an overflow): on a maybe_layout,
// unknown when no extent is known to be 0 and one is a run-time extent.
template <class V>
STRIDER_HOST_DEVICE constexpr auto has_zero_extent(const V& v) {
  decltype(v.shape[0] == 0) zero = false;
  for (std::size_t d = 0; d < v.rank; ++d) zero = zero || v.shape[d] == 0;
  return zero;
}

// stride * max(extent, 1): the stride of the next axis of a C- or Fortran-order layout of the
// extents of `v`. It fits in int64 in a non-empty layout, whose element count bounds it; in an
// empty one it may not, and there strides address nothing: 0 then (so for every axis past it;
// PyTorch's wrapped product is 0 too when the extents are powers of two). On a maybe_layout whose
// run-time extents decide whether it is empty, 0 as well: a non-empty value of those extents
// has a count past int64, which its run-time pass refuses.
template <class V>
STRIDER_HOST_DEVICE constexpr entry_t<V> next_packed_stride(const V& v, entry_t<V> stride, entry_t<V> extent, const char* op) {
  const entry_t<V> factor = max_of(extent, 1);
  entry_t<V> next{};
  if (!static_cast<bool>(mul_overflows(stride, factor, &next))) return next;
  if (!static_cast<bool>(!has_zero_extent(v))) return 0;  // empty, or (on a maybe_layout) maybe
  return checked_mul(stride, factor, op);                  // throws: the element count does not fit either
}

// Row-major (C order) strides for the extents of `v`, written into `v`: PyTorch's contiguous
// strides, where a zero extent does not zero the strides of the outer dimensions.
template <class V>
STRIDER_HOST_DEVICE constexpr void set_contiguous_strides(V& v, const char* op) {
  entry_t<V> stride = 1;
  for (std::size_t d = v.rank; d-- > 0;) {
    v.strides[d] = stride;
    if constexpr (std::is_same_v<entry_t<V>, index_t>) {  // no call per axis unless it overflows
      index_t next = 0;
      if (!STRIDER_MUL_OVERFLOWS(stride, v.shape[d] > 1 ? v.shape[d] : 1, &next)) {
        stride = next;
        continue;
      }
    }
    stride = next_packed_stride(v, stride, v.shape[d], op);
  }
}

// An entry of an alias's list: `dyn` is unknown in a maybe_layout; an extent may also be
// dyn_multiple<N>, unknown and a multiple of N.
template <class V>
STRIDER_HOST_DEVICE constexpr entry_t<V> entry_of(index_t e) {
  if constexpr (std::is_same_v<entry_t<V>, index_t>) return e;
  else return e == dyn ? maybe_index::unknown() : maybe_index(e);
}
template <class V>
STRIDER_HOST_DEVICE constexpr entry_t<V> extent_entry_of(index_t e) {
  if constexpr (std::is_same_v<entry_t<V>, index_t>) return e;
  else return is_dyn_extent(e) ? maybe_index::unknown(multiple_of_mark(e)) : maybe_index(e);
}

template <class V = layout_value>
STRIDER_HOST_DEVICE constexpr V contiguous_value(const dims& shape) {
  const check_caller caller = called_by<detail::op::contiguous>();
  V v{};
  v.rank = shape.size();
  const index_t* extents = shape.begin();
  for (std::size_t d = 0; d < v.rank; ++d) {
    if constexpr (std::is_same_v<entry_t<V>, index_t>) v.shape[d] = extents[d];
    else v.shape[d] = extent_entry_of<V>(extents[d]);
  }
  set_contiguous_strides(v, caller.name);
  return validate(v, caller);
}

// Column-major (Fortran order) strides for the extents of `v`, written into `v`.
template <class V>
STRIDER_HOST_DEVICE constexpr void set_column_major_strides(V& v, const char* op) {
  entry_t<V> stride = 1;
  for (std::size_t d = 0; d < v.rank; ++d) {
    v.strides[d] = stride;
    stride = next_packed_stride(v, stride, v.shape[d], op);
  }
}

template <class V = layout_value>
STRIDER_HOST_DEVICE constexpr V column_major_value(const dims& shape) {
  const check_caller caller = called_by<detail::op::column_major>();
  V v{};
  v.rank = shape.size();
  for (std::size_t d = 0; d < shape.size(); ++d) v.shape[d] = extent_entry_of<V>(shape[d]);  // all, before the strides read them
  set_column_major_strides(v, caller.name);
  return validate(v, caller);
}

}  // namespace detail

/// A layout whose rank and values are known at run time: the dynamic counterpart of
/// `static_layout`, with the same operations (the static layer calls exactly these).
/// Invariants: extents >= 0, every element at a storage offset in [0, storage_size()), size and
/// offsets fit int64.
class dynamic_layout {
 public:
  struct unchecked_t {};

  /// A rank-0 layout (one element at offset 0).
  constexpr dynamic_layout() = default;
  /// Any strided layout; throws `layout_error` ("layout: ...") if it breaks an invariant.
  STRIDER_HOST_DEVICE constexpr dynamic_layout(const dims& shape, const dims& strides, index_t offset = 0) {
    if (shape.size() != strides.size())
      detail::refuse("layout: shape has {} extents but strides has {} entries", shape.size(), strides.size());
    value_.rank = shape.size();
    for (std::size_t d = 0; d < shape.size(); ++d) {
      value_.shape[d] = shape[d];
      value_.strides[d] = strides[d];
    }
    value_.offset = offset;
    value_.storage_size = 0;  // exactly the required span
    value_ = detail::validate(value_, detail::called_by<detail::op::layout>());
  }
  /// From a raw value, checked.
  STRIDER_HOST_DEVICE constexpr explicit dynamic_layout(const layout_value& value) : value_(detail::validate(value, detail::called_by<detail::op::layout>())) {}
  /// From a value already known to be valid (the result of a core operation).
  STRIDER_HOST_DEVICE constexpr dynamic_layout(const layout_value& value, unchecked_t) : value_(value) {}

  /// Row-major (C order) layout of `shape` at offset 0, PyTorch's contiguous strides.
  STRIDER_HOST_DEVICE static constexpr dynamic_layout contiguous(const dims& shape) {
    return {detail::contiguous_value(shape), unchecked_t{}};
  }
  /// Column-major (Fortran order) layout of `shape` at offset 0.
  STRIDER_HOST_DEVICE static constexpr dynamic_layout column_major(const dims& shape) {
    return {detail::column_major_value(shape), unchecked_t{}};
  }

  STRIDER_HOST_DEVICE constexpr const layout_value& value() const { return value_; }
  /// The value the rules read (the same as value(); a mixed layout's compile-time pass reads
  /// entries that may be unknown instead).
  STRIDER_HOST_DEVICE constexpr const layout_value& entries() const { return value_; }
  STRIDER_HOST_DEVICE constexpr std::size_t rank() const { return value_.rank; }
  STRIDER_HOST_DEVICE constexpr dims shape() const { return to_dims(value_.shape); }
  STRIDER_HOST_DEVICE constexpr dims strides() const { return to_dims(value_.strides); }
  /// Extent and stride of one axis (0 <= axis < rank; throws otherwise).
  STRIDER_HOST_DEVICE constexpr index_t extent(std::size_t axis) const { return value_.shape[checked_axis(axis)]; }
  STRIDER_HOST_DEVICE constexpr index_t stride(std::size_t axis) const { return value_.strides[checked_axis(axis)]; }
  STRIDER_HOST_DEVICE constexpr index_t offset() const { return value_.offset; }

  /// Number of elements (the product of the extents; 1 for rank 0).
  STRIDER_HOST_DEVICE constexpr index_t size() const { return detail::element_count(value_, "size"); }
  /// C-contiguous in PyTorch's sense (extent-1 strides ignored, empty is contiguous).
  STRIDER_HOST_DEVICE constexpr bool is_contiguous() const { return detail::is_contiguous(value_); }
  /// No two elements share a storage offset (conservatively false past unique_check_limit
  /// elements when dimensions interleave).
  STRIDER_HOST_DEVICE constexpr bool is_unique() const { return detail::is_unique(value_); }
  STRIDER_HOST_DEVICE constexpr index_t min_offset() const { return detail::min_offset(value_); }
  STRIDER_HOST_DEVICE constexpr index_t max_offset() const { return detail::max_offset(value_); }
  /// Storage elements needed from offset 0: max_offset() + 1, or 0 for an empty layout.
  STRIDER_HOST_DEVICE constexpr index_t required_span() const { return size() == 0 ? 0 : max_offset() + 1; }
  /// Elements of the storage the layout was cut from (at least required_span()): a view keeps
  /// its input's, and as_strided may reach anywhere in it. A layout made from extents or strides
  /// has exactly its required span; `with_storage` states a larger one.
  STRIDER_HOST_DEVICE constexpr index_t storage_size() const { return value_.storage_size; }

  /// Storage offset of element `index` (one entry per axis, each in [0, extent)).
  STRIDER_HOST_DEVICE constexpr index_t operator()(const dims& index) const {
    if (index.size() != value_.rank)
      detail::refuse("index: {} indices given for a layout of rank {}", index.size(), value_.rank);
    // Every index is checked before any is used: an index into an empty layout is out of range
    // on its empty axis, and the axes before it may hold strides whose products overflow.
    for (std::size_t d = 0; d < value_.rank; ++d)
      if (index[d] < 0 || index[d] >= value_.shape[d])
        detail::refuse("index: index {} is out of range for axis {} with extent {}", index[d], d, value_.shape[d]);
    index_t off = value_.offset;  // an element's offset, and every partial sum one too: no overflow
    for (std::size_t d = 0; d < value_.rank; ++d) off += index[d] * value_.strides[d];
    return off;
  }
  template <std::integral... I>
  STRIDER_HOST_DEVICE constexpr index_t operator()(I... index) const {
    return (*this)(dims{static_cast<index_t>(index)...});
  }

  friend constexpr bool operator==(const dynamic_layout&, const dynamic_layout&) = default;

 private:
  STRIDER_HOST_DEVICE constexpr std::size_t checked_axis(std::size_t axis) const {
    if (axis >= value_.rank) detail::refuse("layout: axis {} is out of range for rank {}", axis, value_.rank);
    return axis;
  }
  STRIDER_HOST_DEVICE constexpr dims to_dims(const detail::row_of<index_t>& values) const {
    dims out;
    for (std::size_t d = 0; d < value_.rank; ++d) out.push_back(values[d]);
    return out;
  }

  layout_value value_{.storage_size = 1};  // rank 0: one element at offset 0
};

namespace detail {

// A mixed layout's value (the template argument of mixed_layout) has `dyn` for each run-time
// entry and a negative storage size, which no layout has: `dyn` when the storage size is a
// run-time entry too (a view keeps the storage of the layout it was cut from), or this, when it
// is the layout's required span (a mixed layout made from its entries). A static stride of an
// extent-1 axis that happens to be INT64_MIN reads as `dyn` there, and is then carried at run
// time with its value.
inline constexpr index_t required_span_storage = -1;
// The storage size of a mixed `contiguous<...>` (`column_major<...>`) whose run-time extents make
// some strides run-time: the storage is the required span, as above, and every `dyn` stride is
// the C-order (Fortran-order) stride of the extents, computed from them, never held or given.
// `layout<shape<...>, strides<...>>` with the same entries holds its strides (any valid ones).
inline constexpr index_t row_major_storage = -2;
inline constexpr index_t column_major_storage = -3;
// Whether a mixed value's `dyn` strides are computed from its extents (see row_major_storage).
STRIDER_HOST_DEVICE constexpr bool derives_strides(const layout_value& v) { return v.storage_size == row_major_storage || v.storage_size == column_major_storage; }

/// The compile-time pass of a mixed layout (`contiguous<dyn, 3>`): the rules run on it as on a
/// dynamic_layout, over entries that may be unknown, and `value()` gives the result's layout
/// value (`dyn` for every unknown entry; a static layout's value when none is), whose layout
/// type is the result's.
class maybe_layout {
 public:
  constexpr maybe_layout() = default;
  STRIDER_HOST_DEVICE constexpr maybe_layout(const maybe_layout_value& value, dynamic_layout::unchecked_t) : value_(value) {}
  /// The maybe_layout of a mixed layout's value (see of()).
  STRIDER_HOST_DEVICE constexpr maybe_layout(const layout_value& value, dynamic_layout::unchecked_t) : maybe_layout(of(value)) {}

  /// The maybe_layout of a layout value holding `dyn` entries.
  STRIDER_HOST_DEVICE static constexpr maybe_layout of(const layout_value& v) {
    maybe_layout p;
    p.value_.rank = v.rank;
    for (std::size_t d = 0; d < v.rank; ++d) {
      p.value_.shape[d] = extent_entry_of<maybe_layout_value>(v.shape[d]);
      p.value_.strides[d] = entry_of<maybe_layout_value>(v.strides[d]);
    }
    p.value_.offset = entry_of<maybe_layout_value>(v.offset);
    // The required span of run-time entries is itself a run-time value.
    p.value_.storage_size = v.storage_size < 0 ? maybe_index::unknown() : maybe_index(v.storage_size);
    return p;
  }

  STRIDER_HOST_DEVICE constexpr const maybe_layout_value& entries() const { return value_; }
  STRIDER_HOST_DEVICE constexpr std::size_t rank() const { return value_.rank; }
  /// The layout value with `dyn` where an entry is unknown.
  STRIDER_HOST_DEVICE constexpr layout_value value() const {
    layout_value v{};
    v.rank = value_.rank;
    bool unknown = !value_.offset.known;
    for (std::size_t d = 0; d < v.rank; ++d) {
      v.shape[d] = extent_or_dyn(value_.shape[d]);
      v.strides[d] = entry_or_dyn(value_.strides[d]);
      unknown = unknown || !value_.shape[d].known || !value_.strides[d].known;
    }
    v.offset = entry_or_dyn(value_.offset);
    // Next to run-time entries, a known storage size of 0 is validate's "the required span"; any
    // other is carried at run time (the value cannot be held where the sign marks the kind).
    v.storage_size = !value_.storage_size.known ? dyn
                     : unknown                   ? (value_.storage_size.value == 0 ? required_span_storage : dyn)
                                                 : value_.storage_size.value;
    return v;
  }

 private:
  maybe_layout_value value_{.storage_size = 1};
};

// What the rules take: a layout of run-time values, or a mixed layout's maybe_layout.
template <class L>
concept rule_layout = std::same_as<L, dynamic_layout> || std::same_as<L, maybe_layout>;

STRIDER_HOST_DEVICE constexpr bool has_dyn(const dims& values) {
  for (const index_t e : values)
    if (e == dyn) return true;
  return false;
}
STRIDER_HOST_DEVICE constexpr bool has_dyn_extent(const dims& extents) {
  const index_t* e = extents.begin();
  for (std::size_t d = 0; d < extents.size(); ++d)
    if (e[d] < dyn + max_dyn_multiple) return true;  // is_dyn_extent, without a call per extent
  return false;
}

// A contiguous or column-major maybe_layout value whose run-time extents leave some strides run-time: those
// are computed from the extents (see row_major_storage), so the type says so.
STRIDER_HOST_DEVICE constexpr layout_value packed_mixed_value(layout_value v, index_t order) {
  for (std::size_t d = 0; d < v.rank; ++d)
    if (v.strides[d] == dyn) {
      v.storage_size = order;
      break;
    }
  return v;
}

// The values of the layout aliases: a static layout's as before, or a mixed layout's maybe_layout,
// made by the same rules on entries that may be unknown.
// contiguous_value's work for a static layout, with the test for a run-time extent in its loop:
// the first layout of every chain is one, and a separate pass (or a call through
// dynamic_layout::contiguous) costs each a tenth of its compile time.
STRIDER_HOST_DEVICE constexpr layout_value contiguous_layout_value(const dims& shape) {
  layout_value v{};
  v.rank = shape.size();
  const index_t* extents = shape.begin();
  for (std::size_t d = 0; d < v.rank; ++d) {
    if (extents[d] < dyn + max_dyn_multiple)  // is_dyn_extent, without a call per extent
      return packed_mixed_value(maybe_layout(contiguous_value<maybe_layout_value>(shape), dynamic_layout::unchecked_t{}).value(), row_major_storage);
    v.shape[d] = extents[d];
  }
  set_contiguous_strides(v, "contiguous");  // the literal: g++ prints it in this call, over an overflow's line (compile-fail contiguous_extent_overflow)
  return validate(v, called_by<op::contiguous>());
}
STRIDER_HOST_DEVICE constexpr layout_value column_major_layout_value(const dims& shape) {
  if (!has_dyn_extent(shape)) return dynamic_layout::column_major(shape).value();
  return packed_mixed_value(maybe_layout(column_major_value<maybe_layout_value>(shape), dynamic_layout::unchecked_t{}).value(), column_major_storage);
}
STRIDER_HOST_DEVICE constexpr layout_value general_layout_value(const dims& shape, const dims& strides, index_t offset) {
  if (!has_dyn_extent(shape) && !has_dyn(strides) && offset != dyn) return dynamic_layout(shape, strides, offset).value();
  if (shape.size() != strides.size())
    detail::refuse("layout: shape has {} extents but strides has {} entries", shape.size(), strides.size());
  maybe_layout_value v{};
  v.rank = shape.size();
  for (std::size_t d = 0; d < shape.size(); ++d) {
    v.shape[d] = extent_entry_of<maybe_layout_value>(shape[d]);
    v.strides[d] = entry_of<maybe_layout_value>(strides[d]);
  }
  v.offset = entry_of<maybe_layout_value>(offset);
  return maybe_layout(validate(v, called_by<op::layout>()), dynamic_layout::unchecked_t{}).value();
}

}  // namespace detail

}  // namespace strider
