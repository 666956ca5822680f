// A first kernel in strider's verbs (examples/cuda/block_gemm.hpp): C = A * B in half precision
// with float accumulation, any M, N and K, one 64 x 64 tile of C per block of 4 warps. Checked
// against a plain host loop for several shapes, ragged ones included. Exits 77 (skipped) without
// a GPU; runtime_tests/block_gemm_twin_test.cpp runs the same body on the host in CI.
#include <array>
#include <cstdio>
#include <vector>

#include "block_gemm.hpp"
#include "cuda_check.hpp"

namespace {
using block_gemm::index_t;
using block_gemm::mma;

__global__ void __launch_bounds__(mma::threads) block_product(block_gemm::problem p) {
  const index_t bm = blockIdx.y, bn = blockIdx.x, thread = threadIdx.x;
  auto c = strider::partition_fragment_c(mma{});
  for (index_t kt = 0; kt < p.k_tiles; ++kt) {
    auto a = strider::partition_fragment_a(mma{});
    auto b = strider::partition_fragment_b(mma{});
    block_gemm::load(p, bm, bn, kt, thread, a, b);
    strider::gemm(mma{}, a, b, c);
  }
  block_gemm::store(p, bm, bn, thread, c);
}

using cuda_example::check;

// One shape: the kernel against the host loop over small integers (every sum exact in float).
bool run(index_t m, index_t n, index_t k) {
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(k * n));
  std::vector<float> c(static_cast<std::size_t>(m * n), -1.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i % 7) - 3));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i % 5) - 2));
  std::uint16_t *d_a = nullptr, *d_b = nullptr;
  float* d_c = nullptr;
  bool ok = check(cudaMalloc(&d_a, (a.size() + 1) * 2), "cudaMalloc") && check(cudaMalloc(&d_b, (b.size() + 1) * 2), "cudaMalloc") &&
            check(cudaMalloc(&d_c, (c.size() + 1) * 4), "cudaMalloc") && check(cudaMemcpy(d_a, a.data(), a.size() * 2, cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_b, b.data(), b.size() * 2, cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d_c, c.data(), c.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    const block_gemm::problem p = block_gemm::make_problem(d_a, d_b, d_c, m, n, k);
    block_product<<<dim3(static_cast<unsigned>((n + 63) / 64), static_cast<unsigned>((m + 63) / 64)), mma::threads>>>(p);
    ok = check(cudaGetLastError(), "block_product launch") && check(cudaDeviceSynchronize(), "block_product") &&
         check(cudaMemcpy(c.data(), d_c, c.size() * 4, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_c);
  if (!ok) return false;
  std::size_t wrong = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      double expected = 0;
      for (index_t kk = 0; kk < k; ++kk)
        expected += static_cast<double>(strider::f16::from_bits(a[static_cast<std::size_t>(i * k + kk)])) * strider::f16::from_bits(b[static_cast<std::size_t>(kk * n + j)]);
      if (c[static_cast<std::size_t>(i * n + j)] != static_cast<float>(expected)) ++wrong;
    }
  std::printf("M = %ld, N = %ld, K = %ld: %zu elements wrong%s\n", static_cast<long>(m), static_cast<long>(n), static_cast<long>(k), wrong, wrong == 0 ? "" : "  WRONG");
  return wrong == 0;
}
}  // namespace

int main() {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const auto& s : {std::array<index_t, 3>{64, 64, 32}, {256, 128, 96}, {100, 70, 45}, {1, 1, 1}}) ok = run(s[0], s[1], s[2]) && ok;
  return ok ? 0 : 1;
}
