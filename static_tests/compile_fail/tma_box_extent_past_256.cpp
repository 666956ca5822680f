// expect: tma_box_extent_not_1_to_256<0, 300>
// A TMA box of 300 rows (the tile's axis 0): the driver refuses box extents past 256 (cuTensorMapEncodeTiled's
// boxDim), at run time with CUDA_ERROR_INVALID_VALUE; the tile type decides it at compile time.
#include <cstdint>
#include <strider/atom/tma.hpp>

strider::index_t bytes = strider::tma_box<strider::contiguous<300, 64>, std::uint16_t>::bytes;
