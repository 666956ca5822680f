// strider/cuda/copy.hpp: the device copy, `dst[dst_layout(i...)] = src[src_layout(i...)]` for
// device memory, planned by the host copy's analysis (engine/copy_plan.hpp): extent-1 axes
// dropped, loops ordered by the destination's strides, contiguous neighbours merged, and a
// transpose (the source's fastest axis is not the destination's) marked for tiling. Three
// kernels carry a plan out:
//   copy_tiled  a transpose, through 32x32 shared-memory tiles (one padding column, so that the
//               column reads hit distinct banks): both global reads and writes are coalesced;
//   copy_rows   an inner loop of at least a warp: warps along each row, several rows per block
//               when rows are short; rows contiguous in both layouts move as 16- or 8-byte
//               vectors when the strides and the pointers allow;
//   copy_flat   short inner loops: one element per thread, its offsets from its flat index.
// Only nvcc compiles this header (it includes <cuda_runtime.h>).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../core/error.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../engine/copy_plan.hpp"
#include "../static/layout.hpp"
#include "../storage/view.hpp"

namespace strider::cuda {

namespace detail {

inline constexpr int tile = 32;       // a tile is tile x tile elements
inline constexpr int tile_rows = 8;   // threads per tile: tile x tile_rows
inline constexpr int row_threads = 256;

// The storage offsets of outer index k of loops [0, loops) of p (the last of them fastest).
template <class Index>
__device__ inline void outer_offsets(const copy_plan& p, std::size_t loops, Index k, index_t& src, index_t& dst) {
  src = p.src_offset;
  dst = p.dst_offset;
  for (std::size_t d = loops; d-- > 0;) {
    const auto extent = static_cast<Index>(p.extent[d]);
    const Index i = k % extent;
    k /= extent;
    src += static_cast<index_t>(i) * p.src_stride[d];
    dst += static_cast<index_t>(i) * p.dst_stride[d];
  }
}

template <class T, class Index>
__global__ void copy_flat(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index size) {
  for (Index k = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x; k < size; k += static_cast<Index>(gridDim.x) * blockDim.x) {
    index_t s = 0, d = 0;
    outer_offsets<Index>(p, p.rank, k, s, d);
    dst[d] = src[s];
  }
}

template <class T, class Index>
__global__ void copy_rows(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, Index rows) {
  const std::size_t inner = p.rank - 1;
  const index_t n = p.extent[inner], ss = p.src_stride[inner], ds = p.dst_stride[inner];
  for (Index row = static_cast<Index>(blockIdx.y) * blockDim.y + threadIdx.y; row < rows; row += static_cast<Index>(gridDim.y) * blockDim.y) {
    index_t s = 0, d = 0;
    outer_offsets<Index>(p, inner, row, s, d);
    for (index_t i = static_cast<index_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += static_cast<index_t>(gridDim.x) * blockDim.x)
      dst[d + i * ds] = src[s + i * ss];
  }
}

template <class T>
__global__ void copy_tiled(const T* __restrict__ src, T* __restrict__ dst, copy_plan p, index_t tiles_a, index_t tiles_b, index_t tiles) {
  __shared__ T buffer[tile][tile + 1];
  const std::size_t a_loop = p.rank - 2, b_loop = p.rank - 1;  // a: the source's fastest, b: the destination's
  const index_t na = p.extent[a_loop], nb = p.extent[b_loop];
  const index_t sa = p.src_stride[a_loop], sb = p.src_stride[b_loop], da = p.dst_stride[a_loop], db = p.dst_stride[b_loop];
  const int tx = static_cast<int>(threadIdx.x), ty = static_cast<int>(threadIdx.y);
  for (index_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const index_t tb = t % tiles_b, ta = t / tiles_b % tiles_a, outer = t / (tiles_a * tiles_b);
    index_t s = 0, d = 0;
    outer_offsets<index_t>(p, a_loop, outer, s, d);
    const index_t a0 = ta * tile, b0 = tb * tile;
    for (int j = ty; j < tile; j += tile_rows) {  // read along a, the source's contiguous direction
      const index_t a = a0 + tx, b = b0 + j;
      if (a < na && b < nb) buffer[j][tx] = src[s + a * sa + b * sb];
    }
    __syncthreads();
    for (int j = ty; j < tile; j += tile_rows) {  // write along b, the destination's
      const index_t a = a0 + j, b = b0 + tx;
      if (a < na && b < nb) dst[d + a * da + b * db] = buffer[tx][j];
    }
    __syncthreads();
  }
}

// Launch limits: enough blocks to fill any GPU, the rest by grid-stride loops.
inline constexpr index_t max_blocks = 1 << 16;
inline constexpr index_t max_grid_y = 65535;

inline unsigned blocks_for(index_t work, index_t per_block) {
  const index_t blocks = (work + per_block - 1) / per_block;
  return static_cast<unsigned>(blocks < 1 ? 1 : blocks > max_blocks ? max_blocks : blocks);
}

// The plan with its innermost loop moved in units of `width` elements, when both layouts are
// contiguous there, every other stride and both offsets are multiples of `width`, and both
// pointers are aligned to `width` elements of size `element`: then a row of n elements is n /
// width vectors.
inline bool vectorize(copy_plan& p, index_t width, const void* src, const void* dst, std::size_t element) {
  if (p.rank == 0 || p.blocked) return false;
  const std::size_t inner = p.rank - 1;
  if (p.src_stride[inner] != 1 || p.dst_stride[inner] != 1 || p.extent[inner] % width != 0) return false;
  if (p.src_offset % width != 0 || p.dst_offset % width != 0) return false;
  for (std::size_t d = 0; d < inner; ++d)
    if (p.src_stride[d] % width != 0 || p.dst_stride[d] % width != 0) return false;
  const auto bytes = static_cast<std::uintptr_t>(width) * element;
  if (reinterpret_cast<std::uintptr_t>(src) % bytes != 0 || reinterpret_cast<std::uintptr_t>(dst) % bytes != 0) return false;
  for (std::size_t d = 0; d < inner; ++d) {
    p.src_stride[d] /= width;
    p.dst_stride[d] /= width;
  }
  p.extent[inner] /= width;
  p.src_offset /= width;
  p.dst_offset /= width;
  p.size /= width;
  p.element_size *= static_cast<std::size_t>(width);
  return true;
}

// A block is row_threads threads: as many warps along a row as it needs (up to all of them),
// the rest on the next rows, so that short rows (a permute's last axis) keep every thread busy.
template <class T, class Index>
void launch_rows(const T* src, T* dst, const copy_plan& p, cudaStream_t stream) {
  const index_t n = p.extent[p.rank - 1];
  const index_t rows = p.size / n;
  const index_t along = n >= row_threads ? row_threads : (n + tile - 1) / tile * tile;
  const index_t across = row_threads / along;
  const index_t row_blocks = (rows + across - 1) / across;
  const dim3 grid(blocks_for(n, along), static_cast<unsigned>(row_blocks < max_grid_y ? row_blocks : max_grid_y));
  copy_rows<T, Index><<<grid, dim3(static_cast<unsigned>(along), static_cast<unsigned>(across)), 0, stream>>>(src, dst, p, static_cast<Index>(rows));
}

template <class T>
void launch(const T* src, T* dst, copy_plan p, cudaStream_t stream) {
  const bool small = p.size <= INT32_MAX;
  if (p.blocked) {
    const index_t na = p.extent[p.rank - 2], nb = p.extent[p.rank - 1];
    const index_t tiles_a = (na + tile - 1) / tile, tiles_b = (nb + tile - 1) / tile;
    const index_t tiles = p.size / (na * nb) * tiles_a * tiles_b;
    copy_tiled<T><<<static_cast<unsigned>(tiles < max_blocks ? tiles : max_blocks), dim3(tile, tile_rows), 0, stream>>>(src, dst, p, tiles_a, tiles_b, tiles);
    return;
  }
  if (p.rank > 0 && p.extent[p.rank - 1] >= tile) {
    // Whole rows: as 16-byte vectors, else 8-byte ones, else elements.
    if constexpr (sizeof(T) < 16 && 16 % sizeof(T) == 0) {
      copy_plan v = p;
      if (vectorize(v, 16 / sizeof(T), src, dst, sizeof(T))) {
        const auto* s = reinterpret_cast<const uint4*>(src);
        auto* d = reinterpret_cast<uint4*>(dst);
        return small ? launch_rows<uint4, std::uint32_t>(s, d, v, stream) : launch_rows<uint4, std::uint64_t>(s, d, v, stream);
      }
    }
    if constexpr (sizeof(T) < 8 && 8 % sizeof(T) == 0) {
      copy_plan v = p;
      if (vectorize(v, 8 / sizeof(T), src, dst, sizeof(T))) {
        const auto* s = reinterpret_cast<const uint2*>(src);
        auto* d = reinterpret_cast<uint2*>(dst);
        return small ? launch_rows<uint2, std::uint32_t>(s, d, v, stream) : launch_rows<uint2, std::uint64_t>(s, d, v, stream);
      }
    }
    return small ? launch_rows<T, std::uint32_t>(src, dst, p, stream) : launch_rows<T, std::uint64_t>(src, dst, p, stream);
  }
  const unsigned blocks = blocks_for(p.size, row_threads);
  if (small) copy_flat<T, std::uint32_t><<<blocks, row_threads, 0, stream>>>(src, dst, p, static_cast<std::uint32_t>(p.size));
  else copy_flat<T, std::uint64_t><<<blocks, row_threads, 0, stream>>>(src, dst, p, static_cast<std::uint64_t>(p.size));
}

// Device memory (or managed memory) that this device can address: anything else is refused
// before a kernel could fault on it.
inline void check_device_pointer(const void* pointer, const char* which) {
  cudaPointerAttributes attributes{};
  const cudaError_t status = cudaPointerGetAttributes(&attributes, pointer);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // clear it: the error is reported here, not by a later call
    throw layout_error("cuda::copy_strided: cannot query the {} pointer ({})", which, cudaGetErrorString(status));
  }
  if (attributes.type != cudaMemoryTypeDevice && attributes.type != cudaMemoryTypeManaged)
    throw layout_error("cuda::copy_strided: the {} is not device memory (a host pointer? allocate it with cudaMalloc)", which);
}

// Source and destination must not share bytes: the kernels read and write in no defined order.
inline void check_no_overlap(const void* src, const layout_value& s, const void* dst, const layout_value& d, std::size_t element) {
  const auto begin = [element](const void* p, const layout_value& v) {
    return reinterpret_cast<std::uintptr_t>(p) + static_cast<std::uintptr_t>(strider::detail::min_offset(v)) * element;
  };
  const auto end = [element](const void* p, const layout_value& v) {
    return reinterpret_cast<std::uintptr_t>(p) + (static_cast<std::uintptr_t>(strider::detail::max_offset(v)) + 1) * element;
  };
  if (begin(src, s) < end(dst, d) && begin(dst, d) < end(src, s))
    throw layout_error("cuda::copy_strided: source and destination overlap in memory; copy through a temporary buffer");
}

template <class T>
cudaError_t run(const T* src, const layout_value& src_layout, T* dst, const layout_value& dst_layout, const copy_plan& plan,
                cudaStream_t stream) {
  if (plan.size == 0) return cudaSuccess;
  check_device_pointer(src, "source");
  check_device_pointer(dst, "destination");
  check_no_overlap(src, src_layout, dst, dst_layout, sizeof(T));
  launch(src, dst, plan, stream);
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
