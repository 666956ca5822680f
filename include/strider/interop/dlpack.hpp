// strider/interop/dlpack.hpp: DLPack tensors (what PyTorch, NumPy, JAX and CuPy exchange) as
// strider views, and strider views as DLPack tensors.
//
//   from_dlpack<T>(t)       a DLTensor (or a DLManagedTensor's) as tensor_view<T, dynamic_layout>
//   from_dlpack<T, L>(t)    as tensor_view<T, L> for a static layout L, when it is exactly that
//   to_dlpack(v)            a view as a new DLManagedTensor, whose deleter the consumer calls
//
// Every malformed input is a layout_error naming what is wrong, never a wrong view: a dtype that
// is not T's (code, bits, lanes), a device that is not the CPU (or CUDA memory when strider's
// CUDA support is compiled in), a byte offset that is not a multiple of the element size, a rank
// above max_rank, negative extents, strides whose reach overflows int64, `data` misaligned for
// T, and elements whose byte addresses would leave the address space (storage/memory.hpp, the
// check every view over memory passes). A null `strides` means
// C-contiguous, as the standard says; negative strides may reach below `data` (the view's storage
// then starts at the lowest element). Needs dlpack/dlpack.h
// (Debian: libdlpack-dev, DLPack 0.6; the versioned struct of DLPack 1.0 when that header is found).
#pragma once

#include <dlpack/dlpack.h>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../util/checked.hpp"
#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../static/layout.hpp"
#include "../storage/memory.hpp"
#include "../storage/view.hpp"

namespace strider {

namespace detail {

template <class T>
struct dlpack_dtype {
  static constexpr bool known = false;
};
template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
struct dlpack_dtype<T> {
  static constexpr bool known = true;
  static constexpr std::uint8_t code = std::is_signed_v<T> ? kDLInt : kDLUInt;
};
template <class T>
  requires std::is_floating_point_v<T>
struct dlpack_dtype<T> {
  static constexpr bool known = true;
  static constexpr std::uint8_t code = kDLFloat;
};
template <class T>
struct dlpack_dtype<std::complex<T>> {
  static constexpr bool known = std::is_floating_point_v<T>;
  static constexpr std::uint8_t code = kDLComplex;
};
#if DLPACK_VERSION >= 80 || defined(DLPACK_MAJOR_VERSION)
template <>
struct dlpack_dtype<bool> {
  static constexpr bool known = true;
  static constexpr std::uint8_t code = kDLBool;
};
#endif

template <class T>
constexpr DLDataType dlpack_type_of() {
  static_assert(dlpack_dtype<std::remove_const_t<T>>::known, "dlpack: no DLPack dtype for this element type (integers, floating point, std::complex)");
  return {dlpack_dtype<std::remove_const_t<T>>::code, static_cast<std::uint8_t>(8 * sizeof(T)), 1};
}

// The device type as the integer the producer wrote: a value that is none of the enum's
// enumerators (a newer DLPack's device, or garbage) may not be read as the enum itself.
inline long long dlpack_device_code(const DLDevice& device) {
  std::underlying_type_t<DLDeviceType> code;
  static_assert(sizeof code == sizeof device.device_type);
  std::memcpy(&code, &device.device_type, sizeof code);
  return static_cast<long long>(code);
}

inline bool dlpack_device_accepted(const DLDevice& device) {
  const long long code = dlpack_device_code(device);
#ifdef __CUDACC__
  if (code == kDLCUDA || code == kDLCUDAHost || code == kDLCUDAManaged) return true;
#endif
  return code == kDLCPU;
}

// Checks t for elements of type T, and places its elements from data + byte_offset (negative
// strides may reach below data: storage/memory.hpp's place_layout); throws layout_error
// "from_dlpack: ...".
template <class T>
placed_layout dlpack_layout(const DLTensor& t) {
  constexpr DLDataType want = dlpack_type_of<T>();
  if (t.dtype.code != want.code || t.dtype.bits != want.bits || t.dtype.lanes != want.lanes)
    throw layout_error("from_dlpack: the tensor's dtype (code {}, {} bits, {} lanes) is not the element type's (code {}, {} bits, 1 lane)",
                       t.dtype.code, t.dtype.bits, t.dtype.lanes, want.code, want.bits);
  if (!dlpack_device_accepted(t.device))
    throw layout_error("from_dlpack: the tensor lives on device type {} (id {}), not the CPU{}", dlpack_device_code(t.device),
                       t.device.device_id,
#ifdef __CUDACC__
                       " or CUDA memory"
#else
                       " (CUDA memory needs strider's CUDA support, a .cu file)"
#endif
    );
  if (t.ndim < 0 || static_cast<std::size_t>(t.ndim) > max_rank)
    throw layout_error("from_dlpack: ndim {} is outside [0, max_rank = {}]", t.ndim, max_rank);
  if (t.byte_offset % sizeof(T) != 0)
    throw layout_error("from_dlpack: byte_offset {} is not a multiple of the element size {}", t.byte_offset, sizeof(T));
  if (t.byte_offset / sizeof(T) > static_cast<std::uint64_t>(INT64_MAX))
    throw layout_error("from_dlpack: byte_offset {} is too large", t.byte_offset);
  if (t.ndim > 0 && t.shape == nullptr) throw layout_error("from_dlpack: shape is null for ndim {}", t.ndim);
  dims shape, strides;
  for (int d = 0; d < t.ndim; ++d) {
    if (t.shape[d] < 0) throw layout_error("from_dlpack: extent {} of axis {} is negative", t.shape[d], d);
    shape.push_back(t.shape[d]);
  }
  const auto offset = static_cast<index_t>(t.byte_offset / sizeof(T));
  try {
    if (t.strides == nullptr) strides = dynamic_layout::contiguous(shape).strides();
    else
      for (int d = 0; d < t.ndim; ++d) strides.push_back(t.strides[d]);
    // Negative strides may reach below data (NumPy exports a[:, ::-1] so): the storage then
    // starts at the lowest element.
    return place_layout(shape, strides, offset, "layout");
  } catch (const layout_error& e) {
    throw layout_error("from_dlpack: {}", e.what());
  }
}

}  // namespace detail

/// A DLPack tensor as a view of a dynamic layout, checked (see the file comment). The data stays
/// the producer's: the view is valid while the tensor is (for a DLManagedTensor, until its
/// deleter is called).
template <class T>
tensor_view<T, dynamic_layout> from_dlpack(const DLTensor& t) {
  const detail::placed_layout e = detail::dlpack_layout<T>(t);
  if (t.data == nullptr && e.layout.size() > 0) throw layout_error("from_dlpack: data is null for a tensor of {} elements", e.layout.size());
  return tensor_view<T, dynamic_layout>(detail::placed_start(static_cast<T*>(t.data), e, "from_dlpack"), e.layout, detail::within_checked_t{});
}

/// The same as a view of the static layout L, which the tensor must match exactly: its rank,
/// every extent and stride (of axes with extent > 1) and its offset; a mismatch is a layout_error
/// naming the axis.
template <class T, static_layout_type L>
tensor_view<T, L> from_dlpack(const DLTensor& t) {
  const tensor_view<T, dynamic_layout> v = from_dlpack<T>(t);
  if (v.rank() != L::rank) throw layout_error("from_dlpack: the tensor has rank {}, the static layout {}", v.rank(), L::rank);
  for (std::size_t d = 0; d < L::rank; ++d) {
    if (v.extent(d) != L::shape[d]) throw layout_error("from_dlpack: axis {} has extent {}, the static layout {}", d, v.extent(d), L::shape[d]);
    if (v.extent(d) > 1 && v.stride(d) != L::strides[d])
      throw layout_error("from_dlpack: axis {} has stride {}, the static layout {}", d, v.stride(d), L::strides[d]);
  }
  if (L::size > 0 && v.offset() != L::offset) throw layout_error("from_dlpack: the tensor starts at offset {}, the static layout at {}", v.offset(), L::offset);
  // The static layout's storage (as_strided may reach all of it) must be the tensor's.
  if (v.storage_size() < L::storage_size)
    throw layout_error("from_dlpack: the tensor's storage holds {} elements but the static layout's storage_size is {}", v.storage_size(), L::storage_size);
  return tensor_view<T, L>(v.data(), detail::within_checked_t{});
}

/// A DLManagedTensor's tensor (the producer's deleter is not called: the caller still owns it).
template <class T, class... L>
auto from_dlpack(const DLManagedTensor* t) {
  if (t == nullptr) throw layout_error("from_dlpack: the managed tensor is null");
  return from_dlpack<T, L...>(t->dl_tensor);
}

#if defined(DLPACK_MAJOR_VERSION) && DLPACK_MAJOR_VERSION >= 1
/// A DLPack 1.0 versioned tensor; a read-only one (DLPACK_FLAG_BITMASK_READ_ONLY) needs const T.
template <class T, class... L>
auto from_dlpack(const DLManagedTensorVersioned* t) {
  if (t == nullptr) throw layout_error("from_dlpack: the managed tensor is null");
  if (t->version.major != DLPACK_MAJOR_VERSION)
    throw layout_error("from_dlpack: DLPack major version {}, this header's {}", t->version.major, DLPACK_MAJOR_VERSION);
  if ((t->flags & DLPACK_FLAG_BITMASK_READ_ONLY) != 0 && !std::is_const_v<T>)
    throw layout_error("from_dlpack: the tensor is read-only; view it with a const element type");
  return from_dlpack<T, L...>(t->dl_tensor);
}
#endif

namespace detail {
// What a managed tensor made by to_dlpack owns: its shape and strides.
template <class Managed>
struct dlpack_holder {
  Managed managed{};
  std::int64_t shape[max_rank] = {};
  std::int64_t strides[max_rank] = {};
};

// A new holder whose DLTensor describes v on the CPU, and whose deleter frees it.
template <class Managed, class T, view_layout L>
Managed* dlpack_describe(const tensor_view<T, L>& v) {
  auto* holder = new dlpack_holder<Managed>;
  for (std::size_t d = 0; d < v.rank(); ++d) {
    holder->shape[d] = v.shape()[d];
    holder->strides[d] = v.strides()[d];
  }
  DLTensor& t = holder->managed.dl_tensor;
  t.data = const_cast<std::remove_const_t<T>*>(v.data());
  t.device = {kDLCPU, 0};
  t.ndim = static_cast<int>(v.rank());
  t.dtype = dlpack_type_of<T>();
  t.shape = holder->shape;
  t.strides = holder->strides;
  // An empty view addresses nothing, and its offset may lie anywhere (even before the storage).
  if (v.size() > 0 && static_cast<std::uint64_t>(v.offset()) > UINT64_MAX / sizeof(T)) {
    delete holder;
    throw layout_error("to_dlpack: the view's offset {} in elements of {} bytes does not fit DLPack's byte_offset", v.offset(), sizeof(T));
  }
  t.byte_offset = v.size() > 0 ? static_cast<std::uint64_t>(v.offset()) * sizeof(T) : 0;
  holder->managed.manager_ctx = holder;
  holder->managed.deleter = [](Managed* self) { delete static_cast<dlpack_holder<Managed>*>(self->manager_ctx); };
  return &holder->managed;
}
}  // namespace detail

/// A view as a new DLManagedTensor on the CPU: shape, strides and byte offset from the layout,
/// data the view's storage (not copied: it must outlive the consumer's use). The consumer calls
/// its deleter, which frees only what to_dlpack allocated.
template <class T, view_layout L>
DLManagedTensor* to_dlpack(const tensor_view<T, L>& v) {
  return detail::dlpack_describe<DLManagedTensor>(v);
}

#if defined(DLPACK_MAJOR_VERSION) && DLPACK_MAJOR_VERSION >= 1
/// The same as a DLPack 1.0 versioned tensor (only where that header is found), read-only
/// (DLPACK_FLAG_BITMASK_READ_ONLY) when T is const.
template <class T, view_layout L>
DLManagedTensorVersioned* to_dlpack_versioned(const tensor_view<T, L>& v) {
  DLManagedTensorVersioned* m = detail::dlpack_describe<DLManagedTensorVersioned>(v);
  m->version = {DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION};
  m->flags = std::is_const_v<T> ? DLPACK_FLAG_BITMASK_READ_ONLY : 0;
  return m;
}
#endif

}  // namespace strider
