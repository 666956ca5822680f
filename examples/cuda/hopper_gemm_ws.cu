// Hopper GEMM, warp-specialized and persistent, in strider's types (examples/cuda/hopper_gemm_ws.hpp):
// C = A * B, f16 or bf16 in, f32 accumulation, f16 or bf16 out, TN or NT; 2 x 1 clusters, one CTA
// per SM, take pairs of 128 x 256 tiles in grouped order; a producer warpgroup of 40 registers
// issues TMA loads into a 4-stage mbarrier pipeline, B's shared tile multicast across the
// cluster; two consumer warpgroups of 232 registers issue wgmma.m64n256k16 and store C through
// swizzled staging tiles by TMA; sm_90a. Checked against a host loop on ragged
// sizes, TN and NT, f16 and bf16; `--time [SIZES...] [--skinny]` then times f16 TN at 4096^3 and
// 8192^3 (or the M = N = K sizes given; with --skinny also M = 128 and 256) and prints a Markdown
// row per shape; `--time-only M N K` times one shape without the checks (benchmarks/cuda/gemm.sh). Exits 77 (skipped) without a GPU; runtime_tests/hopper_gemm_ws_twin_test.cpp runs each
// block's life on the host in CI.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>
#include <vector>

#include <strider/atom/tma_map.hpp>

#include "cuda_check.hpp"
#include "hopper_gemm_ws.hpp"

namespace {
namespace ws = hopper_gemm_ws;
using ws::index_t;

template <class Config>
__global__ void __launch_bounds__(Config::threads, 1) __cluster_dims__(ws::cluster_m, 1, 1)
    gemm(const __grid_constant__ strider::tma_map<typename Config::box_a> a_map, const __grid_constant__ strider::tma_map<typename Config::box_b> b_map,
         const __grid_constant__ strider::tma_map<typename Config::c_box> c_map, int m, int n, int k) {
  using namespace strider;
  using pipeline = typename Config::pipeline;
  using atom = typename Config::atom;
  using budget = typename Config::budget;
  extern __shared__ unsigned char shared_raw[];
  // The buffer's base rounded up to the pipeline's alignment (requested_bytes leaves the room);
  // the same offset in both CTAs of the cluster, where the multicast writes.
  const auto raw = static_cast<std::uint32_t>(__cvta_generic_to_shared(shared_raw));
  constexpr auto alignment = static_cast<std::uint32_t>(pipeline::alignment);
  const std::uint32_t base = (raw + alignment - 1) / alignment * alignment;
  const int warpgroup = static_cast<int>(threadIdx.x) / 128, thread = static_cast<int>(threadIdx.x) % 128;
  // The scheduler hands out pairs of tile rows, one pair per cluster; CTA `rank` takes row rank.
  const index_t tiles_m = (m + ws::block_m - 1) / ws::block_m;
  const ws::tile_scheduler pairs{(tiles_m + ws::cluster_m - 1) / ws::cluster_m, (n + ws::block_n - 1) / ws::block_n, 8};
  const auto rank = static_cast<index_t>(cluster_cta_rank());
  const index_t cluster = blockIdx.x / ws::cluster_m, clusters = gridDim.x / ws::cluster_m;
  const int k_tiles = static_cast<int>(ws::k_tiles(k));
  if (threadIdx.x == 0) pipeline::init(base);
  cluster_sync();  // both CTAs' barriers made before either multicasts or arrives on them
  if (warpgroup == 0) {
    // The producer: one thread issues every load of the CTA's tiles, its A boxes for itself and
    // its share of B's boxes to both CTAs of the cluster (a full barrier expects all of them).
    warpgroup_registers_decrease<budget::producer>();
    if (thread == 0) {
      auto st = pipeline::state::producer_start();
      for (index_t linear = cluster; linear < pairs.tiles(); linear += clusters) {
        const ws::tile_coordinate tile = ws::cta_tile(pairs.tile(linear), rank);
        for (int kt = 0; kt < k_tiles; ++kt, st.advance()) {
          pipeline::producer_acquire(base, st);
          [&]<std::size_t... I>(std::index_sequence<I...>) {
            const auto load = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
              const ws::box_load l = ws::box_load_of<Config, J>(rank, tile, kt);  // its own A boxes, its share of B's
              if (!l.issued) return;
              const int corner[2] = {static_cast<int>(l.corner.inner), static_cast<int>(l.corner.outer)};
              const std::uint32_t destination = pipeline::template box_address<J>(base, st.index), barrier = pipeline::full_barrier(base, st.index);
              if constexpr (J < static_cast<std::size_t>(Config::a_boxes)) tma_load(a_map, destination, barrier, corner);
              else tma_load_multicast(b_map, destination, barrier, corner, static_cast<std::uint16_t>((1u << ws::cluster_m) - 1));
            };
            (load(std::integral_constant<std::size_t, I>{}), ...);
          }(std::make_index_sequence<static_cast<std::size_t>(Config::a_boxes + Config::b_boxes)>{});
        }
      }
    }
  } else {
    // A consumer: rows 64 (consumer) to 64 (consumer) + 63 of each tile.
    warpgroup_registers_increase<budget::consumer>();
    const int consumer = warpgroup - 1;
    const auto peer = static_cast<std::uint32_t>(rank ^ 1);
    const std::uint32_t staging = base + static_cast<std::uint32_t>(Config::epilogue_offset + consumer * Config::staged_boxes * Config::c_box::bytes);
    auto st = pipeline::state::consumer_start();
    // A stage is free when the consumers of both CTAs are done with it (either CTA's producer
    // writes both): each consumer warpgroup's thread 0 arrives here and at the peer.
    const auto release = [&](const typename pipeline::state& done) {
      if (thread == 0) {
        pipeline::consumer_release(base, done);
        pipeline::consumer_release(base, done, peer);
      }
    };
    for (index_t linear = cluster; linear < pairs.tiles(); linear += clusters) {
      const ws::tile_coordinate tile = ws::cta_tile(pairs.tile(linear), rank);
      float d[atom::c_registers];
      // One K tile's wgmmas stay in flight while the next tile's are issued: after issuing tile
      // kt, waiting for all but the last group means tile kt - 1's are done, and its stage is
      // released; the last stage after the loop.
      auto previous = st;
      for (int kt = 0; kt < k_tiles; ++kt, st.advance()) {
        pipeline::consumer_wait(base, st);
        const std::uint32_t a_stage = pipeline::template box_address<0>(base, st.index);
        const std::uint32_t b_stage = pipeline::template box_address<static_cast<std::size_t>(Config::a_boxes)>(base, st.index);
        wgmma_fence();
#pragma unroll
        for (int kb = 0; kb < static_cast<int>(Config::operand_a::k_blocks); ++kb)
          atom::fma(d, Config::operand_a::descriptor(a_stage, consumer * atom::m, kb), Config::operand_b::descriptor(b_stage, 0, kb), kt > 0 || kb > 0);
        wgmma_commit_group();
        wgmma_wait_group<1>();
        if (kt > 0) release(previous);
        previous = st;
      }
      wgmma_wait_group<0>();
      if (k_tiles > 0) release(previous);
      // The epilogue, in rounds of staged_boxes boxes: the stores before have read the staging
      // (one thread waits for them, then the warpgroup meets); the warpgroup writes the round's
      // accumulators into it (two values, one 4-byte word, at a time), fences them for the async
      // proxy, meets again, and one thread stores the boxes (TMA clips them to M x N).
      const auto warpgroup_sync = [&] {
        if (consumer == 0) named_barrier_sync<1, 128>();
        else named_barrier_sync<2, 128>();
      };
#pragma unroll
      for (int round = 0; round < static_cast<int>(Config::epilogue_rounds); ++round) {
        if (thread == 0) tma_store_wait_group_read<0>();
        warpgroup_sync();
#pragma unroll
        for (int i = round * static_cast<int>(Config::epilogue_values); i < (round + 1) * static_cast<int>(Config::epilogue_values); i += 2) {
          const index_t row = ws::c_row(thread, i), column = ws::c_column(thread, i);
          const std::uint32_t word = static_cast<std::uint32_t>(Config::to_bits(d[i])) | (static_cast<std::uint32_t>(Config::to_bits(d[i + 1])) << 16);
          const auto at = static_cast<std::uint32_t>(Config::staging_byte(row, column));
          *reinterpret_cast<std::uint32_t*>(shared_raw + (staging - raw) + at) = word;
        }
        tma_store_fence();
        warpgroup_sync();
        if (thread == 0) {
#pragma unroll
          for (int j = 0; j < static_cast<int>(Config::staged_boxes); ++j) {
            const int corner[2] = {static_cast<int>(tile.n * ws::block_n + 64 * (round * static_cast<int>(Config::staged_boxes) + j)),
                                   static_cast<int>(tile.m * ws::block_m + consumer * atom::m)};
            tma_store(c_map, staging + static_cast<std::uint32_t>(j * Config::c_box::bytes), corner);
          }
          tma_store_commit_group();
        }
      }
    }
    if (thread == 0) tma_store_wait_group_read<0>();
  }
  cluster_sync();  // no CTA leaves while its peer may still arrive on its barriers
}

template <class Config>
bool run(int m, int n, int k, std::vector<std::uint16_t>& c_host, const std::vector<std::uint16_t>& a_host, const std::vector<std::uint16_t>& b_host, float* ms,
         index_t max_clusters = 1 << 20) {
  using cuda_example::check;
  using strider::tensor_view;
  std::uint16_t *a = nullptr, *b = nullptr, *c = nullptr;
  const auto bytes = [](std::size_t elements) { return elements * sizeof(std::uint16_t); };
  bool ok = check(cudaMalloc(&a, bytes(a_host.size())), "cudaMalloc") && check(cudaMalloc(&b, bytes(b_host.size())), "cudaMalloc") &&
            check(cudaMalloc(&c, bytes(c_host.size())), "cudaMalloc") && check(cudaMemcpy(a, a_host.data(), bytes(a_host.size()), cudaMemcpyHostToDevice), "cudaMemcpy") &&
            check(cudaMemcpy(b, b_host.data(), bytes(b_host.size()), cudaMemcpyHostToDevice), "cudaMemcpy");
  if (ok) {
    using matrix = ws::matrix;
    const auto a_map = strider::make_tma_map<typename Config::box_a>(tensor_view<const std::uint16_t, matrix>(a, Config::k_major ? matrix(m, k, k) : matrix(k, m, m)));
    const auto b_map = strider::make_tma_map<typename Config::box_b>(tensor_view<const std::uint16_t, matrix>(b, Config::k_major ? matrix(n, k, k) : matrix(k, n, n)));
    const auto c_map = strider::make_tma_map<typename Config::c_box>(tensor_view<std::uint16_t, matrix>(c, matrix(m, n, n)));
    const auto shared = static_cast<int>(Config::requested_bytes);
    ok = check(cudaFuncSetAttribute(gemm<Config>, cudaFuncAttributeMaxDynamicSharedMemorySize, shared), "cudaFuncSetAttribute");
    int sms = 0;
    ok = ok && check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
    // One cluster of two CTAs per pair of tile rows, at most one CTA per SM.
    const index_t tiles_m = (m + ws::block_m - 1) / ws::block_m;
    const index_t pairs = ws::tile_scheduler{(tiles_m + ws::cluster_m - 1) / ws::cluster_m, (n + ws::block_n - 1) / ws::block_n, 8}.tiles();
    const index_t clusters = std::min({pairs, static_cast<index_t>(sms) / ws::cluster_m, max_clusters});
    const auto blocks = static_cast<unsigned>(clusters * ws::cluster_m);
    const auto launch = [&] {
      gemm<Config><<<blocks, static_cast<unsigned>(Config::threads), static_cast<std::size_t>(shared)>>>(a_map, b_map, c_map, m, n, k);
      return check(cudaGetLastError(), "gemm");
    };
    ok = ok && launch() && check(cudaDeviceSynchronize(), "gemm");
    if (ok && ms != nullptr) ok = cuda_example::median_ms(launch, *ms);
    ok = ok && check(cudaMemcpy(c_host.data(), c, bytes(c_host.size()), cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(a), cudaFree(b), cudaFree(c);
  return ok;
}

// A (M x K) and B (K x N) stored as Config's major says; C against a double loop within Tag's last
// place plus the f32 sums' rounding.
template <class Config>
bool correct(int m, int n, int k, const char* name, index_t max_clusters = 1 << 20) {
  using tag = typename Config::tag;
  std::mt19937 rng(static_cast<unsigned>(m + n + k));
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  const auto at = [](int i, int j, int stride) { return static_cast<std::size_t>(i) * static_cast<std::size_t>(stride) + static_cast<std::size_t>(j); };
  std::vector<std::uint16_t> a(at(m, 0, k)), b(at(k, 0, n)), c(at(m, 0, n));
  for (auto& x : a) x = tag::to_bits(value(rng));
  for (auto& x : b) x = tag::to_bits(value(rng));
  if (!run<Config>(m, n, k, c, a, b, nullptr, max_clusters)) return false;
  long wrong = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double expected = 0, magnitude = 0;
      for (int l = 0; l < k; ++l) {
        const double p = static_cast<double>(tag::from_bits(a[Config::k_major ? at(i, l, k) : at(l, i, m)])) *
                         static_cast<double>(tag::from_bits(b[Config::k_major ? at(j, l, k) : at(l, j, n)]));
        expected += p;
        magnitude += std::abs(p);
      }
      const double got = tag::from_bits(c[at(i, j, n)]);
      if (std::abs(got - expected) > std::abs(expected) * (std::is_same_v<tag, strider::f16> ? 0x1p-10 : 0x1p-7) + magnitude * 0x1p-20 + 0x1p-24) ++wrong;
    }
  std::printf("%s %d x %d x %d: %s (%ld wrong)\n", name, m, n, k, wrong == 0 ? "correct" : "WRONG", wrong);
  return wrong == 0;
}

using f16_tn = ws::config<strider::f16, strider::gmma_major::k>;
using f16_nt = ws::config<strider::f16, strider::gmma_major::mn>;
using bf16_tn = ws::config<strider::bf16, strider::gmma_major::k>;
using bf16_nt = ws::config<strider::bf16, strider::gmma_major::mn>;

bool time_one(int m, int n, int k) {
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m) * static_cast<std::size_t>(k), 0x3c00), b(static_cast<std::size_t>(k) * static_cast<std::size_t>(n), 0x3c00),
      c(static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
  float ms = 0;
  if (!run<f16_tn>(m, n, k, c, a, b, &ms)) return false;
  std::printf("| hopper_gemm_ws f16 TN | %d | %d | %d | %.3f | %.1f |\n", m, n, k, static_cast<double>(ms), 2.0 * m * n * static_cast<double>(k) / (static_cast<double>(ms) * 1e9));
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  if (!cuda_example::gpu_visible()) return cuda_example::skipped;
  if (argc == 5 && std::string_view(argv[1]) == "--time-only") return time_one(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4])) ? 0 : 1;
  // Ragged sizes: M, N and K past a tile (K, and N or M for NT, multiples of 8: TMA's 16-byte strides);
  // more tiles than blocks on small grids is covered by 2048 x 2048 on any GPU of fewer than 128 SMs.
  bool ok = correct<f16_tn>(128, 256, 64, "f16 TN") && correct<f16_tn>(300, 264, 200, "f16 TN") && correct<bf16_tn>(136, 520, 72, "bf16 TN") &&
            correct<f16_nt>(200, 264, 136, "f16 NT") && correct<bf16_nt>(64, 8, 8, "bf16 NT") && correct<f16_tn>(1000, 1536, 264, "f16 TN") &&
            correct<bf16_nt>(1000, 1536, 136, "bf16 NT, 5 clusters", 5);  // 24 pairs of tiles: each cluster takes several
  if (ok && argc > 1 && std::string_view(argv[1]) == "--time") {
    std::printf("| kernel | M | N | K | ms | TFLOP/s |\n|---|---:|---:|---:|---:|---:|\n");
    std::vector<int> sizes;
    bool skinny = false;
    for (int i = 2; i < argc; ++i) {
      if (std::string_view(argv[i]) == "--skinny") skinny = true;
      else sizes.push_back(std::atoi(argv[i]));
    }
    if (sizes.empty()) sizes = {4096, 8192};
    for (const int size : sizes) {
      ok = ok && time_one(size, size, size);
      if (skinny)
        for (const int rows : {128, 256}) ok = ok && time_one(rows, size, size);
    }
  }
  return ok ? 0 : 1;
}
