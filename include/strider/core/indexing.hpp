// strider/core/indexing.hpp: the operations that index an axis: narrow, select and diagonal (the NumPy index is core/slice.hpp).
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include "rule_helpers.hpp"

namespace strider {

/// NumPy/PyTorch `diagonal(offset, axis1, axis2)`: removes both axes and appends one that walks
/// their diagonal (offset > 0 above the main diagonal, < 0 below). A diagonal outside the
/// matrix is empty.
/// @pre `l` has at least 2 axes; `axis1` and `axis2` are two different axes of it; any `offset`.
/// @example `contiguous(3, 4).diagonal(1)` is shape (3,), strides (5,), offset 1.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L diagonal(const L& l, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank < 2) detail::refuse("diagonal: the layout has rank {}, needs at least 2", in.rank);
  const index_t a = detail::wrap_axis(axis1, in.rank), b = detail::wrap_axis(axis2, in.rank);
  if (a < 0) detail::refuse("diagonal: axis {} is out of range for rank {}", axis1, in.rank);
  if (b < 0) detail::refuse("diagonal: axis {} is out of range for rank {}", axis2, in.rank);
  if (a == b) detail::refuse("diagonal: axis1 and axis2 are the same axis ({})", a);
  const E n1 = in.shape[a], n2 = in.shape[b];
  E length = 0;
  if (offset >= 0) length = detail::max_of(0, detail::min_of(n1, n2 - detail::min_of(offset, n2)));
  else length = detail::max_of(0, detail::min_of(n1 + detail::max_of(offset, -n1), n2));
  detail::value_t<L> out = in;
  detail::overflow_note<E> note;
  // NumPy moves the offset to the diagonal's start whenever that start is inside or at the
  // edge of the matrix, even when the diagonal is empty there. On a run-time extent the start is
  // taken (a mixed layout's static entries describe non-empty results, where it is inside).
  // INT64_MIN is never inside (and has no negation). An empty result whose start does not fit
  // in int64 keeps the input's offset (see overflow_note).
  const auto inside = offset >= 0 ? E(offset) <= n2 : E(offset) >= -n1;
  if (offset != INT64_MIN && (!detail::is_known(inside) || static_cast<bool>(inside)))
    out.offset = offset >= 0 ? detail::moved_offset(out.offset, E(offset), in.strides[b], note)
                             : detail::moved_offset(out.offset, E(-offset), in.strides[a], note);
  // A diagonal of at most one element whose stride sum does not fit takes axis1's stride.
  const E stride = detail::stride_sum(in.strides[a], in.strides[b], length, in.strides[a], note);
  detail::remove_axis(out, static_cast<std::size_t>(detail::max_of(a, b)));
  detail::remove_axis(out, static_cast<std::size_t>(detail::min_of(a, b)));
  detail::insert_axis(out, out.rank, length, stride, detail::called_by<detail::op::diagonal>());
  detail::refuse_used_overflow(note, out, "diagonal");
  return detail::subset_result(out);
}

/// PyTorch `narrow(dim, start, length)`: elements [start, start + length) of axis `dim`, a view.
/// A negative start counts from the end; out of range is an error, never clamped.
/// @pre `dim` is an axis of `l`; `start` is in [-extent, extent] and 0 <= length <= extent - start.
/// @example `contiguous(4, 6).narrow(1, 2, 3)` is shape (4, 3), strides (6, 1), offset 2.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L narrow(const L& l, index_t dim, index_t start, index_t length) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank == 0) detail::refuse("narrow: a rank-0 layout has no dimension to narrow");
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("narrow: dimension {} is out of range for rank {}", dim, in.rank);
  // PyTorch's range for start: the end itself, or an index as maybe_wrap_dim wraps it (an empty
  // axis wraps as one of extent 1, so -1 is its start too).
  const E n = in.shape[d], wrap = detail::max_of(n, 1);
  if (n != start && (E(start) < -wrap || E(start) >= wrap))
    detail::refuse("narrow: start {} is out of range for dimension {} with extent {}", start, dim, detail::known_value(n));
  const E first = start < 0 ? E(start) + wrap : E(start);
  if (length < 0) detail::refuse("narrow: length {} is negative", length);
  if (E(length) > n - first) detail::refuse("narrow: start {} + length {} exceeds extent {} of dimension {}", detail::known_value(first), length, detail::known_value(n), dim);
  detail::value_t<L> out = in;
  out.shape[d] = length;
  detail::overflow_note<E> note;  // an empty result whose offset does not fit keeps the input's
  out.offset = detail::moved_offset(in.offset, first, in.strides[d], note);
  detail::refuse_used_overflow(note, out, "narrow");
  return detail::subset_result(out);
}

/// PyTorch `select(dim, index)`: the elements at `index` of axis `dim`, which is removed (NumPy
/// `a[..., index, ...]`). A negative index counts from the end.
/// @pre `dim` is an axis of `l` and `index` is in [-extent, extent).
/// @example `contiguous(4, 6).select(0, 2)` is shape (6,), strides (1,), offset 12.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L select(const L& l, index_t dim, index_t index) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (in.rank == 0) detail::refuse("select: a rank-0 layout has no dimension to select from");
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("select: dimension {} is out of range for rank {}", dim, in.rank);
  const E n = in.shape[d];
  if (E(index) < -n || E(index) >= n) detail::refuse("select: index {} is out of range for dimension {} with extent {}", index, dim, detail::known_value(n));
  detail::value_t<L> out = in;
  detail::overflow_note<E> note;  // an empty result whose offset does not fit keeps the input's
  out.offset = detail::moved_offset(in.offset, index < 0 ? E(index) + n : E(index), in.strides[d], note);
  detail::remove_axis(out, static_cast<std::size_t>(d));
  detail::refuse_used_overflow(note, out, "select");
  return detail::subset_result(out);
}

}  // namespace strider
