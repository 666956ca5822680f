// Thread-value layouts, partitions and the products against brute force: for random thread and
// value arrangements every (thread, value) pair is enumerated from the definition (thread t is
// the thread whose offset in Threads is t; its value v sits at thread_coord * Values.shape +
// value_coord, or value_coord * Threads.shape + thread_coord interleaved), hand-written layouts
// are accepted exactly when an enumeration finds every element once (or at least once,
// replicated) and none outside, and a partition reads the element the enumeration names. The
// products are checked against CuTe's definition on a compact block: offset A(a) + size(A) * B(b).
#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <strider/core.hpp>
#include <strider/storage.hpp>
#include <vector>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using strider_test::for_each_index;
using strider_test::index_vec;
using strider_test::message_of;
using strider_test::naive_offset;

namespace {

std::mt19937_64 rng{20261125};
index_t pick(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }

dims to_dims(const index_vec& v) {
  dims out;
  for (index_t x : v) out.push_back(x);
  return out;
}

// A compact layout of these extents numbering [0, size) in a random order of its axes.
dynamic_layout random_numbering(const index_vec& shape) {
  std::vector<std::size_t> order(shape.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  index_vec strides(shape.size());
  index_t step = 1;
  for (std::size_t k : order) {
    strides[k] = step;
    step *= shape[k];
  }
  return dynamic_layout(to_dims(shape), to_dims(strides));
}

// The C-order index of a coordinate in a shape.
index_t c_index(const index_vec& coordinate, const index_vec& shape) {
  index_t i = 0;
  for (std::size_t k = 0; k < shape.size(); ++k) i = i * shape[k] + coordinate[k];
  return i;
}

// The C-order digits of i over the extents of axes [first, last) of l.
index_vec digits(index_t i, const strider::layout_value& l, std::size_t first, std::size_t last) {
  index_vec out(last - first);
  for (std::size_t k = last; k-- > first;) {
    out[k - first] = i % l.shape[k];
    i /= l.shape[k];
  }
  return out;
}

}  // namespace

TEST_CASE("thread_value: thread t holds as value v the element the definition names, each element once (brute force)") {
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    index_vec t_shape(rank), v_shape(rank);
    index_t threads = 1, values = 1;
    for (std::size_t k = 0; k < rank; ++k) {
      t_shape[k] = threads >= 64 ? 1 : pick(1, 8);
      v_shape[k] = values >= 8 ? 1 : pick(1, 4);
      threads *= t_shape[k];
      values *= v_shape[k];
    }
    const dynamic_layout thr = random_numbering(t_shape), val = random_numbering(v_shape);
    const bool spread = pick(0, 1) == 1;
    const auto tv = strider::thread_value(thr, val, spread ? strider::interleaved : strider::blocked);
    INFO(strider_test::describe(thr) << " x " << strider_test::describe(val) << (spread ? " interleaved" : " blocked"));
    REQUIRE(tv.threads() == threads);
    REQUIRE(tv.values() == values);
    index_vec tile(rank);
    for (std::size_t k = 0; k < rank; ++k) {
      tile[k] = t_shape[k] * v_shape[k];
      REQUIRE(tv.tile_shape[k] == tile[k]);
    }
    std::set<index_t> seen;
    for_each_index(to_dims(t_shape), [&](const index_vec& tc) {
      const index_t t = naive_offset(thr, tc);
      for_each_index(to_dims(v_shape), [&](const index_vec& vc) {
        const index_t v = naive_offset(val, vc);
        index_vec element(rank);
        for (std::size_t k = 0; k < rank; ++k) element[k] = spread ? vc[k] * t_shape[k] + tc[k] : tc[k] * v_shape[k] + vc[k];
        const index_t expected = c_index(element, tile);
        REQUIRE(tv.element(t, v) == expected);
        // The layout itself, read at the C-order digits of t and v, says the same.
        index_vec at = digits(t, tv.layout, 0, tv.thread_rank());
        const index_vec vd = digits(v, tv.layout, tv.thread_rank(), tv.layout.rank);
        at.insert(at.end(), vd.begin(), vd.end());
        REQUIRE(naive_offset(dynamic_layout(tv.layout), at) == expected);
        seen.insert(expected);
      });
    });
    REQUIRE(static_cast<index_t>(seen.size()) == threads * values);
  }
}

TEST_CASE("partition(tile, tv, t) reads each value of thread t where the tile keeps its element (brute force)") {
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    index_vec t_shape(rank), v_shape(rank), tile(rank), strides(rank);
    for (std::size_t k = 0; k < rank; ++k) {
      t_shape[k] = pick(1, 6);
      v_shape[k] = pick(1, 3);
      tile[k] = t_shape[k] * v_shape[k];
      strides[k] = pick(0, 40);
    }
    const bool spread = pick(0, 1) == 1;
    const auto tv = strider::thread_value(random_numbering(t_shape), random_numbering(v_shape), spread ? strider::interleaved : strider::blocked);
    const dynamic_layout tile_layout(to_dims(tile), to_dims(strides), pick(0, 7));
    INFO(strider_test::describe(tile_layout));
    for (index_t t = 0; t < tv.threads(); ++t) {
      const dynamic_layout mine = strider::partition(tile_layout, tv, t);
      REQUIRE(mine.rank() == tv.value_rank);
      REQUIRE(mine.storage_size() == tile_layout.storage_size());
      for (index_t v = 0; v < tv.values(); ++v) {
        index_vec element(rank);
        index_t e = tv.element(t, v);
        for (std::size_t k = rank; k-- > 0;) {
          element[k] = e % tile[k];
          e /= tile[k];
        }
        REQUIRE(naive_offset(mine, digits(v, tv.layout, tv.thread_rank(), tv.layout.rank)) == naive_offset(tile_layout, element));
      }
    }
    CHECK(message_of([&] { (void)strider::partition(tile_layout, tv, tv.threads()); }) ==
          "partition: thread " + std::to_string(tv.threads()) + " is out of range for " + std::to_string(tv.threads()) + " threads");
  }
  CHECK(message_of([] { (void)strider::partition(dynamic_layout({4, 4}, {4, 1}), strider::thread_value(dynamic_layout({2, 2}, {2, 1}), dynamic_layout({2, 1}, {1, 1})), 0); }) ==
        "partition: extent 4 of tile axis 1 is not the thread-value layout's 2");
}

TEST_CASE("as_thread_value accepts a hand-written layout exactly when every element is held once, or at least once replicated (brute force)") {
  int accepted = 0, refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 4));
    index_vec shape(rank), strides(rank);
    for (std::size_t k = 0; k < rank; ++k) {
      shape[k] = pick(1, 4);
      strides[k] = pick(0, 3) == 0 ? 0 : pick(1, 12);
    }
    const dynamic_layout l(to_dims(shape), to_dims(strides));
    const std::size_t value_rank = static_cast<std::size_t>(pick(0, static_cast<index_t>(rank)));
    const index_t count = l.size();
    // A tile whose size is near the element count, of rank 1 or 2.
    const index_t size = std::max<index_t>(1, count + pick(-2, 1));
    dims tile{size};
    if (size % 2 == 0 && pick(0, 1) == 1) tile = dims{2, size / 2};
    const bool replicated = pick(0, 2) == 0;
    // The reference: every (thread, value) in order, the first problem.
    std::string expected = "(no error)";
    std::vector<std::pair<index_t, index_t>> holder(static_cast<std::size_t>(size), {-1, -1});
    index_t threads = 1;
    for (std::size_t k = 0; k + value_rank < rank; ++k) threads *= shape[k];
    const index_t values = count / threads;
    const auto coordinate = [&](index_t e) {
      // Appended piece by piece: "(" + a temporary string draws g++ 12's false -Wrestrict from libstdc++.
      std::string text = "(";
      if (tile.size() == 1) return text.append(std::to_string(e)).append(")");
      return text.append(std::to_string(e / tile[1])).append(", ").append(std::to_string(e % tile[1])).append(")");
    };
    index_t n = 0;
    for_each_index(l.shape(), [&](const index_vec& i) {
      const index_t t = n / values, v = n % values, e = naive_offset(l, i);
      ++n;
      if (expected != "(no error)") return;
      if (e >= size) {
        expected = "thread_value: thread " + std::to_string(t) + " value " + std::to_string(v) + " is at index " + std::to_string(e) + ", outside the tile of " + std::to_string(size) + " elements";
      } else if (holder[static_cast<std::size_t>(e)].first >= 0 && !replicated) {
        const auto [ta, va] = holder[static_cast<std::size_t>(e)];
        expected = ta == t ? "thread_value: thread " + std::to_string(t) + " holds element " + coordinate(e) + " twice, as values " + std::to_string(va) + " and " + std::to_string(v)
                           : "thread_value: threads " + std::to_string(ta) + " and " + std::to_string(t) + " both hold element " + coordinate(e) + " (values " + std::to_string(va) + " and " + std::to_string(v) + "); declare `replicated` if that is meant";
      } else if (holder[static_cast<std::size_t>(e)].first < 0) {
        holder[static_cast<std::size_t>(e)] = {t, v};
      }
    });
    for (index_t e = 0; e < size && expected == "(no error)"; ++e)
      if (holder[static_cast<std::size_t>(e)].first < 0) expected = "thread_value: element " + coordinate(e) + " is held by no thread";
    INFO(strider_test::describe(l) << " value_rank " << value_rank << " tile " << size << (replicated ? " replicated" : ""));
    CHECK(message_of([&] { (void)strider::as_thread_value(l, value_rank, tile, replicated ? strider::replicated : strider::exactly_once); }) == expected);
    (expected == "(no error)" ? accepted : refused)++;
  }
  CHECK(accepted > 100);  // both outcomes are exercised
  CHECK(refused > 100);
}

TEST_CASE("thread_value refuses arrangements that do not number their threads and values") {
  CHECK(message_of([] { (void)strider::thread_value(dynamic_layout({4, 2}, {2, 3}), dynamic_layout({1, 4}, {4, 1})); }) ==
        "thread_value: Threads does not number 0 to N - 1 once each: axis 0 (extent 4) has stride 2 (contiguous<...>, column_major<...> or another compact layout at offset 0)");
  CHECK(message_of([] { (void)strider::thread_value(dynamic_layout({4}, {1}), dynamic_layout({1, 4}, {4, 1})); }) ==
        "thread_value: Threads has rank 1 and Values rank 2; they need one axis per tile axis each");
  CHECK(message_of([] { (void)strider::thread_value(dynamic_layout({4}, {1}, 1), dynamic_layout({4}, {1})); }) ==
        "thread_value: Threads starts at offset 1; it numbers from 0 (contiguous<...> or column_major<...>)");
  CHECK(message_of([] { (void)strider::thread_value(dynamic_layout({2, 2, 2, 2, 2}, {16, 8, 4, 2, 1}), dynamic_layout({1, 1, 1, 1, 1}, {1, 1, 1, 1, 1})); }) ==
        "thread_value: a rank-5 tile needs 10 axes, more than max_rank (8)");
  CHECK(message_of([] { (void)strider::thread_value(dynamic_layout({4}, {1}), dynamic_layout({4}, {1})).element(4, 0); }) ==
        "thread_value: thread 4 is out of range for 4 threads");
}

TEST_CASE("blocked_product and raked_product: CuTe's definition on a compact block, offset A(a) + size(A) * B(b)") {
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 3));
    const std::size_t arrangement_rank = static_cast<std::size_t>(pick(1, 3));
    index_vec a_shape(rank), b_shape(arrangement_rank), b_strides(arrangement_rank);
    for (auto& e : a_shape) e = pick(1, 4);
    for (std::size_t k = 0; k < arrangement_rank; ++k) {
      b_shape[k] = pick(1, 4);
      b_strides[k] = pick(0, 6);
    }
    const dynamic_layout a = random_numbering(a_shape), b(to_dims(b_shape), to_dims(b_strides));
    INFO(strider_test::describe(a) << " by " << strider_test::describe(b));
    const std::size_t r = std::max(rank, arrangement_rank);
    const dynamic_layout blocked = strider::blocked_product(a, b), raked = strider::raked_product(a, b);
    REQUIRE(blocked.rank() == 2 * r);
    REQUIRE(raked.rank() == 2 * r);
    // Padded coordinates: leading extent-1 axes on the smaller rank.
    index_vec ap(r, 1), bp(r, 1);
    std::copy(a_shape.begin(), a_shape.end(), ap.begin() + static_cast<std::ptrdiff_t>(r - rank));
    std::copy(b_shape.begin(), b_shape.end(), bp.begin() + static_cast<std::ptrdiff_t>(r - arrangement_rank));
    index_vec both(2 * r);
    for (std::size_t k = 0; k < r; ++k) {
      both[2 * k] = bp[k];
      both[2 * k + 1] = ap[k];
    }
    for_each_index(to_dims(both), [&](const index_vec& i) {
      index_vec ai(i.size() / 2), bi(i.size() / 2);
      for (std::size_t k = 0; k < r; ++k) {
        bi[k] = i[2 * k];
        ai[k] = i[2 * k + 1];
      }
      const index_vec a_index(ai.begin() + static_cast<std::ptrdiff_t>(r - rank), ai.end());
      const index_vec b_index(bi.begin() + static_cast<std::ptrdiff_t>(r - arrangement_rank), bi.end());
      const index_t expected = naive_offset(a, a_index) + a.size() * naive_offset(b, b_index);
      REQUIRE(naive_offset(blocked, i) == expected);
      index_vec swapped(i.size());
      for (std::size_t k = 0; k < r; ++k) {
        swapped[2 * k] = ai[k];
        swapped[2 * k + 1] = bi[k];
      }
      REQUIRE(naive_offset(raked, swapped) == expected);
    });
  }
  CHECK(message_of([] { (void)strider::blocked_product(dynamic_layout({2}, {1}, 1), dynamic_layout({2}, {1})); }) ==
        "blocked_product: the block starts at offset 1, not 0 (it is read as a function of the index)");
}

TEST_CASE("thread-value layouts at the edges: rank 0, int64 overflow, tiles too large to enumerate") {
  // Rank 0: one thread holding the one element of a rank-0 tile.
  const auto scalar = strider::thread_value(dynamic_layout(dims{}, dims{}), dynamic_layout(dims{}, dims{}));
  CHECK(scalar.threads() == 1);
  CHECK(scalar.values() == 1);
  CHECK(scalar.tile_rank == 0);
  CHECK(scalar.element(0, 0) == 0);
  const dynamic_layout at5 = strider::partition(dynamic_layout(dims{}, dims{}, 5), scalar, 0);
  CHECK(at5.rank() == 0);
  CHECK(at5.offset() == 5);
  CHECK(strider::as_thread_value(dynamic_layout(dims{}, dims{}), 0, dims{}).tile_size() == 1);
  // Tiles whose element count does not fit in int64 are refused, never wrapped.
  const index_t big = index_t{1} << 32;
  CHECK(message_of([&] { (void)strider::thread_value(dynamic_layout({big}, {1}), dynamic_layout({big}, {1})); }) ==
        "thread_value: int64 overflow computing 4294967296 * 4294967296");
  CHECK(message_of([&] { (void)strider::as_thread_value(dynamic_layout({2}, {1}), 1, dims{big, big}); }) ==
        "thread_value: int64 overflow computing 4294967296 * 4294967296");
  // A layout the fast test cannot clear is enumerated, up to max_enumerated_tile elements.
  CHECK(message_of([&] { (void)strider::as_thread_value(dynamic_layout({2}, {2}), 1, dims{index_t{1} << 25}); }) ==
        "thread_value: the layout is not a compact numbering of its tile, and its 1 threads x 2 values over 33554432 elements are more than the check enumerates (16777216)");
  // A compact one of any size is cleared without enumerating.
  CHECK(strider::as_thread_value(dynamic_layout({index_t{1} << 20, index_t{1} << 20}, {index_t{1} << 20, 1}), 1, dims{index_t{1} << 40}).threads() == index_t{1} << 20);
  CHECK(message_of([] { (void)strider::partition(dynamic_layout({4}, {1}), strider::thread_value(dynamic_layout({2, 2}, {2, 1}), dynamic_layout({1, 1}, {1, 1})), 0); }) ==
        "partition: the tile has rank 1, the thread-value layout's tile rank 2");
}

TEST_CASE("partition of a masked tile: each value is data exactly when its element is inside the matrix (naive bounds check)") {
  using blocked_tv = strider::thread_value_t<strider::contiguous<4, 4>, strider::contiguous<2, 4>>;
  using spread_tv = strider::thread_value_t<strider::column_major<4, 4>, strider::contiguous<2, 4>, strider::interleaved>;
  for (const index_t rows : {37, 40, 8, 3}) {  // 40 and 8 divide the tile's 8 rows; 37 and 3 do not
    std::vector<float> data(static_cast<std::size_t>(rows * 21));
    const strider::tensor_view<float, strider::contiguous<strider::dyn, 21>> m(data.data(), strider::contiguous<strider::dyn, 21>(rows));
    const auto tiles = strider::tile<strider::masked, 8, 16>(m);
    const auto check = [&](auto tv) {
      using TV = decltype(tv);
      for (index_t ti = 0; ti < (rows + 7) / 8; ++ti)
        for (index_t tj = 0; tj < 2; ++tj)
          for (index_t t = 0; t < TV::threads; ++t) {
            const auto mine = strider::partition(tiles.tile(ti, tj), tv, t);
            for (index_t v = 0; v < TV::values; ++v) {
              const index_t e = TV::element(t, v);
              const index_t row = ti * 8 + e / 16, column = tj * 16 + e % 16;
              const index_t w0 = v / 4, w1 = v % 4;  // Values contiguous<2, 4>: value v is (v / 4, v % 4)
              const bool inside = row < rows && column < 21;
              INFO("rows " << rows << " tile (" << ti << ", " << tj << ") thread " << t << " value " << v);
              REQUIRE(mine.in_bounds(w0, w1) == inside);
              if (inside) REQUIRE(&mine(w0, w1) == &m(row, column));
#ifndef NDEBUG  // element access checks the mask unless NDEBUG
              else CHECK(message_of([&] { (void)mine(w0, w1); }) == "masked: the element is past the data (check in_bounds first)");
#endif
            }
          }
    };
    check(blocked_tv{});
    check(spread_tv{});
  }
}

TEST_CASE("partition_vector_width: the widest power of two in which every thread's values, in groups in C order, are contiguous and aligned (brute force)") {
  int wide = 0;  // trials whose answer is 4 or more: the reference is not always 1
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t rank = static_cast<std::size_t>(pick(1, 2));
    index_vec t_shape(rank), v_shape(rank), tile(rank), strides(rank);
    for (std::size_t k = 0; k < rank; ++k) {
      t_shape[k] = pick(1, 4);
      v_shape[k] = index_t{1} << pick(0, 3);
      tile[k] = t_shape[k] * v_shape[k];
    }
    // Row-major strides, the rows padded by 0 to 3 elements.
    strides[rank - 1] = 1;
    for (std::size_t k = rank - 1; k-- > 0;) strides[k] = strides[k + 1] * tile[k + 1] + (k == rank - 2 ? pick(0, 3) : 0);
    const bool spread = pick(0, 3) == 0;
    const auto tv = strider::thread_value(random_numbering(t_shape), random_numbering(v_shape), spread ? strider::interleaved : strider::blocked);
    const dynamic_layout tile_layout(to_dims(tile), to_dims(strides));
    const index_t bytes = index_t{1} << pick(0, 2), alignment = index_t{1} << pick(0, 5);
    // The reference: for each power of two w with w * bytes dividing the alignment, every thread's
    // values in C order fall in groups of w at consecutive offsets, each starting at a multiple of w.
    index_t expected = 1;
    for (index_t w = 2; w * bytes <= alignment && w <= tv.values(); w *= 2) {
      if (tv.values() % w != 0) break;
      bool fits = true;
      for (index_t t = 0; t < tv.threads() && fits; ++t) {
        const dynamic_layout mine = strider::partition(tile_layout, tv, t);
        const index_vec o = strider_test::offsets(mine);
        for (std::size_t g = 0; g < o.size() && fits; g += static_cast<std::size_t>(w)) {
          fits = o[g] % w == 0;
          for (std::size_t e = 1; e < static_cast<std::size_t>(w) && fits; ++e) fits = o[g + e] == o[g] + static_cast<index_t>(e);
        }
      }
      if (!fits) break;
      expected = w;
    }
    INFO(strider_test::describe(tile_layout) << (spread ? " interleaved" : " blocked") << ", " << bytes << "-byte elements aligned to " << alignment);
    CHECK(strider::partition_vector_width(tile_layout.value(), tv, bytes, alignment) == expected);
    if (expected >= 4) ++wide;
  }
  CHECK(wide > 20);
}
