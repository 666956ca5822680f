// Partial tiles (docs/algebra.md, "Partial tiles"): tile_t<L, exact | padded | masked, T...>, the
// masked views' in_bounds against a naive bounds check for every tile and element, for extents
// that do and do not divide, smaller than one tile and 0.
#include <strider/strider.hpp>

#include <numeric>
#include <string>
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
#ifndef NDEBUG
        CHECK_THROWS_AS(m.tile(t0, t1), layout_error);  // checked unless NDEBUG, as tile_at's indices
#endif
        CHECK_FALSE(m.in_bounds(t0, t1, 0, 0));
        continue;
      }
      const auto t = m.tile(t0, t1);
      const auto at = tile_at(m, t0, t1);  // the same tile in tile_at's spelling
      CHECK(at.valid() == t.valid());
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
            CHECK(&at(r, c) == &t(r, c));
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

// select and narrow on masked tile views, by brute force: element (r, c) of tile (t0, t1) is
// matrix element (t0 * T0 + r, t1 * T1 + c), data when 0 <= r < T0, 0 <= c < T1 and that element
// is inside rows x cols. Every index, in range and one past each end, of every tile (and of a
// tile made by each cut) is checked for in_bounds and, where data, for the element's address.
template <index_t T0, index_t T1, class MV>
void check_cuts(const MV& m, index_t rows, index_t cols, const float* data) {
  const auto naive = [&](index_t t0, index_t t1, index_t r, index_t c) {
    return r >= 0 && c >= 0 && r < T0 && c < T1 && t0 * T0 + r < rows && t1 * T1 + c < cols;
  };
  const auto at = [&](index_t t0, index_t t1, index_t r, index_t c) { return data + (t0 * T0 + r) * cols + (t1 * T1 + c); };
  const auto clamp = [](index_t v, index_t hi) { return v < 0 ? index_t{0} : v < hi ? v : hi; };
  const auto counts = m.tile_counts();
  for (index_t t0 = 0; t0 < counts[0]; ++t0)
    for (index_t t1 = 0; t1 < counts[1]; ++t1) {
      INFO("tile " << t0 << ", " << t1);
      const auto t = m.tile(t0, t1);
      // select<0>: a row of the tile (rank 1), and select again: one element (rank 0).
      for (index_t i = 0; i < T0; ++i) {
        const auto row = select<0>(t, i);
        STATIC_REQUIRE(decltype(row)::rank == 1);
        CHECK(row.valid()[0] == (naive(t0, t1, i, 0) ? t.valid()[1] : 0));
        for (index_t c = -1; c <= T1; ++c) {
          CHECK(row.in_bounds(c) == naive(t0, t1, i, c));
          if (naive(t0, t1, i, c)) CHECK(&row(c) == at(t0, t1, i, c));
#ifndef NDEBUG
          else CHECK_THROWS_AS(row(c), layout_error);
#endif
        }
        for (index_t c = 0; c < T1; ++c) {
          const auto element = select<0>(row, c);
          STATIC_REQUIRE(decltype(element)::rank == 0);
          CHECK(element.in_bounds() == naive(t0, t1, i, c));
          if (naive(t0, t1, i, c)) CHECK(&element() == at(t0, t1, i, c));
#ifndef NDEBUG
          else CHECK_THROWS_AS(element(), layout_error);
#endif
        }
      }
      // select<1> and select<-1>: a column.
      for (index_t j = 0; j < T1; ++j) {
        const auto column = select<1>(t, j);
        const auto last = select<-1>(t, j);
        STATIC_REQUIRE(std::is_same_v<decltype(column), decltype(last)>);
        for (index_t r = -1; r <= T0; ++r) {
          CHECK(column.in_bounds(r) == naive(t0, t1, r, j));
          CHECK(last.in_bounds(r) == naive(t0, t1, r, j));
          if (naive(t0, t1, r, j)) {
            CHECK(&column(r) == at(t0, t1, r, j));
            CHECK(&last(r) == at(t0, t1, r, j));
          }
        }
      }
      // narrow<0, 2>: rows [s, s + 2); then a column of them (a kernel thread's share).
      for (index_t s = 0; s <= T0 - 2; ++s) {
        const auto band = narrow<0, 2>(t, s);
        CHECK(band.valid() == std::array<index_t, 2>{clamp(t.valid()[0] - s, 2), t.valid()[1]});
        for (index_t r = -1; r <= 2; ++r)
          for (index_t c = -1; c <= T1; ++c) {
            const bool expected = r >= 0 && r < 2 && naive(t0, t1, s + r, c);
            CHECK(band.in_bounds(r, c) == expected);
            if (expected) CHECK(&band(r, c) == at(t0, t1, s + r, c));
#ifndef NDEBUG
            else CHECK_THROWS_AS(band(r, c), layout_error);
#endif
          }
        for (index_t j = 0; j < T1; ++j) {
          const auto share = select<1>(band, j);
          for (index_t r = -1; r <= 2; ++r) {
            const bool expected = r >= 0 && r < 2 && naive(t0, t1, s + r, j);
            CHECK(share.in_bounds(r) == expected);
            if (expected) CHECK(&share(r) == at(t0, t1, s + r, j));
          }
        }
      }
      // narrow<1, 3> and narrow<-1, 3>: columns [s, s + 3).
      for (index_t s = 0; s <= T1 - 3; ++s) {
        const auto band = narrow<1, 3>(t, s);
        CHECK(band.valid() == std::array<index_t, 2>{t.valid()[0], clamp(t.valid()[1] - s, 3)});
        CHECK((narrow<-1, 3>(t, s).valid() == band.valid()));
        for (index_t r = -1; r <= T0; ++r)
          for (index_t c = -1; c <= 3; ++c) {
            const bool expected = c >= 0 && c < 3 && naive(t0, t1, r, s + c);
            CHECK(band.in_bounds(r, c) == expected);
            if (expected) CHECK(&band(r, c) == at(t0, t1, r, s + c));
          }
      }
      // Length 0: nothing, wherever it starts.
      for (index_t s = 0; s <= T0; ++s) CHECK_FALSE((narrow<0, 0>(t, s).in_bounds(0, 0)));
      // Bad indices: refused unless NDEBUG, as select and narrow on a view refuse theirs.
      // Unchecked, they still admit no element past the data.
#ifndef NDEBUG
      const auto row = select<0>(t, 0);
      CHECK_THROWS_WITH(select<0>(row, -1), "select: index -1 is out of range for dimension 0 with extent " + std::to_string(T1));
      CHECK_THROWS_WITH(select<0>(row, T1), "select: index " + std::to_string(T1) + " is out of range for dimension 0 with extent " + std::to_string(T1));
      CHECK_THROWS_WITH(select<0>(t, -1), "select: index -1 is out of range for dimension 0 with extent " + std::to_string(T0));
      CHECK_THROWS_WITH(select<0>(t, T0), "select: index " + std::to_string(T0) + " is out of range for dimension 0 with extent " + std::to_string(T0));
      CHECK_THROWS_WITH(select<1>(t, T1), "select: index " + std::to_string(T1) + " is out of range for dimension 1 with extent " + std::to_string(T1));
      CHECK_THROWS_WITH((narrow<0, 2>(t, -1)), "narrow: start -1 is out of range for dimension 0 with extent " + std::to_string(T0));
      CHECK_THROWS_WITH((narrow<0, 2>(t, T0 - 1)),
                        "narrow: start " + std::to_string(T0 - 1) + " + length 2 exceeds extent " + std::to_string(T0) + " of dimension 0");
      CHECK_THROWS_WITH((narrow<1, 3>(t, T1 - 2)),
                        "narrow: start " + std::to_string(T1 - 2) + " + length 3 exceeds extent " + std::to_string(T1) + " of dimension 1");
      CHECK_THROWS_AS((narrow<0, 0>(t, T0 + 1)), layout_error);
#else
      const auto row = select<0>(t, 0);
      CHECK_FALSE(select<0>(row, -1).in_bounds());
      CHECK_FALSE(select<0>(row, T1).in_bounds());
      for (index_t k = -1; k <= T1; ++k) {
        CHECK_FALSE(select<0>(t, -1).in_bounds(k));
        CHECK_FALSE(select<0>(t, T0).in_bounds(k));
      }
      for (index_t k = -1; k <= T0; ++k) CHECK_FALSE(select<1>(t, T1).in_bounds(k));
      for (index_t r = -1; r <= 2; ++r)
        for (index_t c = -1; c <= T1; ++c) {
          CHECK_FALSE((narrow<0, 2>(t, -1).in_bounds(r, c)));
          CHECK((narrow<0, 2>(t, T0 - 1).in_bounds(r, c)) == (r == 0 && naive(t0, t1, T0 - 1, c)));
        }
      for (index_t r = -1; r <= T0; ++r)
        for (index_t c = -1; c <= 3; ++c) CHECK((narrow<1, 3>(t, T1 - 2).in_bounds(r, c)) == (c >= 0 && c < 2 && naive(t0, t1, r, T1 - 2 + c)));
      CHECK_FALSE((narrow<0, 0>(t, T0 + 1).in_bounds(0, 0)));
#endif
    }
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
    check_cuts<4, 8>(m, Rows, Cols, copy.data());
  }
}

void check_mixed(index_t rows, index_t cols) {
  using L = contiguous<dyn, dyn>;
  const auto data = iota(rows * cols);
  std::vector<float> copy = data;
  tensor_view<float, L> v(copy.data(), L(rows, cols));
  check_masked<4, 8>(tile<masked, 4, 8>(v), rows, cols, data);
  check_cuts<4, 8>(tile<masked, 4, 8>(v), rows, cols, copy.data());
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

namespace {
// A masked tiling holds only its data layout's entries and computes the rest (free in device
// code): its padded layout against core's run-time rule, and every element's offset and tile
// offset against the padded layout's.
template <index_t T0, index_t T1, class L>
void check_against_rule(const L& l) {
  const auto m = tile<masked, T0, T1>(l);
  const dynamic_layout rule = tile(l.dynamic(), {T0, T1}, padded);
  INFO(l.dynamic().shape()[0] << " x " << l.dynamic().shape()[1] << ", strides " << l.dynamic().strides()[0] << ", " << l.dynamic().strides()[1]);
  CHECK(m.padded().dynamic() == rule);
  CHECK(m.padded().storage_size() == rule.storage_size());
  const auto counts = m.tile_counts();
  for (index_t t0 = 0; t0 < counts[0]; ++t0)
    for (index_t t1 = 0; t1 < counts[1]; ++t1) {
      CHECK(m.tile_offset(t0, t1) + l.dynamic().offset() == rule(t0, t1, 0, 0));
      const auto t = tile_at(m, t0, t1);
      for (index_t r = 0; r < T0; ++r)
        for (index_t c = 0; c < T1; ++c)
          if (m.in_bounds(t0, t1, r, c)) {
            CHECK(m(t0, t1, r, c) == rule(t0, t1, r, c));
            CHECK(t(r, c) + m.tile_offset(t0, t1) == rule(t0, t1, r, c));
          }
    }
}
}  // namespace

TEST_CASE("masked tilings of mixed layouts against the padded tiling rule", "[partial_tiles]") {
  for (index_t rows : {0, 1, 3, 4, 9})
    for (index_t cols : {0, 1, 5, 8, 37}) {
      check_against_rule<4, 8>(contiguous<dyn, dyn>(rows, cols));
      check_against_rule<4, 8>(column_major<dyn, dyn>(rows, cols));
      check_against_rule<3, 2>(layout<shape<dyn, dyn>, strides<dyn, dyn>>(rows, cols, 3 * cols + 1, 2));  // gaps
      check_against_rule<4, 8>(select<0>(contiguous<3, dyn, dyn>(rows, cols), 2));                      // a run-time offset
      check_against_rule<2, 4>(contiguous<dyn, 37>(rows));
    }
  // A tile index past the data (unchecked under NDEBUG) selects no data: valid() is 0 there.
  const auto m = tile<masked, 4, 8>(contiguous<dyn, dyn>(10, 37));
  CHECK(masked_tile_layout<contiguous<4, 8>, 2>(contiguous<4, 8>{}, {-4, 3}).valid() == std::array<index_t, 2>{0, 3});
  CHECK_FALSE(masked_tile_layout<contiguous<4, 8>, 2>(contiguous<4, 8>{}, {-4, 3}).in_bounds(0, 0));
  CHECK(tile_at(m, 2, 4).valid() == std::array<index_t, 2>{2, 5});
}

namespace {
// partition of a tile view with run-time extents: thread t's value (i, j) is tile element
// (r, c) = (t / 16 * 4 + i, t % 16 * 4 + j) of a 64 x 64 tile, data where r < rows and c < cols
// (a brute-force check of every thread's every value against the storage).
template <class L>
void check_runtime_extent_partition(const L& l, index_t rows, index_t cols, const std::vector<float>& data) {
  using tv = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
  const tensor_view<const float, L> v(data.data(), l);
  index_t seen = 0;
  for (index_t t = 0; t < 256; ++t) {
    const auto mine = partition(v, tv{}, t);
    for (index_t i = -1; i <= 4; ++i)
      for (index_t j = -1; j <= 4; ++j) {
        const index_t r = t / 16 * 4 + i, c = t % 16 * 4 + j;
        const bool expected = i >= 0 && j >= 0 && i < 4 && j < 4 && r < rows && c < cols;
        CHECK(mine.in_bounds(i, j) == expected);
        if (expected) {
          ++seen;
          CHECK(&mine(i, j) == &data[static_cast<std::size_t>(l.dynamic()(r, c))]);
        }
      }
  }
  CHECK(seen == rows * cols);  // every element by exactly one thread
}
}  // namespace

TEST_CASE("partition of a tile with run-time extents is masked by them", "[partial_tiles]") {
  const auto data = iota(70 * 70);
  for (index_t rows : {0, 1, 50, 64})
    for (index_t cols : {0, 7, 60, 64}) {
      INFO(rows << " x " << cols);
      check_runtime_extent_partition(contiguous<dyn, dyn>(rows, cols), rows, cols, data);
      check_runtime_extent_partition(column_major<dyn, dyn>(rows, cols), rows, cols, data);
      check_runtime_extent_partition(layout<shape<dyn, dyn>, strides<dyn, dyn>>(rows, cols, 70, 1), rows, cols, data);  // a tile of a 70-wide matrix
    }
  check_runtime_extent_partition(contiguous<dyn, 64>(37), 37, 64, data);  // only the rows at run time
#ifndef NDEBUG
  using tv = thread_value_t<contiguous<16, 16>, contiguous<4, 4>>;
  const tensor_view<const float, contiguous<dyn, dyn>> wide(data.data(), contiguous<dyn, dyn>(10, 65));
  CHECK_THROWS_WITH(partition(wide, tv{}, 0), "partition: extent 65 of tile axis 1 exceeds the thread-value layout's 64");  // checked unless NDEBUG
#endif
}

TEST_CASE("select and narrow on a rank-3 masked tile keep the mask of the other axes", "[partial_tiles]") {
  // 5 x 6 x 7 in tiles of 2 x 4 x 4: element (a, b, c) of tile (t0, t1, t2) is data when
  // (2 t0 + a, 4 t1 + b, 4 t2 + c) is inside the extents.
  const index_t e0 = 5, e1 = 6, e2 = 7;
  const auto data = iota(e0 * e1 * e2);
  using L = contiguous<dyn, 6, 7>;
  const tensor_view<const float, L> v(data.data(), L(e0));
  const auto m = tile<masked, 2, 4, 4>(v);
  const auto naive = [&](index_t t0, index_t t1, index_t t2, index_t a, index_t b, index_t c) {
    return a >= 0 && b >= 0 && c >= 0 && a < 2 && b < 4 && c < 4 && 2 * t0 + a < e0 && 4 * t1 + b < e1 && 4 * t2 + c < e2;
  };
  const auto at = [&](index_t t0, index_t t1, index_t t2, index_t a, index_t b, index_t c) {
    return data.data() + ((2 * t0 + a) * e1 + (4 * t1 + b)) * e2 + (4 * t2 + c);
  };
  for (index_t t0 = 0; t0 < 3; ++t0)
    for (index_t t1 = 0; t1 < 2; ++t1)
      for (index_t t2 = 0; t2 < 2; ++t2) {
        const auto t = m.tile(t0, t1, t2);
        for (index_t b = 0; b < 4; ++b) {
          const auto plane = select<1>(t, b);  // axes 0 and 2 remain
          STATIC_REQUIRE(decltype(plane)::rank == 2);
          for (index_t a = -1; a <= 2; ++a)
            for (index_t c = -1; c <= 4; ++c) {
              CHECK(plane.in_bounds(a, c) == naive(t0, t1, t2, a, b, c));
              if (naive(t0, t1, t2, a, b, c)) CHECK(&plane(a, c) == at(t0, t1, t2, a, b, c));
            }
        }
        for (index_t s = 0; s <= 2; ++s) {
          const auto band = narrow<1, 2>(t, s);
          for (index_t a = 0; a < 2; ++a)
            for (index_t b = -1; b <= 2; ++b)
              for (index_t c = 0; c < 4; ++c) {
                const bool expected = b >= 0 && b < 2 && naive(t0, t1, t2, a, s + b, c);
                CHECK(band.in_bounds(a, b, c) == expected);
                if (expected) CHECK(&band(a, b, c) == at(t0, t1, t2, a, s + b, c));
              }
        }
      }
}

// The layout forms run in constant expressions: tile (2, 4) of a 4 x 8 masked tiling of 10 x 37
// has valid (2, 5) (the doc comments' example). A tile's offsets count from its first element
// (tile_offset(2, 4) of the tiling's).
constexpr auto example_tile = tile_t<contiguous<10, 37>, masked, 4, 8>{}.tile(2, 4);
static_assert(example_tile.valid() == std::array<index_t, 2>{2, 5});
static_assert(select<0>(example_tile, 1).valid() == std::array<index_t, 1>{5});
static_assert(select<0>(example_tile, 3).valid() == std::array<index_t, 1>{0});
static_assert(select<0>(example_tile, 1).layout().offset() == 37);
static_assert(narrow<1, 4>(example_tile, 2).valid() == std::array<index_t, 2>{2, 3});
static_assert(narrow<1, 4>(example_tile, 4).valid() == std::array<index_t, 2>{2, 1});
static_assert(narrow<0, 2>(example_tile, 2).valid() == std::array<index_t, 2>{0, 5});
static_assert(select<0>(select<0>(example_tile, 1), 4).in_bounds() && !select<0>(select<0>(example_tile, 1), 5).in_bounds());
static_assert(select<0>(select<0>(example_tile, 1), 4)() == 37 + 4);

TEST_CASE("select and narrow on masked tile views: the doc example", "[partial_tiles]") {
  const auto data = iota(10 * 37);
  const tensor_view<const float, contiguous<10, 37>> v(data.data());
  const auto t = tile<masked, 4, 8>(v).tile(2, 4);
  const auto row = select<0>(t, 1);
  CHECK(row.in_bounds(4));
  CHECK_FALSE(row.in_bounds(5));
  CHECK_FALSE(select<0>(t, 2).in_bounds(0));
  CHECK(select<0>(row, 4)() == v(9, 36));
  const auto r = narrow<0, 2>(t, 1);
  CHECK(r.valid() == std::array<index_t, 2>{1, 5});
  CHECK(r.in_bounds(0, 4));
  CHECK(&r(0, 4) == &v(9, 36));
  CHECK_FALSE(r.in_bounds(1, 0));
#ifndef NDEBUG
  CHECK_THROWS_WITH(select<0>(t, 4), "select: index 4 is out of range for dimension 0 with extent 4");
#endif
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

TEST_CASE("a masked tiling of a reversed axis: its padding lies before the start and is never read (issue 62)", "[partial_tiles]") {
  std::vector<float> data(10);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  // NumPy: a[::-1] tiled by 4 with a mask: tiles [9 8 7 6], [5 4 3 2], [1 0 - -].
  const auto check = [&](const auto& tiles) {
    std::vector<float> seen;
    for (index_t t = 0; t < 3; ++t) {
      const auto one = tile_at(tiles, t);
      for (index_t r = 0; r < 4; ++r) {
        CHECK(one.in_bounds(r) == (4 * t + r < 10));
        if (one.in_bounds(r)) seen.push_back(one(r));
      }
    }
    CHECK(seen == std::vector<float>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
#ifndef NDEBUG  // element access checks the mask unless NDEBUG
    CHECK_THROWS_WITH(tile_at(tiles, 2)(2), "masked: the element is past the data (check in_bounds first)");
#endif
  };
  const tensor_view<float, contiguous<10>> fixed(data);
  check(tile<masked, 4>(flip<0>(fixed)));
  const tensor_view<float, contiguous<dyn>> sized(data.data(), contiguous<dyn>(10));
  check(tile<masked, 4>(flip<0>(sized)));
  CHECK(to_string(tile<masked, 4>(flip<0>(sized)).layout()) == "shape (3, 4), strides (-4, -1), offset 9, masked to extents (10,)");
  // A padded tiling reads its padding: still refused there.
  CHECK_THROWS_WITH(tile(dynamic_layout({10}, {-1}, 9), {4}, padded), "tile: an element lies at negative storage offset -2");
}

TEST_CASE("tile_at of a masked tiling names the index, dimension and tile count (issue 62)", "[partial_tiles]") {
  std::vector<float> data(7 * 4);
  const tensor_view<float, contiguous<dyn, 4>> v(data.data(), contiguous<dyn, 4>(7));
  const auto tiles = tile<masked, 3, 2>(v);  // 3 x 2 tiles (rows 0-2, 3-5, 6)
#ifndef NDEBUG  // tile indices are checked unless NDEBUG, as tile_at's of an exact tiling
  CHECK_THROWS_WITH(tile_at(tiles, 3, 0), "tile_at: index 3 is out of range for dimension 0 with extent 3");
  CHECK_THROWS_WITH(tile_at(tiles, 0, -1), "tile_at: index -1 is out of range for dimension 1 with extent 2");
#endif
  CHECK(tile_at(tiles, 2, 1).valid() == std::array<index_t, 2>{1, 2});
}
