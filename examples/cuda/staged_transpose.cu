// B = A transposed on the GPU for a run-time M x N matrix A, one 64 x 64 tile per block staged
// through shared memory by 256 threads: the kernel is examples/cuda/staged_transpose.hpp's
// load_thread and store_thread around a __syncthreads, called with blockIdx and threadIdx. Each
// thread's 4 x 4 values come from thread_value_t and partition, the tile from a masked tiling's
// tile(...), the tail from in_bounds; rows of 4 floats move as 128-bit accesses where the
// extents allow. The result is checked against a plain host loop for several shapes. Exits 77
// (skipped) without a GPU.
#include <cstdio>
#include <vector>

#include "cuda_check.hpp"
#include "staged_transpose.hpp"

namespace {
using staged_transpose::index_t;

__global__ void __launch_bounds__(staged_transpose::threads) transpose(staged_transpose::problem p) {
  __shared__ alignas(16) float shared[staged_transpose::staged_elements];
  const staged_transpose::index2 block{static_cast<index_t>(blockIdx.x), static_cast<index_t>(blockIdx.y)};
  staged_transpose::load_thread(p, block, static_cast<index_t>(threadIdx.x), shared);
  __syncthreads();
  staged_transpose::store_thread(p, block, static_cast<index_t>(threadIdx.x), shared);
}

using cuda_example::check;

// One shape: run the kernel, compare with the host loop. False on a CUDA error or a wrong result.
bool run(index_t m, index_t n) {
  using staged_transpose::matrix;
  const auto size = static_cast<std::size_t>(m * n);
  std::vector<float> a(size), b(size, -1.0f);
  for (std::size_t i = 0; i < size; ++i) a[i] = static_cast<float>(i) * 0.5f + 1.0f;
  float *d_a = nullptr, *d_b = nullptr;
  if (!check(cudaMalloc(&d_a, (size + 1) * sizeof(float)), "cudaMalloc") || !check(cudaMalloc(&d_b, (size + 1) * sizeof(float)), "cudaMalloc")) return false;
  bool ok = check(cudaMemcpy(d_a, a.data(), size * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_b, b.data(), size * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  bool vectors = false;
  if (ok) {
    const auto p = staged_transpose::make_problem(strider::tensor_view<const float, matrix>(d_a, matrix(m, n)), strider::tensor_view<float, matrix>(d_b, matrix(n, m)));
    vectors = p.vectors;
    const auto grid = staged_transpose::grid_of(p);
    if (grid.x > 0 && grid.y > 0) {
      transpose<<<dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y)), staged_transpose::threads>>>(p);
      ok = check(cudaGetLastError(), "transpose launch") && check(cudaDeviceSynchronize(), "transpose");
    }
    ok = ok && check(cudaMemcpy(b.data(), d_b, size * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d_a);
  cudaFree(d_b);
  if (!ok) return false;
  std::size_t wrong = 0;
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < m; ++j)
      if (b[static_cast<std::size_t>(i * m + j)] != a[static_cast<std::size_t>(j * n + i)]) ++wrong;
  std::printf("%5ld x %5ld (%s): %zu elements wrong%s\n", static_cast<long>(m), static_cast<long>(n), vectors ? "128-bit rows" : "scalar rows", wrong,
              wrong == 0 ? "" : "  WRONG");
  return wrong == 0;
}
}  // namespace

int main() {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const auto& [m, n] : {std::pair<index_t, index_t>{64, 64}, {4096, 2048}, {1000, 996}, {37, 70}, {1, 5}, {0, 8}}) ok = run(m, n) && ok;
  return ok ? 0 : 1;
}
