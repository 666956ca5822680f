// The host twin of examples/cuda/sgemm.cu: its kernel body (examples/cuda/sgemm.hpp: load_tiles,
// multiply, store_c) runs here for every block of the grid and every thread of a block, each
// phase of every thread before the next (the kernel's __syncthreads), and C is compared with a
// naive triple loop on ragged and aligned shapes. C lies between guard elements and starts NaN:
// the kernel must write every element of C and nothing else; A and B hold exactly their
// elements, so that AddressSanitizer sees any read past them.
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "../examples/cuda/sgemm.hpp"
#include "catch.hpp"

namespace {

using sgemm::index_t;
constexpr float guard = -12345.0f;
constexpr index_t guard_count = 64;

void check_sgemm(index_t m, index_t n, index_t k) {
  INFO("M = " << m << ", N = " << n << ", K = " << k);
  const auto a = std::make_unique<float[]>(static_cast<std::size_t>(m * k + 1));
  const auto b = std::make_unique<float[]>(static_cast<std::size_t>(k * n + 1));
  // Small integers and halves: every product and sum is exact in float, in any order.
  for (index_t i = 0; i < m * k; ++i) a[static_cast<std::size_t>(i)] = static_cast<float>((i * 7) % 9 - 4) / 2.0f;
  for (index_t i = 0; i < k * n; ++i) b[static_cast<std::size_t>(i)] = static_cast<float>((i * 5) % 7 - 3);
  std::vector<float> storage(static_cast<std::size_t>(m * n + 2 * guard_count), guard);
  float* const c = storage.data() + guard_count;
  for (index_t i = 0; i < m * n; ++i) c[i] = std::nanf("");

  using strider::tensor_view;
  using sgemm::matrix;
  const sgemm::problem p =
      sgemm::make_problem(tensor_view<const float, matrix>(a.get(), matrix(m, k)), tensor_view<const float, matrix>(b.get(), matrix(k, n)), tensor_view<float, matrix>(c, matrix(m, n)));
  const sgemm::index2 grid = sgemm::grid_of(p);
  alignas(16) float a_shared[sgemm::shared_elements], b_shared[sgemm::shared_elements];
  std::vector<sgemm::accumulators> acc(static_cast<std::size_t>(sgemm::threads));
  for (index_t by = 0; by < grid.y; ++by)
    for (index_t bx = 0; bx < grid.x; ++bx) {
      const sgemm::index2 block{bx, by};
      for (auto& a_thread : acc) a_thread = {};
      for (index_t kt = 0; kt < p.k_tiles; ++kt) {
        for (index_t t = 0; t < sgemm::threads; ++t) sgemm::load_tiles(p, block, kt, t, a_shared, b_shared);
        for (index_t t = 0; t < sgemm::threads; ++t) sgemm::multiply(a_shared, b_shared, t, acc[static_cast<std::size_t>(t)]);
      }
      for (index_t t = 0; t < sgemm::threads; ++t) sgemm::store_c(p, block, t, acc[static_cast<std::size_t>(t)]);
    }
  index_t wrong = 0;
  for (index_t i = 0; i < m; ++i)
    for (index_t j = 0; j < n; ++j) {
      float expected = 0.0f;
      for (index_t kk = 0; kk < k; ++kk) expected += a[static_cast<std::size_t>(i * k + kk)] * b[static_cast<std::size_t>(kk * n + j)];
      if (!(c[i * n + j] == expected)) ++wrong;
    }
  CHECK(wrong == 0);
  for (index_t g = 0; g < guard_count; ++g) {
    CHECK(storage[static_cast<std::size_t>(g)] == guard);
    CHECK(storage[static_cast<std::size_t>(guard_count + m * n + g)] == guard);
  }
}

}  // namespace

TEST_CASE("sgemm: the kernel body on the host, every block and thread, against a naive loop") {
  check_sgemm(128, 128, 8);    // one block, one step
  check_sgemm(256, 128, 64);   // aligned: 128-bit loads and stores
  check_sgemm(130, 70, 37);    // ragged M, N and K (K % 4 != 0: scalar loads of A)
  check_sgemm(67, 132, 20);    // N % 4 == 0, M ragged
  check_sgemm(1, 1, 1);
  check_sgemm(0, 5, 3);        // no rows: no block
  check_sgemm(3, 4, 0);        // K = 0: C is zeros
}

TEST_CASE("sgemm: the shared A tile's swizzle serves its stores and its fragment reads") {
  using L = sgemm::layouts<>;
  STATIC_REQUIRE(std::is_same_v<L::a_shared, strider::swizzled_t<L::a_plain, strider::swizzle<1, 4, 5>>>);
  STATIC_REQUIRE(strider::access_t<L::a_plain, L::a_store, 4>::bank_conflicts > 0);  // unswizzled: 32-way
  STATIC_REQUIRE(strider::require_conflict_free_t<L::a_shared, L::a_store, 4>::vector_width == 1);
  STATIC_REQUIRE(strider::require_conflict_free_t<L::a_shared, L::a_fragments, 4, 4>::vector_width == 4);
  STATIC_REQUIRE(strider::require_conflict_free_t<L::b_shared, L::b_fragments, 4, 4>::vector_width == 4);
  STATIC_REQUIRE(strider::require_conflict_free_t<L::b_shared, L::b_load, 4, 4>::vector_width == 4);
}
