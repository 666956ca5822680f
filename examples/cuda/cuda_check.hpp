// What each CUDA example does around its kernels: report a CUDA error by name, and skip (exit
// 77, which CTest reads as skipped) on a machine without a GPU.
#pragma once

#include <cstdio>

namespace cuda_example {

/// True on cudaSuccess; otherwise prints "what: the error" and returns false.
inline bool check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return true;
  std::printf("%s: %s\n", what, cudaGetErrorString(status));
  return false;
}

/// The exit status of an example that found no GPU.
inline constexpr int skipped = 77;

/// Whether a CUDA device is visible (says so when none is).
inline bool gpu_visible() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) return true;
  std::printf("no CUDA device visible: skipped\n");
  return false;
}

}  // namespace cuda_example
