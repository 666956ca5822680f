// The host twin of examples/cuda/hgemm.cu: its per-thread and per-lane pieces
// (examples/cuda/hgemm.hpp) run here for every block, thread and lane, with the atoms' twins in
// place of the instructions (cp.async's host_copy, ldmatrix's host_load over each warp's 32 lanes'
// row addresses, mma's host_fma), in the kernel's order of stages. C is compared with a naive
// triple loop, for M, N and K that the tiles do not divide. The inputs are multiples of 1/2 in
// [-1, 1], so every sum is exact in float and in half and the results compare for equality.
#include <cstdint>
#include <vector>

#include "../examples/cuda/hgemm.hpp"
#include "catch.hpp"

namespace {
using hgemm::index_t;

template <class Acc>
void check_hgemm(index_t m, index_t n, index_t k) {
  INFO("M = " << m << ", N = " << n << ", K = " << k);
  using mma = hgemm::block_mma<Acc>;
  using atom = typename mma::atom;
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k));
  std::vector<std::uint16_t> c(static_cast<std::size_t>(m * n), strider::f16::to_bits(-7.0f));
  for (index_t i = 0; i < m * k; ++i) a[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 7) % 5 - 2) / 2.0f);
  for (index_t i = 0; i < n * k; ++i) b[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 3) % 5 - 2) / 2.0f);
  const hgemm::problem p = hgemm::make_problem(a.data(), b.data(), c.data(), m, n, k);
  const auto copy = [](std::uint16_t* dst, const std::uint16_t* src, bool in_bounds) { hgemm::copy_atom::host_copy(dst, src, in_bounds); };
  const auto counts = p.c.tile_counts();
  for (index_t bm = 0; bm < counts[0]; ++bm)
    for (index_t bn = 0; bn < counts[1]; ++bn) {
      std::vector<std::uint16_t> a_stages(hgemm::stage_buffer::storage_size, 0xffffu), b_stages(hgemm::stage_buffer::storage_size, 0xffffu);
      std::vector<std::vector<float>> acc(hgemm::threads, std::vector<float>(4 * 8 * 4, 0.0f));
      const auto load = [&](index_t kt) {
        for (index_t t = 0; t < hgemm::threads; ++t) {
          hgemm::copy_stage(p.a, bm, kt, hgemm::stage_of(a_stages.data(), kt % hgemm::stages), t, copy);
          hgemm::copy_stage(p.b, bn, kt, hgemm::stage_of(b_stages.data(), kt % hgemm::stages), t, copy);
        }
      };
      for (index_t s = 0; s < hgemm::stages - 1 && s < p.k_tiles; ++s) load(s);
      for (index_t kt = 0; kt < p.k_tiles; ++kt) {
        if (kt + hgemm::stages - 1 < p.k_tiles) load(kt + hgemm::stages - 1);
        const std::uint16_t* a_stage = hgemm::stage_of(a_stages.data(), kt % hgemm::stages);
        const std::uint16_t* b_stage = hgemm::stage_of(b_stages.data(), kt % hgemm::stages);
        for (index_t warp = 0; warp < 4; ++warp) {
          const index_t wm = warp / 2, wn = warp % 2;
          for (index_t ks = 0; ks < 2; ++ks) {
            std::array<typename atom::a_warp, 4> fa{};
            std::array<typename atom::b_warp, 8> fb{};
            for (index_t i = 0; i < 4; ++i) {
              std::array<const std::uint16_t*, 32> rows{};
              for (index_t lane = 0; lane < 32; ++lane) rows[static_cast<std::size_t>(lane)] = hgemm::a_row(a_stage, wm, i, ks, lane);
              const auto registers = strider::ldmatrix_x4::host_load(rows);
              for (std::size_t lane = 0; lane < 32; ++lane)
                for (std::size_t v = 0; v < 8; ++v) fa[static_cast<std::size_t>(i)][lane][v] = strider::f16::from_bits(static_cast<std::uint16_t>(registers[lane][v / 2] >> (16 * (v % 2))));
            }
            for (index_t j = 0; j < 8; ++j) {
              std::array<const std::uint16_t*, 32> rows{};
              for (index_t lane = 0; lane < 32; ++lane) rows[static_cast<std::size_t>(lane)] = hgemm::b_row(b_stage, wn, j, ks, lane);
              const auto registers = strider::ldmatrix_x2::host_load(rows);
              for (std::size_t lane = 0; lane < 32; ++lane)
                for (std::size_t v = 0; v < 4; ++v) fb[static_cast<std::size_t>(j)][lane][v] = strider::f16::from_bits(static_cast<std::uint16_t>(registers[lane][v / 2] >> (16 * (v % 2))));
            }
            for (std::size_t i = 0; i < 4; ++i)
              for (std::size_t j = 0; j < 8; ++j) {
                typename atom::c_warp fc{};
                for (std::size_t lane = 0; lane < 32; ++lane)
                  for (std::size_t r = 0; r < 4; ++r) fc[lane][r] = acc[static_cast<std::size_t>(warp) * 32 + lane][(i * 8 + j) * 4 + r];
                const auto d = atom::host_fma(fa[i], fb[j], fc);
                for (std::size_t lane = 0; lane < 32; ++lane)
                  for (std::size_t r = 0; r < 4; ++r) acc[static_cast<std::size_t>(warp) * 32 + lane][(i * 8 + j) * 4 + r] = d[lane][r];
              }
          }
        }
      }
      for (index_t t = 0; t < hgemm::threads; ++t)
        hgemm::store_c<Acc>(p, bm, bn, t, [&](index_t v) { return acc[static_cast<std::size_t>(t)][static_cast<std::size_t>(v)]; });
    }
  index_t wrong = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      float expected = 0.0f;
      for (index_t kk = 0; kk < k; ++kk) expected += strider::f16::from_bits(a[static_cast<std::size_t>(i * k + kk)]) * strider::f16::from_bits(b[static_cast<std::size_t>(j * k + kk)]);
      if (strider::f16::from_bits(c[static_cast<std::size_t>(i * n + j)]) != expected) ++wrong;
    }
  CHECK(wrong == 0);
}

TEST_CASE("hgemm's kernel body, run on the host, computes C = A B^T on ragged sizes", "[hgemm]") {
  check_hgemm<strider::f32>(130, 50, 72);   // M past one block tile, N less than one, K 2 stages and a quarter
  check_hgemm<strider::f16>(70, 140, 40);
  check_hgemm<strider::f32>(128, 128, 32);  // one tile exactly
  check_hgemm<strider::f32>(1, 1, 8);
}


TEST_CASE("hgemm refuses a K that is not a multiple of 8", "[hgemm]") {
  std::uint16_t a[12] = {}, b[12] = {}, c[1] = {};
  CHECK_THROWS_WITH(hgemm::make_problem(a, b, c, 1, 1, 12), "hgemm: K is 12; the 16-byte copies need a multiple of 8");
}
}  // namespace
