// Every view operation of the run-time API, checked two independent ways:
//  - whole offset tables from NumPy: a view of np.arange(n) holds its own storage offsets as
//    values, so `v.ravel().tolist()` is the expected table (the values below were read that way);
//  - a randomized sweep over small layouts (negative, zero and interleaved strides, extents 0 and
//    1, ranks 0 to 4) that checks each operation against its definition at the level of indices
//    (flip maps i to n-1-i, diagonal walks (k, k+offset), ...), never against a stride formula.
#include <strider/core.hpp>

#include <algorithm>
#include <random>
#include <string>

#include "catch.hpp"
#include "test_helpers.hpp"

using namespace strider_test;
using strider::broadcast_shapes;
using strider::can_view;

namespace {
const dynamic_layout A = dynamic_layout::contiguous({3, 4});     // np.arange(12).reshape(3, 4)
const dynamic_layout B = dynamic_layout::contiguous({2, 3, 4});  // np.arange(24).reshape(2, 3, 4)
}  // namespace

TEST_CASE("slice tables match NumPy") {
  CHECK(offsets(strider::slice(A, "1:, ::-2")) == index_vec{7, 5, 11, 9});
  CHECK(offsets(strider::slice(A, "::-1, None, 1:3")) == index_vec{9, 10, 5, 6, 1, 2});
  CHECK(offsets(strider::slice(A, "-1, ::-3")) == index_vec{11, 8});
  CHECK(offsets(strider::slice(A, "..., 2:0:-1")) == index_vec{2, 1, 6, 5, 10, 9});
  CHECK(offsets(strider::slice(B, ":, ::-1, 1")) == index_vec{9, 5, 1, 21, 17, 13});
  CHECK(offsets(strider::slice(B, "1, None, ..., ::3")) == index_vec{12, 15, 16, 19, 20, 23});
  CHECK(offsets(strider::slice(B, "::-1, 1:, ::-2")) == index_vec{19, 17, 23, 21, 7, 5, 11, 9});
  const auto s = strider::slice(B, "1, None, ..., ::3");
  CHECK(s.shape() == dims{1, 3, 2});
  CHECK(s.strides() == dims{0, 4, 3});
  CHECK(s.offset() == 12);
  // Rank 0 results and empty results.
  const auto e = strider::slice(A, "1, 2");
  CHECK(e.rank() == 0);
  CHECK(e.offset() == 6);
  CHECK(e() == 6);
  CHECK(offsets(strider::slice(A, "2:1, :")).empty());
  CHECK(strider::slice(A, "2:1, :").shape() == dims{0, 4});
  // NumPy's a[()] is the whole array, and a parenthesized tuple is its items: a[(1, 2)] is a[1, 2].
  CHECK(strider::slice(B, "()") == B);
  CHECK(strider::slice(B, " ( ) ") == B);
  CHECK(strider::slice(dynamic_layout{}, "()") == dynamic_layout{});
  CHECK(strider::slice(A, "(1, 2)").rank() == 0);
  CHECK(strider::slice(A, "(1, 2)").offset() == 6);
  CHECK(offsets(strider::slice(A, "(::-2,)")) == index_vec{8, 9, 10, 11, 0, 1, 2, 3});
}

TEST_CASE("permute, transpose and flip tables match NumPy") {
  CHECK(offsets(strider::permute(B, {2, 0, 1})) ==
        index_vec{0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23});
  CHECK(offsets(strider::flip(B, {0, 2})) ==
        index_vec{15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8});
  CHECK(offsets(strider::transpose(B, 0, 2)) ==
        index_vec{0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23});
  CHECK(strider::permute(B, {-1, 0, -2}) == strider::permute(B, {2, 0, 1}));
  CHECK(strider::transpose(B, -1, 0) == strider::transpose(B, 0, 2));
  // flip() flips every axis; an empty axis list flips none, as NumPy's flip(a, axis=()).
  CHECK(offsets(strider::flip(B)) == [] {
    index_vec v = iota(0, 24);
    std::reverse(v.begin(), v.end());
    return v;
  }());
  CHECK(strider::flip(B, {}) == B);
  CHECK(strider::flip(dynamic_layout{}) == dynamic_layout{});
  CHECK(strider::permute(dynamic_layout{}, {}) == dynamic_layout{});
}

TEST_CASE("broadcast tables match NumPy") {
  const auto column = strider::slice(A, "::-1, 1:2");  // shape (3, 1)
  CHECK(offsets(strider::broadcast_to(column, {2, 3, 4})) ==
        index_vec{9, 9, 9, 9, 5, 5, 5, 5, 1, 1, 1, 1, 9, 9, 9, 9, 5, 5, 5, 5, 1, 1, 1, 1});
  const auto b = strider::broadcast_to(column, {2, 3, 4});
  CHECK(b.strides() == dims{0, -4, 0});
  CHECK_FALSE(b.is_unique());
  CHECK(b.required_span() == 10);
  CHECK(broadcast_shapes({{3, 1}, {4}}) == dims{3, 4});
  CHECK(broadcast_shapes({{2, 1, 3}, {5, 1}, {1}}) == dims{2, 5, 3});
  CHECK(broadcast_shapes({{1}, {0}}) == dims{0});
  CHECK(broadcast_shapes({}) == dims{});
  CHECK(broadcast_shapes({{}, {}}) == dims{});
  CHECK(broadcast_to(dynamic_layout{}, {}) == dynamic_layout{});
}

TEST_CASE("view and reshape tables match NumPy") {
  const auto t = strider::transpose(B, 0, 1);  // shape (3, 2, 4)
  CHECK(can_view(t, {3, 2, 2, 2}));
  CHECK(offsets(strider::view(t, {3, 2, 2, 2})) ==
        index_vec{0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23});
  CHECK(offsets(strider::view(strider::flip(B, {1}), {2, 3, 2, 2})) ==
        index_vec{8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15});
  // No view of t as (6, 4): reshape gives the layout of the C-order copy.
  CHECK_FALSE(can_view(t, {6, 4}));
  CHECK_FALSE(can_view(t, {-1}));
  CHECK(strider::reshape(t, {6, 4}) == dynamic_layout::contiguous({6, 4}));
  CHECK(strider::reshape(t, {3, 2, 2, 2}) == strider::view(t, {3, 2, 2, 2}));
  CHECK(strider::view(A, {-1}) == dynamic_layout::contiguous({12}));
  CHECK(strider::view(dynamic_layout{}, {1, 1, 1}) == dynamic_layout::contiguous({1, 1, 1}));
  CHECK(strider::view(dynamic_layout::contiguous({1, 1}), {}) == dynamic_layout{});
}

TEST_CASE("squeeze and unsqueeze") {
  const auto o = dynamic_layout::contiguous({1, 4, 1});
  CHECK(strider::squeeze(o).shape() == dims{4});
  CHECK(strider::squeeze(o, {0}).shape() == dims{4, 1});
  CHECK(strider::squeeze(o, {-1, 0}) == strider::squeeze(o));
  CHECK(strider::squeeze(o, {}) == o);  // NumPy's squeeze(axis=()) removes nothing
  CHECK(strider::squeeze(dynamic_layout{}) == dynamic_layout{});
  CHECK(strider::unsqueeze(A, 1).shape() == dims{3, 1, 4});
  CHECK(strider::unsqueeze(A, 1).strides() == dims{4, 4, 1});
  CHECK(strider::unsqueeze(A, -1).strides() == dims{4, 1, 1});
  CHECK(strider::unsqueeze(A, -3) == strider::unsqueeze(A, 0));
  CHECK(strider::unsqueeze(dynamic_layout{}, -1) == dynamic_layout::contiguous({1}));
}

TEST_CASE("diagonal tables match NumPy") {
  CHECK(offsets(strider::diagonal(B, 1, 1, 2)) == index_vec{1, 6, 11, 13, 18, 23});
  CHECK(offsets(strider::diagonal(B, -1, 2, 0)) == index_vec{1, 14, 5, 18, 9, 22});
  CHECK(offsets(strider::diagonal(A, -1)) == index_vec{4, 9});
  CHECK(offsets(strider::diagonal(A)) == index_vec{0, 5, 10});
  CHECK(strider::diagonal(A, 4).shape() == dims{0});
  CHECK(strider::diagonal(A, -3).shape() == dims{0});
  CHECK(strider::diagonal(A, INT64_MIN).shape() == dims{0});
  CHECK(strider::diagonal(A, INT64_MAX).shape() == dims{0});
}

TEST_CASE("unfold tables match NumPy's sliding windows") {
  // sliding_window_view(b, 2, axis=2)[:, :, ::2] and sliding_window_view(b, 2, axis=1).
  CHECK(offsets(strider::unfold(B, 2, 2, 2)) == iota(0, 24));
  CHECK(offsets(strider::unfold(B, 1, 2, 1)) ==
        index_vec{0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 5, 9, 6, 10, 7, 11, 12, 16, 13, 17, 14, 18, 15, 19, 16, 20, 17, 21, 18, 22, 19, 23});
  CHECK(strider::unfold(B, 1, 2, 1).shape() == dims{2, 2, 4, 2});
  // PyTorch: a rank-0 layout unfolds into shape [size], stride [1].
  const auto scalar = strider::unfold(dynamic_layout{}, 0, 1, 1);
  CHECK(scalar.shape() == dims{1});
  CHECK(scalar.strides() == dims{1});
  CHECK(strider::unfold(dynamic_layout{}, -1, 0, 7).shape() == dims{0});
}

TEST_CASE("as_strided") {
  const auto s = strider::as_strided(A, {2, 2}, {1, 4}, 1);
  CHECK(offsets(s) == index_vec{1, 5, 2, 6});
  CHECK(offsets(strider::as_strided(A, {3}, {-4}, 8)) == index_vec{8, 4, 0});
  CHECK(offsets(strider::as_strided(A, {2, 3}, {0, 5}, 1)) == index_vec{1, 6, 11, 1, 6, 11});
  CHECK(strider::as_strided(A, {}, {}, 11)() == 11);
  CHECK(strider::as_strided(A, {0, 4}, {1000, 1}, 500).size() == 0);
  // The span of a flipped input is the same storage.
  CHECK(strider::as_strided(strider::flip(A), {12}, {1}, 0) == dynamic_layout::contiguous({12}));
}

// --- The randomized sweep ------------------------------------------------------------------------

namespace {

struct sweep {
  std::mt19937_64 rng{20240611};
  index_t pick(index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); }

  // A random valid layout: extents 0..4 (mostly >= 1), strides -7..7 (zero included), and the
  // smallest offset that keeps every element at offset >= 0, plus a little.
  dynamic_layout layout(std::size_t max_rank = 4) {
    const auto rank = static_cast<std::size_t>(pick(0, static_cast<index_t>(max_rank)));
    dims shape, strides;
    index_t low = 0;
    for (std::size_t d = 0; d < rank; ++d) {
      shape.push_back(pick(0, 9) == 0 ? 0 : pick(1, 4));
      strides.push_back(pick(-7, 7));
      if (strides[d] < 0 && shape[d] > 0) low += (shape[d] - 1) * strides[d];
    }
    return dynamic_layout(shape, strides, -low + pick(0, 3));
  }
};

// Operations whose result only selects elements of their input return it without validating it
// again (core/operations.hpp, subset_result): check here that every result is a valid layout,
// written the way validate writes it (rebuilding it from its raw value validates it).
void require_valid(const dynamic_layout& r) {
  REQUIRE_NOTHROW(dynamic_layout(r.value()));
  REQUIRE(dynamic_layout(r.value()) == r);
}

index_vec permuted(const index_vec& j, const dims& axes) {  // i[axes[k]] = j[k]
  index_vec i(j.size());
  for (std::size_t k = 0; k < axes.size(); ++k) i[static_cast<std::size_t>(axes[k])] = j[k];
  return i;
}

}  // namespace

TEST_CASE("randomized: every operation agrees with its index-level definition") {
  sweep g;
  for (int round = 0; round < 5000; ++round) {
    const dynamic_layout l = g.layout();
    const auto rank = static_cast<index_t>(l.rank());
    CAPTURE(round, l.shape().size());

    // permute: a random permutation, written with negative axes half the time.
    dims axes;
    for (index_t d = 0; d < rank; ++d) axes.push_back(d);
    std::shuffle(axes.begin(), axes.end(), g.rng);
    dims spelled = axes;
    for (auto& a : spelled)
      if (g.pick(0, 1)) a -= rank;
    const auto p = strider::permute(l, spelled);
    require_valid(p);
    for_each_index(p.shape(), [&](const index_vec& j) { REQUIRE(naive_offset(p, j) == naive_offset(l, permuted(j, axes))); });
    for (std::size_t k = 0; k < axes.size(); ++k) REQUIRE(p.extent(k) == l.extent(static_cast<std::size_t>(axes[k])));

    // flip: a random subset of axes reversed.
    dims flipped;
    for (index_t d = 0; d < rank; ++d)
      if (g.pick(0, 1)) flipped.push_back(d);
    const auto f = strider::flip(l, flipped);
    require_valid(f);
    REQUIRE(f.shape() == l.shape());
    for_each_index(f.shape(), [&](const index_vec& j) {
      index_vec i = j;
      for (index_t a : flipped) i[a] = l.extent(a) - 1 - j[a];
      REQUIRE(naive_offset(f, j) == naive_offset(l, i));
    });

    if (rank >= 2) {  // transpose and diagonal on two distinct random axes
      const index_t a = g.pick(0, rank - 1), b = (a + g.pick(1, rank - 1)) % rank;
      const auto t = strider::transpose(l, a, b);
      require_valid(t);
      for_each_index(t.shape(), [&](const index_vec& j) {
        index_vec i = j;
        std::swap(i[a], i[b]);
        REQUIRE(naive_offset(t, j) == naive_offset(l, i));
      });
      const index_t k = g.pick(-5, 5);
      const auto dg = strider::diagonal(l, k, a, b);
      require_valid(dg);
      // Naive length: count the steps (r, r + k) that stay inside both axes.
      index_t length = 0;
      while (length + std::max<index_t>(-k, 0) < l.extent(a) && length + std::max<index_t>(k, 0) < l.extent(b)) ++length;
      REQUIRE(dg.extent(dg.rank() - 1) == length);
      for_each_index(dg.shape(), [&](const index_vec& j) {
        index_vec i;
        std::size_t next = 0;
        for (index_t d = 0; d < rank; ++d) i.push_back(d == a || d == b ? 0 : j[next++]);
        i[a] = j.back() + std::max<index_t>(-k, 0);
        i[b] = j.back() + std::max<index_t>(k, 0);
        REQUIRE(naive_offset(dg, j) == naive_offset(l, i));
      });
    }

    // broadcast_to: up to two new leading axes; extent-1 axes stretched at random.
    dims target;
    const index_t lead = g.pick(0, 2);
    for (index_t d = 0; d < lead; ++d) target.push_back(g.pick(0, 3));
    for (index_t e : l.shape()) target.push_back(e == 1 ? g.pick(0, 3) : e);
    const auto bc = strider::broadcast_to(l, target);
    require_valid(bc);
    REQUIRE(bc.shape() == target);
    REQUIRE(broadcast_shapes({l.shape(), target}) == target);
    for_each_index(bc.shape(), [&](const index_vec& j) {
      index_vec i;
      for (index_t d = 0; d < rank; ++d) i.push_back(l.extent(d) == 1 ? 0 : j[d + lead]);
      REQUIRE(naive_offset(bc, j) == naive_offset(l, i));
    });

    // squeeze / unsqueeze keep the elements and their C order.
    REQUIRE(offsets(strider::squeeze(l)) == offsets(l));
    require_valid(strider::squeeze(l));
    const auto u = strider::unsqueeze(l, g.pick(-rank - 1, rank));
    require_valid(u);
    REQUIRE(u.rank() == l.rank() + 1);
    REQUIRE(offsets(u) == offsets(l));

    // view keeps the C order when it exists; reshape otherwise is the C-order copy. A random
    // split of the flattened size: (size) or (x, size / x).
    const index_t n = l.size();
    dims shape = {n};
    if (n > 0) {
      index_t x = g.pick(1, n);
      while (n % x != 0) --x;
      shape = {x, -1};
    }
    require_valid(strider::reshape(l, shape));
    if (can_view(l, shape)) {
      require_valid(strider::view(l, shape));
      REQUIRE(offsets(strider::view(l, shape)) == offsets(l));
      REQUIRE(strider::reshape(l, shape) == strider::view(l, shape));
    } else {
      REQUIRE_FALSE(l.is_contiguous());  // a contiguous layout always has a view
      REQUIRE(offsets(strider::reshape(l, shape)) == iota(0, n));
    }
    REQUIRE(can_view(l, l.shape()));

    // unfold: window w, element e is element w * step + e of the axis.
    if (rank >= 1) {
      const index_t dim = g.pick(0, rank - 1), size = g.pick(0, l.extent(dim)), step = g.pick(1, 4);
      const auto uf = strider::unfold(l, dim - (g.pick(0, 1) ? rank : 0), size, step);
      require_valid(uf);
      index_t windows = 0;
      while (windows * step + size <= l.extent(dim)) ++windows;
      REQUIRE(uf.extent(dim) == windows);
      REQUIRE(uf.extent(uf.rank() - 1) == size);
      for_each_index(uf.shape(), [&](const index_vec& j) {
        index_vec i(j.begin(), j.end() - 1);
        i[dim] = j[dim] * step + j.back();
        REQUIRE(naive_offset(uf, j) == naive_offset(l, i));
      });
    }

    // slice: a random start:stop:step (bounds past the axis clamp) or integer on every axis,
    // with a new axis in front half the time. Element j of a range is start + j * step.
    {
      std::string text = g.pick(0, 1) ? "None, " : "";
      for (index_t d = 0; d < rank; ++d) {
        const index_t n = l.extent(d);
        if (n > 0 && g.pick(0, 3) == 0) text += std::to_string(g.pick(-n, n - 1)) + ", ";
        else text += std::to_string(g.pick(-6, 6)) + ":" + std::to_string(g.pick(-6, 6)) + ":" + std::to_string(g.pick(1, 3) * (g.pick(0, 1) ? 1 : -1)) + ", ";
      }
      if (text.empty()) text = "...";  // rank 0, no new axis
      CAPTURE(text);
      require_valid(strider::slice(l, text));
    }

    // as_strided over the input's span: the input's own layout, rebuilt, is allowed.
    REQUIRE(strider::as_strided(l, l.shape(), l.strides(), l.offset()) == l);
  }
}
