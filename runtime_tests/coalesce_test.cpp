// coalesce against brute force: for random layouts (any strides, negative and zero included),
// the result lists the same offsets in the same C order, and it is minimal: no extent-1 axis, no
// two neighbours that could merge (so no layout with fewer axes has the same function).
#include <random>
#include <strider/core.hpp>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;

using strider_test::offsets;  // every element's offset in C order, by a plain odometer

TEST_CASE("coalesce keeps the index-to-offset function with the fewest axes (brute force)") {
  std::mt19937_64 rng(20261123);
  const auto pick = [&](int lo, int hi) { return static_cast<index_t>(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  int merged = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    dims shape, strides;
    const auto rank = static_cast<std::size_t>(pick(0, 5));
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(pick(0, 12) == 0 ? 0 : pick(1, 4));
    // Strides that often nest (contiguous, then permuted or flipped), sometimes anything.
    index_t step = 1;
    for (std::size_t d = 0; d < rank; ++d) strides.push_back(0);
    for (std::size_t d = rank; d-- > 0;) {
      strides[d] = pick(0, 3) == 0 ? pick(-7, 7) : (pick(0, 4) == 0 ? -step : step);
      step *= shape[d] > 0 ? shape[d] : 1;
    }
    index_t offset = 3;  // enough that every element lies at a non-negative offset
    for (std::size_t d = 0; d < rank; ++d)
      if (strides[d] < 0 && shape[d] > 0) offset -= (shape[d] - 1) * strides[d];
    const dynamic_layout l(shape, strides, offset);
    const dynamic_layout c = coalesce(l);
    INFO("shape " << l.shape().size() << " trial " << trial);
    CHECK(offsets(c) == offsets(l));
    CHECK(c.offset() == l.offset());
    CHECK(c.storage_size() == l.storage_size());
    if (l.size() == 0) {
      CHECK((c.rank() == 1 && c.extent(0) == 0));
      continue;
    }
    for (std::size_t d = 0; d < c.rank(); ++d) CHECK(c.extent(d) > 1);
    for (std::size_t d = 0; d + 1 < c.rank(); ++d) CHECK(c.stride(d) != c.extent(d + 1) * c.stride(d + 1));
    merged += c.rank() < l.rank();
  }
  CHECK(merged > 500);  // the generator exercises merging, not only dropping
}

TEST_CASE("coalesce: CuTe's example mirrored, and the edge cases") {
  // CuTe: coalesce((2,(1,6)):(1,(6,2))) = 12:1; in row-major order (6,1,2):(2,6,1) -> (12,):(1,).
  CHECK(coalesce(dynamic_layout({6, 1, 2}, {2, 6, 1})) == dynamic_layout({12}, {1}));
  CHECK(coalesce(dynamic_layout::contiguous({3, 4, 5})) == dynamic_layout::contiguous({60}));
  CHECK(coalesce(dynamic_layout({3, 4}, {-4, -1}, 11)) == dynamic_layout({12}, {-1}, 11));  // a flip of both axes
  CHECK(coalesce(dynamic_layout({3, 4}, {0, 0})) == dynamic_layout({12}, {0}));               // a broadcast scalar
  CHECK(coalesce(dynamic_layout({3, 4}, {1, 3})) == dynamic_layout({3, 4}, {1, 3}));          // column-major: nothing nests
  CHECK(coalesce(dynamic_layout({1, 1}, {5, 7}, 2)) == dynamic_layout({}, {}, 2));            // one element: rank 0
  CHECK(coalesce(dynamic_layout({2, 0, 3}, {9, 9, 9})) == dynamic_layout({0}, {1}));          // empty
  // Strides whose product with the next extent does not fit in int64 do not merge (no overflow).
  CHECK(coalesce(dynamic_layout({2, 2}, {1, 4611686018427387904})).rank() == 2);
}
