// C = A * B^T in half precision on tensor cores (A: M x K, B: N x K, C: M x N, row-major), with
// half accumulation as CuTe's sgemm_sm80 tutorial in half (float with -DHGEMM_ACCUMULATE_FLOAT),
// M, N and K at run time (K a multiple of 8): examples/cuda/hgemm.hpp's
// tiled copies (cp.async into a 3-stage swizzled shared buffer, ldmatrix to the fragments), gemm
// (mma.sync) and the C fragment's copy to C. Each verb proves what it issues at compile time.
// Checked against a host loop on ragged sizes, then timed at 4096^3 and 8192^3 (TFLOP/s,
// cuda_check.hpp's median_ms). Exits 77 (skipped) without a GPU. Build: nvcc -std=c++20 -O3
// -arch=sm_90 -I include examples/cuda/hgemm.cu (sm_80 or later).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "cuda_check.hpp"
#include "hgemm.hpp"

namespace {
using hgemm::index_t;

template <class Acc>
__global__ void __launch_bounds__(hgemm::threads) hgemm_kernel(hgemm::problem p) {
  using namespace strider;
  using mma = hgemm::block_mma<Acc>;
  __shared__ alignas(128) std::uint16_t a_stages[hgemm::stage_buffer::storage_size];
  __shared__ alignas(128) std::uint16_t b_stages[hgemm::stage_buffer::storage_size];
  const index_t thread = threadIdx.x, bm = blockIdx.y, bn = blockIdx.x;
  const auto load_stage = [&](index_t kt) {  // K tile kt into its stage, zeros past M, N and K
    copy(hgemm::g2s{}, p.a.tile(bm, kt), hgemm::stage(a_stages, kt % hgemm::stages), thread);
    copy(hgemm::g2s{}, p.b.tile(bn, kt), hgemm::stage(b_stages, kt % hgemm::stages), thread);
  };
  auto a = partition_fragment_a(mma{});
  auto b = partition_fragment_b(mma{});
  auto c = partition_fragment_c(mma{});
  for (index_t s = 0; s < hgemm::stages - 1; ++s) {
    if (s < p.k_tiles) load_stage(s);
    cp_async_commit_group();  // a group per stage, empty past K, so that the waits count alike
  }
  for (index_t kt = 0; kt < p.k_tiles; ++kt) {
    cp_async_wait_group<hgemm::stages - 2>();  // stage kt has landed
    __syncthreads();                            // for every thread; and stage kt - 1 is read
    if (kt + hgemm::stages - 1 < p.k_tiles) load_stage(kt + hgemm::stages - 1);
    cp_async_commit_group();
#pragma unroll
    for (index_t k = 0; k < mma::repeats_k; ++k) {
      copy(hgemm::s2r_a<Acc>{}, hgemm::stage(a_stages, kt % hgemm::stages), a, thread, k);
      copy(hgemm::s2r_b<Acc>{}, hgemm::b_operand(b_stages, kt % hgemm::stages), b, thread, k);
      gemm(mma{}, a, b, c, k);
    }
  }
  if constexpr (std::is_same_v<Acc, f32>) copy(convert<f16>(c), mma::partition_c(p.c.tile(bm, bn), thread));
  else copy(c, mma::partition_c(p.c.tile(bm, bn), thread));
}

using cuda_example::check;

struct device_buffers {
  std::uint16_t *a = nullptr, *b = nullptr, *c = nullptr;
  ~device_buffers() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
  }
};

template <class Acc>
bool launch(const hgemm::problem& p) {
  const auto counts = p.c.tile_counts();
  if (counts[0] == 0 || counts[1] == 0) return true;
  hgemm_kernel<Acc><<<dim3(static_cast<unsigned>(counts[1]), static_cast<unsigned>(counts[0])), hgemm::threads>>>(p);
  return check(cudaGetLastError(), "hgemm launch");
}

// One size: the kernel against a host loop (inputs multiples of 1/2 in [-1, 1]: exact sums).
template <class Acc>
bool correct(index_t m, index_t n, index_t k) {
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k)), c(static_cast<std::size_t>(m * n));
  for (index_t i = 0; i < m * k; ++i) a[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 7) % 5 - 2) / 2.0f);
  for (index_t i = 0; i < n * k; ++i) b[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 3) % 5 - 2) / 2.0f);
  device_buffers d;
  bool ok = check(cudaMalloc(&d.a, a.size() * 2 + 16), "cudaMalloc") && check(cudaMalloc(&d.b, b.size() * 2 + 16), "cudaMalloc") &&
            check(cudaMalloc(&d.c, c.size() * 2 + 16), "cudaMalloc") && check(cudaMemcpy(d.a, a.data(), a.size() * 2, cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(d.b, b.data(), b.size() * 2, cudaMemcpyHostToDevice), "cudaMemcpy") && launch<Acc>(hgemm::make_problem(d.a, d.b, d.c, m, n, k)) &&
            check(cudaDeviceSynchronize(), "hgemm") && check(cudaMemcpy(c.data(), d.c, c.size() * 2, cudaMemcpyDeviceToHost), "cudaMemcpy");
  if (!ok) return false;
  index_t wrong = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      float expected = 0.0f;
      for (index_t kk = 0; kk < k; ++kk)
        expected += strider::f16::from_bits(a[static_cast<std::size_t>(i * k + kk)]) * strider::f16::from_bits(b[static_cast<std::size_t>(j * k + kk)]);
      if (strider::f16::from_bits(c[static_cast<std::size_t>(i * n + j)]) != expected) ++wrong;
    }
  std::printf("%s accumulation, M = %ld, N = %ld, K = %ld: %ld of %ld elements differ from the host loop%s\n", std::is_same_v<Acc, strider::f32> ? "float" : "half",
              static_cast<long>(m), static_cast<long>(n), static_cast<long>(k), static_cast<long>(wrong), static_cast<long>(m * n), wrong ? "  WRONG" : "");
  return wrong == 0;
}

// TFLOP/s at m = n = k = size (median_ms).
template <class Acc>
bool timed(index_t size) {
  device_buffers d;
  const auto elements = static_cast<std::size_t>(size * size);
  if (!check(cudaMalloc(&d.a, elements * 2), "cudaMalloc") || !check(cudaMalloc(&d.b, elements * 2), "cudaMalloc") || !check(cudaMalloc(&d.c, elements * 2), "cudaMalloc"))
    return false;
  cudaMemset(d.a, 0x3c, elements * 2);  // 1.0047 in every half
  cudaMemset(d.b, 0x1c, elements * 2);
  const hgemm::problem p = hgemm::make_problem(d.a, d.b, d.c, size, size, size);
  float median = 0;
  if (!cuda_example::median_ms([&] { return launch<Acc>(p); }, median)) return false;
  const double tflops = 2.0 * static_cast<double>(size) * static_cast<double>(size) * static_cast<double>(size) / (static_cast<double>(median) * 1e-3) / 1e12;
  std::printf("hgemm %s accumulation %ld^3: %.3f ms, %.1f TFLOP/s\n", std::is_same_v<Acc, strider::f32> ? "float" : "half", static_cast<long>(size),
              static_cast<double>(median), tflops);
  return true;
}
}  // namespace

// One accumulator type per build, as CuTe's tutorial has: half, as its half-precision GEMM, or
// float with -DHGEMM_ACCUMULATE_FLOAT (both are checked on the host by
// runtime_tests/hgemm_twin_test.cpp).
#ifdef HGEMM_ACCUMULATE_FLOAT
using accumulator = strider::f32;
#else
using accumulator = strider::f16;
#endif

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = true;
  for (const auto& s : {std::array<index_t, 3>{130, 50, 72}, {1000, 1000, 1000}, {257, 129, 264}, {128, 128, 32}, {1, 1, 8}})
    ok = correct<accumulator>(s[0], s[1], s[2]) && ok;
  if (argc > 1 && std::string_view(argv[1]) == "--time")
    for (const index_t size : {4096, 8192}) ok = timed<accumulator>(size) && ok;
  return ok ? 0 : 1;
}
