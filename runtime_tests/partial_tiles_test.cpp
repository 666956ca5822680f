// Partial tiles (docs/algebra.md, "Partial tiles"): tile_t<L, exact | padded | masked, T...>, the
// masked views' in_bounds against a naive bounds check for every tile and element, for extents
// that do and do not divide, smaller than one tile and 0.
#include <strider/strider.hpp>

#include <numeric>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider;

namespace {

// The naive check: element (r, c) of tile (t0, t1) is element (t0 * T0 + r, t1 * T1 + c).
template <index_t T0, index_t T1, class MV>
void check_masked(const MV& m, index_t rows, index_t cols, const std::vector<float>& data) {
  const index_t counts[2] = {(rows + T0 - 1) / T0, (cols + T1 - 1) / T1};
  REQUIRE(m.extents() == std::array<index_t, 2>{rows, cols});
  REQUIRE(m.tile_counts() == std::array<index_t, 2>{counts[0], counts[1]});
  index_t seen = 0;
  for (index_t t0 = 0; t0 < counts[0] + 1; ++t0)
    for (index_t t1 = 0; t1 < counts[1] + 1; ++t1) {
      const bool tile_exists = t0 < counts[0] && t1 < counts[1];
      if (!tile_exists) {
        CHECK_THROWS_AS(m.tile(t0, t1), layout_error);
        CHECK_FALSE(m.in_bounds(t0, t1, 0, 0));
        continue;
      }
      const auto t = m.tile(t0, t1);
      for (index_t r = -1; r <= T0; ++r)
        for (index_t c = -1; c <= T1; ++c) {
          const index_t row = t0 * T0 + r, col = t1 * T1 + c;
          const bool expected = r >= 0 && c >= 0 && r < T0 && c < T1 && row < rows && col < cols;
          CHECK(m.in_bounds(t0, t1, r, c) == expected);
          CHECK(t.in_bounds(r, c) == expected);
          if (expected) {
            ++seen;
            CHECK(m(t0, t1, r, c) == data[static_cast<std::size_t>(row * cols + col)]);
            CHECK(t(r, c) == data[static_cast<std::size_t>(row * cols + col)]);
            CHECK(&t(r, c) == &m(t0, t1, r, c));
          } else {
#ifndef NDEBUG
            CHECK_THROWS_AS(t(r, c), layout_error);
            CHECK_THROWS_AS(m(t0, t1, r, c), layout_error);
#endif
          }
        }
      CHECK(t.valid() == std::array<index_t, 2>{std::min(T0, rows - t0 * T0), std::min(T1, cols - t1 * T1)});
    }
  CHECK(seen == rows * cols);  // every element in exactly one tile
}

std::vector<float> iota(index_t n) {
  std::vector<float> v(static_cast<std::size_t>(n) + 1);  // + 1: never an empty vector's null data
  std::iota(v.begin(), v.end(), 0.0f);
  return v;
}

template <index_t Rows, index_t Cols>
void check_static() {
  using L = contiguous<Rows, Cols>;
  const auto data = iota(Rows * Cols);
  std::vector<float> copy = data;
  tensor_view<float, L> v(copy.data());
  auto m = tile<masked, 4, 8>(v);
  if constexpr (Rows % 4 == 0 && Cols % 8 == 0) {
    STATIC_REQUIRE(std::is_same_v<decltype(m), decltype(tile<4, 8>(v))>);  // masked is exact
  } else {
    STATIC_REQUIRE(decltype(m)::layout_type::is_static);
    check_masked<4, 8>(m, Rows, Cols, data);
  }
}

void check_mixed(index_t rows, index_t cols) {
  using L = contiguous<dyn, dyn>;
  const auto data = iota(rows * cols);
  std::vector<float> copy = data;
  tensor_view<float, L> v(copy.data(), L(rows, cols));
  check_masked<4, 8>(tile<masked, 4, 8>(v), rows, cols, data);
  const auto l = tile<masked, 4, 8>(v.layout());  // the layout function form
  CHECK(l.in_bounds(0, 0, 0, 0) == (rows > 0 && cols > 0));
  CHECK(l.extents() == std::array<index_t, 2>{rows, cols});
}

}  // namespace

TEST_CASE("masked tiles against a naive bounds check (static extents)", "[partial_tiles]") {
  check_static<10, 37>();  // neither divides
  check_static<8, 37>();   // rows divide
  check_static<3, 5>();    // smaller than one tile
  check_static<0, 5>();    // empty
  check_static<4, 0>();
  check_static<8, 16>();   // both divide: exact
}

TEST_CASE("masked tiles against a naive bounds check (run-time extents)", "[partial_tiles]") {
  for (index_t rows : {0, 1, 3, 4, 8, 10, 13})
    for (index_t cols : {0, 1, 5, 8, 16, 37}) {
      INFO(rows << " x " << cols);
      check_mixed(rows, cols);
    }
}

TEST_CASE("padded tiles: shapes, strides and storage", "[partial_tiles]") {
  using P = tile_t<contiguous<10, 64>, padded, 4, 16>;
  STATIC_REQUIRE(P::shape == std::array<index_t, 4>{3, 4, 4, 16});
  STATIC_REQUIRE(P::strides == std::array<index_t, 4>{256, 16, 64, 1});
  STATIC_REQUIRE(P::storage_size == 12 * 64);  // the padded span
  STATIC_REQUIRE(P::tile_rank == 2);
  // The padded storage: allocate 12 rows for 10.
  std::vector<float> padded_storage(12 * 64);
  tensor_view<float, contiguous<12, 64>> big(padded_storage.data());
  auto tiles = tile<padded, 4, 16>(narrow<0, 0, 10>(big));  // a view of 10 rows, storage of 12
  STATIC_REQUIRE(decltype(tiles)::layout_type::shape == std::array<index_t, 4>{3, 4, 4, 16});
  CHECK(&tiles(2, 3, 3, 15) == &padded_storage[11 * 64 + 63]);
  // Run-time extents: the padded span must be in the view's storage.
  using L = contiguous<dyn, 64>;
  tensor_view<float, L> rows10(padded_storage.data(), L(10));
  CHECK_THROWS_WITH((tile<padded, 4, 16>(rows10)), Catch::Contains("past the view's storage of 640"));
  tensor_view<float, L> rows12(padded_storage.data(), L(12));
  auto ok = tile<padded, 4, 16>(narrow<0, 0, 12>(rows12));
  CHECK(ok.extent(0) == 3);
  // The run-time rule on dynamic layouts.
  const dynamic_layout d = tile(dynamic_layout::contiguous({10, 37}), {4, 8}, padded);
  CHECK(d.shape() == dims{3, 5, 4, 8});
  CHECK(d.strides() == dims{148, 8, 37, 1});
  CHECK(d.storage_size() == 2 * 148 + 4 * 8 + 3 * 37 + 7 + 1);  // the padded span
  CHECK_THROWS_WITH((tile(dynamic_layout::contiguous({10, 37}), {4, 8}, exact)), Catch::Contains("does not divide"));
  CHECK(tile(dynamic_layout::contiguous({8, 16}), {4, 8}, padded) == tile(dynamic_layout::contiguous({8, 16}), {4, 8}));
  std::vector<float> buffer(10 * 37);
  tensor_view<float, dynamic_layout> dynamic(buffer.data(), dynamic_layout::contiguous({10, 37}));
  CHECK_THROWS_WITH((tile(dynamic, {4, 8}, padded)), Catch::Contains("past the view's storage"));
  CHECK_THROWS_WITH((tile(dynamic, {4, 8}, masked)), Catch::Contains("carries no mask"));
  CHECK(tile(dynamic, {2, 37}, padded).shape() == dims{5, 1, 2, 37});
}

// With a dyn_multiple<N> extent that the tile divides, padded and masked are exact.
using multiple = contiguous<dyn_multiple<16>, 64>;
static_assert(std::is_same_v<tile_t<multiple, masked, 16, 16>, tile_t<multiple, 16, 16>>);
static_assert(std::is_same_v<tile_t<multiple, padded, 8, 64>, tile_t<multiple, exact, 8, 64>>);
static_assert(std::is_same_v<tile_t<contiguous<32, 64>, masked, 16, 16>, tile_t<contiguous<32, 64>, 16, 16>>);
static_assert(!std::is_same_v<tile_t<multiple, masked, 32, 16>, tile_t<multiple, padded, 32, 16>>);
static_assert(tile_t<contiguous<dyn, 64>, masked, 16, 16>::static_extents == std::array<index_t, 2>{dyn, 64});
