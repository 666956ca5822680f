// The derived properties of dynamic layouts against naive references computed from the whole
// offset table: size (its length), min/max offset and required_span (its extremes), is_unique
// (no repeated entry), is_contiguous (PyTorch's rule is exactly "the table is offset, offset+1,
// ..." for a non-empty layout; empty is contiguous), and element access.
#include <strider/core.hpp>
#include <strider/static.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;

namespace {

struct naive_properties {
  index_t size = 0, min = 0, max = 0, span = 0;
  bool unique = true, contiguous = true;
};

naive_properties naive(const dynamic_layout& l) {
  naive_properties p;
  const index_vec t = offsets(l);
  p.size = static_cast<index_t>(t.size());
  p.min = p.max = l.offset();
  if (!t.empty()) {
    p.min = *std::min_element(t.begin(), t.end());
    p.max = *std::max_element(t.begin(), t.end());
    p.span = p.max + 1;
  }
  p.unique = std::set<index_t>(t.begin(), t.end()).size() == t.size();
  p.contiguous = t.empty() || t == iota(t.front(), p.size);
  return p;
}

void check_against_naive(const dynamic_layout& l) {
  const naive_properties p = naive(l);
  REQUIRE(l.size() == p.size);
  REQUIRE(l.min_offset() == p.min);
  REQUIRE(l.max_offset() == p.max);
  REQUIRE(l.required_span() == p.span);
  REQUIRE(l.is_unique() == p.unique);
  REQUIRE(l.is_contiguous() == p.contiguous);
  for_each_index(l.shape(), [&](const index_vec& i) { REQUIRE(l(dims(i)) == naive_offset(l, i)); });
}

}  // namespace

TEST_CASE("properties of hand-picked layouts") {
  check_against_naive(dynamic_layout{});
  check_against_naive(dynamic_layout({}, {}, 7));
  check_against_naive(dynamic_layout::contiguous({2, 3, 4, 5, 6, 7}));
  check_against_naive(dynamic_layout::column_major({2, 3, 4, 5, 6, 7}));
  check_against_naive(dynamic_layout::contiguous({1, 2, 1, 2, 1, 2, 1, 2}));
  check_against_naive(dynamic_layout::contiguous({2, 0, 3}));
  check_against_naive(dynamic_layout({3, 1, 4}, {4, 100, 1}));  // extent-1 stride ignored
  check_against_naive(dynamic_layout({3, 2}, {2, 3}));           // interleaved, unique
  check_against_naive(dynamic_layout({4, 3}, {2, 3}));           // interleaved, 2*3 == 3*2
  check_against_naive(dynamic_layout({3, 2}, {2000000, 3000000}));
  check_against_naive(dynamic_layout({2, 2}, {4000000, 4000000}));
  check_against_naive(dynamic_layout({3, 4}, {-4, 1}, 8));
  check_against_naive(dynamic_layout({5}, {0}, 2));
  check_against_naive(dynamic_layout({2, 0}, {-5, 1}, 3));
  check_against_naive(strider::unfold(dynamic_layout::contiguous({10}), 0, 3, 2));
  check_against_naive(strider::broadcast_to(dynamic_layout::contiguous({4}), {3, 4}));
}

TEST_CASE("is_unique past unique_check_limit is conservative, and exact below it") {
  // (3, 2, n) with strides (2, 3, 8) reaches {0, 2, 3, 4, 5, 7} + 8k: unique for every n.
  const dynamic_layout below({3, 2, strider::unique_check_limit / 6}, {2, 3, 8});
  const dynamic_layout above({3, 2, strider::unique_check_limit / 6 + 1}, {2, 3, 8});
  CHECK(naive(below).unique);
  CHECK(below.is_unique());
  CHECK(naive(above).unique);
  CHECK_FALSE(above.is_unique());  // documented: may overlap
  // Nested axes are decided exactly at any size.
  CHECK(dynamic_layout::contiguous({1000, 1000}).is_unique());
  CHECK_FALSE(dynamic_layout({1000, 1000}, {1000, 0}).is_unique());
}

TEST_CASE("randomized: properties agree with the naive table") {
  std::mt19937_64 rng(7);
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  for (int round = 0; round < 5000; ++round) {
    // Ranks 0 to 6, extents 0 to 4, strides -9..9: many interleaved and overlapping layouts;
    // some built as C-contiguous (perhaps shifted) to reach the contiguous answers too.
    const auto rank = static_cast<std::size_t>(pick(0, 6));
    dims shape, strides;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(pick(0, 12) == 0 ? 0 : pick(1, rank > 4 ? 3 : 4));
    if (pick(0, 3) == 0) {
      strides = dynamic_layout::contiguous(shape).strides();
      for (std::size_t d = 0; d < rank; ++d)
        if (shape[d] == 1) strides[d] = pick(-9, 9);  // any stride on an extent-1 axis
    } else {
      for (std::size_t d = 0; d < rank; ++d) strides.push_back(pick(-9, 9));
    }
    index_t low = 0;
    for (std::size_t d = 0; d < rank; ++d)
      if (strides[d] < 0 && shape[d] > 0) low += (shape[d] - 1) * strides[d];
    const dynamic_layout l(shape, strides, -low + pick(0, 2));
    CAPTURE(round);
    check_against_naive(l);
  }
}

TEST_CASE("a static layout answers as the same dynamic layout") {
  using L = strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1, ::2">;
  const dynamic_layout d = strider::slice(dynamic_layout::contiguous({3, 4, 5}), "1:, ::-1, ::2");
  CHECK(L::dynamic() == d);
  CHECK(L::size == d.size());
  CHECK(L::is_unique == d.is_unique());
  CHECK(L::is_contiguous == d.is_contiguous());
  CHECK(L::required_span == d.required_span());
  volatile int i = 1, j = 2, k = 1;  // indices the compiler cannot see
  CHECK(L{}(i, j, k) == d(i, j, k));
  CHECK(L{}(i, j, k) == naive_offset(d, {1, 2, 1}));
}
