// strider/core/rule_helpers.hpp: what every view rule uses: axis wrapping, axis insertion and removal, and the result of a rule that only selects or reorders elements.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include "../util/checked.hpp"
#include "dims.hpp"
#include "../util/error.hpp"
#include "layout.hpp"
#include "operation_tags.hpp"

namespace strider {

namespace detail {

// Maps a NumPy axis in [-rank, rank) to [0, rank); returns -1 when it is out of range.
STRIDER_HOST_DEVICE constexpr index_t wrap_axis(index_t axis, std::size_t rank) {
  const auto r = static_cast<index_t>(rank);
  if (axis < -r || axis >= r) return -1;
  return axis < 0 ? axis + r : axis;
}

// The result of an operation that only selects, reorders or repeats elements of its (valid)
// input: extents never negative, every element an element of the input, the element count
// checked by the operation where it can grow, every entry below the rank written. It keeps
// every invariant of a layout, so it is not validated again; static layouts evaluate this in
// the compiler, where validation would be a large part of the cost of each operation.
STRIDER_HOST_DEVICE constexpr dynamic_layout subset_result(const layout_value& v) { return {v, dynamic_layout::unchecked_t{}}; }
STRIDER_HOST_DEVICE constexpr maybe_layout subset_result(const maybe_layout_value& v) { return {v, dynamic_layout::unchecked_t{}}; }

// The value type a rule works on for a layout type: layout_value or maybe_layout_value.
template <class L>
using value_t = std::remove_cvref_t<decltype(std::declval<const L&>().entries())>;

template <class V>
STRIDER_HOST_DEVICE constexpr void remove_axis(V& v, std::size_t axis) {
  for (std::size_t d = axis; d + 1 < v.rank && d + 1 < max_rank; ++d) {  // the bound for g++'s -Wmaybe-uninitialized
    v.shape[d] = v.shape[d + 1];
    v.strides[d] = v.strides[d + 1];
  }
  --v.rank;
  v.shape[v.rank] = 0;
  v.strides[v.rank] = 0;
}

// Refused in the caller's name (one instantiation per entry type: util/error.hpp's check_caller).
template <class V>
STRIDER_HOST_DEVICE constexpr void insert_axis(V& v, std::size_t axis, entry_t<V> extent, entry_t<V> stride, check_caller caller) {
  if (v.rank == max_rank) caller.refuse("rank would exceed max_rank ({})", {max_rank});
  for (std::size_t d = v.rank; d > axis; --d) {
    v.shape[d] = v.shape[d - 1];
    v.strides[d] = v.strides[d - 1];
  }
  v.shape[axis] = extent;
  v.strides[axis] = stride;
  ++v.rank;
}


}  // namespace detail

}  // namespace strider
