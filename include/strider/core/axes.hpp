// strider/core/axes.hpp: the operations that reorder, reverse, remove or insert axes: permute, transpose, flip, squeeze, unsqueeze, movedim, matrix_transpose, reverse_axis_order, t, rot90, rollaxis, expand_dims.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include "rule_helpers.hpp"

namespace strider {

/// Reorders the axes: result axis i is input axis `axes[i]` (NumPy `transpose(axes)`, PyTorch
/// `permute`). Negative axes count from the end.
/// @pre `axes` holds each axis of `l` once (negative ones count from the end).
/// @example `contiguous(2, 3, 4).permute(2, 0, 1)` is shape (4, 2, 3), strides (1, 12, 4), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L permute(const L& l, const dims& axes) {
  const auto& in = l.entries();
  if (axes.size() != in.rank) detail::refuse("permute: {} axes given for a layout of rank {}", axes.size(), in.rank);
  const index_t* axis = axes.begin();
  detail::value_t<L> out = in;
  bool used[max_rank] = {};
  for (std::size_t i = 0; i < in.rank; ++i) {
    const index_t a = detail::wrap_axis(axis[i], in.rank);
    if (a < 0) detail::refuse("permute: axis {} is out of range for rank {}", axis[i], in.rank);
    if (used[a]) detail::refuse("permute: repeated axis {}", axis[i]);
    used[a] = true;
    out.shape[i] = in.shape[a];
    out.strides[i] = in.strides[a];
  }
  return detail::subset_result(out);
}

/// Swaps two axes (PyTorch `transpose(a, b)`, NumPy `swapaxes`).
/// @pre both axes are axes of `l` (negative ones count from the end); they may be the same.
/// @example `contiguous(2, 3, 4).transpose(0, 2)` is shape (4, 3, 2), strides (1, 4, 12), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L transpose(const L& l, index_t axis_a, index_t axis_b) {
  const auto& in = l.entries();
  const index_t a = detail::wrap_axis(axis_a, in.rank), b = detail::wrap_axis(axis_b, in.rank);
  if (a < 0) detail::refuse("transpose: axis {} is out of range for rank {}", axis_a, in.rank);
  if (b < 0) detail::refuse("transpose: axis {} is out of range for rank {}", axis_b, in.rank);
  detail::value_t<L> out = in;
  const auto extent = out.shape[a], stride = out.strides[a];  // std::swap is a host function to nvcc
  out.shape[a] = out.shape[b];
  out.strides[a] = out.strides[b];
  out.shape[b] = extent;
  out.strides[b] = stride;
  return detail::subset_result(out);
}

namespace detail {
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip_axes(const L& l, const bool (&used)[max_rank]) {
  using E = entry_t<value_t<L>>;
  const auto& in = l.entries();
  value_t<L> out = in;
  overflow_note<E> note;
  for (std::size_t d = 0; d < in.rank; ++d) {
    // An axis not known to be empty is flipped: a mixed layout's static entries describe its
    // non-empty results (docs/mixed.md).
    if (!used[d]) continue;
    if (in.shape[d] == 0) continue;
    // In an empty layout the move may not fit in int64 (the offset stays then: see
    // overflow_note); an axis of one element whose stride has no negation (INT64_MIN) keeps it.
    out.offset = moved_offset(out.offset, in.shape[d] - 1, in.strides[d], note);
    out.strides[d] = stride_product(in.strides[d], E(-1), in.shape[d], in.strides[d], note);
  }
  refuse_used_overflow(note, out, "flip");
  return subset_result(out);
}
}  // namespace detail

/// Reverses the given axes (NumPy `flip(a, axes)`): the stride changes sign and the offset moves
/// to the last element. An empty axis list flips nothing, as NumPy's `axis=()`. An empty axis
/// stays as it is, as in NumPy.
/// @pre each of `axes` is an axis of `l`, none repeated.
/// @example `contiguous(3, 4).flip(1)` is shape (3, 4), strides (4, -1), offset 3.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip(const L& l, const dims& axes) {
  const auto& in = l.entries();
  bool used[max_rank] = {};
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const index_t a = detail::wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("flip: axis {} is out of range for rank {}", axes[i], in.rank);
    if (used[a]) detail::refuse("flip: repeated axis {}", axes[i]);
    used[a] = true;
  }
  return detail::flip_axes(l, used);
}

/// Flips every axis (NumPy `flip(a)` with no axis).
/// @pre none.
/// @example `contiguous(3, 4).flip()` is shape (3, 4), strides (-4, -1), offset 11.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L flip(const L& l) {
  bool all[max_rank] = {};
  for (std::size_t d = 0; d < l.rank(); ++d) all[d] = true;
  return detail::flip_axes(l, all);
}

/// NumPy `squeeze(axis)`: removes the given axes, each of which must have extent 1. A rank-0
/// layout accepts axis 0 or -1 and stays as it is, as in NumPy and PyTorch.
/// @pre each of `axes` is an axis of `l` of extent 1, none repeated (rank 0: at most one, 0 or -1).
/// @example `contiguous(3, 1, 4).squeeze(1)` is shape (3, 4), strides (4, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L squeeze(const L& l, const dims& axes) {
  const auto& in = l.entries();
  if (in.rank == 0) {
    if (axes.size() > 1) detail::refuse("squeeze: {} axes given for a layout of rank 0 (at most one, 0 or -1)", axes.size());
    if (axes.size() == 1 && detail::wrap_axis(axes[0], 1) < 0) detail::refuse("squeeze: axis {} is out of range for rank 0", axes[0]);
    return l;
  }
  bool drop[max_rank] = {};
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const index_t a = detail::wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("squeeze: axis {} is out of range for rank {}", axes[i], in.rank);
    if (drop[a]) detail::refuse("squeeze: repeated axis {}", axes[i]);
    if (in.shape[a] != 1) detail::refuse("squeeze: axis {} has extent {}, not 1", axes[i], detail::known_value(in.shape[a]));
    drop[a] = true;
  }
  detail::value_t<L> out = in;
  for (std::size_t d = in.rank; d-- > 0;)
    if (drop[d]) detail::remove_axis(out, d);
  return detail::subset_result(out);
}

/// NumPy `squeeze()`: removes every axis of extent 1.
/// @pre none (on a mixed layout, the static entries decide which extents are 1).
/// @example `contiguous(1, 3, 1).squeeze()` is shape (3,), strides (1,), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L squeeze(const L& l) {
  detail::value_t<L> out = l.entries();
  for (std::size_t d = out.rank; d-- > 0;) {
    // On a mixed layout the rank of the result must be static: a run-time extent is refused.
    const auto one = out.shape[d] == 1;
    if (!detail::is_known(one)) detail::refuse("squeeze: which axes have extent 1 depends on an extent known only at run time (name the axes to squeeze)");
    if (one) detail::remove_axis(out, d);
  }
  return detail::subset_result(out);
}

/// PyTorch `unsqueeze(axis)` / NumPy `expand_dims`: inserts an axis of extent 1 at `axis`, which
/// may be in [-rank-1, rank]. Its stride is PyTorch's choice (extent * stride of the axis it
/// precedes, or 1 at the end), or the stride of the axis it precedes where that product does
/// not fit in int64; it never affects an offset.
/// @pre `axis` is in [-rank - 1, rank] and the rank is below max_rank.
/// @example `contiguous(3, 4).unsqueeze(1)` is shape (3, 1, 4), strides (4, 4, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L unsqueeze(const L& l, index_t axis) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  const index_t a = detail::wrap_axis(axis, in.rank + 1);
  if (a < 0) detail::refuse("unsqueeze: axis {} is out of range for rank {} (a new axis goes in [-{}, {}])", axis, in.rank, in.rank + 1, in.rank);
  const auto at = static_cast<std::size_t>(a);
  detail::overflow_note<E> unused;  // an axis of extent 1: never noted
  const E stride = at < in.rank ? detail::stride_product(in.shape[at], in.strides[at], E(1), in.strides[at], unused) : E(1);
  detail::value_t<L> out = in;
  detail::insert_axis(out, at, 1, stride, detail::called_by<detail::op::unsqueeze>());
  return detail::subset_result(out);
}

/// PyTorch `movedim(source, destination)` (NumPy `moveaxis`): axis source[i] becomes axis
/// destination[i]; the other axes keep their order in the remaining places. Negative axes count
/// from the end.
/// @pre `source` and `destination` have the same length, each an axis list of `l` without repeats.
/// @example `contiguous(2, 3, 4).movedim(0, 2)` is shape (3, 4, 2), strides (4, 1, 12), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L movedim(const L& l, const dims& source, const dims& destination) {
  const std::size_t rank = l.rank();
  if (source.size() != destination.size())
    detail::refuse("movedim: {} source axes but {} destination axes", source.size(), destination.size());
  index_t order[max_rank] = {};
  bool placed[max_rank] = {}, moved[max_rank] = {};
  for (std::size_t i = 0; i < source.size(); ++i) {
    const index_t s = detail::wrap_axis(source[i], rank), d = detail::wrap_axis(destination[i], rank);
    if (s < 0) detail::refuse("movedim: source axis {} is out of range for rank {}", source[i], rank);
    if (d < 0) detail::refuse("movedim: destination axis {} is out of range for rank {}", destination[i], rank);
    if (moved[s]) detail::refuse("movedim: repeated source axis {}", source[i]);
    if (placed[d]) detail::refuse("movedim: repeated destination axis {}", destination[i]);
    moved[s] = placed[d] = true;
    order[d] = s;
  }
  std::size_t next = 0;  // the other axes, in their order, into the free places
  for (std::size_t d = 0; d < rank; ++d) {
    if (placed[d]) continue;
    while (moved[next]) ++next;
    order[d] = static_cast<index_t>(next++);
  }
  dims axes;
  for (std::size_t d = 0; d < rank; ++d) axes.push_back(order[d]);
  return permute(l, axes);
}

/// PyTorch `mT`: the last two axes swapped (a batch of matrices transposed). A rank-0 layout is
/// its own transpose, as in PyTorch; rank 1 is refused.
/// @pre `l` has rank 0 or at least 2.
/// @example `contiguous(2, 3, 4).matrix_transpose()` is shape (2, 4, 3), strides (12, 1, 4), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L matrix_transpose(const L& l) {
  if (l.rank() == 0) return l;
  if (l.rank() < 2) detail::refuse("matrix_transpose: needs a matrix or a batch of them (at least 2 axes), got rank {}", l.rank());
  return transpose(l, -2, -1);
}

/// NumPy `.T` and `transpose()` without axes (PyTorch `.T`): the order of the axes reversed.
/// @pre none.
/// @example `contiguous(2, 3, 4).reverse_axis_order()` is shape (4, 3, 2), strides (1, 4, 12), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L reverse_axis_order(const L& l) {
  detail::value_t<L> out = l.entries();
  for (std::size_t i = 0; i < out.rank; ++i) {
    out.shape[i] = l.entries().shape[out.rank - 1 - i];
    out.strides[i] = l.entries().strides[out.rank - 1 - i];
  }
  return detail::subset_result(out);
}

/// PyTorch `t()`: a matrix transposed. A layout of rank 0 or 1 is returned as it is, as in
/// PyTorch; more than 2 axes are refused (matrix_transpose swaps the last two of a batch).
/// @pre `l` has at most 2 axes.
/// @example `contiguous(3, 4).t()` is shape (4, 3), strides (1, 4), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L t(const L& l) {
  if (l.rank() > 2) detail::refuse("t: expects at most 2 axes, got rank {} (transpose or matrix_transpose take more)", l.rank());
  if (l.rank() < 2) return l;
  return transpose(l, 0, 1);
}

/// NumPy `rot90(m, k, axes=(axis1, axis2))`: k quarter turns from axis1 towards axis2, made as
/// NumPy makes it, of flip and transpose: k mod 4 turns; 1 flips axis2 then swaps the two axes,
/// 2 flips both, 3 swaps them then flips axis2. The axes must differ (also as -1 and rank-1),
/// and the layout needs 2 axes.
/// @pre `l` has at least 2 axes; `axis1` and `axis2` are two different axes of it.
/// @example `contiguous(3, 4).rot90()` is shape (4, 3), strides (-1, 4), offset 3.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L rot90(const L& l, index_t k = 1, index_t axis1 = 0, index_t axis2 = 1) {
  const auto rank = static_cast<index_t>(l.rank());
  if (axis1 == axis2 || axis1 - axis2 == rank || axis2 - axis1 == rank)
    detail::refuse("rot90: the axes must be different, got {} and {} for rank {}", axis1, axis2, rank);
  if (detail::wrap_axis(axis1, l.rank()) < 0 || detail::wrap_axis(axis2, l.rank()) < 0)
    detail::refuse("rot90: axes ({}, {}) are out of range for rank {} (rot90 needs 2 axes)", axis1, axis2, rank);
  const index_t turns = (k % 4 + 4) % 4;
  if (turns == 0) return l;
  if (turns == 2) return flip(l, dims{axis1, axis2});
  if (turns == 1) return transpose(flip(l, dims{axis2}), axis1, axis2);
  return flip(transpose(l, axis1, axis2), dims{axis2});
}

/// NumPy `rollaxis(a, axis, start)`: axis `axis` moved to just before the axis now at `start`
/// (start in [-rank, rank]; the other axes keep their order), a permute.
/// @pre `axis` is an axis of `l`; `start` is in [-rank, rank].
/// @example `contiguous(2, 3, 4).rollaxis(2)` is shape (4, 2, 3), strides (1, 12, 4), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L rollaxis(const L& l, index_t axis, index_t start = 0) {
  const auto rank = static_cast<index_t>(l.rank());
  const index_t a = detail::wrap_axis(axis, l.rank());
  if (a < 0) detail::refuse("rollaxis: axis {} is out of range for rank {}", axis, rank);
  index_t s = start < 0 ? start + rank : start;
  if (s < 0 || s > rank) detail::refuse("rollaxis: start {} is out of range for rank {} (it goes in [-{}, {}])", start, rank, rank, rank);
  if (a < s) --s;
  dims order;  // the axes but a, with a placed at s
  for (index_t d = 0, from = 0; d < rank; ++d) {
    if (from == a) ++from;
    order.push_back(d == s ? a : from++);
  }
  return permute(l, order);
}

/// NumPy `expand_dims(a, axes)`: an extent-1 axis at each of `axes`, which are places in the
/// result (in [-n, n) for a result of rank n, no repeats); none gives the layout as it is. Each
/// is an unsqueeze, in increasing order, with unsqueeze's stride (PyTorch's; NumPy's reshape
/// may choose another stride for an extent-1 axis, which never moves an offset).
/// @pre each of `axes` is a place in the result (rank + axes.size() axes), none repeated, within max_rank.
/// @example `contiguous(3, 4).expand_dims((0, 3))` is shape (1, 3, 4, 1), strides (12, 4, 1, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L expand_dims(const L& l, const dims& axes) {
  const std::size_t rank = l.rank() + axes.size();
  if (rank > max_rank) detail::refuse("expand_dims: rank {} plus {} axes would exceed max_rank ({})", l.rank(), axes.size(), max_rank);
  bool add[max_rank] = {};
  for (const index_t axis : axes) {
    const index_t a = detail::wrap_axis(axis, rank);
    if (a < 0) detail::refuse("expand_dims: axis {} is out of range for the result's rank {}", axis, rank);
    if (add[a]) detail::refuse("expand_dims: repeated axis {}", axis);
    add[a] = true;
  }
  L out = l;
  for (std::size_t d = 0; d < rank; ++d)
    if (add[d]) out = unsqueeze(out, static_cast<index_t>(d));
  return out;
}

// Under nvcc, the non-template forms of the rules above whose forms are not made from
// core/operation_forms.hpp's list (see operations.hpp).
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr dynamic_layout flip(const dynamic_layout& l, const dims& axes) { return flip<dynamic_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout flip(const dynamic_layout& l) { return flip<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr dynamic_layout squeeze(const dynamic_layout& l, const dims& axes) { return squeeze<dynamic_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout squeeze(const dynamic_layout& l) { return squeeze<dynamic_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout flip(const detail::maybe_layout& l, const dims& axes) { return flip<detail::maybe_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout flip(const detail::maybe_layout& l) { return flip<detail::maybe_layout>(l); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout squeeze(const detail::maybe_layout& l, const dims& axes) { return squeeze<detail::maybe_layout>(l, axes); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout squeeze(const detail::maybe_layout& l) { return squeeze<detail::maybe_layout>(l); }
#endif

}  // namespace strider
