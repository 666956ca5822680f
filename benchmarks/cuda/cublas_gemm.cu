// cuBLAS's half GEMM, the baseline of benchmarks/cuda/gemm.sh: C (M x N, row-major, half) = A (M x
// K, row-major) * B^T (B N x K, row-major), f32 accumulation (cublasGemmEx, CUBLAS_COMPUTE_32F),
// the "TN" problem of examples/cuda/hopper_gemm_ws.cu. Usage: cublas_gemm M N K; prints a Markdown
// row with the median milliseconds and TFLOP/s (cuda_check.hpp's median_ms), or exits 77 without
// a GPU.
#include <cublas_v2.h>

#include <cstdio>
#include <cstdlib>
#include <cstdint>

#include "../../examples/cuda/cuda_check.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: cublas_gemm M N K\n");
    return 2;
  }
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  const int m = std::atoi(argv[1]), n = std::atoi(argv[2]), k = std::atoi(argv[3]);
  std::uint16_t *a = nullptr, *b = nullptr, *c = nullptr;
  const auto bytes = [](int rows, int columns) { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns) * 2; };
  using cuda_example::check;
  bool ok = check(cudaMalloc(&a, bytes(m, k)), "cudaMalloc") && check(cudaMalloc(&b, bytes(n, k)), "cudaMalloc") && check(cudaMalloc(&c, bytes(m, n)), "cudaMalloc") &&
            check(cudaMemset(a, 0x3c, bytes(m, k)), "cudaMemset") && check(cudaMemset(b, 0x3c, bytes(n, k)), "cudaMemset");
  cublasHandle_t handle = nullptr;
  ok = ok && cublasCreate(&handle) == CUBLAS_STATUS_SUCCESS;
  const float alpha = 1.0f, beta = 0.0f;
  // Row-major C = A B^T is column-major C^T = B A^T: B's storage read transposed, A's as it is.
  const auto launch = [&] {
    return cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N, n, m, k, &alpha, b, CUDA_R_16F, k, a, CUDA_R_16F, k, &beta, c, CUDA_R_16F, n, CUBLAS_COMPUTE_32F,
                        CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS;
  };
  float ms = 0;
  ok = ok && launch() && check(cudaDeviceSynchronize(), "cublasGemmEx") && cuda_example::median_ms(launch, ms);
  if (ok) std::printf("| cuBLAS f16 TN | %d | %d | %d | %.3f | %.1f |\n", m, n, k, static_cast<double>(ms), 2.0 * m * n * static_cast<double>(k) / (static_cast<double>(ms) * 1e9));
  if (handle != nullptr) cublasDestroy(handle);
  cudaFree(a), cudaFree(b), cudaFree(c);
  return ok ? 0 : 1;
}
