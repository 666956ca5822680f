// The host twin of benchmarks/cuda/bank_conflicts.cu: its index arithmetic (bank_conflicts.hpp),
// run for every thread of every case, against the thread-value layout's definition read through
// the tile's layout and a swizzle written bit by bit here; and the certificate's figures the
// benchmark compares its timings with, worked out by hand.
#include <set>

#include "../benchmarks/cuda/bank_conflicts.hpp"
#include "catch.hpp"

using strider::index_t;

namespace {

// CuTe's swizzle for S > 0, one bit at a time.
index_t swizzled(index_t o, int b, int m, int s) {
  index_t out = o;
  for (int i = 0; i < b; ++i)
    if ((o >> (m + s + i)) & 1) out ^= index_t{1} << (m + i);
  return out;
}

// Thread t's vector k of a tile of thread_rows x thread_cols threads (row-major) holding blocks
// of value_rows x value_cols values (row-major), rows `row_stride` apart, swizzled by <b, m, s>.
template <class Tile, class TV, index_t Width>
void check(index_t thread_rows, index_t thread_cols, index_t value_rows, index_t value_cols, index_t row_stride, int b, int m, int s) {
  std::set<index_t> offsets;
  for (index_t t = 0; t < thread_rows * thread_cols; ++t)
    for (index_t k = 0; k < value_rows * value_cols / Width; ++k) {
      const index_t v = k * Width, r = t / thread_cols * value_rows + v / value_cols, c = t % thread_cols * value_cols + v % value_cols;
      const index_t expected = swizzled(r * row_stride + c, b, m, s);
      REQUIRE(bank_cases::vector_offset<Tile, TV, Width>(t, k) == expected);
    }
  const index_t rows = thread_rows * value_rows, cols = thread_cols * value_cols;
  for (index_t e = 0; e < rows * cols; ++e) {
    REQUIRE(bank_cases::element_offset<Tile>(e) == swizzled(e / cols * row_stride + e % cols, b, m, s));
    offsets.insert(bank_cases::element_offset<Tile>(e));
  }
  REQUIRE(static_cast<index_t>(offsets.size()) == rows * cols);  // the tile is filled once per element
}

}  // namespace

TEST_CASE("bank_conflicts benchmark: each thread's vectors and the tile's fill, on the host for every thread") {
  using namespace bank_cases;
  check<floats, by_columns, 1>(32, 1, 1, 32, 32, 0, 0, 0);
  check<padded_floats, by_columns, 1>(32, 1, 1, 32, 33, 0, 0, 0);
  check<swizzled_floats, by_columns, 1>(32, 1, 1, 32, 32, 5, 0, 5);
  check<floats, by_columns, 4>(32, 1, 1, 32, 32, 0, 0, 0);
  check<chunk_swizzled_floats, by_columns, 4>(32, 1, 1, 32, 32, 3, 2, 3);
  check<halves, own_rows, 8>(8, 1, 1, 64, 64, 0, 0, 0);
  check<swizzled_halves, own_rows, 8>(8, 1, 1, 64, 64, 3, 3, 3);
  check<floats, by_rows, 1>(1, 32, 32, 1, 32, 0, 0, 0);
}

// The ratios the benchmark's timings are held against: wavefronts of the conflicting layout over
// the conflict-free one, for the same threads and vectors.
using namespace bank_cases;
static_assert(access_t<floats, by_columns, 4, 1>::wavefronts == 32 * 32 && access_t<padded_floats, by_columns, 4, 1>::wavefronts == 32);
static_assert(access_t<swizzled_floats, by_columns, 4, 1>::wavefronts == 32);
// 16-byte vectors: 8 instructions of 4 phases, 8-way in each; swizzle<3, 2, 3> spreads the 8 rows'
// chunk k over 8 chunks: 1 wavefront per phase.
static_assert(access_t<floats, by_columns, 4, 4>::wavefronts == 8 * 4 * 8 && access_t<chunk_swizzled_floats, by_columns, 4, 4>::wavefronts == 8 * 4);
static_assert(access_t<chunk_swizzled_floats, by_columns, 4, 4>::vector_width == 4);
static_assert(access_t<halves, own_rows, 2, 8>::wavefronts == 8 * 8 && access_t<swizzled_halves, own_rows, 2, 8>::wavefronts == 8);
static_assert(access_t<floats, by_rows, 4, 1>::wavefronts == 32);
