// row_reduction (atom/row_reduce.hpp) against a naive reference: the host twin's totals for every
// lane and row are the sum (max) over every value of the warp that lies in that row of the tile,
// found by looking up each value's element in the thread-value layout; with small integers, so
// that the butterfly's order and the reference's give the same float sums. The derived rows and
// lanes of the mma C fragment are the PTX ISA's: lane l holds rows l / 4 and l / 4 + 8, shared
// by the four lanes of its quad.
#include <algorithm>
#include <random>
#include <strider/atom.hpp>

#include "catch.hpp"

using strider::index_t;

namespace {

template <class C>
void check_against_reference(std::uint64_t seed) {
  using R = strider::row_reduction<C>;
  std::mt19937_64 rng(seed);
  const index_t columns = C::tile_shape[1];
  for (int trial = 0; trial < 20; ++trial) {
    float in[32][R::values] = {};
    for (auto& lane : in)
      for (float& x : lane) x = static_cast<float>(std::uniform_int_distribution<int>(-50, 50)(rng));
    float sums[32][R::rows] = {}, maxima[32][R::rows] = {};
    R::host_allreduce(in, sums, [](float a, float b) { return a + b; });
    R::host_allreduce(in, maxima, [](float a, float b) { return std::max(a, b); });
    for (index_t l = 0; l < 32; ++l)
      for (index_t v = 0; v < R::values; ++v) {
        const index_t row = C::element(l, v) / columns;
        float sum = 0, maximum = -1e30f;
        for (index_t o = 0; o < 32; ++o)  // the warp's values in that row
          for (index_t u = 0; u < R::values; ++u)
            if (C::element(o, u) / columns == row) sum += in[o][u], maximum = std::max(maximum, in[o][u]);
        const auto r = static_cast<std::size_t>(R::slot(v));
        INFO("lane " << l << ", value " << v << ", row " << row);
        CHECK(sums[l][r] == sum);
        CHECK(maxima[l][r] == maximum);
      }
  }
}

}  // namespace

TEST_CASE("row_reduction of mma_m16n8k16's C fragment: rows g and g + 8, a quad's four lanes (PTX ISA)") {
  using C = strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>::c_layout;
  using R = strider::row_reduction<C>;
  STATIC_REQUIRE(R::rows == 2);
  STATIC_REQUIRE((R::slot(0) == 0 && R::slot(1) == 0 && R::slot(2) == 1 && R::slot(3) == 1));
  STATIC_REQUIRE(R::lane_bits == 3u);  // lanes l ^ 1 and l ^ 2: the quad of l / 4
  STATIC_REQUIRE(!R::other_warps);
  for (index_t lane = 0; lane < 32; ++lane) {
    CHECK(C::element(lane, 0) / 8 == lane / 4);
    CHECK(C::element(lane, 2) / 8 == lane / 4 + 8);
  }
  check_against_reference<C>(1);
}

TEST_CASE("row_reduction of tiled C fragments: warps along M only, and along N (each warp's share)") {
  using attention = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<4, 1>, strider::shape<64, 64, 16>>;
  using R = strider::row_reduction<attention::c_layout>;
  STATIC_REQUIRE((R::rows == 2 && R::values == 32 && R::lane_bits == 3u && !R::other_warps));
  check_against_reference<attention::c_layout>(2);
  using gemm = strider::tiled_mma<strider::mma_m16n8k16<strider::f16, strider::f16, strider::f32>, strider::shape<2, 2>, strider::shape<64, 32, 16>>;
  STATIC_REQUIRE((strider::row_reduction<gemm::c_layout>::rows == 4 && strider::row_reduction<gemm::c_layout>::other_warps));
  check_against_reference<gemm::c_layout>(3);
  check_against_reference<strider::mma_m16n8k8<strider::tf32, strider::tf32, strider::f32>::c_layout>(4);
}
