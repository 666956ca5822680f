// The rest of CuTe's algebra (core/algebra_helpers.hpp) against its definitions, by brute force
// over random layouts with the naive offset tables of test_helpers.hpp: filter keeps each offset
// once in order, upcast reaches exactly the units L's elements lie in, downcast reads each
// element's parts in order, max_common_vector is the longest run a search finds, make_ordered_layout
// gives each axis the extents of smaller order, the one-argument complement completes L to its
// span, coalesce by a profile keeps the function, and CuTe's own results (run on CuTe here and
// mirrored to row-major) for the worked examples.
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <strider/core.hpp>

#include "catch.hpp"
#include "test_helpers.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;
using strider_test::index_vec;
using strider_test::message_of;
using strider_test::offsets;

namespace {

struct random_source : strider_test::random_layouts {
  random_source() : random_layouts(20261202) {}
};

bool same_layout(const dynamic_layout& l, const dims& shape, const dims& strides) { return l.shape() == shape && l.strides() == strides; }

// Offsets relative to the first element.
index_vec relative(const dynamic_layout& l) {
  index_vec out = offsets(l);
  const index_t first = out.empty() ? 0 : out.front();
  for (index_t& x : out) x -= first;
  return out;
}

}  // namespace

TEST_CASE("filter keeps each offset once, in L's order, without stride-0 or extent-1 axes (brute force)") {
  random_source r;
  for (int trial = 0; trial < 2000; ++trial) {
    const dynamic_layout l = r.any(static_cast<std::size_t>(r.pick(0, 4)));
    const dynamic_layout f = strider::filter(l);
    // L with every stride-0 axis read at 0: the same offsets in the same order.
    dims shape, strides;
    for (std::size_t d = 0; d < l.rank(); ++d)
      if (l.stride(d) != 0) shape.push_back(l.extent(d)), strides.push_back(l.stride(d));
    INFO(strider_test::describe(l) << " -> " << strider_test::describe(f));
    CHECK(offsets(f) == offsets(dynamic_layout(shape, strides, l.offset())));
    for (std::size_t d = 0; d < f.rank(); ++d) CHECK((f.stride(d) != 0 && f.extent(d) > 1));
    CHECK(f.storage_size() == l.storage_size());
  }
  // CuTe: filter((2,4,3):(_1,_2,_0)) with static strides is 8:1.
  CHECK(same_layout(strider::filter(dynamic_layout({3, 4, 2}, {0, 2, 1})), {8}, {1}));
  CHECK(same_layout(strider::filter(dynamic_layout({4, 0}, {0, 1})), {0}, {1}));
}

TEST_CASE("upcast reaches exactly the units L's elements lie in; downcast reads each element's parts in order (brute force)") {
  random_source r;
  for (int trial = 0; trial < 2000; ++trial) {
    const index_t n = index_t{1} << r.pick(1, 3);
    // Strides that are multiples of n, and at most one axis of stride 1 whose extent is a multiple
    // of n: the layouts of vectors that upcast reads exactly.
    const std::size_t rank = static_cast<std::size_t>(r.pick(1, 3));
    dims shape = r.shape(rank, 4);
    const std::size_t unit_axis = static_cast<std::size_t>(r.pick(0, static_cast<index_t>(rank)));
    if (unit_axis < rank) shape[unit_axis] *= n;
    dims strides = shape;
    index_t offset = n * r.pick(0, 2);
    for (std::size_t d = 0; d < rank; ++d) {
      strides[d] = d == unit_axis ? 1 : n * r.pick(-3, 6);
      if (strides[d] < 0) offset -= (shape[d] - 1) * strides[d];
    }
    const dynamic_layout l(shape, strides, offset);
    INFO(strider_test::describe(l) << " by " << n);
    const dynamic_layout up = strider::upcast(l, n);
    std::set<index_t> units;
    for (const index_t x : offsets(l)) units.insert(x / n);
    const index_vec got = offsets(up);
    CHECK(std::set<index_t>(got.begin(), got.end()) == units);
    CHECK(up.size() * (unit_axis < rank ? n : 1) == l.size());

    // downcast: element (.., i_d, ..) part j is result index (.., i_d * n + j, ..) at offset L(..) * n + j.
    if (unit_axis < rank || rank == 0) {
      const dynamic_layout down = strider::downcast(l, n);
      REQUIRE(down.rank() == rank);
      const index_vec table = offsets(down);
      std::size_t k = 0;
      strider_test::for_each_index(down.shape(), [&](const index_vec& c) {
        index_t x = l.offset();
        for (std::size_t d = 0; d < rank; ++d) x += (d == unit_axis ? c[d] / n : c[d]) * l.stride(d);
        CHECK(table[k++] == x * n + (c[unit_axis] % n));
      });
    }
  }
  // CuTe, mirrored: upcast<4>((8,4):(_1,_8)) is (_2,_4):(_1,_2); upcast<2>((8,3):(2,16)) is
  // (8,3):(1,8); upcast<4>(6:1) is 2:1; downcast<2>((2,4):(_1,_2)) is (4,4):(1,4);
  // recast_layout<half_t, float>((8,4):(1,8)) is (4,4):(1,4).
  CHECK(same_layout(strider::upcast(dynamic_layout::contiguous({4, 8}), 4), {4, 2}, {2, 1}));
  CHECK(same_layout(strider::upcast(dynamic_layout({3, 8}, {16, 2}), 2), {3, 8}, {8, 1}));
  CHECK(same_layout(strider::upcast(dynamic_layout::contiguous({6}), 4), {2}, {1}));
  CHECK(same_layout(strider::downcast(dynamic_layout::contiguous({4, 2}), 2), {4, 4}, {4, 1}));
  CHECK(same_layout(strider::recast_layout(dynamic_layout::contiguous({4, 8}), 2, 4), {4, 4}, {4, 1}));
  CHECK(same_layout(strider::recast_layout(dynamic_layout::contiguous({4, 4}), 4, 2), {4, 8}, {8, 1}));
  CHECK(same_layout(strider::recast_layout(dynamic_layout::contiguous({4, 6}), 4, 6), {4, 4}, {4, 1}));  // up 3, down 2
  CHECK(same_layout(strider::downcast(dynamic_layout(), 2), {2}, {1}));
  // CuTe: downcast<2>((2,3):(1,1)) is (4,6):(1,1), reaching offset 8 (past 3 elements of 2 parts).
  const dynamic_layout twice = strider::downcast(dynamic_layout({3, 2}, {1, 1}), 2);
  CHECK((same_layout(twice, {6, 4}, {1, 1}) && twice.storage_size() == 9));
  // A reversed unit axis reads each element's parts from its last.
  const dynamic_layout reversed = strider::downcast(dynamic_layout({3}, {-1}, 2), 2);
  CHECK(offsets(reversed) == index_vec{5, 4, 3, 2, 1, 0});
}

TEST_CASE("the element-size changes refuse what has no layout, naming the operation") {
  CHECK(message_of([] { (void)strider::upcast(dynamic_layout({4}, {3}), 2); }).rfind("upcast: stride 3 of axis 0", 0) == 0);
  CHECK(message_of([] { (void)strider::upcast(dynamic_layout({4}, {1}, 1), 2); }).rfind("upcast: offset 1", 0) == 0);
  CHECK(message_of([] { (void)strider::upcast(dynamic_layout({4}, {-1}, 4), 2); }).rfind("upcast: axis 0 steps back", 0) == 0);
  CHECK(message_of([] { (void)strider::upcast(dynamic_layout({4}, {1}), 0); }).rfind("upcast: the unit of 0", 0) == 0);
  CHECK(message_of([] { (void)strider::downcast(dynamic_layout({4}, {2}), 2); }).rfind("downcast: no axis has stride 1", 0) == 0);
  CHECK(message_of([] { (void)strider::downcast(dynamic_layout({2, 2}, {1, -1}, 1), 2); }).rfind("downcast: axes step by both", 0) == 0);
  CHECK(message_of([] { (void)strider::recast_layout(dynamic_layout({4}, {1}), 0, 2); }).rfind("recast_layout:", 0) == 0);
  CHECK(message_of([] { (void)strider::ceil_div(1, 0); }).rfind("ceil_div:", 0) == 0);
  CHECK(strider::ceil_div(10, 4) == 3);
  CHECK(strider::ceil_div(0, 4) == 0);
}

TEST_CASE("max_common_vector is the longest run a search finds; max_common_layout names its indices (brute force)") {
  random_source r;
  for (int trial = 0; trial < 2000; ++trial) {
    const dims shape = r.shape(static_cast<std::size_t>(r.pick(1, 3)), 4);
    const dynamic_layout b = r.nested(shape, r.pick(1, 2));
    // A: another nested layout of the same shape, or B's axes in another order, or B itself.
    const int kind = static_cast<int>(r.pick(0, 2));
    const dynamic_layout a = kind == 0 ? r.nested(shape, r.pick(1, 2)) : kind == 1 ? dynamic_layout::contiguous(shape) : b;
    INFO(strider_test::describe(a) << " and " << strider_test::describe(b));
    const index_vec ta = relative(a), tb = relative(b);
    std::map<index_t, std::size_t> index_of;  // B's offset -> its C-order index
    for (std::size_t i = 0; i < tb.size(); ++i) index_of.emplace(tb[i], i);
    index_t expected = 0;
    for (index_t x = 0;; ++x) {
      const auto it = index_of.find(x);
      if (it == index_of.end() || ta[it->second] != x) break;
      ++expected;
    }
    CHECK(strider::max_common_vector(a, b) == expected);
    const dynamic_layout common = strider::max_common_layout(a, b);
    if (expected == 1) {
      CHECK(same_layout(common, {1}, {0}));
    } else {
      const index_vec indices = offsets(common);
      REQUIRE(static_cast<index_t>(indices.size()) == expected);
      for (index_t i = 0; i < expected; ++i) {
        CHECK(ta[static_cast<std::size_t>(indices[static_cast<std::size_t>(i)])] == i);
        CHECK(tb[static_cast<std::size_t>(indices[static_cast<std::size_t>(i)])] == i);
      }
    }
  }
  // CuTe, mirrored: max_common_vector((2,8):(16,1), (2,8):(8,1)) is 8; of (8,4):(1,8) and
  // (8,4):(4,1), 1; max_common_layout((8,4):(4,1), itself) is (4,8):(8,1).
  CHECK(strider::max_common_vector(dynamic_layout({8, 2}, {1, 16}), dynamic_layout({8, 2}, {1, 8})) == 8);
  CHECK(strider::max_common_vector(dynamic_layout::contiguous({4, 8}), dynamic_layout::column_major({4, 8})) == 1);
  CHECK(offsets(strider::max_common_layout(dynamic_layout({4, 8}, {1, 4}), dynamic_layout({4, 8}, {1, 4}))) == offsets(dynamic_layout({8, 4}, {1, 8})));
  CHECK(message_of([] { (void)strider::max_common_vector(dynamic_layout::contiguous({4}), dynamic_layout::contiguous({8})); }).rfind("max_common_vector:", 0) == 0);
  CHECK(message_of([] { (void)strider::max_common_vector(dynamic_layout::contiguous({4}), dynamic_layout({4}, {-1}, 3)); }).rfind("max_common_vector: the second layout has a reversed axis", 0) == 0);
}

TEST_CASE("make_ordered_layout: each stride the product of the extents of smaller order; distinct orders are compact (brute force)") {
  random_source r;
  for (int trial = 0; trial < 1000; ++trial) {
    const dims shape = r.shape(static_cast<std::size_t>(r.pick(1, 4)), 4);
    dims order;
    for (std::size_t d = 0; d < shape.size(); ++d) order.push_back(r.pick(0, 3));
    const dynamic_layout l = strider::make_ordered_layout(shape, order);
    INFO(strider_test::describe(l));
    bool distinct = true;
    for (std::size_t p = 0; p < shape.size(); ++p) {
      index_t expected = 1;
      for (std::size_t q = 0; q < shape.size(); ++q) {
        if (order[q] < order[p]) expected *= shape[q];
        distinct = distinct && (p == q || order[p] != order[q]);
      }
      CHECK(l.stride(p) == expected);
    }
    if (distinct) {
      index_vec sorted = offsets(l);
      std::sort(sorted.begin(), sorted.end());
      CHECK(sorted == strider_test::iota(0, l.size()));
    }
  }
  // CuTe: make_ordered_layout((2,2,2,2), Step<_0,_2,_3,_1>) is (_2,_2,_2,_2):(_1,_4,_8,_2); equal
  // static orders give equal strides: (3,4) by Step<_0,_0> is (3,4):(1,1).
  CHECK(same_layout(strider::make_ordered_layout({2, 2, 2, 2}, {1, 3, 2, 0}), {2, 2, 2, 2}, {2, 8, 4, 1}));
  CHECK(same_layout(strider::make_ordered_layout({3, 4}, {0, 0}), {3, 4}, {1, 1}));
  CHECK(same_layout(strider::make_ordered_layout({3, 4}, {0, 1}), {3, 4}, {1, 3}));
  CHECK(message_of([] { (void)strider::make_ordered_layout({2, 3}, {0}); }).rfind("make_ordered_layout:", 0) == 0);
}

TEST_CASE("complement(L): L and its complement reach each offset of L's span once (brute force)") {
  random_source r;
  for (int trial = 0; trial < 1000; ++trial) {
    const dynamic_layout nested = r.nested(r.shape(static_cast<std::size_t>(r.pick(1, 3)), 4), 3);
    // Stride-0 axes, which CuTe's filter drops first.
    dims shape = nested.shape(), strides = nested.strides();
    if (r.pick(0, 1) == 1 && shape.size() < 4) shape.push_back(r.pick(1, 3)), strides.push_back(0);
    const dynamic_layout l(shape, strides);
    const dynamic_layout c = strider::complement(l);
    index_t span = 1;
    for (std::size_t d = 0; d < nested.rank(); ++d)
      if (nested.extent(d) > 1) span = std::max(span, nested.stride(d) * nested.extent(d));
    if (nested.size() == 1) span = 1;
    index_vec both;
    for (const index_t x : offsets(c))
      for (const index_t y : offsets(strider::filter(l))) both.push_back(x + y);
    std::sort(both.begin(), both.end());
    INFO(strider_test::describe(l) << " -> " << strider_test::describe(c));
    CHECK(both == strider_test::iota(0, span));
  }
  CHECK(same_layout(strider::complement(dynamic_layout({4}, {2})), {2}, {1}));  // CuTe: complement(4:2) is 2:1
}

TEST_CASE("coalesce by a profile keeps the function and merges only within groups") {
  random_source r;
  for (int trial = 0; trial < 1000; ++trial) {
    const dynamic_layout l = r.any(4);
    const index_t first = r.pick(1, 3);
    const dims profile{first, 4 - first};
    const dynamic_layout c = strider::coalesce(l, profile);
    INFO(strider_test::describe(l) << " -> " << strider_test::describe(c));
    CHECK(offsets(c) == offsets(l));
    CHECK(c.rank() >= 2);
    // Each group on its own: the leading group's axes are the coalesced leading axes of l.
    dims lead_shape, lead_strides;
    for (std::size_t d = 0; d < static_cast<std::size_t>(first); ++d) lead_shape.push_back(l.extent(d)), lead_strides.push_back(l.stride(d));
    const dynamic_layout lead = strider::coalesce(dynamic_layout(lead_shape, lead_strides, l.offset()));
    if (l.size() > 0 && lead.rank() > 0) CHECK(c.extent(0) == lead.extent(0));
  }
  // CuTe: coalesce(((1,1),(4,2)):((1,1),(1,4)), (1,1)) is (1,8):(0,1).
  CHECK(same_layout(strider::coalesce(dynamic_layout({2, 4, 1, 1}, {4, 1, 1, 1}), {2, 2}), {8, 1}, {1, 0}));
  CHECK(message_of([] { (void)strider::coalesce(dynamic_layout::contiguous({2, 3}), dims{1}); }).rfind("coalesce: the profile", 0) == 0);
}

TEST_CASE("tile_to_shape, the divides and the products by CuTe's names (CuTe's results, mirrored)") {
  // CuTe: tile_to_shape((2,2):(1,2), (6,4)) is ((2,3),(2,2)):((1,4),(2,12)).
  const dynamic_layout t = strider::tile_to_shape(dynamic_layout::contiguous({2, 2}), {4, 6});
  CHECK(same_layout(t, {2, 2, 3, 2}, {12, 2, 4, 1}));
  // CuTe: tile_to_shape(2:1, (6,4)) is ((2,3),(1,4)):((1,2),(0,6)): the block's missing axis is 1:0.
  CHECK(same_layout(strider::tile_to_shape(dynamic_layout::contiguous({2}), {4, 6}), {4, 1, 3, 2}, {6, 0, 2, 1}));
  CHECK(message_of([] { (void)strider::tile_to_shape(dynamic_layout::contiguous({4}), {6}); }).rfind("tile_to_shape: block extent 4", 0) == 0);
  // CuTe: zipped_divide((8,8):(1,8), Shape<4,2>) is ((4,2),(2,4)):((1,8),(4,16)); logical_divide by
  // the same shape is ((4,2),(2,4)):((1,4),(8,16)).
  const dynamic_layout square = dynamic_layout::contiguous({8, 8});
  CHECK(same_layout(strider::zipped_divide(square, dims{2, 4}), {4, 2, 2, 4}, {16, 4, 8, 1}));
  CHECK(same_layout(strider::tiled_divide(square, dims{2, 4}), {4, 2, 2, 4}, {16, 4, 8, 1}));
  CHECK(same_layout(strider::flat_divide(square, dims{2, 4}), {4, 2, 2, 4}, {16, 4, 8, 1}));
  CHECK(same_layout(strider::logical_divide(square, dims{2, 4}), {4, 2, 2, 4}, {16, 8, 4, 1}));
  const dynamic_layout tiler({2}, {4});
  CHECK(strider::zipped_divide(dynamic_layout::contiguous({16}), tiler).value() == strider::logical_divide(dynamic_layout::contiguous({16}), tiler).value());
  CHECK(strider::flat_product(dynamic_layout::contiguous({2}), dynamic_layout({3}, {1})).value() ==
        strider::logical_product(dynamic_layout::contiguous({2}), dynamic_layout({3}, {1})).value());
}

TEST_CASE("tilers by mode: each axis composed or divided by its own layout, assembled as CuTe's (brute force)") {
  random_source r;
  for (int trial = 0; trial < 1000; ++trial) {
    const dynamic_layout l = r.any(2);
    // A mode per axis: (t):(s) with s dividing the extent and t dividing what is left.
    std::vector<dynamic_layout> modes;
    for (std::size_t d = 0; d < 2; ++d) {
      std::vector<index_t> steps;
      for (index_t s = 1; s <= l.extent(d); ++s)
        if (l.extent(d) % s == 0) steps.push_back(s);
      const index_t s = steps[static_cast<std::size_t>(r.pick(0, static_cast<index_t>(steps.size()) - 1))];
      std::vector<index_t> counts;
      for (index_t t = 1; t <= l.extent(d) / s; ++t)
        if (l.extent(d) / s % t == 0) counts.push_back(t);
      modes.push_back(dynamic_layout({counts[static_cast<std::size_t>(r.pick(0, static_cast<index_t>(counts.size()) - 1))]}, {s}));
    }
    const strider::layout_tile tile = strider::make_tile(modes[0], modes[1]);
    INFO(strider_test::describe(l) << " by " << strider_test::describe(modes[0]) << ", " << strider_test::describe(modes[1]));
    // composition: axis d reads mode d's offsets as its indices; the modes' indices nest in C order.
    index_vec expected;
    for (const index_t i : offsets(modes[0]))
      for (const index_t j : offsets(modes[1])) expected.push_back(l.offset() + i * l.stride(0) + j * l.stride(1));
    CHECK(offsets(strider::composition(l, tile)) == expected);
    // The divides: axis d's own logical_divide, (which tile, the tile), assembled per axis
    // (logical) or all tile counts first (zipped).
    index_vec part[2];
    index_t tiles[2] = {}, within[2] = {};
    for (std::size_t d = 0; d < 2; ++d) {
      const dynamic_layout axis({l.extent(d)}, {1});
      part[d] = offsets(strider::logical_divide(axis, modes[d]));
      within[d] = modes[d].size();
      tiles[d] = l.extent(d) / within[d];
    }
    index_vec logical, zipped;
    for (index_t a = 0; a < tiles[0]; ++a)
      for (index_t b = 0; b < within[0]; ++b)
        for (index_t c = 0; c < tiles[1]; ++c)
          for (index_t e = 0; e < within[1]; ++e)
            logical.push_back(l.offset() + part[0][static_cast<std::size_t>(a * within[0] + b)] * l.stride(0) + part[1][static_cast<std::size_t>(c * within[1] + e)] * l.stride(1));
    for (index_t a = 0; a < tiles[0]; ++a)
      for (index_t c = 0; c < tiles[1]; ++c)
        for (index_t b = 0; b < within[0]; ++b)
          for (index_t e = 0; e < within[1]; ++e)
            zipped.push_back(l.offset() + part[0][static_cast<std::size_t>(a * within[0] + b)] * l.stride(0) + part[1][static_cast<std::size_t>(c * within[1] + e)] * l.stride(1));
    CHECK(offsets(strider::logical_divide(l, tile)) == logical);
    CHECK(offsets(strider::zipped_divide(l, tile)) == zipped);
    CHECK(strider::flat_divide(l, tile).value() == strider::zipped_divide(l, tile).value());
  }
  // CuTe: logical_divide((8,8):(1,8), make_tile(4:2, 2:1)) is ((4,2),(2,4)):((2,1),(8,16)), its
  // zipped_divide ((4,2),(2,4)):((2,8),(1,16)); composition((6,4):(1,6), make_tile(3:2, 2:2)) is
  // (3,2):(2,12).
  const strider::layout_tile t = strider::make_tile(dynamic_layout({2}, {1}), dynamic_layout({4}, {2}));
  CHECK(same_layout(strider::logical_divide(dynamic_layout::contiguous({8, 8}), t), {4, 2, 2, 4}, {16, 8, 1, 2}));
  CHECK(same_layout(strider::zipped_divide(dynamic_layout::contiguous({8, 8}), t), {4, 2, 2, 4}, {16, 1, 8, 2}));
  CHECK(same_layout(strider::composition(dynamic_layout::contiguous({4, 6}), strider::make_tile(dynamic_layout({2}, {2}), dynamic_layout({3}, {2}))), {2, 3}, {12, 2}));
  CHECK(message_of([] { (void)strider::composition(dynamic_layout::contiguous({4, 6}), strider::make_tile(dynamic_layout({2}, {2}))); }).rfind("composition: the tile has 1 modes", 0) == 0);
}

TEST_CASE("products by mode: each axis times its own layout, assembled as CuTe's (brute force)") {
  random_source r;
  int computed = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const dims shape{r.pick(1, 4), r.pick(1, 4)}, strides{r.pick(1, 6), r.pick(1, 6)};
    const dynamic_layout l(shape, strides);
    const dynamic_layout modes[2] = {dynamic_layout({r.pick(1, 3)}, {r.pick(1, 2)}), dynamic_layout({r.pick(1, 3)}, {1})};
    const strider::layout_tile tile = strider::make_tile(modes[0], modes[1]);
    INFO(strider_test::describe(l) << " by " << strider_test::describe(modes[0]) << ", " << strider_test::describe(modes[1]));
    // Axis d's own product (the axis read as (extent):(stride)), as (repetitions, the axis).
    index_vec part[2];
    index_t reps[2] = {}, extent[2] = {};
    bool refused = false;
    for (std::size_t d = 0; d < 2; ++d) {
      try {
        part[d] = offsets(strider::logical_product(dynamic_layout({l.extent(d)}, {l.stride(d)}), modes[d]));
      } catch (const strider::layout_error&) {
        refused = true;
      }
      extent[d] = l.extent(d);
      reps[d] = static_cast<index_t>(part[d].size()) / extent[d];
    }
    if (refused) {
      CHECK_THROWS_AS(strider::logical_product(l, tile), strider::layout_error);
      continue;
    }
    ++computed;
    index_vec logical, zipped;
    const auto at = [&](std::size_t d, index_t rep, index_t i) { return part[d][static_cast<std::size_t>(rep * extent[d] + i)]; };
    for (index_t a = 0; a < reps[0]; ++a)
      for (index_t b = 0; b < extent[0]; ++b)
        for (index_t c = 0; c < reps[1]; ++c)
          for (index_t e = 0; e < extent[1]; ++e) logical.push_back(at(0, a, b) + at(1, c, e));
    for (index_t a = 0; a < reps[0]; ++a)
      for (index_t c = 0; c < reps[1]; ++c)
        for (index_t b = 0; b < extent[0]; ++b)
          for (index_t e = 0; e < extent[1]; ++e) zipped.push_back(at(0, a, b) + at(1, c, e));
    CHECK(offsets(strider::logical_product(l, tile)) == logical);
    CHECK(offsets(strider::zipped_product(l, tile)) == zipped);
    CHECK(strider::flat_product(l, tile).value() == strider::zipped_product(l, tile).value());
    CHECK(strider::tiled_product(l, tile).value() == strider::zipped_product(l, tile).value());
  }
  CHECK(computed > 300);
  // CuTe: logical_product((3,2):(1,3), make_tile(4:1, 2:1)) is ((3,4),(2,2)):((1,3),(3,1)).
  const strider::layout_tile t = strider::make_tile(dynamic_layout({2}, {1}), dynamic_layout({4}, {1}));
  CHECK(same_layout(strider::logical_product(dynamic_layout::contiguous({2, 3}), t), {2, 2, 4, 3}, {1, 3, 3, 1}));
  CHECK(same_layout(strider::zipped_product(dynamic_layout::contiguous({2, 3}), t), {2, 4, 2, 3}, {1, 3, 3, 1}));
  CHECK(message_of([] { (void)strider::logical_product(dynamic_layout::contiguous({4, 6}), strider::make_tile(dynamic_layout({2}, {2}))); }).rfind("logical_product: the tile has 1 modes", 0) == 0);
}

TEST_CASE("make_identity_layout and unravel_index: every index comes back through a tiling (brute force)") {
  for (const dims& shape : {dims{4, 6}, dims{3, 1, 5}, dims{7}, dims{2, 2, 2, 2}}) {
    const dynamic_layout id = strider::make_identity_layout(shape);
    // unravel_index inverts C order: count the indices in C order.
    dims index = shape;
    for (std::size_t d = 0; d < index.size(); ++d) index[d] = 0;
    for (index_t rank = 0; rank < id.size(); ++rank) {
      CHECK(strider::unravel_index(id(index), shape) == index);
      CHECK(strider::unravel_index(rank, shape) == index);
      for (std::size_t d = index.size(); d-- > 0;) {
        if (++index[d] < shape[d]) break;
        index[d] = 0;
      }
    }
  }
  // Through tile(2, 3): tile (1, 0), element (1, 2) of it is index (3, 2).
  const dynamic_layout tiled = strider::tile(strider::make_identity_layout({4, 6}), dims{2, 3});
  CHECK(strider::unravel_index(tiled(1, 0, 1, 2), {4, 6}) == dims{3, 2});
  CHECK(message_of([] { (void)strider::unravel_index(24, {4, 6}); }) == "unravel_index: index 24 is out of bounds for a shape of 24 elements");
  CHECK(message_of([] { (void)strider::unravel_index(-1, {4, 6}); }).rfind("unravel_index: index -1 is out of bounds", 0) == 0);
}
