// strider/atom/tma_map.hpp: a TMA tensor map made by the driver (docs/hopper.md), for host code
// compiled by nvcc. The parameters are make_tma_params's, checked; the driver's
// cuTensorMapEncodeTiled is reached through the runtime's driver entry point, so that nothing
// links libcuda. Apart from <strider/atom.hpp>: it includes <cuda.h>.
#pragma once

#ifndef __CUDACC__
#error "strider/atom/tma_map.hpp: the tensor map is made in host code that nvcc compiles (it calls the CUDA runtime and driver)"
#endif

#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstdint>

#include "tma.hpp"
#include "tma_im2col.hpp"

namespace strider {

namespace detail {
// A driver function by name, through the runtime's entry point (no link to libcuda).
inline void* driver_function(const char* name) {
  void* function = nullptr;
  cudaDriverEntryPointQueryResult found{};
  const cudaError_t status = cudaGetDriverEntryPointByVersion(name, &function, 12000, cudaEnableDefault, &found);
  if (status != cudaSuccess || function == nullptr || found != cudaDriverEntryPointSuccess)
    refuse("make_tma_map: the driver has no {} (cudaGetDriverEntryPointByVersion returned {}, found {})", name, static_cast<index_t>(status), static_cast<index_t>(found));
  return function;
}
// TMA copies bytes and converts nothing: the element type is passed by its size.
inline CUtensorMapDataType tma_data_type(index_t element_bytes) {
  return element_bytes == 1 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
         : element_bytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
         : element_bytes == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                              : CU_TENSOR_MAP_DATA_TYPE_UINT64;
}
}  // namespace detail

/// The tensor map of Box over the global tensor `view`: make_tma_params's checks (each a
/// layout_error naming its value), then cuTensorMapEncodeTiled with Box's extents and swizzle,
/// element strides 1, zeros past the tensor, an L2 promotion of 128 bytes. The element type is
/// passed by its size (TMA copies bytes; it converts nothing).
/// @pre a CUDA 12 or later driver; the view's memory stays allocated while the map is used.
/// @example `const auto map = make_tma_map<tma_box<swizzled_t<contiguous<64, 64>, swizzle<3, 3,
///   3>>, std::uint16_t>>(a_view);`, then `kernel<<<...>>>(map, ...)` with the parameter
///   `const __grid_constant__ tma_map<Box> map`.
template <class Box, class View>
tma_map<Box> make_tma_map(const View& view) {
  const tma_params p = make_tma_params<Box>(view);
  const auto encode = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(detail::driver_function("cuTensorMapEncodeTiled"));
  cuuint64_t extents[5] = {}, strides[4] = {};
  cuuint32_t box[5] = {}, element_strides[5] = {1, 1, 1, 1, 1};
  for (index_t d = 0; d < p.rank; ++d) {
    extents[d] = static_cast<cuuint64_t>(p.global_extent[d]);
    box[d] = static_cast<cuuint32_t>(p.box[d]);
    if (d > 0) strides[d - 1] = static_cast<cuuint64_t>(p.global_stride_bytes[d - 1]);
  }
  CUtensorMap encoded{};
  const CUresult result = encode(&encoded, detail::tma_data_type(p.element_bytes), static_cast<cuuint32_t>(p.rank), const_cast<void*>(p.address), extents, strides, box, element_strides,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, static_cast<CUtensorMapSwizzle>(static_cast<int>(p.swizzle)), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) detail::refuse("make_tma_map: cuTensorMapEncodeTiled refused the map (CUresult {})", static_cast<index_t>(result));
  static_assert(sizeof(CUtensorMap) == sizeof(tma_map<Box>::bytes), "make_tma_map: CUtensorMap is 128 bytes");
  tma_map<Box> map;
  __builtin_memcpy(map.bytes, &encoded, sizeof(encoded));
  return map;
}

/// The im2col tensor map of Box over the NWC/NHWC/NDHWC tensor `view`, walking `window`:
/// make_tma_im2col_params's checks (each a layout_error naming its value), then
/// cuTensorMapEncodeIm2col with Box's channels, pixels and swizzle, the window's corners and
/// traversal strides, zeros outside the tensor, an L2 promotion of 128 bytes.
/// @pre as make_tma_map's.
/// @example `make_tma_im2col_map<tma_im2col_box<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>,
///   std::uint16_t, 4>>(nhwc, tma_im2col_window::for_convolution(2, padding, filter, dilation,
///   stride))`.
template <class Box, class View>
tma_map<Box> make_tma_im2col_map(const View& view, const tma_im2col_window& window) {
  const tma_im2col_params p = make_tma_im2col_params<Box>(view, window);
  const auto encode = reinterpret_cast<PFN_cuTensorMapEncodeIm2col_v12000>(detail::driver_function("cuTensorMapEncodeIm2col"));
  cuuint64_t extents[5] = {}, strides[4] = {};
  cuuint32_t element_strides[5] = {1, 1, 1, 1, 1};
  int lower[3] = {}, upper[3] = {};
  for (index_t d = 0; d < p.rank; ++d) {
    extents[d] = static_cast<cuuint64_t>(p.global_extent[d]);
    if (d > 0) strides[d - 1] = static_cast<cuuint64_t>(p.global_stride_bytes[d - 1]);
  }
  for (index_t d = 0; d < p.rank - 2; ++d) {  // the spatial dimensions, W first (the driver's order)
    lower[d] = static_cast<int>(p.window.lower_corner[d]);
    upper[d] = static_cast<int>(p.window.upper_corner[d]);
    element_strides[d + 1] = static_cast<cuuint32_t>(p.window.traversal_stride[d]);
  }
  CUtensorMap encoded{};
  const CUresult result = encode(&encoded, detail::tma_data_type(p.element_bytes), static_cast<cuuint32_t>(p.rank), const_cast<void*>(p.address), extents, strides, lower, upper,
                                 static_cast<cuuint32_t>(p.channels), static_cast<cuuint32_t>(p.pixels), element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                 static_cast<CUtensorMapSwizzle>(static_cast<int>(p.swizzle)), CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) detail::refuse("make_tma_im2col_map: cuTensorMapEncodeIm2col refused the map (CUresult {})", static_cast<index_t>(result));
  tma_map<Box> map;
  __builtin_memcpy(map.bytes, &encoded, sizeof(encoded));
  return map;
}

}  // namespace strider
