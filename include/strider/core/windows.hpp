// strider/core/windows.hpp: sliding windows: unfold (PyTorch) and sliding_window_view (NumPy).
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include "rule_helpers.hpp"

namespace strider {

/// PyTorch `unfold(dim, size, step)`: the sliding-window view. Axis `dim` becomes the window
/// count (extent - size) / step + 1 with stride step * stride, and a new last axis of extent
/// `size` walks each window. A rank-0 layout (dim 0 or -1) gives shape {size}, stride {1}.
/// @pre `dim` is an axis of `l` (0 or -1 for rank 0), 0 <= size <= its extent, step > 0.
/// @example `contiguous(8).unfold(0, 3, 2)` is shape (3, 3), strides (2, 1), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L unfold(const L& l, index_t dim, index_t size, index_t step) {
  detail::value_t<L> in = l.entries();
  if (in.rank == 0) {  // PyTorch: a scalar unfolds into the single window [size] (size 0 or 1)
    if (dim != 0 && dim != -1) detail::refuse("unfold: dimension {} is out of range for rank 0", dim);
    if (size < 0) detail::refuse("unfold: size {} is negative", size);
    if (step <= 0) detail::refuse("unfold: step {} must be positive", step);
    if (size > 1) detail::refuse("unfold: size {} is larger than extent 1 of a rank-0 layout", size);
    detail::insert_axis(in, 0, size, 1, detail::called_by<detail::op::unfold>());
    return detail::subset_result(in);
  }
  const index_t d = detail::wrap_axis(dim, in.rank);
  if (d < 0) detail::refuse("unfold: dimension {} is out of range for rank {}", dim, in.rank);
  if (size < 0) detail::refuse("unfold: size {} is negative", size);
  if (step <= 0) detail::refuse("unfold: step {} must be positive", step);
  if (in.shape[d] < size) detail::refuse("unfold: size {} is larger than extent {} of dimension {}", size, detail::known_value(in.shape[d]), dim);
  using E = detail::entry_t<detail::value_t<L>>;
  detail::value_t<L> out = in;
  // Empty windows leave one more (empty) window than elements, which may not fit in int64.
  out.shape[d] = detail::checked_add((in.shape[d] - size) / step, E(1), "unfold");
  // At most one window: where step * stride does not fit, the axis keeps the input's stride.
  detail::overflow_note<E> note;
  out.strides[d] = detail::stride_product(E(step), in.strides[d], out.shape[d], in.strides[d], note);
  detail::insert_axis(out, out.rank, size, in.strides[d], detail::called_by<detail::op::unfold>());
  detail::element_count(out, "unfold");  // overlapping windows can hold more elements than the input
  detail::refuse_used_overflow(note, out, "unfold");
  return detail::subset_result(out);
}

namespace detail {
// NumPy's sliding_window_view over axes[i] with windows window[i]; axes may repeat, each window
// shrinking that axis again.
template <rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_windows(const L& l, const dims& window, const dims& axes) {
  using E = entry_t<value_t<L>>;
  const auto& in = l.entries();
  if (in.rank + window.size() > max_rank)
    detail::refuse("sliding_window_view: the result's rank {} would exceed max_rank ({})", in.rank + window.size(), max_rank);
  value_t<L> out = in;
  for (std::size_t i = 0; i < window.size(); ++i) {
    if (window[i] < 0) detail::refuse("sliding_window_view: window extent {} is negative", window[i]);
    const index_t a = wrap_axis(axes[i], in.rank);
    if (a < 0) detail::refuse("sliding_window_view: axis {} is out of range for rank {}", axes[i], in.rank);
    if (E(window[i]) > out.shape[a])
      detail::refuse("sliding_window_view: window extent {} is larger than extent {} of axis {}", window[i], known_value(out.shape[a]), axes[i]);
    // An empty window leaves one more (empty) window than elements, which may not fit in int64.
    out.shape[a] = checked_add(out.shape[a], E(1 - window[i]), "sliding_window_view");
    insert_axis(out, out.rank, E(window[i]), in.strides[a], called_by<op::sliding_window_view>());
  }
  element_count(out, "sliding_window_view");  // overlapping windows hold more elements than the input
  return subset_result(out);
}
}  // namespace detail

/// NumPy `sliding_window_view(x, window_shape, axis)`: every window of extents `window` over
/// `axes` (repeats allowed), the window axes appended in that order.
/// @pre `window` and `axes` have the same length; each window extent is in [0, the extent of its axis].
/// @example `contiguous(4, 6).sliding_window_view((3,), (1,))` is shape (4, 4, 3), strides (6, 1, 1), offset
///          0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_window_view(const L& l, const dims& window, const dims& axes) {
  if (window.size() != axes.size())
    detail::refuse("sliding_window_view: {} window extents but {} axes", window.size(), axes.size());
  return detail::sliding_windows(l, window, axes);
}

/// NumPy `sliding_window_view(x, window_shape)`: one window extent per axis.
/// @pre one window extent per axis, each in [0, that axis's extent].
/// @example `contiguous(4, 6).sliding_window_view((2, 3))` is shape (3, 4, 2, 3), strides (6, 1, 6, 1),
///          offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L sliding_window_view(const L& l, const dims& window) {
  if (window.size() != l.rank())
    detail::refuse("sliding_window_view: {} window extents for rank {} (without axes, one per axis)", window.size(), l.rank());
  dims axes;
  for (std::size_t d = 0; d < l.rank(); ++d) axes.push_back(static_cast<index_t>(d));
  return detail::sliding_windows(l, window, axes);
}

// Under nvcc, the non-template forms of the rules above whose forms are not made from
// core/operation_forms.hpp's list (see operations.hpp).
#ifdef __CUDACC__
STRIDER_HOST_DEVICE constexpr dynamic_layout sliding_window_view(const dynamic_layout& l, const dims& window, const dims& axes) { return sliding_window_view<dynamic_layout>(l, window, axes); }
STRIDER_HOST_DEVICE constexpr dynamic_layout sliding_window_view(const dynamic_layout& l, const dims& window) { return sliding_window_view<dynamic_layout>(l, window); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout sliding_window_view(const detail::maybe_layout& l, const dims& window, const dims& axes) { return sliding_window_view<detail::maybe_layout>(l, window, axes); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout sliding_window_view(const detail::maybe_layout& l, const dims& window) { return sliding_window_view<detail::maybe_layout>(l, window); }
#endif

}  // namespace strider
