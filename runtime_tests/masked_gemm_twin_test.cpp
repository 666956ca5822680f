// The host twin of examples/cuda/masked_gemm.cu: its kernel body (examples/cuda/masked_gemm.hpp,
// gemm_thread) runs here for every block of the grid and every thread of a block, as the GPU
// would run it, and C is compared with a naive triple loop, for M smaller than one block tile,
// a multiple of it, not a multiple, 0 and a few larger. C lies between guard elements: the
// kernel must write every element of C's M x N and nothing else. A's storage is exactly M x K,
// so that AddressSanitizer sees any read past it.
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "../examples/cuda/masked_gemm.hpp"
#include "catch.hpp"

namespace {

using masked_gemm::index_t;
using masked_gemm::K;
using masked_gemm::N;

constexpr float guard = -12345.0f;
constexpr index_t guard_count = 64;  // guard elements before and after C

void check_gemm(index_t m) {
  INFO("M = " << m);
  const auto rows = static_cast<std::size_t>(m);
  // A: exactly M x K on the heap (a vector of 0 elements would give a null pointer).
  const auto a = std::make_unique<float[]>(rows * K + (m == 0 ? 1 : 0));
  std::vector<float> b(K * N);
  for (std::size_t i = 0; i < rows * K; ++i) a[i] = std::sin(0.37f * static_cast<float>(i)) + 0.25f;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::cos(0.11f * static_cast<float>(i));
  std::vector<float> storage(rows * N + 2 * guard_count, guard);
  float* const c = storage.data() + guard_count;
  for (std::size_t i = 0; i < rows * N; ++i) c[i] = std::nanf("");  // unwritten elements fail the comparison

  using strider::tensor_view;
  const masked_gemm::problem p = masked_gemm::make_problem(tensor_view<const float, masked_gemm::a_layout>(a.get(), masked_gemm::a_layout(m)),
                                                           tensor_view<const float, masked_gemm::b_layout>(b.data()),
                                                           tensor_view<float, masked_gemm::c_layout>(c, masked_gemm::c_layout(m)));
  const masked_gemm::index2 grid = masked_gemm::grid_of(p);
  CHECK(grid.x == N / masked_gemm::block_n);
  CHECK(grid.y == (m + masked_gemm::block_m - 1) / masked_gemm::block_m);
  // Every block, every thread (the threads of a block share nothing: any order is the GPU's).
  for (index_t by = 0; by < grid.y; ++by)
    for (index_t bx = 0; bx < grid.x; ++bx)
      for (index_t ty = 0; ty < masked_gemm::threads_y; ++ty)
        for (index_t tx = 0; tx < masked_gemm::threads_x; ++tx) masked_gemm::gemm_thread(p, {bx, by}, {tx, ty});

  // The naive triple loop, summing in the kernel's order (k ascending, in float).
  index_t wrong = 0;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < static_cast<std::size_t>(N); ++j) {
      float sum = 0.0f;
      for (std::size_t k = 0; k < static_cast<std::size_t>(K); ++k) sum += a[i * K + k] * b[k * N + j];
      const float got = c[i * N + j];
      if (!(std::fabs(got - sum) <= 1e-5f * (1.0f + std::fabs(sum)))) {
        if (wrong++ < 5) FAIL_CHECK("C(" << i << ", " << j << ") = " << got << ", expected " << sum);
      }
    }
  CHECK(wrong == 0);
  // Nothing outside C's M x N.
  index_t touched = 0;
  for (index_t g = 0; g < guard_count; ++g) {
    touched += storage[static_cast<std::size_t>(g)] != guard;
    touched += storage[storage.size() - 1 - static_cast<std::size_t>(g)] != guard;
  }
  CHECK(touched == 0);
}

}  // namespace

TEST_CASE("masked GEMM kernel body on the host: every block and thread against a naive loop", "[masked_gemm][cuda_twin]") {
  STATIC_REQUIRE(masked_gemm::block_m == 32);  // the M below are chosen around it
  for (const index_t m : {0, 1, 5, 31, 32, 33, 64, 100, 257, 1000}) check_gemm(m);
}

TEST_CASE("masked GEMM: A and C must have the same M", "[masked_gemm][cuda_twin]") {
  std::vector<float> a(3 * K), b(K * N), c(4 * N);
  using strider::tensor_view;
  CHECK_THROWS_AS(masked_gemm::make_problem(tensor_view<const float, masked_gemm::a_layout>(a.data(), masked_gemm::a_layout(3)),
                                            tensor_view<const float, masked_gemm::b_layout>(b.data()),
                                            tensor_view<float, masked_gemm::c_layout>(c.data(), masked_gemm::c_layout(4))),
                  strider::layout_error);
}

TEST_CASE("masked GEMM: a thread's cut of the last, partial block tile", "[masked_gemm][cuda_twin]") {
  // M = 37: block row 1 holds rows 32-36, 5 of 32. Thread row 1 (rows 36-39 of the matrix) has one
  // row in the data; thread row 2 (rows 40-43) none.
  const index_t m = 37;
  std::vector<float> a(static_cast<std::size_t>(m * K)), b(K * N), c(static_cast<std::size_t>(m * N));
  using strider::tensor_view;
  const masked_gemm::problem p = masked_gemm::make_problem(tensor_view<const float, masked_gemm::a_layout>(a.data(), masked_gemm::a_layout(m)),
                                                           tensor_view<const float, masked_gemm::b_layout>(b.data()),
                                                           tensor_view<float, masked_gemm::c_layout>(c.data(), masked_gemm::c_layout(m)));
  const auto tile = p.c.tile(1, 0);
  CHECK(tile.valid() == std::array<index_t, 2>{5, masked_gemm::block_n});
  const auto one = strider::narrow<0, masked_gemm::rows_per_thread>(tile, 4);
  CHECK(one.valid() == std::array<index_t, 2>{1, masked_gemm::block_n});
  CHECK(&one(0, 3) == &c[36 * N + 3]);
  CHECK_FALSE(strider::narrow<0, masked_gemm::rows_per_thread>(tile, 8).in_bounds(0, 0));
  CHECK(&strider::select<0>(strider::select<1>(one, 3), 0)() == &c[36 * N + 3]);
#ifndef NDEBUG
  CHECK_THROWS_AS(p.c.tile(2, 0), strider::layout_error);  // past the last block tile (checked unless NDEBUG)
#endif
}
