// The layout algebra against brute force: for thousands of random layouts and tilers, each result
// is checked as a function, element by element, with the naive offset tables of test_helpers.hpp
// (never with the library's own rules): composition(A, B)(i) == A(B(i)), L(right_inverse(L)(i)) == i,
// left_inverse(L)(L(i)) == i, (complement(L, N), L) reaches every offset of [0, N) once,
// logical_divide reads L through the tiler and its complement, logical_product repeats the block at
// offsets it does not reach, tile blocks every axis, and vector_width is the widest vector a
// brute-force search over every group of elements accepts. Every refusal names its operation.
#include <algorithm>
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

using random_layouts = strider_test::random_layouts;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The offset of element i (C order) of l, from the naive table.
index_t at(const index_vec& table, index_t i) { return table.at(static_cast<std::size_t>(i)); }

// The offsets of two layouts concatenated (first's axes leading): every first offset plus every
// second offset, in C order.
index_vec concatenated(const dynamic_layout& first, const dynamic_layout& second) {
  index_vec out;
  for (const index_t a : offsets(first))
    for (const index_t b : offsets(second)) out.push_back(a + b);
  return out;
}

}  // namespace

TEST_CASE("composition(A, B)(i) == A(B(i)) for random layouts (brute force)") {
  random_layouts r;
  int composed = 0, refused = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const dynamic_layout a = trial % 2 ? r.any(static_cast<std::size_t>(r.pick(0, 4))) : r.nested(static_cast<std::size_t>(r.pick(0, 4)), 2);
    // B: offset 0, strides >= 0, often a nested layout scaled to fit A.
    dynamic_layout b = r.nested(static_cast<std::size_t>(r.pick(0, 3)), 3);
    if (r.pick(0, 3) == 0) {
      dims shape, strides;
      for (std::size_t d = 0, n = static_cast<std::size_t>(r.pick(1, 3)); d < n; ++d) {
        shape.push_back(r.pick(1, 4));
        strides.push_back(r.pick(0, 6));
      }
      b = dynamic_layout(shape, strides);
    }
    INFO("trial " << trial << " a " << strider_test::describe(a) << " b " << strider_test::describe(b));
    const std::string message = message_of([&] { (void)composition(a, b); });
    if (message != "(no error)") {
      CHECK(starts_with(message, "composition: "));
      if (b.max_offset() >= a.size()) CHECK(message.find("past the") != std::string::npos);
      ++refused;
      continue;
    }
    const dynamic_layout c = composition(a, b);
    const index_vec ta = offsets(a), tb = offsets(b), tc = offsets(c);
    REQUIRE(tc.size() == tb.size());
    for (std::size_t i = 0; i < tc.size(); ++i) CHECK(tc[i] == at(ta, tb[i]));
    CHECK(c.offset() == a.offset());
    CHECK(c.storage_size() == a.storage_size());
    ++composed;
  }
  CHECK(composed > 1500);
  CHECK(refused > 300);
}

TEST_CASE("composition: an axis of B inside one extent of A need not divide it (CuTe's unit tests, mirrored to C order)") {
  // Each against A(B(i)) from the naive tables; CuTe's results (column-major) mirrored.
  const auto composes_to = [](const dynamic_layout& a, const dynamic_layout& b, const dynamic_layout& expected) {
    INFO("a " << strider_test::describe(a) << " b " << strider_test::describe(b));
    const dynamic_layout c = composition(a, b);
    CHECK(c.shape() == expected.shape());
    CHECK(c.strides() == expected.strides());
    const index_vec ta = offsets(a), tb = offsets(b), tc = offsets(c);
    REQUIRE(tc.size() == tb.size());
    for (std::size_t i = 0; i < tc.size(); ++i) CHECK(tc[i] == at(ta, tb[i]));
  };
  composes_to(dynamic_layout({3, 4}, {1, 3}), dynamic_layout({3}, {1}), dynamic_layout({3}, {3}));                  // (4,3):(3,1) o 3:1 = 3:3
  composes_to(dynamic_layout({8, 8}, {1, 8}), dynamic_layout({3}, {3}), dynamic_layout({3}, {24}));                 // (8,8):(8,1) o 3:3 = 3:24
  composes_to(dynamic_layout({10, 8, 6, 4}, {7, 5, 3, 2}), dynamic_layout({6}, {12}), dynamic_layout({3, 2}, {5, 9}));  // = (2,3):(9,5)
  // logical_product((2,4):(24,3), 2:1): the block repeated where it does not reach.
  const dynamic_layout block({4, 2}, {3, 24}), product = logical_product(block, dynamic_layout({2}, {1}));
  const index_vec tb = offsets(block), tp = offsets(product);
  REQUIRE(tp.size() == 2 * tb.size());
  std::set<index_t> seen(tp.begin(), tp.end());
  CHECK(seen.size() == tp.size());
  for (std::size_t i = 0; i < tb.size(); ++i) CHECK(tp[i] == tb[i]);  // the first repetition is the block
  // Crossing an extent unevenly is still refused: CuTe's (4,3):(3,1) o 4:3 = (2,2):(9,1) is not A(B(i)).
  CHECK(message_of([] { (void)composition(dynamic_layout({3, 4}, {1, 3}), dynamic_layout({4}, {3})); }) ==
        "composition: axis 0 of the second layout (stride 3) steps unevenly over the extents of the layout it reads: 3 and 4 do not divide one another");
  CHECK(message_of([] { (void)composition(dynamic_layout({3, 4}, {1, 3}), dynamic_layout({6}, {1})); }) ==
        "composition: axis 0 of the second layout (extent 6) ends unevenly over the extents of the layout it reads: 6 and 4 do not divide one another");
}

TEST_CASE("complement: (complement(L, N), L) reaches each offset of [0, N) once, in increasing order (brute force)") {
  random_layouts r;
  int completed = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const dynamic_layout l = r.nested(static_cast<std::size_t>(r.pick(0, 4)), 3);
    const index_t span = l.max_offset() + 1;
    // The span the axes tile (last stride times extent), then N a multiple of it.
    index_t tiled = 1;
    for (std::size_t d = 0; d < l.rank(); ++d) tiled = std::max(tiled, l.extent(d) > 1 ? l.stride(d) * l.extent(d) : 1);
    const index_t n = tiled * r.pick(1, 3);
    INFO("trial " << trial << " n " << n);
    const dynamic_layout c = complement(l, n);
    index_vec all = concatenated(c, l);
    std::sort(all.begin(), all.end());
    CHECK(all == strider_test::iota(0, n));
    const index_vec tc = offsets(c);
    CHECK(std::is_sorted(tc.begin(), tc.end()));
    CHECK(std::adjacent_find(tc.begin(), tc.end()) == tc.end());
    CHECK(c.storage_size() == n);
    CHECK(span <= n);
    // A size that is not a multiple of the tiled span is refused, never padded.
    if (tiled > 1) CHECK(starts_with(message_of([&] { (void)complement(l, n + 1); }), "complement: "));
    ++completed;
  }
  CHECK(completed == 3000);
}

TEST_CASE("right_inverse: L(R(i)) == i, and left_inverse: R(L(i)) == i (brute force)") {
  random_layouts r;
  int right = 0, left = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    INFO("trial " << trial);
    // right_inverse: any layout at offset 0 (zero and repeated strides included).
    dims shape, strides;
    for (std::size_t d = 0, n = static_cast<std::size_t>(r.pick(0, 4)); d < n; ++d) {
      shape.push_back(r.pick(1, 4));
      strides.push_back(r.pick(0, 8));
    }
    if (!strides.empty() && r.pick(0, 1)) strides[static_cast<std::size_t>(r.pick(0, static_cast<index_t>(strides.size()) - 1))] = 1;
    const dynamic_layout any(shape, strides);
    const dynamic_layout ri = right_inverse(any);
    const index_vec tl = offsets(any), tr = offsets(ri);
    for (std::size_t i = 0; i < tr.size(); ++i) CHECK(at(tl, tr[i]) == static_cast<index_t>(i));
    CHECK(ri.storage_size() == any.size());
    right += ri.size() > 1;
    // left_inverse: nested unique layouts, with gaps.
    const dynamic_layout l = r.nested(static_cast<std::size_t>(r.pick(0, 4)), 3);
    const dynamic_layout li = left_inverse(l);
    const index_vec ln = offsets(l), lt = offsets(li);
    for (std::size_t i = 0; i < ln.size(); ++i) CHECK(at(lt, ln[i]) == static_cast<index_t>(i));
    left += l.size() > 1;
  }
  CHECK(right > 1000);
  CHECK(left > 2000);
  // Preconditions.
  CHECK(message_of([] { (void)right_inverse(dynamic_layout({3}, {1}, 2)); }) == "right_inverse: the layout starts at offset 2, not 0 (it is read as a function of the index)");
  CHECK(message_of([] { (void)left_inverse(dynamic_layout({2, 2}, {1, 1})); }) ==
        "left_inverse: axis 0 of the layout (stride 1) lands inside the 2 offsets its axes of smaller stride span (they overlap or interleave)");
  CHECK(message_of([] { (void)left_inverse(dynamic_layout({2, 2}, {3, 2})); }) ==
        "left_inverse: axis 0 of the layout (stride 3) lands inside the 4 offsets its axes of smaller stride span (they overlap or interleave)");
  CHECK(message_of([] { (void)left_inverse(dynamic_layout({2, 2}, {5, 2})); }) ==
        "left_inverse: stride 5 of axis 0 of the layout is not a multiple of 2, the stride of its axis of next smaller stride");
}

TEST_CASE("left_inverse takes CuTe's layouts: each stride a multiple of the next smaller one, not of its span (brute force)") {
  // CuTe's unit tests, mirrored: left_inverse((4,2):(1,5)) = (5,2):(1,4), and (128,160):(65536,1).
  const dynamic_layout cute = left_inverse(dynamic_layout({2, 4}, {5, 1}));
  CHECK(cute.shape() == dims{2, 5});
  CHECK(cute.strides() == dims{4, 1});
  random_layouts r;
  int gapped = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    // Axes in a random stride order, each stride a multiple of the one below at or past its span.
    const std::size_t rank = static_cast<std::size_t>(r.pick(1, 4));
    dims shape, strides, order;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(r.pick(1, 4)), strides.push_back(0), order.push_back(static_cast<index_t>(d));
    std::shuffle(order.begin(), order.end(), r.rng);
    index_t stride = r.pick(1, 3), span = 0;
    for (const index_t d : order) {
      if (span > 0) {
        index_t k = 1;
        while (stride * k < span) ++k;
        stride *= k + r.pick(0, 1);
      }
      strides[static_cast<std::size_t>(d)] = stride;
      span = stride * shape[static_cast<std::size_t>(d)];
    }
    const dynamic_layout l(shape, strides);
    INFO("trial " << trial << " l " << strider_test::describe(l));
    const dynamic_layout li = left_inverse(l);
    const index_vec ln = offsets(l), lt = offsets(li);
    for (std::size_t i = 0; i < ln.size(); ++i) CHECK(at(lt, ln[i]) == static_cast<index_t>(i));
    bool off_span = false;
    for (std::size_t d = 0; d < rank; ++d)
      for (std::size_t e = 0; e < rank; ++e)
        if (shape[d] > 1 && shape[e] > 1 && strides[e] > strides[d] && strides[e] % (strides[d] * shape[d]) != 0) off_span = true;
    gapped += off_span;
  }
  CHECK(gapped > 300);
  // right_inverse breaks a tie of equal strides as CuTe does: right_inverse((6,2):(1,1)) = 6:1.
  const dynamic_layout tie = right_inverse(dynamic_layout({2, 6}, {1, 1}));
  CHECK(tie.shape() == dims{6});
  CHECK(tie.strides() == dims{1});
}

TEST_CASE("logical_divide reads L through (complement(T, size(L)), T); logical_product repeats the block (brute force)") {
  random_layouts r;
  int divided = 0, multiplied = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    INFO("trial " << trial);
    const dynamic_layout tiler = r.nested(static_cast<std::size_t>(r.pick(1, 2)), 2);
    index_t tiled = 1;
    for (std::size_t d = 0; d < tiler.rank(); ++d) tiled = std::max(tiled, tiler.extent(d) > 1 ? tiler.stride(d) * tiler.extent(d) : 1);
    // L: a layout of tiled * k elements, any strides.
    dynamic_layout l = r.any(0);
    const index_t k = r.pick(1, 3);
    const dims shapes[] = {{tiled * k}, {k, tiled}, {tiled, k}};
    const dims& shape = shapes[r.pick(0, 2)];
    dims strides;
    for (std::size_t d = 0; d < shape.size(); ++d) strides.push_back(r.pick(1, 9) * (r.pick(0, 3) == 0 ? -1 : 1));
    index_t offset = 0;
    for (std::size_t d = 0; d < shape.size(); ++d)
      if (strides[d] < 0) offset -= (shape[d] - 1) * strides[d];
    l = dynamic_layout(shape, strides, offset);
    const std::string message = message_of([&] { (void)logical_divide(l, tiler); });
    if (message != "(no error)") {  // CuTe's divisibility conditions against L's extents
      CHECK(starts_with(message, "logical_divide: "));
      continue;
    }
    const dynamic_layout d = logical_divide(l, tiler);
    const dynamic_layout rest = complement(tiler, l.size());
    const index_vec index = concatenated(rest, tiler);  // the indices of L, tile by tile
    index_vec sorted = index;
    std::sort(sorted.begin(), sorted.end());
    REQUIRE(sorted == strider_test::iota(0, l.size()));
    const index_vec tl = offsets(l), td = offsets(d);
    REQUIRE(td.size() == index.size());
    for (std::size_t i = 0; i < td.size(); ++i) CHECK(td[i] == at(tl, index[i]));
    CHECK(d.rank() - composition(l, tiler).rank() == composition(l, rest).rank());
    ++divided;

    // logical_product(block, tiler): the block's copies, one per tiler element, never overlapping.
    const dynamic_layout block = r.nested(static_cast<std::size_t>(r.pick(1, 2)), 2);
    const dynamic_layout order = dynamic_layout::contiguous({r.pick(1, 4)});
    const std::string refusal = message_of([&] { (void)logical_product(block, order); });
    if (refusal != "(no error)") {  // the block's gaps do not fit the tiler's extent
      CHECK(starts_with(refusal, "logical_product: "));
      continue;
    }
    const dynamic_layout p = logical_product(block, order);
    const index_vec tp = offsets(p), tb = offsets(block);
    const auto copies = static_cast<std::size_t>(order.size());
    REQUIRE(tp.size() == copies * tb.size());
    std::set<index_t> seen(tp.begin(), tp.end());
    CHECK(seen.size() == tp.size());
    for (std::size_t c = 0; c < copies; ++c)
      for (std::size_t e = 0; e < tb.size(); ++e) CHECK(tp[c * tb.size() + e] == tp[c * tb.size()] + tb[e]);
    ++multiplied;
  }
  CHECK(divided > 1500);
  CHECK(multiplied > 1000);
}

TEST_CASE("tile blocks every axis (against a naive index loop)") {
  random_layouts r;
  for (int trial = 0; trial < 1000; ++trial) {
    const auto rank = static_cast<std::size_t>(r.pick(1, 4));
    dims tiles, extents;
    for (std::size_t d = 0; d < rank; ++d) {
      tiles.push_back(r.pick(1, 3));
      extents.push_back(tiles[d] * r.pick(0, 3));
    }
    dims strides;
    for (std::size_t d = 0; d < rank; ++d) strides.push_back(r.pick(-5, 9));
    index_t offset = 0;
    for (std::size_t d = 0; d < rank; ++d)
      if (strides[d] < 0 && extents[d] > 0) offset -= (extents[d] - 1) * strides[d];
    const dynamic_layout l(extents, strides, offset);
    const dynamic_layout t = tile(l, tiles);
    INFO("trial " << trial);
    REQUIRE(t.rank() == 2 * rank);
    strider_test::for_each_index(t.shape(), [&](const index_vec& i) {
      index_vec source(rank);
      for (std::size_t d = 0; d < rank; ++d) source[d] = i[d] * tiles[d] + i[rank + d];
      CHECK(strider_test::naive_offset(t, i) == strider_test::naive_offset(l, source));
    });
  }
  CHECK(message_of([] { (void)tile(dynamic_layout::contiguous({8, 6}), {2, 4}); }) == "tile: tile extent 4 does not divide extent 6 of axis 1 (the padded and masked tilings round the tile count up)");
  CHECK(message_of([] { (void)tile(dynamic_layout::contiguous({8, 6}), {2}); }) == "tile: 1 tile extents for a layout of rank 2 (one per axis)");
  CHECK(message_of([] { (void)tile(dynamic_layout::contiguous({8, 6}), {0, 3}); }) == "tile: tile extent 0 of axis 0 is not positive");
}

TEST_CASE("vector_width is the widest vector a brute-force search accepts") {
  random_layouts r;
  int wide = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    // Mostly crops and permutations of contiguous layouts, where vectors exist.
    const dims extents{r.pick(1, 4) * 2, r.pick(1, 8) * 2};
    dynamic_layout l = dynamic_layout::contiguous({extents[0], extents[1], r.pick(1, 3)});
    if (r.pick(0, 1)) l = permute(l, {2, 0, 1});
    if (r.pick(0, 1)) l = slice(l, r.pick(0, 1) ? ":, :, :" : "1:, ::2");
    if (r.pick(0, 2) == 0) l = slice(l, "..., 1:");
    const index_t bytes = index_t{1} << r.pick(0, 3), alignment = index_t{1} << r.pick(0, 6);
    const index_vec table = offsets(l);
    const auto valid = [&](index_t w) {
      if (w > 1 && alignment % (w * bytes) != 0) return false;
      if (static_cast<index_t>(table.size()) % w != 0) return false;
      for (std::size_t g = 0; g < table.size(); g += static_cast<std::size_t>(w)) {
        if (table[g] % w != 0) return false;
        for (index_t e = 1; e < w; ++e)
          if (table[g + static_cast<std::size_t>(e)] != table[g] + e) return false;
      }
      return true;
    };
    index_t expected = 1;  // and 1 for an empty layout, which loads nothing
    while (!table.empty() && valid(expected * 2)) expected *= 2;
    INFO("trial " << trial);
    CHECK(vector_width(l, bytes, alignment) == expected);
    wide += expected > 1;
  }
  CHECK(wide > 400);
  CHECK(message_of([] { (void)vector_width(dynamic_layout::contiguous({4}), 4, 12); }) == "vector_width: alignment 12 is not a power of two");
}

TEST_CASE("the algebra's preconditions are errors that name the operation and the values") {
  const dynamic_layout m = dynamic_layout::contiguous({4, 6});
  CHECK(message_of([&] { (void)composition(m, dynamic_layout({5}, {6})); }) == "composition: the second layout reaches index 24, past the 24 elements of the first layout");
  CHECK(message_of([&] { (void)composition(m, dynamic_layout({2}, {1}, 1)); }) ==
        "composition: the second layout starts at offset 1, not 0 (it is read as a function of the index)");
  // (6,4):(1,6) column-major, read with stride 4: 4 and 6 do not divide one another.
  CHECK(message_of([&] { (void)composition(dynamic_layout({4, 6}, {1, 4}), dynamic_layout({3}, {4})); }) ==
        "composition: axis 0 of the second layout (stride 4) steps unevenly over the extents of the layout it reads: 4 and 6 do not divide one another");
  CHECK(message_of([&] { (void)complement(dynamic_layout({4}, {2}), 20); }) == "complement: the layout spans 8 offsets, which do not divide the 20 it must tile");
  CHECK(message_of([&] { (void)complement(dynamic_layout({4}, {2}), 4); }) == "complement: the layout spans 8 offsets, more than the 4 it must tile");
  CHECK(message_of([&] { (void)complement(dynamic_layout({3}, {0}), 4); }) == "complement: the layout is not unique or not increasing (axis 0 has extent 3 and stride 0)");
  CHECK(message_of([&] { (void)logical_divide(m, dynamic_layout({5}, {1})); }) == "logical_divide: the tiler spans 5 offsets, which do not divide the 24 it must tile");
  CHECK(message_of([&] { (void)logical_product(dynamic_layout({2}, {1}, 1), dynamic_layout({2}, {1})); }) ==
        "logical_product: the block starts at offset 1, not 0 (it is read as a function of the index)");
}
