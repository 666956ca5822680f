// strider/storage/memory.hpp: the one check of memory that a view is made over. Every way into
// memory (a range or a pointer with a static, mixed or dynamic layout, DLPack, Eigen, a tensor's
// own allocation) goes through `check_memory`, so that a view never addresses an element outside
// the memory it was given, past the end of the address space, or misaligned for its type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../util/config.hpp"
#include "../util/error.hpp"
#include "../core/layout.hpp"

namespace strider::detail {

/// `held` for memory whose size is not known (a pointer): the caller vouches for its size, and
/// only the addresses are checked.
inline constexpr index_t unknown_size = -1;

/// Checks that elements [0, needed) of T from `data` may be addressed: at most `held` of them
/// when the memory's size is known (held >= 0); `data` aligned for T; and every byte of them
/// within one object's reach (at most PTRDIFF_MAX bytes) and below the end of the address space
/// (`data + needed * sizeof(T)` does not wrap). Throws
/// layout_error "op: ..." otherwise; `needs` says what `needed` is ("the layout needs").
/// In a constant expression there are no addresses: only the size is checked.
/// Example: 2 floats given, a layout whose storage_size is 1000: "view: storage has 2 elements
/// but the layout's storage_size is 1000".
template <class T>
constexpr void check_memory(const T* data, index_t needed, index_t held, const char* op, const char* needs = "the layout needs") {
  if (held >= 0 && held < needed) throw layout_error("{}: storage has {} elements but {} {}", op, held, needs, needed);
  if (std::is_constant_evaluated() || needed <= 0) return;
  const auto address = reinterpret_cast<std::uintptr_t>(data);
  if (data == nullptr) throw layout_error("{}: data is null for a storage of {} elements", op, needed);
  if (address % alignof(T) != 0) throw layout_error("{}: data at address {} is not aligned to {} bytes, the element type's alignment", op, address, alignof(T));
  // No object is larger than PTRDIFF_MAX bytes: beyond it, data + offset itself overflows.
  if (static_cast<std::uintmax_t>(needed) > static_cast<std::uintmax_t>(PTRDIFF_MAX) / sizeof(T))
    throw layout_error("{}: {} elements of {} bytes are more than the largest object ({} bytes)", op, needed, sizeof(T), PTRDIFF_MAX);
  if (static_cast<std::uintmax_t>(needed) > (UINTPTR_MAX - address) / sizeof(T))
    throw layout_error("{}: {} elements of {} bytes from address {} reach past the end of the address space", op, needed, sizeof(T), address);
}

/// The start of the storage of memory whose first element is at `first` and whose layout reaches
/// `below` elements before it (below >= 0: DLPack's and Eigen's negative strides), checked to
/// lie within the address space. Throws layout_error "op: ..." otherwise.
template <class T>
T* storage_start(T* first, index_t below, const char* op) {
  if (below == 0) return first;
  const auto address = reinterpret_cast<std::uintptr_t>(first);
  if (static_cast<std::uintmax_t>(below) > address / sizeof(T))
    throw layout_error("{}: the layout reaches {} elements of {} bytes before address {}, below the start of the address space", op, below, sizeof(T), address);
  return reinterpret_cast<T*>(address - static_cast<std::uintptr_t>(below) * sizeof(T));
}

/// Memory described from an element rather than from its start (DLPack's `data`, an Eigen
/// Map's `data()`): element 0 lies `offset` elements past `first`, and negative strides may
/// reach below `first`. `layout` has every offset >= 0 from the storage's start, which lies
/// `below` elements before `first`.
struct placed_layout {
  dynamic_layout layout;
  index_t below = 0;
};

/// The placement of shape and strides (extents >= 0) with element 0 at `offset`; layout_error
/// "op: ..." when the lowest or highest element overflows int64, or the layout is invalid.
/// Example: shape (3), strides (-2), offset 0: the elements lie at 0, -2, -4, so `below` is 4
/// and the layout's offset 4.
inline placed_layout place_layout(const dims& shape, const dims& strides, index_t offset, const char* op) {
  layout_value raw{};
  raw.rank = shape.size();
  raw.offset = offset;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    raw.shape[d] = shape[d];
    raw.strides[d] = strides[d];
  }
  const offset_range reach = offset_range_of(raw, op);
  if (reach.count > 0 && reach.min == INT64_MIN)  // 2^63 elements before: not an int64, nor an address
    throw layout_error("{}: the lowest element lies 9223372036854775808 elements before data, below the start of the address space", op);
  const index_t below = reach.count > 0 && reach.min < 0 ? -reach.min : 0;
  return {dynamic_layout(shape, strides, checked_add(offset, below, op)), below};
}

/// The start of the storage of a placed layout whose element 0 region begins at `first`, its
/// memory checked (storage_start, check_memory); `first` itself for an empty layout, which
/// addresses nothing.
template <class T>
T* placed_start(T* first, const placed_layout& placed, const char* op) {
  if (placed.layout.size() == 0) return first;
  T* const start = storage_start(first, placed.below, op);
  check_memory(start, placed.layout.storage_size(), unknown_size, op);
  return start;
}

}  // namespace strider::detail
