// C = A * B on the GPU for a run-time M that the block tile does not divide (M x K times K x N,
// K and N static): the kernel is examples/cuda/masked_gemm.hpp's gemm_thread, called with
// blockIdx and threadIdx. Blocks are picked with tile_at and a masked tiling's tile(...), each
// thread's rows and column with narrow and select, and the tail is handled by `masked`
// (in_bounds), with no index arithmetic written. The result is checked against a plain host
// loop, for several M. Exits 77 (skipped) without a GPU.
#include <cmath>
#include <cstdio>
#include <vector>

#include "cuda_check.hpp"
#include "masked_gemm.hpp"

namespace {
using masked_gemm::index_t;
using masked_gemm::K;
using masked_gemm::N;

__global__ void __launch_bounds__(masked_gemm::threads_x * masked_gemm::threads_y) gemm(masked_gemm::problem p) {
  masked_gemm::gemm_thread(p, {static_cast<index_t>(blockIdx.x), static_cast<index_t>(blockIdx.y)},
                           {static_cast<index_t>(threadIdx.x), static_cast<index_t>(threadIdx.y)});
}

using cuda_example::check;

// One M: run the kernel, compare with the host loop. False on a CUDA error or a wrong result.
bool run(index_t m) {
  using strider::tensor_view;
  const auto rows = static_cast<std::size_t>(m);
  std::vector<float> a(rows * K), b(K * N), c(rows * N, -1.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = std::sin(0.01f * static_cast<float>(i));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::cos(0.02f * static_cast<float>(i));
  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  // One element more than needed: M = 0 still gets a pointer.
  if (!check(cudaMalloc(&d_a, (a.size() + 1) * sizeof(float)), "cudaMalloc") || !check(cudaMalloc(&d_b, b.size() * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&d_c, (c.size() + 1) * sizeof(float)), "cudaMalloc"))
    return false;
  bool ok = check(cudaMemcpy(d_a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_b, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_c, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    const masked_gemm::problem p = masked_gemm::make_problem(tensor_view<const float, masked_gemm::a_layout>(d_a, masked_gemm::a_layout(m)),
                                                             tensor_view<const float, masked_gemm::b_layout>(d_b),
                                                             tensor_view<float, masked_gemm::c_layout>(d_c, masked_gemm::c_layout(m)));
    const masked_gemm::index2 grid = masked_gemm::grid_of(p);
    if (grid.x > 0 && grid.y > 0) {  // M = 0: no block
      gemm<<<dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y)), dim3(masked_gemm::threads_x, masked_gemm::threads_y)>>>(p);
      ok = check(cudaGetLastError(), "gemm launch") && check(cudaDeviceSynchronize(), "gemm");
    }
    ok = ok && check(cudaMemcpy(c.data(), d_c, c.size() * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  if (!ok) return false;

  // The host reference, by plain index arithmetic.
  double worst = 0.0;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < static_cast<std::size_t>(N); ++j) {
      double sum = 0.0;
      for (std::size_t k = 0; k < static_cast<std::size_t>(K); ++k) sum += double(a[i * K + k]) * b[k * N + j];
      worst = std::fmax(worst, std::fabs(c[i * N + j] - sum));
    }
  const bool right = worst < 1e-4;
  std::printf("M = %4ld (%ld blocks of %ld rows), K = %ld, N = %ld: largest difference from the host loop %.2e%s\n", static_cast<long>(m),
              static_cast<long>((m + masked_gemm::block_m - 1) / masked_gemm::block_m), static_cast<long>(masked_gemm::block_m), static_cast<long>(K),
              static_cast<long>(N), worst, right ? "" : "  WRONG");
  return right;
}
}  // namespace

int main() {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const index_t m : {1000, 0, 5, 32, 33, 64, 257}) ok = run(m) && ok;
  return ok ? 0 : 1;
}
