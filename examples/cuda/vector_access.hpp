// What the CUDA examples' kernel bodies share, in plain C++ (their host twins run it too): a
// block's index, and rows of 4 floats moved as one 128-bit access (the library's load_vector and
// store_vector, atom/vector_access.hpp).
#pragma once

#include <strider/atom/vector_access.hpp>
#include <strider/storage.hpp>

namespace cuda_example {

/// A block's index in the grid (blockIdx.x, blockIdx.y).
struct index2 {
  strider::index_t x = 0, y = 0;
};

/// 4 floats at a 16-byte aligned address of global or shared memory: one 128-bit access.
using four_floats = strider::vector_of<float, 4>;
STRIDER_HOST_DEVICE inline four_floats load_four(const float* at) { return strider::load_vector<4>(at); }
STRIDER_HOST_DEVICE inline void store_four(float* at, const four_floats& v) { strider::store_vector(at, v); }

}  // namespace cuda_example
