// strider/core/broadcast.hpp: broadcasting: broadcast_shapes, broadcast_to (NumPy) and expand (PyTorch), stride 0 for repeated elements.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include <initializer_list>
#include "rule_helpers.hpp"

namespace strider {

/// The shape that NumPy's broadcasting rules give to several shapes (right-aligned; an extent
/// of 1 stretches to the other's extent, including 0).
/// @pre no extent is negative; right-aligned, each axis's extents are equal or 1 (or missing).
/// @example `broadcast_shapes({{2, 1}, {3}})` is (2, 3), `broadcast_shapes({{2, 1}, {3, 4}})` is refused.
STRIDER_HOST_DEVICE constexpr dims broadcast_shapes(std::initializer_list<dims> shapes) {
  dims out;
  std::size_t rank = 0;
  for (const dims& s : shapes) rank = s.size() > rank ? s.size() : rank;
  for (std::size_t i = 0; i < rank; ++i) out.push_back(1);
  for (const dims& s : shapes) {
    for (std::size_t i = 0; i < s.size(); ++i) {
      const std::size_t d = rank - s.size() + i;
      if (s[i] < 0) detail::refuse("broadcast_shapes: extent {} is negative", s[i]);
      if (s[i] == out[d] || s[i] == 1) continue;
      if (out[d] != 1)
        detail::refuse("broadcast_shapes: extents {} and {} of axis -{} are incompatible", out[d], s[i], rank - d);
      out[d] = s[i];
    }
  }
  return out;
}

/// NumPy `broadcast_to`: aligns the layout to `shape` from the right; new leading axes and
/// stretched extent-1 axes get stride 0 (elements repeat, so the result is not unique).
/// @pre `shape` has at least `l`'s rank, no negative extent, and each of `l`'s extents equals its aligned
///      target extent or is 1.
/// @example `contiguous(3, 1).broadcast_to(2, 3, 4)` is shape (2, 3, 4), strides (0, 1, 0), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L broadcast_to(const L& l, const dims& shape) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (shape.size() < in.rank)
    detail::refuse("broadcast_to: target rank {} is smaller than the layout's rank {}", shape.size(), in.rank);
  detail::value_t<L> out{};
  out.rank = shape.size();
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  const std::size_t lead = shape.size() - in.rank;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) detail::refuse("broadcast_to: target extent {} of axis {} is negative", shape[d], d);
    out.shape[d] = shape[d];
    out.strides[d] = 0;  // written, as every entry below the rank (see validate)
    if (d < lead) continue;  // new axis: stride 0
    const E from = in.shape[d - lead];
    if (from != E(shape[d]) && from != 1)
      detail::refuse("broadcast_to: extent {} of axis {} cannot be broadcast to {}", detail::known_value(from), d - lead, shape[d]);
    // NumPy gives stride 0 to every new axis and every axis of extent 1, stretched or not. (A
    // run-time extent broadcast to 1 must be 1.)
    out.strides[d] = detail::pick(from != 1 && E(shape[d]) != 1, in.strides[d - lead], 0);
  }
  detail::element_count(out, "broadcast_to");
  return detail::subset_result(out);
}

/// PyTorch `expand(sizes)`: new leading axes and extent-1 axes stretched, with stride 0; -1
/// keeps an axis as it is (its stride too, unlike NumPy's broadcast_to, which zeroes the stride
/// of every extent-1 axis). Any other extent must match. A new axis of extent 1 gets PyTorch's
/// stride (the next axis's extent times its stride), which never moves an offset.
/// @pre `sizes` has at least `l`'s rank; each size is -1 (keep), the axis's extent, or any extent for an
///      extent-1 axis; new leading axes take no -1.
/// @example `contiguous(3, 1).expand(2, -1, 4)` is shape (2, 3, 4), strides (0, 1, 0), offset 0.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L expand(const L& l, const dims& sizes) {
  using E = detail::entry_t<detail::value_t<L>>;
  const auto& in = l.entries();
  if (sizes.size() < in.rank)
    detail::refuse("expand: {} sizes given for a layout of rank {} (at least as many are needed)", sizes.size(), in.rank);
  if (sizes.size() > max_rank) detail::refuse("expand: rank {} exceeds max_rank ({})", sizes.size(), max_rank);
  detail::value_t<L> out{};
  out.rank = sizes.size();
  out.offset = in.offset;
  out.storage_size = in.storage_size;
  const std::size_t lead = sizes.size() - in.rank;
  for (std::size_t d = sizes.size(); d-- > 0;) {  // last first: a new axis's stride reads the next axis's
    const index_t size = sizes[d];
    E from = 1, stride = 0;
    if (d >= lead) {
      from = in.shape[d - lead];
      stride = in.strides[d - lead];
    } else {
      if (size == -1) detail::refuse("expand: -1 is not allowed for the new leading axis {}", d);
      // Kept only for a new axis of extent 1 (stretched, it is 0), so the next axis's stride
      // where the product does not fit in int64.
      detail::overflow_note<E> unused;
      if (d + 1 < sizes.size()) stride = detail::stride_product(out.shape[d + 1], out.strides[d + 1], E(1), out.strides[d + 1], unused);
    }
    if (size < -1) detail::refuse("expand: size {} of axis {} is negative", size, d);
    if (size == -1) {  // kept as it is (a run-time extent stays run-time, with its stride)
      out.shape[d] = from;
      out.strides[d] = stride;
      continue;
    }
    out.shape[d] = size;
    const auto stretched = E(size) != from;
    if (stretched && from != 1) detail::refuse("expand: size {} of axis {} must match its extent {} (only extent-1 axes expand)", size, d, detail::known_value(from));
    out.strides[d] = detail::pick(stretched, 0, stride);
  }
  detail::element_count(out, "expand");
  return detail::subset_result(out);
}

}  // namespace strider
