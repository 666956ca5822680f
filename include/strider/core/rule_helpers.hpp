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

namespace strider {

namespace detail {

// Tags of the operations whose checks a helper shares with others: the helper refuses through
// refuse_in<Op> (util/error.hpp), which puts the calling operation's name on the compiler's error
// line and at the start of the message.
namespace op {
struct view { STRIDER_HOST_DEVICE static constexpr const char* name() { return "view"; } };
struct reshape { STRIDER_HOST_DEVICE static constexpr const char* name() { return "reshape"; } };
struct ravel { STRIDER_HOST_DEVICE static constexpr const char* name() { return "ravel"; } };
struct unsqueeze { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unsqueeze"; } };
struct diagonal { STRIDER_HOST_DEVICE static constexpr const char* name() { return "diagonal"; } };
struct unfold { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unfold"; } };
struct sliding_window_view { STRIDER_HOST_DEVICE static constexpr const char* name() { return "sliding_window_view"; } };
struct composition { STRIDER_HOST_DEVICE static constexpr const char* name() { return "composition"; } };
struct complement { STRIDER_HOST_DEVICE static constexpr const char* name() { return "complement"; } };
struct right_inverse { STRIDER_HOST_DEVICE static constexpr const char* name() { return "right_inverse"; } };
struct left_inverse { STRIDER_HOST_DEVICE static constexpr const char* name() { return "left_inverse"; } };
struct logical_divide { STRIDER_HOST_DEVICE static constexpr const char* name() { return "logical_divide"; } };
struct logical_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "logical_product"; } };
struct blocked_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "blocked_product"; } };
struct raked_product { STRIDER_HOST_DEVICE static constexpr const char* name() { return "raked_product"; } };
struct split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "split"; } };
struct split_with_sizes { STRIDER_HOST_DEVICE static constexpr const char* name() { return "split_with_sizes"; } };
struct chunk { STRIDER_HOST_DEVICE static constexpr const char* name() { return "chunk"; } };
struct unbind { STRIDER_HOST_DEVICE static constexpr const char* name() { return "unbind"; } };
struct tensor_split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "tensor_split"; } };
struct numpy_split { STRIDER_HOST_DEVICE static constexpr const char* name() { return "numpy_split"; } };
struct hsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "hsplit"; } };
struct vsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "vsplit"; } };
struct dsplit { STRIDER_HOST_DEVICE static constexpr const char* name() { return "dsplit"; } };
}  // namespace op

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

template <class Op, class V>
STRIDER_HOST_DEVICE constexpr void insert_axis(V& v, std::size_t axis, entry_t<V> extent, entry_t<V> stride) {
  if (v.rank == max_rank) detail::refuse_in<Op>("rank would exceed max_rank ({})", max_rank);
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
