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

/// Milliseconds per run of `launch` (a callable that launches the kernel and returns false on a
/// launch error): the median of 11 batches of 10 runs back to back, each batch between two
/// events, after 20 runs of warm-up (so that the clocks have risen before the first batch, and a
/// kernel timed first is not timed at lower clocks than one timed after it); false on a CUDA error.
template <class Launch>
bool median_ms(Launch launch, float& median) {
  constexpr int warm_up = 20, batches = 11, batch = 10;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  float ms[batches] = {};
  bool ok = true;
  for (int r = 0; r < warm_up && ok; ++r) ok = launch();
  ok = ok && check(cudaDeviceSynchronize(), "warm-up");
  for (int r = 0; r < batches && ok; ++r) {
    cudaEventRecord(start);
    for (int k = 0; k < batch && ok; ++k) ok = launch();
    cudaEventRecord(stop);
    ok = ok && check(cudaEventSynchronize(stop), "timed run");
    cudaEventElapsedTime(&ms[r], start, stop);
    ms[r] /= batch;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms, ms + batches);
  median = ms[batches / 2];
  return ok;
}

}  // namespace cuda_example
