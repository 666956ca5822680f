// expect: tma_im2col_pixels_not_1_to_1024<2048>
// An im2col box of 2048 pixels (the tile's axis 0): cuTensorMapEncodeIm2col takes at most 1024
// (pixelsPerColumn) and would refuse at run time with CUDA_ERROR_INVALID_VALUE; the tile type
// decides it at compile time.
#include <cstdint>
#include <strider/atom/tma_im2col.hpp>

strider::index_t bytes = strider::tma_im2col_box<strider::contiguous<2048, 64>, std::uint16_t, 4>::bytes;
