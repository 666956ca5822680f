// strider/cuda/copy.hpp: the device copy, `dst[dst_layout(i...)] = src[src_layout(i...)]` for
// device memory, planned by the host copy's analysis (engine/copy_plan.hpp): extent-1 axes
// dropped, loops ordered by the destination's strides, contiguous neighbours merged, and a
// transpose (the source's fastest axis is not the destination's) marked for tiling. The kernels
// (tiled, rows, flat) and the choice between them are in cuda/copy_kernels.hpp, written as the
// code of one thread so that a host test runs them too; this header launches them.
// Only nvcc compiles this header (it includes <cuda_runtime.h>).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../engine/copy_plan.hpp"
#include "../static/layout.hpp"
#include "../storage/view.hpp"
#include "copy_kernels.hpp"

namespace strider::cuda {

namespace detail {

// Every kernel runs blocks of at most block_threads threads. The bounds keep the register count
// low enough for several blocks per multiprocessor, which a copy needs to hide the memory's
// latency: unbounded, the tiled kernel's registers alone would limit it to a few (ptxas -v shows
// the counts).
template <class T, class Index>
__global__ void __launch_bounds__(block_threads) copy_flat(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index size) {
  flat_thread<T, Index>(src, dst, p, size, static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x, static_cast<Index>(gridDim.x) * blockDim.x);
}

template <class T, class Index, index_t Step = 1, std::size_t ElementBytes = sizeof(T)>
__global__ void __launch_bounds__(block_threads) copy_rows(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index rows) {
  static_assert(Step > 1 || rows_coalesced<sizeof(T)>(), "copy: the rows kernel's global accesses are not coalesced");
  rows_thread<T, Index, Step, ElementBytes>(src, dst, p, rows, static_cast<Index>(blockIdx.y) * blockDim.y + threadIdx.y, static_cast<Index>(gridDim.y) * blockDim.y,
                                            static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x, static_cast<index_t>(gridDim.x) * blockDim.x);
}

template <int Channels, std::size_t ElementBytes, class Index>
__global__ void __launch_bounds__(block_threads) copy_thin_deinterleave(const uint4* __restrict__ src, uint4* __restrict__ dst, copy_plan p, Index groups) {
  thin_deinterleave_thread<Channels, ElementBytes, uint4, Index>(src, dst, p, groups, static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x,
                                                                 static_cast<Index>(gridDim.x) * blockDim.x);
}

// The interleaving direction, each warp through its staging (thin_staging): the warp's threads
// all take the same turns of the loop, so that the syncs between the steps see all 32.
template <int Channels, std::size_t ElementBytes, class Index>
__global__ void __launch_bounds__(block_threads) copy_thin_interleave(const uint4* __restrict__ src, uint4* __restrict__ dst, copy_plan p, Index groups) {
  static_assert(thin_staging_certified<Channels>(), "copy: the thin kernel's staging has bank conflicts");
  using S = thin_staging<Channels>;
  __shared__ __align__(128) uint4 staging[block_threads / 32][S::vectors];
  const int lane = static_cast<int>(threadIdx.x % 32), warp = static_cast<int>(threadIdx.x / 32);
  const Index step = static_cast<Index>(gridDim.x) * blockDim.x;
  for (Index first = static_cast<Index>(blockIdx.x) * blockDim.x + static_cast<Index>(warp) * 32; first < groups; first += step * static_cast<Index>(S::batch)) {
    thin_interleave_stage<Channels, ElementBytes, uint4, Index>(src, dst, p, groups, first, lane, step, staging[warp]);
    __syncwarp();
    thin_interleave_store<Channels, ElementBytes, uint4, Index>(dst, p, groups, first, lane, step, staging[warp]);
    __syncwarp();
  }
}

// The tiled kernel's blocks per multiprocessor: short blocks that each move one tile, bounded to
// fill a multiprocessor (2048 threads) where the elements are small. Larger elements hold more
// registers per value (a thread's values are all loaded before they are stored), and fewer blocks
// of them keep the data in flight without spilling: 4 of whole words and vectors, 2 of elements
// moved as bytes (element_bits: a size that is not a power of two, or alignment below the size).
template <class T>
inline constexpr int tiled_blocks_per_sm = sizeof(T) <= 4 ? 2048 / (tile * tile_rows) : alignof(T) == sizeof(T) ? 4 : 2;
static_assert(tile * tile_rows <= block_threads, "copy: a tile's threads are one block");

template <class T, class Index>
__global__ void __launch_bounds__(tile * tile_rows, tiled_blocks_per_sm<T>) copy_tiled(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index tiles_a, Index tiles_b, Index tiles) {
  static_assert(staging_conflict_free<sizeof(T)>(), "copy: the staging tile's accesses have bank conflicts");
  static_assert(global_coalesced<sizeof(T)>(), "copy: a tile's global accesses are not coalesced");
  __shared__ tile_buffer<T> buffer;
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  for (Index t = blockIdx.x; t < tiles; t += gridDim.x) {
    const tile_origin o = tile_at<Index>(p, t, tiles_a, tiles_b);
    tile_load(src, p, o, tx, ty, buffer);
    __syncthreads();
    tile_store(dst, p, o, tx, ty, buffer);
    __syncthreads();
  }
}

// tiled_vectors' blocks per multiprocessor: a thread holds its whole block in registers (4
// vectors of 16 bytes, or 8 of 16 or 8 bytes), which the bound must leave room for: 6 blocks of
// 4-byte elements (40 registers; at 8 blocks' 32 ptxas spills), 4 of 2-byte ones, whose blocks
// are twice the bytes, and 4 of bytes, whose 8 x 8 transposes in registers take as many.
template <class T>
inline constexpr int vector_tiled_blocks_per_sm = sizeof(T) == 4 ? 6 : 4;

template <class T, class Index>
__global__ void __launch_bounds__(vector_tiling<T>::threads, vector_tiled_blocks_per_sm<T>) copy_tiled_vectors(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index tiles_a, Index tiles_b, Index tiles) {
  static_assert(vector_tile_certified<T>(), "copy: tiled_vectors' accesses are not whole vectors, conflict-free and coalesced");
  using VT = vector_tiling<T>;
  __shared__ __align__(128) T staged[VT::staging::required_span];
  const int thread = static_cast<int>(threadIdx.x);
  for (Index t = blockIdx.x; t < tiles; t += gridDim.x) {
    const tile_origin o = tile_at<Index, VT::extent>(p, t, tiles_a, tiles_b);
    vector_tile_load(src, p, o, thread, staged);
    __syncthreads();
    vector_tile_store(dst, p, o, thread, staged);
    __syncthreads();
  }
}

// The type a kernel moves for elements of type T: an unsigned integer or a CUDA vector of the
// same size, or bytes of the same size and alignment. The copy moves bits, as cudaMemcpy does,
// so no element type needs device code of its own (std::complex, a struct of a library's).
template <std::size_t Size, std::size_t Align>
struct alignas(Align) element_bits {
  unsigned char bytes[Size];
};
template <class T>
using moved_t = std::conditional_t<
    sizeof(T) == 1 && alignof(T) == 1, std::uint8_t,
    std::conditional_t<sizeof(T) == 2 && alignof(T) == 2, std::uint16_t,
                       std::conditional_t<sizeof(T) == 4 && alignof(T) == 4, std::uint32_t,
                                          std::conditional_t<sizeof(T) == 8 && alignof(T) == 8, unsigned long long,
                                                             std::conditional_t<sizeof(T) == 16 && alignof(T) == 16, uint4, element_bits<sizeof(T), alignof(T)>>>>>>;

template <class T>
void launch(const T* src, T* dst, const copy_plan& plan, cudaStream_t stream) {
  const copy_launch l = plan_launch(plan, reinterpret_cast<std::uintptr_t>(src), reinterpret_cast<std::uintptr_t>(dst));
  const dim3 grid(static_cast<unsigned>(l.grid.x), static_cast<unsigned>(l.grid.y)), block(static_cast<unsigned>(l.block.x), static_cast<unsigned>(l.block.y));
  if (l.kind == kernel_kind::tiled) {
    if constexpr (sizeof(T) <= max_tiled_element) {  // plan_launch tiles nothing larger
      if (l.wide) copy_tiled<T, std::uint64_t><<<grid, block, 0, stream>>>(src, dst, l.plan, l.tiles_a, l.tiles_b, l.work);
      else copy_tiled<T, std::uint32_t><<<grid, block, 0, stream>>>(src, dst, l.plan, static_cast<std::uint32_t>(l.tiles_a), static_cast<std::uint32_t>(l.tiles_b), static_cast<std::uint32_t>(l.work));
    }
  } else if (l.kind == kernel_kind::tiled_vectors) {
    if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4) {  // plan_launch tiles these only so
      if (l.wide) copy_tiled_vectors<T, std::uint64_t><<<grid, block, 0, stream>>>(src, dst, l.plan, l.tiles_a, l.tiles_b, l.work);
      else copy_tiled_vectors<T, std::uint32_t><<<grid, block, 0, stream>>>(src, dst, l.plan, static_cast<std::uint32_t>(l.tiles_a), static_cast<std::uint32_t>(l.tiles_b), static_cast<std::uint32_t>(l.work));
    }
  } else if (l.kind == kernel_kind::rows) {
    const auto rows = [&]<index_t Step, class V>(const V* s, V* d) {
      constexpr std::size_t element = Step == 1 ? sizeof(V) : sizeof(T);  // one kernel per moved type unless gathered
      if (l.wide) copy_rows<V, std::uint64_t, Step, element><<<grid, block, 0, stream>>>(s, d, l.plan, static_cast<std::uint64_t>(l.work));
      else copy_rows<V, std::uint32_t, Step, element><<<grid, block, 0, stream>>>(s, d, l.plan, static_cast<std::uint32_t>(l.work));
    };
    const std::size_t bytes = static_cast<std::size_t>(l.vector) * sizeof(T);
    const auto vectors = [&]<class V>(const V* s, V* d) {
      if constexpr (sizeof(V) > sizeof(T)) {  // plan_launch makes a vector of several elements only
        if (l.source_step == -1) return rows.template operator()<-1>(s, d);
        if (l.source_step == 2) return rows.template operator()<2>(s, d);
        if (l.source_step == 4) return rows.template operator()<4>(s, d);
      }
      rows.template operator()<1>(s, d);
    };
    if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {  // the sizes plan_launch moves as vectors
      if (bytes == 16) vectors(reinterpret_cast<const uint4*>(src), reinterpret_cast<uint4*>(dst));
      else if (bytes == 8) vectors(reinterpret_cast<const uint2*>(src), reinterpret_cast<uint2*>(dst));
      else rows.template operator()<1>(src, dst);
    } else {
      rows.template operator()<1>(src, dst);
    }
  } else if (l.kind == kernel_kind::thin) {
    if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {  // the sizes plan_launch moves so
      const auto* s = reinterpret_cast<const uint4*>(src);
      auto* d = reinterpret_cast<uint4*>(dst);
      with_thin_kind(l, [&]<int Channels, bool Deinterleave>() {
        const auto kernel = [&]<class Index>() {
          if constexpr (Deinterleave) copy_thin_deinterleave<Channels, sizeof(T), Index><<<grid, block, 0, stream>>>(s, d, l.plan, static_cast<Index>(l.work));
          else copy_thin_interleave<Channels, sizeof(T), Index><<<grid, block, 0, stream>>>(s, d, l.plan, static_cast<Index>(l.work));
        };
        if (l.wide) kernel.template operator()<std::uint64_t>();
        else kernel.template operator()<std::uint32_t>();
      });
    }
  } else if (l.kind == kernel_kind::flat) {
    if (l.wide) copy_flat<T, std::uint64_t><<<grid, block, 0, stream>>>(src, dst, l.plan, static_cast<std::uint64_t>(l.work));
    else copy_flat<T, std::uint32_t><<<grid, block, 0, stream>>>(src, dst, l.plan, static_cast<std::uint32_t>(l.work));
  }
}

// Device, managed or pinned host memory that this device can address at the same address:
// anything else is refused before a kernel could fault on it.
inline void check_device_pointer(const void* pointer, const char* which) {
  cudaPointerAttributes attributes{};
  const cudaError_t status = cudaPointerGetAttributes(&attributes, pointer);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // clear it: the error is reported here, not by a later call
    throw layout_error("cuda::copy_strided: cannot query the {} pointer ({})", which, cudaGetErrorString(status));
  }
  const bool device = attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged;
  const bool pinned = attributes.type == cudaMemoryTypeHost && attributes.devicePointer == pointer;
  if (!device && !pinned)
    throw layout_error("cuda::copy_strided: the {} is not device memory (a host pointer? allocate it with cudaMalloc, cudaMallocManaged or cudaMallocHost)", which);
}

// Source and destination must not share elements: the kernels read and write in no defined
// order. Storage ranges that overlap are refused unless the elements are certainly distinct
// (interleaved, as a[:, 0] and a[:, 1] of one buffer).
inline void check_no_overlap(const void* src, const layout_value& s, const void* dst, const layout_value& d, const copy_plan& plan, std::size_t element) {
  const auto begin = [element](const void* p, const layout_value& v) {
    return reinterpret_cast<std::uintptr_t>(p) + static_cast<std::uintptr_t>(strider::detail::min_offset(v)) * element;
  };
  const auto end = [element](const void* p, const layout_value& v) {
    return reinterpret_cast<std::uintptr_t>(p) + (static_cast<std::uintptr_t>(strider::detail::max_offset(v)) + 1) * element;
  };
  if (!(begin(src, s) < end(dst, d) && begin(dst, d) < end(src, s))) return;
  const auto shift = static_cast<std::intptr_t>(reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src));
  if (shift % static_cast<std::intptr_t>(element) == 0 && strider::detail::certainly_disjoint(plan, static_cast<index_t>(shift / static_cast<std::intptr_t>(element)))) return;
  throw layout_error("cuda::copy_strided: source and destination overlap in memory; copy through a temporary buffer");
}

template <class T>
cudaError_t run(const T* src, const layout_value& src_layout, T* dst, const layout_value& dst_layout, const copy_plan& plan,
                cudaStream_t stream) {
  static_assert(std::is_trivially_copyable_v<T>, "cuda::copy_strided: the element type must be trivially copyable (the device copy moves its bytes, as cudaMemcpy does)");
  if (plan.size == 0) return cudaSuccess;
  check_device_pointer(src, "source");
  check_device_pointer(dst, "destination");
  check_no_overlap(src, src_layout, dst, dst_layout, plan, sizeof(T));
  using M = moved_t<T>;
  static_assert(sizeof(M) == sizeof(T) && alignof(M) == alignof(T));
  launch(reinterpret_cast<const M*>(src), reinterpret_cast<M*>(dst), plan, stream);
  return cudaGetLastError();
}

}  // namespace detail

/// Copies every element of a strided layout of device memory into another of the same shape,
/// `dst[dst_layout(i...)] = src[src_layout(i...)]`, asynchronously on `stream`. The layouts are
/// static layout types or dynamic_layout; with two static ones the plan is computed by the
/// compiler, and different shapes or a destination whose elements share storage do not compile.
///
/// Throws `layout_error` ("copy: ..." or "cuda::copy_strided: ...") when the shapes differ, the
/// destination is not unique, a pointer is not device memory, or source and destination overlap
/// (refused, not buffered: copy through a temporary). Returns the launch's cudaError_t
/// (cudaSuccess, or the error cudaGetLastError reports); errors of the running kernel surface at
/// the next synchronization, as for any CUDA launch.
template <class T, class SL, class DL>
  requires view_layout<SL> && view_layout<DL>
cudaError_t copy_strided(const T* src, const SL& src_layout, T* dst, const DL& dst_layout, cudaStream_t stream = 0) {
  if constexpr (static_layout_type<SL> && static_layout_type<DL>) {
    static constexpr copy_plan plan = make_copy_plan(SL::value, DL::value, sizeof(T));
    return detail::run(src, SL::value, dst, DL::value, plan, stream);
  } else {
    const layout_value& s = strider::detail::to_layout_value(src_layout);
    const layout_value& d = strider::detail::to_layout_value(dst_layout);
    return detail::run(src, s, dst, d, make_copy_plan(s, d, sizeof(T)), stream);
  }
}

/// Copies the view src into the view dst (device memory), `dst(i...) = src(i...)`, src broadcast
/// to dst's shape as NumPy's copyto does; the rules and errors of copy_strided.
template <class U, view_layout SL, class T, view_layout DL>
  requires std::is_same_v<std::remove_const_t<U>, T>
cudaError_t copy(const tensor_view<U, SL>& src, const tensor_view<T, DL>& dst, cudaStream_t stream = 0) {
  if constexpr (static_layout_type<SL> && static_layout_type<DL>) {
    return copy_strided(static_cast<const T*>(src.data()), static_layout<broadcast_to(SL::dynamic(), DL::dynamic().shape()).value()>{},
                        dst.data(), DL{}, stream);
  } else {
    const dynamic_layout d = strider::detail::to_dynamic(dst.layout());
    const dynamic_layout s = broadcast_to(strider::detail::to_dynamic(src.layout()), d.shape());
    return copy_strided(static_cast<const T*>(src.data()), s, dst.data(), d, stream);
  }
}

}  // namespace strider::cuda
