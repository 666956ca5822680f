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

namespace strider {

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
  void* function = nullptr;
  cudaDriverEntryPointQueryResult found{};
  const cudaError_t status = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &function, 12000, cudaEnableDefault, &found);
  if (status != cudaSuccess || function == nullptr || found != cudaDriverEntryPointSuccess)
    detail::refuse("make_tma_map: the driver has no cuTensorMapEncodeTiled (cudaGetDriverEntryPointByVersion returned {}, found {})", static_cast<index_t>(status), static_cast<index_t>(found));
  const auto encode = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(function);
  cuuint64_t extents[5] = {}, strides[4] = {};
  cuuint32_t box[5] = {}, element_strides[5] = {1, 1, 1, 1, 1};
  for (index_t d = 0; d < p.rank; ++d) {
    extents[d] = static_cast<cuuint64_t>(p.global_extent[d]);
    box[d] = static_cast<cuuint32_t>(p.box[d]);
    if (d > 0) strides[d - 1] = static_cast<cuuint64_t>(p.global_stride_bytes[d - 1]);
  }
  const CUtensorMapDataType type = p.element_bytes == 1 ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                                   : p.element_bytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
                                   : p.element_bytes == 4 ? CU_TENSOR_MAP_DATA_TYPE_UINT32
                                                          : CU_TENSOR_MAP_DATA_TYPE_UINT64;
  CUtensorMap encoded{};
  const CUresult result = encode(&encoded, type, static_cast<cuuint32_t>(p.rank), const_cast<void*>(p.address), extents, strides, box, element_strides,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, static_cast<CUtensorMapSwizzle>(static_cast<int>(p.swizzle)), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) detail::refuse("make_tma_map: cuTensorMapEncodeTiled refused the map (CUresult {})", static_cast<index_t>(result));
  static_assert(sizeof(CUtensorMap) == sizeof(tma_map<Box>::bytes), "make_tma_map: CUtensorMap is 128 bytes");
  tma_map<Box> map;
  __builtin_memcpy(map.bytes, &encoded, sizeof(encoded));
  return map;
}

}  // namespace strider
