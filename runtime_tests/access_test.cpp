// Swizzles and the access certificate against references written apart from the library: the
// swizzle bit by bit from CuTe's description, and a simulator of the model of docs/access.md
// (plain loops over threads, vectors, phases and banks, with std::set and std::map) on random
// strided, padded and swizzled tiles and thread-value arrangements, for 1- to 16-byte elements.
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <strider/access.hpp>
#include <strider/core.hpp>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using strider::layout_error;
using strider::swizzle_value;

namespace {

// CuTe's swizzle, one bit at a time: bit M + S + i of the offset flips bit M + i (S > 0), or bit
// M + i flips bit M + |S| + i (S < 0), for i < B.
index_t swizzle_by_bits(int b, int m, int s, index_t o) {
  index_t out = o;
  for (int i = 0; i < b; ++i) {
    const int from = s >= 0 ? m + s + i : m + i, to = s >= 0 ? m + i : m - s + i;
    if ((o >> from) & 1) out ^= index_t{1} << to;
  }
  return out;
}

struct simulated {
  index_t width = 0, instructions = 0, phases = 0, wavefronts = 0, conflicts = 0, sectors = 0, ideal = 0, worst_ways = 0, worst_excess = 0;
};

// The model, from its description: offsets[t][v] is thread t's value v's element offset.
// `width` 0: the widest vector that holds; else that width (0 in the result if it does not hold).
simulated simulate(const std::vector<std::vector<index_t>>& offsets, index_t bytes, index_t width = 0) {
  simulated r;
  const index_t threads = static_cast<index_t>(offsets.size()), values = static_cast<index_t>(offsets[0].size());
  for (index_t w = width != 0 ? width : 16 / bytes; w >= 1; w /= 2) {
    if (width != 0 && w != width) return r;
    if (values % w != 0) continue;
    bool ok = true;
    for (index_t t = 0; t < threads && ok; ++t)
      for (index_t g = 0; g < values && ok; g += w) {
        ok = offsets[t][g] % w == 0;
        for (index_t j = 0; j < w && ok; ++j) ok = offsets[t][g + j] == offsets[t][g] + j;
      }
    if (ok) {
      r.width = w;
      break;
    }
  }
  const index_t access = r.width * bytes;
  const index_t phase_threads = access <= 4 ? 32 : 128 / access;
  for (index_t warp = 0; warp * 32 < threads; ++warp)
    for (index_t k = 0; k < values / r.width; ++k) {
      ++r.instructions;
      std::set<index_t> sectors;
      index_t lanes = 0;
      for (index_t t = warp * 32; t < threads && t < warp * 32 + 32; ++t, ++lanes)
        for (index_t byte = offsets[t][k * r.width] * bytes; byte < offsets[t][k * r.width] * bytes + access; ++byte) sectors.insert(byte / 32);
      const index_t ideal = (lanes * access + 31) / 32;
      r.sectors += static_cast<index_t>(sectors.size());
      r.ideal += ideal;
      r.worst_excess = std::max(r.worst_excess, static_cast<index_t>(sectors.size()) - ideal);
      for (index_t p = 0; p * phase_threads < lanes; ++p) {
        ++r.phases;
        std::map<index_t, std::set<index_t>> banks;
        for (index_t lane = p * phase_threads; lane < lanes && lane < (p + 1) * phase_threads; ++lane) {
          const index_t t = warp * 32 + lane;
          for (index_t byte = offsets[t][k * r.width] * bytes; byte < offsets[t][k * r.width] * bytes + access; ++byte) banks[byte / 4 % 32].insert(byte / 4);
        }
        index_t ways = 0;
        for (const auto& [bank, words] : banks) ways = std::max(ways, static_cast<index_t>(words.size()));
        r.wavefronts += ways;
        r.conflicts += ways - 1;
        r.worst_ways = std::max(r.worst_ways, ways);
      }
    }
  return r;
}

// Thread t's value v from the thread-value definition: thread coordinate from Threads' offsets,
// value coordinate from Values', element (r, c) blocked or interleaved, its offset in the tile
// plus `start`, swizzled bit by bit.
std::vector<std::vector<index_t>> definition_offsets(const dims& t_shape, const dims& v_shape, const dynamic_layout& threads, const dynamic_layout& values, bool spread,
                                                     const dynamic_layout& tile, swizzle_value sw, index_t start) {
  const index_t thread_count = t_shape[0] * t_shape[1], value_count = v_shape[0] * v_shape[1];
  std::vector<std::vector<index_t>> offsets(static_cast<std::size_t>(thread_count), std::vector<index_t>(static_cast<std::size_t>(value_count)));
  strider_test::for_each_index(t_shape, [&](const strider_test::index_vec& tc) {
    const index_t t = strider_test::naive_offset(threads, tc);
    strider_test::for_each_index(v_shape, [&](const strider_test::index_vec& vc) {
      const index_t v = strider_test::naive_offset(values, vc);
      const index_t r = spread ? vc[0] * t_shape[0] + tc[0] : tc[0] * v_shape[0] + vc[0];
      const index_t c = spread ? vc[1] * t_shape[1] + tc[1] : tc[1] * v_shape[1] + vc[1];
      const index_t plain = start + strider_test::naive_offset(tile, {r, c});
      offsets[static_cast<std::size_t>(t)][static_cast<std::size_t>(v)] = sw.bits != 0 ? swizzle_by_bits(sw.bits, sw.base, sw.shift, plain) : plain;
    });
  });
  return offsets;
}

}  // namespace

TEST_CASE("swizzle: CuTe's definition bit by bit, its own inverse, each period onto itself, for every B, M, S up to 5 bits") {
  for (int b = 0; b <= 5; ++b)
    for (int m = 0; m <= 5; ++m)
      for (int s = -5; s <= 5; ++s) {
        if ((s < 0 ? -s : s) < b) {
          CHECK_THROWS_WITH(strider::detail::check_swizzle({b, m, s}), Catch::Contains("swizzle: |S| = "));
          continue;
        }
        const swizzle_value sw{b, m, s};
        const index_t period = strider::swizzle_period(sw);
        REQUIRE(period == index_t{1} << (b + m + (s < 0 ? -s : s)));
        for (index_t o = 0; o < 2 * period; ++o) {
          const index_t moved = strider::swizzle_offset(sw, o);
          REQUIRE(moved == swizzle_by_bits(b, m, s, o));
          REQUIRE(strider::unswizzle_offset(sw, moved) == o);
          REQUIRE(moved / period == o / period);
          REQUIRE(moved % (index_t{1} << m) == o % (index_t{1} << m));  // runs of 2^M stay together
        }
      }
}

TEST_CASE("access_of against a simulator of the model: random strided, padded and swizzled tiles, thread-value arrangements, 1- to 16-byte elements") {
  std::mt19937_64 rng{20261126};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int swizzled_cases = 0, conflicting = 0, uncoalesced = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    // A 2-D tile of Threads x Values, threads and values row- or column-major, blocked or interleaved.
    const dims t_shape{pick(1, 8), pick(1, 16)}, v_shape{pick(0, 1) ? 1 : index_t{1} << pick(0, 2), index_t{1} << pick(0, 3)};
    const auto numbering = [&](const dims& shape) { return pick(0, 3) == 0 ? dynamic_layout::column_major(shape) : dynamic_layout::contiguous(shape); };
    const dynamic_layout threads = numbering(t_shape), values = numbering(v_shape);
    const bool spread = pick(0, 2) == 0;
    const auto tv = strider::thread_value(threads, values, spread ? strider::interleaved : strider::blocked);
    const index_t rows = tv.tile_shape[0], cols = tv.tile_shape[1];
    const index_t bytes = index_t{1} << pick(0, 4);
    // The tile: row-major, padded rows, column-major, or row-major swizzled.
    const int kind = static_cast<int>(pick(0, 3));
    const index_t pad = kind == 1 ? pick(1, 9) : 0;
    const dynamic_layout tile = kind == 2 ? dynamic_layout::column_major({rows, cols}) : dynamic_layout({rows, cols}, {cols + pad, 1});
    swizzle_value sw{};
    if (kind == 3) {
      const int b = static_cast<int>(pick(1, 3)), m = static_cast<int>(pick(0, 3));
      sw = {b, m, static_cast<int>(pick(b, 5))};
      ++swizzled_cases;
    }
    INFO("threads " << strider_test::describe(threads) << ", values " << strider_test::describe(values) << (spread ? " interleaved" : " blocked")
                    << ", tile " << strider_test::describe(tile) << " swizzle " << sw.bits << "," << sw.base << "," << sw.shift << ", " << bytes << " bytes");
    const auto offsets = definition_offsets(t_shape, v_shape, threads, values, spread, tile, sw, 0);
    const simulated expected = simulate(offsets, bytes);
    const strider::access_report got = strider::access(tile, sw, tv, bytes);
    REQUIRE(got.vector_width == expected.width);
    REQUIRE(got.instructions == expected.instructions);
    REQUIRE(got.phases == expected.phases);
    REQUIRE(got.wavefronts == expected.wavefronts);
    REQUIRE(got.bank_conflicts == expected.conflicts);
    REQUIRE(got.sectors == expected.sectors);
    REQUIRE(got.ideal_sectors == expected.ideal);
    REQUIRE(got.worst.ways == expected.worst_ways);
    REQUIRE(got.worst_global.sectors - got.worst_global.ideal_sectors == expected.worst_excess);
    if (got.bank_conflicts > 0) {
      // The named threads read different words of the named bank in one phase of one warp.
      const strider::bank_collision& w = got.worst;
      REQUIRE(w.thread / 32 == w.other_thread / 32);
      REQUIRE(w.offset == offsets[static_cast<std::size_t>(w.thread)][static_cast<std::size_t>(w.instruction % (tv.values() / got.vector_width) * got.vector_width)]);
      REQUIRE(w.other_offset == offsets[static_cast<std::size_t>(w.other_thread)][static_cast<std::size_t>(w.instruction % (tv.values() / got.vector_width) * got.vector_width)]);
      ++conflicting;
      CHECK_THROWS_WITH(strider::require_conflict_free(got), Catch::StartsWith("shared access: threads " + std::to_string(w.thread) + " and " + std::to_string(w.other_thread) + " read different words of bank " + std::to_string(w.bank)));
    } else {
      CHECK_NOTHROW(strider::require_conflict_free(got));
    }
    if (got.sectors != got.ideal_sectors) {
      ++uncoalesced;
      CHECK_THROWS_WITH(strider::require_coalesced(got), Catch::StartsWith("global access: instruction " + std::to_string(got.worst_global.instruction)));
    }
  }
  // The random cases reach every branch.
  CHECK(swizzled_cases > 150);
  CHECK(conflicting > 150);
  CHECK(uncoalesced > 150);
}

TEST_CASE("access_of_any_line_start: mixed tiles at every offset their tiling gives, plain and swizzled, against the simulator") {
  std::mt19937_64 rng{20261201};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int swizzled_below_line = 0, aligned_tiles = 0, differing_starts = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const dims t_shape{pick(1, 8), pick(1, 8)}, v_shape{index_t{1} << pick(0, 1), index_t{1} << pick(0, 3)};
    const dynamic_layout threads = pick(0, 3) == 0 ? dynamic_layout::column_major(t_shape) : dynamic_layout::contiguous(t_shape), values = dynamic_layout::contiguous(v_shape);
    const bool spread = pick(0, 2) == 0;
    const auto tv = strider::thread_value(threads, values, spread ? strider::interleaved : strider::blocked);
    const index_t rows = tv.tile_shape[0], cols = tv.tile_shape[1], bytes = index_t{1} << pick(0, 3);
    // The matrix: tiles_r x tiles_c tiles, rows padded or not; its tiles are the mixed tile (rows,
    // cols):(stride, 1) at each start.
    const index_t tiles_r = pick(1, 6), tiles_c = pick(1, 4), stride = tiles_c * cols + (pick(0, 2) == 0 ? pick(1, 8) : 0);
    const dynamic_layout tile({rows, cols}, {stride, 1});
    swizzle_value sw{};
    if (pick(0, 2) != 0) {
      const int b = static_cast<int>(pick(1, 3)), m = static_cast<int>(pick(0, 3));
      sw = {b, m, static_cast<int>(pick(b, 4))};
    }
    INFO("threads " << strider_test::describe(threads) << ", values " << strider_test::describe(values) << (spread ? " interleaved" : " blocked") << ", tile "
                    << strider_test::describe(tile) << " swizzle " << sw.bits << "," << sw.base << "," << sw.shift << ", " << bytes << " bytes");
    const strider::access_report cert = strider::access_of_any_line_start(tile.value(), sw, tv, bytes, 0);
    const index_t w = cert.vector_width, line = 128 / bytes;
    const auto at = [&](index_t start) { return simulate(definition_offsets(t_shape, v_shape, threads, values, spread, tile, sw, start), bytes, w); };
    if (sw.bits == 0) {
      // Plain: the certificate at offset 0 is every line-aligned tile's, and its bank counts are
      // every tile's whose start keeps the vectors aligned and whole words apart.
      REQUIRE(cert == strider::access_of(tile.value(), sw, tv, bytes, 0));
      for (index_t i = 0; i < tiles_r; ++i)
        for (index_t j = 0; j < tiles_c; ++j) {
          const index_t start = i * rows * stride + j * cols;
          if (start % w != 0 || start * bytes % 4 != 0) continue;
          const simulated got = at(start);
          REQUIRE(got.width == w);
          REQUIRE(got.conflicts == cert.bank_conflicts);
          REQUIRE(got.wavefronts == cert.wavefronts);
          if (start % line == 0) {
            ++aligned_tiles;
            REQUIRE(got.sectors == cert.sectors);
          }
        }
      continue;
    }
    // Swizzled: the certificate is the worst of every line start in the swizzle's period...
    const index_t period = strider::swizzle_period(sw), starts = period > line ? period / line : 1;
    index_t most_conflicts = 0, most_excess = 0;
    std::set<index_t> counts;
    for (index_t k = 0; k < starts; ++k) {
      const simulated got = at(k * line);
      REQUIRE(got.width == w);
      most_conflicts = std::max(most_conflicts, got.conflicts);
      most_excess = std::max(most_excess, got.worst_excess);
      counts.insert(got.conflicts);
    }
    differing_starts += counts.size() > 1;
    REQUIRE(cert.bank_conflicts == most_conflicts);
    REQUIRE(cert.worst_global.sectors - cert.worst_global.ideal_sectors == most_excess);
    // ...so it bounds every tile of the tiling that starts a line.
    for (index_t i = 0; i < tiles_r; ++i)
      for (index_t j = 0; j < tiles_c; ++j) {
        const index_t start = i * rows * stride + j * cols;
        if (start % line != 0) {
          ++swizzled_below_line;
          continue;
        }
        const simulated got = at(start);
        REQUIRE(got.conflicts <= cert.bank_conflicts);
        REQUIRE(got.worst_excess <= most_excess);
      }
  }
  CHECK(differing_starts > 10);  // the case the offset-0 certificate got wrong is common
  CHECK(aligned_tiles > 50);
  CHECK(swizzled_below_line > 50);
}

TEST_CASE("access: a fixed vector width is checked, and the tile must be the TV layout's") {
  const auto rows = strider::thread_value(dynamic_layout::contiguous({32, 1}), dynamic_layout::contiguous({1, 32}));
  const auto tile = dynamic_layout::contiguous({32, 32});
  CHECK(strider::access(tile, rows, 4).vector_width == 4);
  CHECK(strider::access(tile, rows, 4, 1).vector_width == 1);
  CHECK(strider::access(tile, rows, 2).vector_width == 8);
  CHECK_THROWS_WITH(strider::access(dynamic_layout({32, 32}, {33, 1}), rows, 4, 4),
                    "access: vectors of 4 elements do not hold: thread 1's values 0 to 3 are not 4 consecutive offsets from a multiple of 4 (the first is at offset 33)");
  CHECK_THROWS_WITH(strider::access(tile, rows, 4, 8), "access: a vector of 8 elements of 4 bytes is not a power of two of at most 16 bytes");
  CHECK_THROWS_WITH(strider::access(tile, rows, 3), "access: an element of 3 bytes is not 1, 2, 4, 8 or 16 bytes");
  CHECK_THROWS_WITH(strider::access(dynamic_layout::contiguous({32, 16}), rows, 4), "access: extent 16 of tile axis 1 is not the thread-value layout's 32");
  CHECK_THROWS_WITH(strider::access(tile, swizzle_value{3, 0, 2}, rows, 4), Catch::StartsWith("swizzle: |S| = 2 is less than B = 3"));
}

TEST_CASE("conflict_free_swizzle: conflict-free at the same vector width, and no swizzle of fewer bits over the same units is (simulator)") {
  std::mt19937_64 rng{7};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  int found = 0, refused = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const dims t_shape{pick(1, 32), 1}, v_shape{1, index_t{1} << pick(2, 5)};  // each thread a run of its own row
    const auto tv = strider::thread_value(dynamic_layout::contiguous(t_shape), dynamic_layout::contiguous(v_shape));
    const index_t bytes = index_t{1} << pick(1, 3), cols = tv.tile_shape[1];
    const dynamic_layout tile = dynamic_layout::contiguous({tv.tile_shape[0], cols});
    const auto offsets_of = [&](swizzle_value sw) {
      std::vector<std::vector<index_t>> out(static_cast<std::size_t>(tv.threads()));
      for (index_t t = 0; t < tv.threads(); ++t)
        for (index_t v = 0; v < tv.values(); ++v) out[static_cast<std::size_t>(t)].push_back(swizzle_by_bits(sw.bits, sw.base, sw.shift, t * cols + v));
      return out;
    };
    const simulated plain = simulate(offsets_of({}), bytes);
    INFO(t_shape[0] << " threads, rows of " << cols << ", " << bytes << " bytes");
    try {
      const swizzle_value sw = strider::conflict_free_swizzle(tile.value(), tv, bytes);
      const simulated fixed = simulate(offsets_of(sw), bytes);
      REQUIRE(fixed.conflicts == 0);
      REQUIRE(fixed.width == plain.width);
      for (int b = 1; b < sw.bits; ++b)
        for (int s = b; s <= 12; ++s) {
          const simulated fewer = simulate(offsets_of({b, sw.base, s}), bytes);
          REQUIRE((fewer.conflicts > 0 || fewer.width != plain.width));
        }
      found += sw.bits > 0;
    } catch (const layout_error& e) {
      ++refused;
      CHECK_THAT(e.what(), Catch::StartsWith("conflict_free_swizzle: no swizzle of up to 5 bits"));
    }
  }
  CHECK(found > 20);
  WARN("conflict_free_swizzle: " << found << " of 60 needed a swizzle and got the smallest, " << refused << " refused");
}

TEST_CASE("conflict_free_swizzle: one access alone may take a swizzle that narrows another's vectors") {
  // An SGEMM's k-major A tile (8 x 128 floats) stored down its columns: Swizzle<1, 4, 5> (the
  // search tries M from the store's unit up), which keeps the fragment reads' float4s.
  const auto a_store = strider::thread_value(dynamic_layout({2, 128}, {1, 2}), dynamic_layout::contiguous({4, 1}));
  const auto a_fragments = strider::thread_value(dynamic_layout::contiguous({8, 32}), dynamic_layout::contiguous({1, 4}));
  const auto sgemm_tile = dynamic_layout::contiguous({8, 128}).value();
  CHECK(strider::conflict_free_swizzle(sgemm_tile, a_store, 4) == swizzle_value{1, 4, 5});
  CHECK(strider::access_of(sgemm_tile, swizzle_value{1, 4, 5}, a_fragments, 4, 0).vector_width == 4);
  // An 8 x 64 tile of 2-byte elements read down its columns alone: Swizzle<3, 2, 4>, which halves
  // the 16-byte vectors of a second access by rows; the two together: Swizzle<3, 3, 3>.
  const auto columns = strider::thread_value(dynamic_layout({8, 64}, {1, 8}), dynamic_layout::contiguous({1, 1}));
  const auto rows = strider::thread_value(dynamic_layout::contiguous({8, 8}), dynamic_layout::contiguous({1, 8}));
  const auto tile = dynamic_layout::contiguous({8, 64}).value();
  CHECK(strider::conflict_free_swizzle(tile, columns, 2) == swizzle_value{3, 2, 4});
  CHECK(strider::access_of(tile, swizzle_value{3, 2, 4}, rows, 2, 0).vector_width == 4);
  const strider::thread_value_value both[] = {columns, rows};
  CHECK(strider::conflict_free_swizzle(tile, both, 2, 2) == swizzle_value{3, 3, 3});
  CHECK_THROWS_WITH(strider::conflict_free_swizzle(tile, both, 0, 2), "conflict_free_swizzle: 0 accesses (1 to 8)");
  // The run-time forms take a dynamic_layout as well.
  CHECK(strider::conflict_free_swizzle(dynamic_layout::contiguous({8, 64}), columns, 2) == swizzle_value{3, 2, 4});
  CHECK(strider::conflict_free_swizzle(dynamic_layout::contiguous({8, 64}), both, 2, 2) == swizzle_value{3, 3, 3});
}

// The search at the sizes the examples use stays within the compilers' default constant-evaluation
// limits (issue 63; static_tests/cuda/access_search_test.cu for nvcc): a 64 x 64 float tile of
// 256 threads' 16 values, stored by rows of float4s and read down its columns (thread (r, c) of
// a column-major 64 x 4 holds 16 floats of row r; a warp's lanes are 32 rows of one column
// group, 32-way plain), each alone and both together: Swizzle<3, 2, 4> (rows' bits 6-8 into the
// float4 slot's bits 2-4), which g++ 12 found past its operation limit before.
namespace search_within_limits {
using rows_in = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
using rows_down = strider::thread_value_t<strider::column_major<64, 4>, strider::contiguous<1, 16>>;
using tile64 = strider::contiguous<64, 64>;
constexpr swizzle_value alone = strider::conflict_free_swizzle(tile64::value, rows_down::tv_value, 4);
constexpr strider::thread_value_value pair[] = {rows_in::tv_value, rows_down::tv_value};
constexpr swizzle_value together = strider::conflict_free_swizzle(tile64::value, pair, 2, 4);
static_assert(alone == swizzle_value{3, 2, 4} && together == swizzle_value{3, 2, 4});
static_assert(strider::access_of(tile64::value, swizzle_value{}, rows_down::tv_value, 4, 0).worst.ways == 8);
static_assert(strider::access_of(tile64::value, together, rows_down::tv_value, 4, 0).bank_conflicts == 0);
static_assert(strider::access_of(tile64::value, together, rows_in::tv_value, 4, 0).vector_width == 4);
}  // namespace search_within_limits

TEST_CASE("conflict_free_swizzle of two accesses: each conflict-free at its own width, and no swizzle of fewer bits serves both (simulator)") {
  // Tiles of R x C elements read down the columns (thread (i, j) reads k elements of column j
  // from row i k) and by rows in vectors of w (the rows' natural width); offsets by formula.
  int found = 0, checked = 0;
  for (index_t rows : {8, 16})
    for (index_t cols : {32, 64})
      for (index_t bytes : {2, 4})
        for (index_t k : {1, 2})
          for (index_t w : {2, 4, 8}) {
            if (w * bytes > 16 || rows * cols / k > 1024) continue;
            const auto columns = strider::thread_value(dynamic_layout({rows / k, cols}, {1, rows / k}), dynamic_layout({k, 1}, {1, 0}));
            const auto by_rows = strider::thread_value(dynamic_layout::contiguous({rows, cols / w}), dynamic_layout::contiguous({1, w}));
            const auto offsets_of = [&](swizzle_value sw, bool column_reads) {
              std::vector<std::vector<index_t>> out;
              const index_t threads = column_reads ? rows / k * cols : rows * cols / w;
              for (index_t t = 0; t < threads; ++t) {
                std::vector<index_t> values;
                for (index_t v = 0; v < (column_reads ? k : w); ++v) {
                  const index_t plain = column_reads ? (t % (rows / k) * k + v) * cols + t / (rows / k) : t / (cols / w) * cols + t % (cols / w) * w + v;
                  values.push_back(swizzle_by_bits(sw.bits, sw.base, sw.shift, plain));
                }
                out.push_back(values);
              }
              return out;
            };
            const simulated plain_columns = simulate(offsets_of({}, true), bytes), plain_rows = simulate(offsets_of({}, false), bytes);
            const auto serves = [&](swizzle_value sw) {
              const simulated c = simulate(offsets_of(sw, true), bytes), r = simulate(offsets_of(sw, false), bytes);
              return c.conflicts == 0 && r.conflicts == 0 && c.width == plain_columns.width && r.width == plain_rows.width;
            };
            INFO(rows << " x " << cols << ", " << bytes << " bytes, columns by " << k << ", rows by " << w);
            const strider::thread_value_value both[] = {columns, by_rows};
            const dynamic_layout tile = dynamic_layout::contiguous({rows, cols});
            try {
              const swizzle_value sw = strider::conflict_free_swizzle(tile.value(), both, 2, bytes);
              ++checked;
              REQUIRE(serves(sw));
              int span_bits = 0;  // the swizzles whose bits lie in the tile's span
              while ((index_t{1} << span_bits) < rows * cols) ++span_bits;
              for (int b = 1; b < sw.bits; ++b)
                for (int m = 0; m + b <= span_bits; ++m)
                  for (int s = b; m + s <= span_bits; ++s) REQUIRE_FALSE(serves({b, m, s}));
              found += sw.bits > 0;
            } catch (const layout_error& e) {
              CHECK_THAT(e.what(), Catch::StartsWith("conflict_free_swizzle: no swizzle of up to 5 bits"));
            }
          }
  CHECK(found > 5);
  CHECK(checked > 10);
}

TEST_CASE("a replicated thread-value layout whose threads read the same bytes is coalesced (fewer sectors than its lanes' bytes, none beyond)") {
  // 32 threads each reading the same 4 floats (a broadcast): one sector where 32 x 16 bytes
  // would fill 16.
  const dynamic_layout tile = dynamic_layout::contiguous({4});
  const auto everyone = strider::as_thread_value(dynamic_layout({32, 4}, {0, 1}, 0), 1, {4}, strider::replicated);
  const strider::access_report r = strider::access(tile, everyone, 4);
  CHECK(r.vector_width == 4);
  CHECK(r.sectors == 1);
  CHECK(r.ideal_sectors == 16);
  CHECK(strider::is_coalesced(r));
  CHECK_NOTHROW(strider::require_coalesced(r));
  using broadcast = strider::as_thread_value_t<strider::layout<strider::shape<32, 4>, strider::strides<0, 1>>, 1, strider::shape<4>, strider::replicated>;
  STATIC_REQUIRE(strider::require_coalesced_t<strider::contiguous<4>, broadcast, 4>::coalesced);
  // A row per thread is still refused: instruction 0 touches 32 sectors where 4 would do.
  const auto rows = strider::thread_value(dynamic_layout::contiguous({32, 1}), dynamic_layout::contiguous({1, 32}));
  CHECK(!strider::is_coalesced(strider::access(dynamic_layout::contiguous({32, 32}), rows, 4, 1)));
}
