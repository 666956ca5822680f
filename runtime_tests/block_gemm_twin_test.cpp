// The host twin of examples/cuda/block_gemm.cu: its kernel body (block_gemm.hpp's load and store,
// with host_gemm for gemm) for every thread of every block, against a naive product over small
// integers (every sum exact in float), on tile-multiple and ragged shapes.
#include <cstdint>
#include <vector>

#include "../examples/cuda/block_gemm.hpp"
#include "catch.hpp"

namespace {
using block_gemm::index_t;
using block_gemm::mma;

std::size_t wrong_elements(index_t m, index_t n, index_t k) {
  std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(k * n));
  std::vector<float> c(static_cast<std::size_t>(m * n), -1.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i % 7) - 3));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = strider::f16::to_bits(static_cast<float>(static_cast<int>(i % 5) - 2));
  const block_gemm::problem p = block_gemm::make_problem(a.data(), b.data(), c.data(), m, n, k);
  const auto threads = static_cast<std::size_t>(mma::threads);
  for (index_t bm = 0; bm < (m + 63) / 64; ++bm)
    for (index_t bn = 0; bn < (n + 63) / 64; ++bn) {
      std::vector<strider::c_fragment_t<mma>> fc(threads);
      for (index_t kt = 0; kt < p.k_tiles; ++kt) {
        std::vector<strider::a_fragment_t<mma>> fa(threads);
        std::vector<strider::b_fragment_t<mma>> fb(threads);
        for (std::size_t t = 0; t < threads; ++t) block_gemm::load(p, bm, bn, kt, static_cast<index_t>(t), fa[t], fb[t]);
        strider::host_gemm(mma{}, fa.data(), fb.data(), fc.data());
      }
      for (std::size_t t = 0; t < threads; ++t) block_gemm::store(p, bm, bn, static_cast<index_t>(t), fc[t]);
    }
  std::size_t wrong = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      double expected = 0;
      for (index_t kk = 0; kk < k; ++kk)
        expected += static_cast<double>(strider::f16::from_bits(a[static_cast<std::size_t>(i * k + kk)])) * strider::f16::from_bits(b[static_cast<std::size_t>(kk * n + j)]);
      if (c[static_cast<std::size_t>(i * n + j)] != static_cast<float>(expected)) ++wrong;
    }
  return wrong;
}
}  // namespace

TEST_CASE("block_gemm's kernel body, run for every thread on the host, equals a naive product") {
  CHECK(wrong_elements(64, 64, 32) == 0);
  CHECK(wrong_elements(128, 64, 96) == 0);
  CHECK(wrong_elements(100, 70, 45) == 0);  // ragged: masked tiles past M, N and K
  CHECK(wrong_elements(1, 1, 1) == 0);
}
