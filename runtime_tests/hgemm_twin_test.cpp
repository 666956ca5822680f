// The host twin of examples/cuda/hgemm.cu: the kernel's verbs run here by their host twins, in
// the kernel's order of stages, for every block: host_copy of the cp.async tiled copy for each
// thread, host_copy of the ldmatrix tiled copies (each warp's 32 lanes at once), host_gemm, and the
// C fragment's copy to C's partition. C is compared with a naive triple loop, for M, N and K that
// the tiles do not divide. The inputs are multiples of 1/2 in [-1, 1], so every sum is exact in
// float and in half and the results compare for equality.
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
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k));
  std::vector<std::uint16_t> c(static_cast<std::size_t>(m * n), strider::f16::to_bits(-7.0f));
  for (index_t i = 0; i < m * k; ++i) a[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 7) % 5 - 2) / 2.0f);
  for (index_t i = 0; i < n * k; ++i) b[static_cast<std::size_t>(i)] = strider::f16::to_bits(static_cast<float>((i * 3) % 5 - 2) / 2.0f);
  const hgemm::problem p = hgemm::make_problem(a.data(), b.data(), c.data(), m, n, k);
  const auto counts = p.c.tile_counts();
  for (index_t bm = 0; bm < counts[0]; ++bm)
    for (index_t bn = 0; bn < counts[1]; ++bn) {
      std::vector<std::uint16_t> a_stages(hgemm::stage_buffer::storage_size, 0xffffu), b_stages(hgemm::stage_buffer::storage_size, 0xffffu);
      std::vector<strider::a_fragment_t<mma>> fa(hgemm::threads);
      std::vector<strider::b_fragment_t<mma>> fb(hgemm::threads);
      std::vector<strider::c_fragment_t<mma>> fc(hgemm::threads);
      const auto load = [&](index_t kt) {
        for (index_t t = 0; t < hgemm::threads; ++t) {
          strider::host_copy(hgemm::g2s{}, p.a.tile(bm, kt), hgemm::stage(a_stages.data(), kt % hgemm::stages), t);
          strider::host_copy(hgemm::g2s{}, p.b.tile(bn, kt), hgemm::stage(b_stages.data(), kt % hgemm::stages), t);
        }
      };
      for (index_t s = 0; s < hgemm::stages - 1 && s < p.k_tiles; ++s) load(s);
      for (index_t kt = 0; kt < p.k_tiles; ++kt) {
        if (kt + hgemm::stages - 1 < p.k_tiles) load(kt + hgemm::stages - 1);
        for (index_t kb = 0; kb < mma::repeats_k; ++kb) {
          strider::host_copy(hgemm::s2r_a<Acc>{}, hgemm::stage(a_stages.data(), kt % hgemm::stages), fa.data(), kb);
          strider::host_copy(hgemm::s2r_b<Acc>{}, hgemm::b_operand(b_stages.data(), kt % hgemm::stages), fb.data(), kb);
          strider::host_gemm(mma{}, fa.data(), fb.data(), fc.data(), kb);
        }
      }
      for (index_t t = 0; t < hgemm::threads; ++t) {
        if constexpr (std::is_same_v<Acc, strider::f32>) copy(strider::convert<strider::f16>(fc[static_cast<std::size_t>(t)]), mma::partition_c(p.c.tile(bm, bn), t));
        else copy(fc[static_cast<std::size_t>(t)], mma::partition_c(p.c.tile(bm, bn), t));
      }
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
