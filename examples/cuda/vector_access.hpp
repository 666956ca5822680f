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
/// 16 bytes at a 16-byte aligned address of global or shared memory: one 128-bit access in device
/// code (the host copies the bytes, which is what the access means in C++). A store to global
/// memory is written in PTX (the state space is known to the compiler where the pointer's origin
/// is): nvcc split a float4 store whose values came from a transposed read of shared memory into
/// four 32-bit stores (staged_transpose's B tile), a quarter of the bytes per instruction.
STRIDER_HOST_DEVICE inline four_floats load_four(const float* at) {
#ifdef __CUDA_ARCH__
  const float4 v = *reinterpret_cast<const float4*>(at);
  return {{v.x, v.y, v.z, v.w}};
#else
  four_floats v;
  std::memcpy(&v, at, sizeof v);
  return v;
#endif
}
STRIDER_HOST_DEVICE inline void store_four(float* at, const four_floats& v) {
#ifdef __CUDA_ARCH__
  if (__isShared(at)) *reinterpret_cast<float4*>(at) = make_float4(v.value[0], v.value[1], v.value[2], v.value[3]);
  else asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(at), "f"(v.value[0]), "f"(v.value[1]), "f"(v.value[2]), "f"(v.value[3]) : "memory");
#else
  std::memcpy(at, &v, sizeof v);
#endif
}

}  // namespace cuda_example
