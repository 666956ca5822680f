// C = A * B^T in half precision on tensor cores (A: M x K, B: N x K, C: M x N, row-major), with
// float accumulation (half with -DHGEMM_ACCUMULATE_HALF), M, N and K at run time (K a multiple of 8): examples/cuda/hgemm.hpp's
// pieces run with cp.async into a 3-stage swizzled shared buffer, ldmatrix and mma.sync. Each
// layout the kernel touches is a strider type, and its body states the checks the compiler makes:
// the ldmatrix reads conflict-free, ldmatrix's registers being mma's fragments, the budget.
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
  using atom = typename mma::atom;
  // What the compiler proves of this kernel (in its body: nvcc cannot spell these types at
  // namespace scope, issue 51). A warp's ldmatrix.x4 rows of A's 16 x 16 part of a stage read
  // through the stage's swizzle, and ldmatrix.x2's of B's 8 x 16, are conflict-free; their
  // registers are m16n8k16's A and B fragments.
  using a_part = swizzled_t<layout<shape<16, 16>, strides<hgemm::block_k, 1>>, swizzle<2, 3, 3>>;
  using b_part = swizzled_t<layout<shape<8, 16>, strides<hgemm::block_k, 1>>, swizzle<2, 3, 3>>;
  static_assert(require_conflict_free_t<a_part, typename hgemm::a_matrices<>::rows, 2, 8>::conflict_free);
  static_assert(require_conflict_free_t<b_part, typename hgemm::b_matrices<>::rows, 2, 8>::conflict_free);
  static_assert(std::is_same_v<require_fragment_t<typename atom::a_layout, typename hgemm::a_matrices<>::registers>, typename hgemm::a_matrices<>::registers>);
  static_assert(std::is_same_v<require_fragment_t<typename atom::b_layout, typename hgemm::b_matrices<>::registers>, typename hgemm::b_matrices<>::registers>);

  __shared__ alignas(128) std::uint16_t a_stages[hgemm::stage_buffer::storage_size];
  __shared__ alignas(128) std::uint16_t b_stages[hgemm::stage_buffer::storage_size];
  const index_t thread = threadIdx.x, warp = thread / 32, lane = thread % 32, wm = warp / 2, wn = warp % 2;
  const index_t bm = blockIdx.y, bn = blockIdx.x;
  const auto copy = [](std::uint16_t* dst, const std::uint16_t* src, bool in_bounds) { hgemm::copy_atom::copy(dst, src, in_bounds); };
  const auto load = [&](index_t kt) {
    hgemm::copy_stage(p.a, bm, kt, hgemm::stage_of(a_stages, kt % hgemm::stages), thread, copy);
    hgemm::copy_stage(p.b, bn, kt, hgemm::stage_of(b_stages, kt % hgemm::stages), thread, copy);
  };

  typename atom::c_register acc[4][8][atom::c_registers] = {};
  for (index_t s = 0; s < hgemm::stages - 1; ++s) {
    if (s < p.k_tiles) load(s);
    cp_async_commit_group();  // a group per stage, empty past K, so that the waits count alike
  }
  for (index_t kt = 0; kt < p.k_tiles; ++kt) {
    cp_async_wait_group<hgemm::stages - 2>();  // stage kt has landed
    __syncthreads();                            // for every thread; and stage kt - 1 is read
    if (kt + hgemm::stages - 1 < p.k_tiles) load(kt + hgemm::stages - 1);
    cp_async_commit_group();
    const std::uint16_t* a_stage = hgemm::stage_of(a_stages, kt % hgemm::stages);
    const std::uint16_t* b_stage = hgemm::stage_of(b_stages, kt % hgemm::stages);
#pragma unroll
    for (index_t ks = 0; ks < 2; ++ks) {
      std::uint32_t a[4][4], b[8][2];
#pragma unroll
      for (index_t i = 0; i < 4; ++i) ldmatrix_x4::copy(a[i], hgemm::a_row(a_stage, wm, i, ks, lane));
#pragma unroll
      for (index_t j = 0; j < 8; ++j) ldmatrix_x2::copy(b[j], hgemm::b_row(b_stage, wn, j, ks, lane));
#pragma unroll
      for (index_t i = 0; i < 4; ++i)
#pragma unroll
        for (index_t j = 0; j < 8; ++j) atom::fma(acc[i][j], a[i], b[j], acc[i][j]);
    }
  }
  hgemm::store_c<Acc>(p, bm, bn, thread, [&](index_t v) {
    const index_t ij = v / 4, r = v % 4;
    if constexpr (std::is_same_v<Acc, f32>) return acc[ij / 8][ij % 8][r];
    else return strider::f16::from_bits(static_cast<std::uint16_t>(acc[ij / 8][ij % 8][r / 2] >> (16 * (r % 2))));
  });
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

// One accumulator type per build, as CuTe's tutorial has: float, or half with
// -DHGEMM_ACCUMULATE_HALF (both are checked on the host by runtime_tests/hgemm_twin_test.cpp).
#ifdef HGEMM_ACCUMULATE_HALF
using accumulator = strider::f16;
#else
using accumulator = strider::f32;
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
