// strider/util/config.hpp: the numeric vocabulary shared by every layer.
#pragma once

#include <cstddef>
#include <cstdint>

// Everything CUDA device code may call at run time (every rule of the core, element access, the
// view operations and iteration: whatever does not allocate) is marked for both host and device
// under nvcc, and for nothing elsewhere: a host-only user needs no CUDA header. What allocates or
// returns std:: types (tensors on the heap, the split family's std::tuple, text) is host only.
#ifdef __CUDACC__
#define STRIDER_HOST_DEVICE __host__ __device__
// Before a function template that calls a caller's function (for_each's f): in device code that
// is a __device__ lambda, in host code a host one, and each instantiation calls only its own.
#define STRIDER_CALLS_CALLER _Pragma("nv_exec_check_disable")
// Before a loop over a type's axes (a constant trip count): unrolled in device code, so that
// each axis's constants fold in and no array goes to local memory.
#define STRIDER_UNROLL _Pragma("unroll")
#else
#define STRIDER_HOST_DEVICE
#define STRIDER_CALLS_CALLER
#define STRIDER_UNROLL
#endif

namespace strider {

/// Extents, strides, offsets and indices are signed 64-bit integers, in elements (NumPy's
/// byte strides divided by the item size, PyTorch's strides as they are).
using index_t = std::int64_t;

/// The largest rank a layout may have. Layouts keep their extents in fixed arrays of this
/// capacity so that one value type serves as a compile-time template argument and as a
/// run-time object; rank-changing operations (unsqueeze, diagonal, unfold) never allocate.
inline constexpr std::size_t max_rank = 8;

namespace detail {
#ifdef __CUDACC__
// nvcc's host stub spells a kernel template's arguments in C++ for the host compiler, and it
// spells an array inside a class-type template argument as `long [8]{...}`, which no host
// compiler reads: a kernel template over static_layout<V> failed to compile (issue 51). Under
// nvcc the rows of the structural value types are therefore eight named entries, which it
// spells as a nested initializer; elsewhere they are plain arrays. The rules index both alike.
template <class T>
struct entry_row {
  T e0{}, e1{}, e2{}, e3{}, e4{}, e5{}, e6{}, e7{};
  STRIDER_HOST_DEVICE constexpr const T& operator[](std::size_t i) const {
    switch (i) {
      case 0: return e0;
      case 1: return e1;
      case 2: return e2;
      case 3: return e3;
      case 4: return e4;
      case 5: return e5;
      case 6: return e6;
      case 7: return e7;
      default:  // past max_rank, as an array index would be (never a clamped entry)
#ifdef __CUDA_ARCH__
        __trap();
#else
        __builtin_trap();
#endif
        __builtin_unreachable();
    }
  }
  STRIDER_HOST_DEVICE constexpr T& operator[](std::size_t i) { return const_cast<T&>(static_cast<const entry_row&>(*this)[i]); }
  friend constexpr bool operator==(const entry_row&, const entry_row&) = default;
};
static_assert(max_rank == 8, "entry_row holds max_rank entries");
template <class T>
using row_of = entry_row<T>;
#else
template <class T>
using row_of = T[max_rank];
#endif
}  // namespace detail

/// Largest element count that the fully unrolled static loops (`for_each_index` at the Hana
/// boundary, `static_for_each` over views) accept: every index is its own set of template
/// instantiations, so larger layouts would only cost compile time. Use the ordinary loops there.
inline constexpr index_t max_unrolled_size = 256;

}  // namespace strider
