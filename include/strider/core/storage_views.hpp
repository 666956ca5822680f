// strider/core/storage_views.hpp: the operations that reach the whole storage rather than a view's elements: as_strided and with_storage.
// Part of the view operations (core/operations.hpp includes every family); each rule is a template
// over detail::rule_layout, its refusals naming the operation.
#pragma once

#include "rule_helpers.hpp"

namespace strider {

/// PyTorch `as_strided(shape, strides, offset)`: any layout over the same storage, with offsets
/// counted from the start of the storage. It may reach anywhere in the storage the input was cut
/// from, [0, storage_size()), and nowhere outside it; the result keeps that storage.
/// @pre `shape` and `strides` have the same length, offset >= 0, and every element lies in [0, l's
///      storage_size).
/// @example `contiguous(3, 4).as_strided((2, 2), (1, 4), 1)` is shape (2, 2), strides (1, 4), offset 1.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L as_strided(const L& l, const dims& shape, const dims& strides, index_t offset) {
  if (shape.size() != strides.size())
    detail::refuse("as_strided: shape has {} extents but strides has {} entries", shape.size(), strides.size());
  detail::value_t<L> out{};
  out.rank = shape.size();
  out.offset = offset;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    out.shape[d] = shape[d];
    out.strides[d] = strides[d];
  }
  if (offset < 0) detail::refuse("as_strided: storage offset {} is negative", offset);  // PyTorch refuses even when empty
  out = detail::validate(out, detail::called_by<detail::op::as_strided>());
  // The input's storage may be a run-time value (a mixed layout's view): checked when it is known.
  const auto reach = detail::offset_range_of(out, "as_strided");
  const auto storage = l.entries().storage_size;
  if (reach.count > 0 && reach.max >= storage)
    detail::refuse("as_strided: reaches storage offset {}, outside the input's storage [0, {})", detail::known_value(reach.max), detail::known_value(storage));
  out.storage_size = storage;
  return detail::subset_result(out);
}

namespace detail {
/// The storage offset as_strided takes when none is given: PyTorch's default, the input's own.
/// On a mixed layout's maybe_layout it must be static and hold for every run-time value. Its
/// static offset describes only the values that are not empty (docs/mixed.md), while as_strided
/// makes a view of an empty input that is not empty; so the input must be non-empty for every
/// run-time value: every extent static and none 0.
/// @pre on a maybe_layout: the offset and every extent static, no extent 0.
/// @example on the mixed contiguous<dyn, 3>[0] (shape (3,)) it is 0; on contiguous<dyn, 3>[2:]
///          it is refused: with a run-time extent of 2 or less that slice is empty, and its offset
///          is then not the static 6 (NumPy's and PyTorch's empty slice starts at the clamped 3).
template <class L>
STRIDER_HOST_DEVICE constexpr index_t as_strided_default_offset(const L& l) {
  const auto& in = l.entries();
  if constexpr (requires { in.offset.known; }) {
    if (!in.offset.known) refuse("as_strided: the input's offset is known only at run time (give the offset)");
    for (std::size_t d = 0; d < in.rank; ++d) {
      if (!in.shape[d].known)
        refuse("as_strided: the input's offset is known only at run time where its run-time extent (axis {}) may make it empty (give the offset)", d);
      if (in.shape[d].value == 0)
        refuse("as_strided: the input is empty (axis {} has extent 0), so its offset is known only at run time (give the offset)", d);
    }
    return in.offset.value;
  } else {
    return in.offset;
  }
}
}  // namespace detail

/// The same layout over a storage of `storage_size` elements, which must hold every element:
/// what a layout built from extents or strides says about memory that is larger than the
/// elements it reaches (a buffer the caller owns, a tensor's storage), so that as_strided may
/// reach the rest of it.
/// @pre storage_size is at least the layout's required span (one past its largest offset).
/// @example `with_storage(dynamic_layout::contiguous({2, 3}), 10)` is shape (2, 3), strides (3, 1), offset 0 over a
///          storage of 10 elements, in which `as_strided` may then reach offset 9.
template <detail::rule_layout L>
STRIDER_HOST_DEVICE constexpr L with_storage(const L& l, index_t storage_size) {
  using E = detail::entry_t<detail::value_t<L>>;
  if (storage_size < 0) detail::refuse("with_storage: storage size {} is negative", storage_size);
  const auto reach = detail::offset_range_of(l.entries(), "with_storage");
  if (reach.count > 0 && reach.max >= E(storage_size))
    detail::refuse("with_storage: the layout reaches storage offset {}, outside a storage of {} elements", detail::known_value(reach.max), storage_size);
  detail::value_t<L> out = l.entries();
  out.storage_size = storage_size;
  return detail::subset_result(out);
}

#ifdef __CUDACC__  // the non-template forms under nvcc (see above)
STRIDER_HOST_DEVICE constexpr dynamic_layout with_storage(const dynamic_layout& l, index_t storage_size) { return with_storage<dynamic_layout>(l, storage_size); }
STRIDER_HOST_DEVICE constexpr detail::maybe_layout with_storage(const detail::maybe_layout& l, index_t storage_size) { return with_storage<detail::maybe_layout>(l, storage_size); }
#endif

/// PyTorch `as_strided` on a storage of `storage_size` elements (`Tensor.set_(storage, offset,
/// size, stride)`): any layout whose elements lie in [0, storage_size).
/// @pre storage_size >= 0, and as the other as_strided: every element lies in [0, storage_size).
/// @example `as_strided(12, {3, 2}, {4, 2}, 1)` is shape (3, 2), strides (4, 2), offset 1 (offsets 1 to 11).
STRIDER_HOST_DEVICE constexpr dynamic_layout as_strided(index_t storage_size, const dims& shape, const dims& strides, index_t offset = 0) {
  if (storage_size < 0) detail::refuse("as_strided: storage size {} is negative", storage_size);
  layout_value storage{};  // an empty layout over that storage
  storage.rank = 1;
  storage.shape[0] = 0;
  storage.strides[0] = 1;
  storage.storage_size = storage_size;
  return as_strided(dynamic_layout(storage, dynamic_layout::unchecked_t{}), shape, strides, offset);
}

}  // namespace strider
