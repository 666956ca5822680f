// The host twin of examples/cuda/hopper_gemm_ws.cu: every persistent cluster's life in the kernel's
// order (hopper_gemm_ws::host_cluster: each CTA's boxes into the stage its pipeline state says,
// B's shares multicast to both CTAs, the state running on across tiles, the consumers' wgmmas
// through the same descriptors, the accumulators through the swizzled staging tile and TMA's
// store), compared with a plain loop in
// double over the same inputs on ragged sizes, TN and NT, f16 and bf16; the tile order against a
// brute-force enumeration; the block's pipeline schedule on the simulator.
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "../examples/cuda/hopper_gemm_ws.hpp"
#include "catch.hpp"

namespace {
namespace ws = hopper_gemm_ws;
using ws::index_t;

template <class Tag, strider::gmma_major Major>
void check_gemm(index_t m, index_t n, index_t k, index_t clusters) {
  using namespace strider;
  using config = ws::config<Tag, Major>;
  std::mt19937 rng(static_cast<unsigned>(m * 131 + n * 7 + k));
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  // A (M x K) and B (K x N) as the plain loop reads them, stored as the major says.
  std::vector<float> a_value(static_cast<std::size_t>(m * k)), b_value(static_cast<std::size_t>(k * n));
  std::vector<std::uint16_t> a(a_value.size()), b(b_value.size()), c(static_cast<std::size_t>(m * n), 0xffff);
  for (index_t i = 0; i < m; ++i)
    for (index_t l = 0; l < k; ++l) {
      const std::uint16_t bits = Tag::to_bits(value(rng));
      a_value[static_cast<std::size_t>(i * k + l)] = Tag::from_bits(bits);
      a[static_cast<std::size_t>(config::k_major ? i * k + l : l * m + i)] = bits;
    }
  for (index_t l = 0; l < k; ++l)
    for (index_t j = 0; j < n; ++j) {
      const std::uint16_t bits = Tag::to_bits(value(rng));
      b_value[static_cast<std::size_t>(l * n + j)] = Tag::from_bits(bits);
      b[static_cast<std::size_t>(config::k_major ? j * k + l : l * n + j)] = bits;
    }
  const tensor_view<const std::uint16_t, ws::matrix> av(a.data(), config::k_major ? ws::matrix(m, k, k) : ws::matrix(k, m, m));
  const tensor_view<const std::uint16_t, ws::matrix> bv(b.data(), config::k_major ? ws::matrix(n, k, k) : ws::matrix(k, n, n));
  const tensor_view<std::uint16_t, ws::matrix> cv(c.data(), ws::matrix(m, n, n));
  // The scheduler hands out pairs of tile rows, one pair per cluster of two CTAs.
  const index_t tiles_m = (m + ws::block_m - 1) / ws::block_m;
  const ws::tile_scheduler scheduler{(tiles_m + ws::cluster_m - 1) / ws::cluster_m, (n + ws::block_n - 1) / ws::block_n, 2};
  std::vector<unsigned char> shared[ws::cluster_m];
  for (auto& image : shared) image.assign(static_cast<std::size_t>(config::shared_bytes), 0xee);
  for (index_t cluster = 0; cluster < clusters; ++cluster) ws::host_cluster<config>(av, bv, cv, k, scheduler, cluster, clusters, shared);
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      double expected = 0, magnitude = 0;
      for (index_t l = 0; l < k; ++l) {
        const double p = static_cast<double>(a_value[static_cast<std::size_t>(i * k + l)]) * static_cast<double>(b_value[static_cast<std::size_t>(l * n + j)]);
        expected += p;
        magnitude += std::abs(p);
      }
      // f32 accumulation, then one rounding to Tag: within Tag's last place of the sum, plus the
      // f32 sums' rounding.
      const double got = Tag::from_bits(c[static_cast<std::size_t>(i * n + j)]);
      INFO("C(" << i << ", " << j << ") of " << m << " x " << n << " x " << k);
      REQUIRE(std::abs(got - expected) <= std::abs(expected) * (std::is_same_v<Tag, f16> ? 0x1p-10 : 0x1p-7) + magnitude * 0x1p-20 + 0x1p-24);
    }
  // Each CTA's schedule: its tiles' K tiles through the stages, released by the two consumer
  // warpgroups of both CTAs of its cluster, once each.
  for (index_t cluster = 0; cluster < clusters; ++cluster) {
    const index_t tiles = (scheduler.tiles() - cluster + clusters - 1) / clusters;
    REQUIRE(simulate_pipeline(schedule_of<typename config::pipeline>(tiles * ws::k_tiles(k), ws::consumers * ws::cluster_m)).completed);
  }
}

TEST_CASE("hopper_gemm_ws: the tile order visits every tile once, a group of rows at a time") {
  for (const index_t tiles_m : {1, 3, 8, 9})
    for (const index_t tiles_n : {1, 4, 5})
      for (const index_t group : {1, 2, 8}) {
        const ws::tile_scheduler s{tiles_m, tiles_n, group};
        std::set<std::pair<index_t, index_t>> seen;
        for (index_t linear = 0; linear < s.tiles(); ++linear) {
          const auto [tm, tn] = s.tile(linear);
          REQUIRE((tm >= 0 && tm < tiles_m && tn >= 0 && tn < tiles_n));
          REQUIRE(tm / group == linear / (group * tiles_n));  // within its group of rows
          seen.insert({tm, tn});
        }
        REQUIRE(static_cast<index_t>(seen.size()) == s.tiles());
      }
  constexpr ws::tile_scheduler example{3, 4, 2};
  STATIC_REQUIRE((example.tile(1) == ws::tile_coordinate{1, 0} && example.tile(8) == ws::tile_coordinate{2, 0}));
}

TEST_CASE("hopper_gemm_ws: the epilogue's coordinates are the accumulator fragment's, and its stores are free of bank conflicts") {
  using config = ws::config<strider::f16, strider::gmma_major::k>;
  using atom = config::atom;
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < atom::c_layout::values; ++i) REQUIRE(ws::c_row(t, i) * ws::block_n + ws::c_column(t, i) == atom::c_layout::element(t, i));
  // One staging box is the m64n64 fragment's columns: its element (c_row, c_column) for i < 32.
  using c64 = strider::wgmma_m64nNk16<64, strider::f16, strider::f16, strider::f32>::c_layout;
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < c64::values; ++i) REQUIRE(ws::c_row(t, i) * 64 + ws::c_column(t, i) == c64::element(t, i));
  // The certificate the config requires, and what the same stores would cost unswizzled.
  STATIC_REQUIRE(config::epilogue_stores::bank_conflicts == 0);
  STATIC_REQUIRE(strider::access_t<strider::contiguous<64, 64>, c64, 2, 2>::bank_conflicts > 0);
}

TEST_CASE("hopper_gemm_ws twin: C = A * B on ragged sizes, TN and NT, f16 and bf16, equals a plain loop") {
  using strider::gmma_major;
  check_gemm<strider::f16, gmma_major::k>(256, 256, 64, 1);
  check_gemm<strider::f16, gmma_major::k>(300, 264, 200, 2);  // M, N past a tile, K past a K tile, an odd tile row: the pair's second CTA past M
  check_gemm<strider::bf16, gmma_major::k>(520, 520, 72, 2);   // more pairs than clusters: each cluster takes several
  check_gemm<strider::f16, gmma_major::mn>(200, 264, 136, 2);
  check_gemm<strider::bf16, gmma_major::mn>(64, 8, 8, 1);
}
}  // namespace
