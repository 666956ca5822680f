// What each CUDA example does around its kernels: report a CUDA error by name, skip (exit 77,
// which CTest reads as skipped) on a machine without a GPU, and time a kernel.
#pragma once

#include <algorithm>
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

/// The median of 5 timed runs of `launch` (a callable that launches the kernel and returns false
/// on a launch error) after one warm-up, in milliseconds; false on a CUDA error.
template <class Launch>
bool median_ms(Launch launch, float& median) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  float ms[5] = {};
  bool ok = launch() && check(cudaDeviceSynchronize(), "warm-up");
  for (int r = 0; r < 5 && ok; ++r) {
    cudaEventRecord(start);
    ok = launch();
    cudaEventRecord(stop);
    ok = ok && check(cudaEventSynchronize(stop), "timed run");
    cudaEventElapsedTime(&ms[r], start, stop);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms, ms + 5);
  median = ms[2];
  return ok;
}

}  // namespace cuda_example
