// The host twin of examples/cuda/staged_transpose.cu: its kernel body
// (examples/cuda/staged_transpose.hpp) runs here for every block of the grid, the load phase of
// every thread, then the store phase of every thread (the kernel's __syncthreads), and B is
// compared with A transposed by a naive loop, for extents that 64 divides, that it does not, 0,
// and widths that do and do not allow 128-bit rows. B lies between guard elements: the kernel
// must write every element of B and nothing else. A's storage is exactly M x N, so that
// AddressSanitizer sees any read past it.
#include <cstddef>
#include <memory>
#include <vector>

#include <strider/access.hpp>

#include "../examples/cuda/staged_transpose.hpp"
#include "catch.hpp"

namespace {

using staged_transpose::index_t;
constexpr float guard = -12345.0f;
constexpr index_t guard_count = 64;

void check_transpose(index_t m, index_t n) {
  INFO("M = " << m << ", N = " << n);
  const auto size = static_cast<std::size_t>(m * n);
  const auto a = std::make_unique<float[]>(size + (size == 0 ? 1 : 0));
  for (std::size_t i = 0; i < size; ++i) a[i] = static_cast<float>(i) * 0.5f + 1.0f;
  std::vector<float> b_storage(size + 2 * guard_count + 4, guard);
  // B 16-byte aligned inside its storage (a vector<float> is), after the leading guard.
  float* b = b_storage.data() + guard_count;
  const auto p = staged_transpose::make_problem(strider::tensor_view<const float, staged_transpose::matrix>(a.get(), staged_transpose::matrix(m, n)),
                                                strider::tensor_view<float, staged_transpose::matrix>(b, staged_transpose::matrix(n, m)));
  CHECK(p.vectors == (n % 4 == 0 && m % 4 == 0));
  const auto grid = staged_transpose::grid_of(p);
  alignas(16) float shared[staged_transpose::staged_elements];
  for (index_t y = 0; y < grid.y; ++y)
    for (index_t x = 0; x < grid.x; ++x) {
      for (index_t t = 0; t < staged_transpose::threads; ++t) staged_transpose::load_thread(p, {x, y}, t, shared);
      for (index_t t = 0; t < staged_transpose::threads; ++t) staged_transpose::store_thread(p, {x, y}, t, shared);
    }
  std::size_t wrong = 0;
  for (index_t i = 0; i < n; ++i)
    for (index_t j = 0; j < m; ++j)
      if (b[i * m + j] != a[static_cast<std::size_t>(j * n + i)]) ++wrong;
  CHECK(wrong == 0);
  for (index_t g = 0; g < guard_count; ++g) {
    CHECK(b_storage[static_cast<std::size_t>(g)] == guard);
    CHECK(b_storage[static_cast<std::size_t>(guard_count) + size + static_cast<std::size_t>(g)] == guard);
  }
}

}  // namespace

TEST_CASE("staged_transpose's kernel body, run for every block and thread on the host, writes A transposed into B and nothing else") {
  check_transpose(64, 64);    // one whole tile, 128-bit rows
  check_transpose(128, 192);  // tiles that divide
  check_transpose(100, 36);   // tails along both axes, still rows of 4
  check_transpose(37, 70);    // tails, and widths that rule out 128-bit rows
  check_transpose(1, 5);
  check_transpose(0, 8);      // no rows: no block
  CHECK_THROWS_AS(staged_transpose::make_problem(strider::tensor_view<const float, staged_transpose::matrix>(nullptr, staged_transpose::matrix(0, 0)),
                                                 strider::tensor_view<float, staged_transpose::matrix>(nullptr, staged_transpose::matrix(1, 0))),
                  strider::layout_error);
}

// The example's shared tile, certified (docs/access.md): phase 1's stores are 128-bit and
// conflict-free; phase 2's transposed loads, one float at a time, are 8-way conflicting with the
// rows padded to 68 floats (16-way unpadded). No swizzle of whole words fixes this arrangement
// (conflict_free_swizzle refuses it): the 32 lanes of a warp read 16 rows 4 apart in 2 columns 4
// apart, and an XOR of contiguous row bits into the column bits cannot keep the 2 columns apart.
static_assert(strider::access_t<staged_transpose::staged, staged_transpose::tv, 4>::vector_width == 4);
static_assert(strider::access_t<staged_transpose::staged, staged_transpose::tv, 4>::bank_conflicts == 0);
static_assert(strider::access_t<strider::transpose_t<staged_transpose::staged, 0, 1>, staged_transpose::tv, 4, 1>::worst.ways == 8);
static_assert(strider::access_t<strider::transpose_t<strider::contiguous<64, 64>, 0, 1>, staged_transpose::tv, 4, 1>::worst.ways == 16);
