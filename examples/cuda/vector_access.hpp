// What the CUDA examples' kernel bodies share, in plain C++ (their host twins run it too): a
// block's index, and rows of 4 floats moved as one 128-bit access.
#pragma once

#include <cstring>
#include <strider/storage.hpp>

namespace cuda_example {

/// A block's index in the grid (blockIdx.x, blockIdx.y).
struct index2 {
  strider::index_t x = 0, y = 0;
};

struct alignas(16) four_floats {
  float value[4];
};
/// 16 bytes at a 16-byte aligned address: one 128-bit access in device code (the host copies
/// the bytes, which is what the access means in C++).
STRIDER_HOST_DEVICE inline four_floats load_four(const float* at) {
#ifdef __CUDA_ARCH__
  return *reinterpret_cast<const four_floats*>(at);
#else
  four_floats v;
  std::memcpy(&v, at, sizeof v);
  return v;
#endif
}
STRIDER_HOST_DEVICE inline void store_four(float* at, const four_floats& v) {
#ifdef __CUDA_ARCH__
  *reinterpret_cast<four_floats*>(at) = v;
#else
  std::memcpy(at, &v, sizeof v);
#endif
}

}  // namespace cuda_example
