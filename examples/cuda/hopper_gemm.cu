// Hopper GEMM in strider's types (examples/cuda/hopper_gemm.hpp): C = A * B^T, half in, float
// accumulation, half out, TMA into a 3-stage mbarrier pipeline and wgmma.m64n128k16 through
// descriptors of the same tile types, one warpgroup per 128 x 128 block; sm_90a. Checked against a
// host loop on ragged sizes; with --time, timed at 4096^3 and 8192^3. Exits 77 (skipped) without a
// GPU; runtime_tests/hopper_gemm_twin_test.cpp runs the block's steps on the host in CI.
#include <cmath>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

#include <strider/atom/tma_map.hpp>

#include "cuda_check.hpp"
#include "hopper_gemm.hpp"

namespace {
namespace hg = hopper_gemm;
using hg::index_t;

__global__ void __launch_bounds__(hg::threads, 2) gemm(const __grid_constant__ strider::tma_map<hg::box> a_map, const __grid_constant__ strider::tma_map<hg::box> b_map,
                                                       std::uint16_t* c, int m, int n, int k) {
  using namespace strider;
  using pipeline = hg::pipeline;
  using operand = hg::operand;
  extern __shared__ unsigned char shared_raw[];
  // The buffer's base rounded up to the pipeline's alignment (requested_bytes leaves the room).
  const auto raw = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_raw));
  constexpr auto alignment = static_cast<std::uint32_t>(pipeline::alignment);
  const std::uint32_t base = (raw + alignment - 1) / alignment * alignment;
  const int t = static_cast<int>(threadIdx.x), block_row = static_cast<int>(blockIdx.y), block_column = static_cast<int>(blockIdx.x);
  const int k_tiles = static_cast<int>(hg::k_tiles(k));
  if (t == 0) pipeline::init(base);
  __syncthreads();
  // Thread 0 is also the producer: it fills the first stages, then refills each stage its
  // warpgroup releases.
  auto producer = pipeline::state::producer_start();
  const auto load = [&](int kt) {
    pipeline::producer_acquire(base, producer);
    const int a_corner[2] = {kt * static_cast<int>(hg::block_k), block_row * static_cast<int>(hg::block_m)};
    const int b_corner[2] = {kt * static_cast<int>(hg::block_k), block_column * static_cast<int>(hg::block_n)};
    tma_load(a_map, pipeline::box_address<0>(base, producer.index), pipeline::full_barrier(base, producer.index), a_corner);
    tma_load(b_map, pipeline::box_address<1>(base, producer.index), pipeline::full_barrier(base, producer.index), b_corner);
    producer.advance();
  };
  if (t == 0)
    for (int kt = 0; kt < k_tiles && kt < static_cast<int>(hg::stages); ++kt) load(kt);
  float d[hg::row_blocks][hg::atom::c_registers] = {};
  auto consumer = pipeline::state::consumer_start();
  for (int kt = 0; kt < k_tiles; ++kt, consumer.advance()) {
    pipeline::consumer_wait(base, consumer);
    const std::uint32_t a_stage = pipeline::box_address<0>(base, consumer.index), b_stage = pipeline::box_address<1>(base, consumer.index);
    wgmma_fence();
#pragma unroll
    for (int kb = 0; kb < static_cast<int>(operand::k_blocks); ++kb)
#pragma unroll
      for (int rb = 0; rb < static_cast<int>(hg::row_blocks); ++rb)
        hg::atom::fma(d[rb], operand::descriptor(a_stage, rb * hg::atom::m, kb), operand::descriptor(b_stage, 0, kb), kt > 0 || kb > 0);
    wgmma_commit_group();
    wgmma_wait_group<0>();
    pipeline::consumer_release(base, consumer);  // every thread: 128 arrivals free the stage
    if (t == 0 && kt + static_cast<int>(hg::stages) < k_tiles) load(kt + static_cast<int>(hg::stages));
  }
#pragma unroll
  for (int rb = 0; rb < static_cast<int>(hg::row_blocks); ++rb)
#pragma unroll
    for (int i = 0; i < hg::atom::c_registers; ++i) {
      const index_t row = block_row * hg::block_m + hg::c_row(rb, t, i), column = block_column * hg::block_n + hg::c_column(t, i);
      if (row < m && column < n) c[row * n + column] = f16::to_bits(d[rb][i]);
    }
}

bool run(int m, int n, int k, std::vector<std::uint16_t>& c_host, const std::vector<std::uint16_t>& a_host, const std::vector<std::uint16_t>& b_host, float* ms) {
  using cuda_example::check;
  using strider::tensor_view;
  std::uint16_t *a = nullptr, *b = nullptr, *c = nullptr;
  const auto bytes = [](std::size_t elements) { return elements * sizeof(std::uint16_t); };
  bool ok = check(cudaMalloc(&a, bytes(a_host.size())), "cudaMalloc") && check(cudaMalloc(&b, bytes(b_host.size())), "cudaMalloc") &&
            check(cudaMalloc(&c, bytes(c_host.size())), "cudaMalloc") && check(cudaMemcpy(a, a_host.data(), bytes(a_host.size()), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(b, b_host.data(), bytes(b_host.size()), cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    const auto a_map = strider::make_tma_map<hg::box>(tensor_view<const std::uint16_t, hg::matrix>(a, hg::matrix(m, k, k)));
    const auto b_map = strider::make_tma_map<hg::box>(tensor_view<const std::uint16_t, hg::matrix>(b, hg::matrix(n, k, k)));
    const auto shared = static_cast<int>(hg::pipeline::requested_bytes);
    ok = check(cudaFuncSetAttribute(gemm, cudaFuncAttributeMaxDynamicSharedMemorySize, shared), "cudaFuncSetAttribute");
    const dim3 grid(static_cast<unsigned>((n + hg::block_n - 1) / hg::block_n), static_cast<unsigned>((m + hg::block_m - 1) / hg::block_m));
    const auto launch = [&] {
      gemm<<<grid, static_cast<unsigned>(hg::threads), static_cast<std::size_t>(shared)>>>(a_map, b_map, c, m, n, k);
      return check(cudaGetLastError(), "gemm");
    };
    ok = ok && launch() && check(cudaDeviceSynchronize(), "gemm");
    if (ok && ms != nullptr) ok = cuda_example::median_ms(launch, *ms);
    ok = ok && check(cudaMemcpy(c_host.data(), c, bytes(c_host.size()), cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(a), cudaFree(b), cudaFree(c);
  return ok;
}

bool correct(int m, int n, int k) {
  using strider::f16;
  std::mt19937 rng(static_cast<unsigned>(m + n + k));
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m) * static_cast<std::size_t>(k)), b(static_cast<std::size_t>(n) * static_cast<std::size_t>(k)),
      c(static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
  for (auto& x : a) x = f16::to_bits(value(rng));
  for (auto& x : b) x = f16::to_bits(value(rng));
  if (!run(m, n, k, c, a, b, nullptr)) return false;
  int wrong = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double expected = 0;
      for (int l = 0; l < k; ++l)
        expected += static_cast<double>(f16::from_bits(a[static_cast<std::size_t>(i) * static_cast<std::size_t>(k) + static_cast<std::size_t>(l)])) *
                    static_cast<double>(f16::from_bits(b[static_cast<std::size_t>(j) * static_cast<std::size_t>(k) + static_cast<std::size_t>(l)]));
      const double got = f16::from_bits(c[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)]);
      if (std::abs(got - expected) > std::abs(expected) * 0x1p-9 + 0x1p-14) ++wrong;  // f32 accumulation in the hardware's order
    }
  std::printf("%d x %d x %d: %s (%d wrong)\n", m, n, k, wrong == 0 ? "correct" : "WRONG", wrong);
  return wrong == 0;
}
}  // namespace

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  bool ok = correct(128, 128, 64) && correct(300, 200, 200) && correct(64, 256, 520);
  if (ok && argc > 1 && std::string_view(argv[1]) == "--time")
    for (const int size : {4096, 8192}) {
      std::vector<std::uint16_t> a(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), 0x3c00), b(a), c(a.size());
      float ms = 0;
      ok = ok && run(size, size, size, c, a, b, &ms);
      if (ok) std::printf("hopper_gemm %d^3: %.3f ms, %.1f TFLOP/s\n", size, static_cast<double>(ms), 2.0 * size * size * static_cast<double>(size) / (static_cast<double>(ms) * 1e9));
    }
  return ok ? 0 : 1;
}
