// The host twin of examples/cuda/hopper_gemm.cu: every block's steps in the kernel's order
// (hopper_gemm::host_block: the TMA boxes into the pipeline's stages, the wgmmas through the same
// descriptors, the accumulators stored through c_layout), compared with a plain loop in double
// over the same half inputs, within a half's last place, on ragged sizes (boxes past M, N and K, filled with zeros). The
// pipeline's schedule for each K runs on the simulator.
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "../examples/cuda/hopper_gemm.hpp"
#include "catch.hpp"

namespace {
namespace hg = hopper_gemm;
using hg::index_t;

void check_gemm(index_t m, index_t n, index_t k) {
  using namespace strider;
  std::mt19937 rng(static_cast<unsigned>(m * 131 + n * 7 + k));
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k)), c(static_cast<std::size_t>(m * n), 0xffff);
  for (auto& x : a) x = f16::to_bits(value(rng));
  for (auto& x : b) x = f16::to_bits(value(rng));
  const tensor_view<const std::uint16_t, hg::matrix> av(a.data(), hg::matrix(m, k, k)), bv(b.data(), hg::matrix(n, k, k));
  std::vector<unsigned char> shared(static_cast<std::size_t>(hg::pipeline::shared_bytes));
  for (index_t br = 0; br < (m + hg::block_m - 1) / hg::block_m; ++br)
    for (index_t bc = 0; bc < (n + hg::block_n - 1) / hg::block_n; ++bc) hg::host_block(av, bv, c.data(), m, n, k, br, bc, shared);
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      double expected = 0;
      for (index_t l = 0; l < k; ++l)
        expected += static_cast<double>(f16::from_bits(a[static_cast<std::size_t>(i * k + l)])) * static_cast<double>(f16::from_bits(b[static_cast<std::size_t>(j * k + l)]));
      // The accumulators are floats rounded after each instruction, then half: within a half's
      // last place of the exact sum (2^-10 relative), the sum's own rounding included.
      const double got = f16::from_bits(c[static_cast<std::size_t>(i * n + j)]);
      REQUIRE(std::abs(got - expected) <= std::abs(expected) * 0x1p-10 + 0x1p-24);
    }
  // The kernel's schedule: one consumer role whose 128 threads each release a stage.
  REQUIRE(simulate_pipeline(schedule_of<hg::pipeline>(hg::k_tiles(k), 1)).completed);
}

TEST_CASE("hopper_gemm: the epilogue's coordinates are the accumulator fragment's") {
  for (index_t t = 0; t < hg::threads; ++t)
    for (index_t i = 0; i < hg::atom::c_layout::values; ++i) {
      REQUIRE(hg::c_row(0, t, i) * hg::block_n + hg::c_column(t, i) == hg::atom::c_layout::element(t, i));
      REQUIRE(hg::c_row(1, t, i) == hg::c_row(0, t, i) + hg::atom::m);
    }
}

TEST_CASE("hopper_gemm twin: C = A * B^T on ragged sizes equals a plain loop") {
  check_gemm(128, 128, 64);
  check_gemm(130, 72, 200);   // M, N past a block; K past a tile (zeros fill the box)
  check_gemm(64, 256, 320);   // more K tiles than stages: the stages are reused
  check_gemm(1, 8, 8);
}
}  // namespace
