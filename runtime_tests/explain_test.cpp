// `explain` (expression/explain.hpp): sentences checked against values worked out by hand for a
// dozen chains covering the operation families, and a differential check: every step's layout is
// the layout of the chain cut after that step, evaluated separately; a refused chain ends where
// and as evaluate refuses it.
#include <string>
#include <vector>

#include <strider/expression.hpp>

#include "catch.hpp"

using strider::dynamic_layout;
using strider::explain;

namespace {
const char* chains[] = {
    "contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1)",
    "contiguous(2, 3)[None].broadcast_to(4, 2, 3)",
    "contiguous(2, 1, 3).squeeze(1).unsqueeze(0)",
    "contiguous(6, 4).view(3, 2, 4).flatten(1)",
    "contiguous(4, 6).T.reshape(-1)",
    "contiguous(4, 6)[:, 1:].coalesce()",
    "contiguous(3, 4).flip(1)",
    "contiguous(8, 8).rearrange(\"(h p) w -> h w p\", p=2)",
    "contiguous(4, 8).tile(2, 4)",
    "contiguous(6, 4).chunk(3)[1]",
    "column_major(2, 3).transpose(0, 1)",
    "contiguous(8).unfold(0, 3, 2)",
    "cute(\"((2,4),8):((1,16),2)\").coalesce()",
    "contiguous(20).composition((5, 4), (4, 1)).diagonal()",
};
}  // namespace

TEST_CASE("explain: each step is the chain cut there, evaluated on its own") {
  for (const std::string text : chains) {
    INFO(text);
    const auto steps = explain(text);
    REQUIRE(!steps.empty());
    for (const auto& step : steps) {
      REQUIRE(step.after);
      const std::string cut = text.substr(0, step.column - 1 + step.call.size());
      REQUIRE(strider::evaluate(cut) == *step.after);
    }
    REQUIRE(*steps.back().after == strider::evaluate(text));
    for (std::size_t k = 1; k < steps.size(); ++k) REQUIRE(*steps[k].before == *steps[k - 1].after);
  }
}

TEST_CASE("explain: what each rule did, with this case's values (worked out by hand)") {
  const auto sentence = [](const std::string& text, std::size_t step) { return explain(text)[step].sentence; };
  // contiguous(3, 4, 5): strides (20, 5, 1). [1:, ::-1] keeps 2 x 4 x 5 = 40 of 60 elements and
  // starts at row 1 (20) and the last column of axis 1 (3 x 5 = 15): offset 35.
  CHECK(sentence(chains[0], 0) == "row-major (C order): each stride is the product of the extents after it");
  CHECK(sentence(chains[0], 1) == "slice: the index keeps 40 of 60 elements; the first element moves from offset 0 to 35; shape (3, 4, 5), strides (20, 5, 1) -> shape (2, 4, 5), strides (20, -5, 1)");
  CHECK(sentence(chains[0], 2) == "permute: reorders the axes, no stride changes: axis 2 (extent 5, stride 1) moves to 0; axis 0 (extent 2, stride 20) moves to 1; axis 1 (extent 4, stride -5) moves to 2");
  CHECK(sentence(chains[1], 2) == "broadcast_to: stretches extent-1 axes with stride 0 (every index reads the same element): shape (1, 2, 3), strides (0, 3, 1) -> shape (4, 2, 3), strides (0, 3, 1)");
  CHECK(sentence(chains[2], 1) == "squeeze: drops extent-1 axes: shape (2, 1, 3), strides (3, 3, 1) -> shape (2, 3), strides (3, 1) (no element moves)");
  CHECK(sentence(chains[3], 2) == "flatten: regroups the same elements in the same order: shape (3, 2, 4), strides (8, 4, 1) -> shape (3, 8), strides (8, 1)");
  // The transpose of (4, 6) walks storage by columns: no view flattens it; reshape gives a copy's layout.
  CHECK(sentence(chains[4], 2) == "reshape: no view has this shape, so this is the layout of a copy: shape (6, 4), strides (1, 6) -> shape (24,), strides (1,), offset 0");
  CHECK(sentence(chains[5], 2) == "coalesce: nothing to do here: the layout stays shape (4, 5), strides (6, 1), offset 1");
  CHECK(sentence(chains[6], 1) == "flip: axis 1 (extent 4, stride 1) is walked backwards: stride -1, and the first element moves from offset 0 to 3");
  // (h p) with p = 2 splits rows (stride 8) into 4 of stride 16 and 2 of stride 8; p goes last.
  CHECK(sentence(chains[7], 1) == "rearrange: splits, merges and reorders the axes as the pattern says, a view of the same elements: shape (8, 8), strides (8, 1) -> shape (4, 8, 2), strides (16, 1, 8)");
  CHECK(sentence(chains[8], 1) == "tile: axis 0 (extent 4, stride 8) becomes 2 tiles (stride 16) of 2 (stride 8); axis 1 (extent 8, stride 1) becomes 2 tiles (stride 4) of 4 (stride 1); the tile's axes come last");
  // chunk(3) of 6 rows: parts of 2 rows; part 1 starts at row 2, offset 8.
  CHECK(sentence(chains[9], 1) == "chunk: keeps indices 2 to 3 of axis 0 (extent 6, stride 4): extent 2, the first element at offset 8");
  // select(1, 2) of (3, 4): column 2, offset 2; narrow(1, 1, 2): columns 1 and 2 from offset 1;
  // the diagonal of (3, 4) steps 4 + 1 = 5; diagonal(1) starts at column 1.
  CHECK(sentence("contiguous(3, 4).select(1, 2)", 1) == "select: fixes axis 1 (extent 4, stride 1) at index 2: the axis goes, and the first element moves from offset 0 to 2");
  CHECK(sentence("contiguous(3, 4).narrow(1, 1, 2)", 1) == "narrow: keeps indices 1 to 2 of axis 1 (extent 4, stride 1): extent 2, the first element at offset 1");
  CHECK(sentence("contiguous(3, 4).diagonal(1)", 1) == "diagonal: walks axis 0 and axis 1 together: one last axis of extent 3 and stride 4 + 1 = 5, the first element at offset 1");
  // unbind(1)[2] of (6, 4): column 2.
  CHECK(sentence("contiguous(6, 4).unbind(1)[2]", 1) == "unbind: fixes axis 1 (extent 4, stride 1) at index 2: the axis goes, and the first element moves from offset 0 to 2");
  CHECK(sentence(chains[11], 1) == "unfold: windows over the same storage (neighbouring windows overlap where the step is smaller than the window): shape (8,), strides (1,), offset 0 -> shape (3, 3), strides (2, 1), offset 0");
  // CuTe's ((2,4),8):((1,16),2) is (8, 4, 2):(2, 16, 1): no two axes merge (8 x 2 = 16 is axis 1's
  // stride, but axis 1 comes between).
  CHECK(sentence(chains[12], 1) == "coalesce: nothing to do here: the layout stays shape (8, 4, 2), strides (2, 16, 1), offset 0");
  // The properties that change: a transpose stops being contiguous and loses its 16-byte vectors.
  const auto steps = explain(chains[10]);
  CHECK(steps[1].changes == std::vector<std::string>{"is_contiguous: false -> true", "vector_width (4-byte elements, 16-byte aligned): 1 -> 2"});
}

TEST_CASE("explain: a refused chain ends with the refusal, where evaluate refuses it") {
  for (const std::string text : {"contiguous(3, 4).permute(1, 1)", "contiguous(4, 6).T.view(-1)", "contiguous(6)[1:].flip(0).unfold(0, 9, 1)", "contiguous(4, 6).chunk(3)"}) {
    INFO(text);
    const auto steps = explain(text);
    REQUIRE(!steps.back().after);
    std::string message;
    std::size_t column = 0;
    try {
      strider::evaluate(text);
    } catch (const strider::expression_error& e) {
      message = e.what();
      column = e.column();
    }
    CHECK(steps.back().sentence == message);
    CHECK(steps.back().column == column);
    for (std::size_t k = 0; k + 1 < steps.size(); ++k) CHECK(steps[k].after);
  }
  CHECK_THROWS_AS(explain("contiguous(3, 4).permute(1,"), strider::expression_error);  // syntax: not a chain
}

TEST_CASE("explain: an index of several items, item by item (worked out by hand)") {
  // (3, 4, 5) has strides (20, 5, 1). 1: starts at row 1 (offset 20); None adds an axis at 1;
  // '...' covers no axis (four items take the four axes); ::-2 on axis 2 (extent 4, stride 5)
  // takes indices 3 and 1 (offset 20 + 15 = 35, stride -10); -1 fixes axis 3 at 4 (offset 39).
  const std::string base = "contiguous(3, 4, 5)";
  const auto steps = explain(base + "[1:, None, ..., ::-2, -1]");
  REQUIRE(steps.size() == 2);
  const auto& items = steps[1].items;
  REQUIRE(items.size() == 5);
  const char* cuts[] = {"[1:]", "[1:, None]", "[1:, None, ...]", "[1:, None, ..., ::-2, :]", "[1:, None, ..., ::-2, -1]"};
  for (std::size_t k = 0; k < 5; ++k) CHECK(items[k].layout == strider::evaluate(base + cuts[k]));
  CHECK(items[0].sentence == "'1:' keeps indices 1 to 2 of axis 0 (extent 3, stride 20): extent 2, and the first element moves from offset 0 to 20");
  CHECK(items[1].sentence == "'None' inserts an axis of extent 1 at position 1 (no element moves)");
  CHECK(items[2].sentence == "'...' stands for no axis here");
  CHECK(items[3].sentence == "'::-2' keeps indices 3 to 1 every -2 of axis 2 (extent 4, stride 5): extent 2, stride -10, and the first element moves from offset 20 to 35");
  CHECK(items[4].sentence == "'-1' fixes axis 3 (extent 5, stride 1) at index 4 (counted from the end): the axis goes, and the first element moves from offset 35 to 39");
  CHECK(items[4].layout == *steps[1].after);
  CHECK(items[1].column == 25);  // "contiguous(3, 4, 5)[1:, None": None starts at column 25
  // After '...' the items count from the end: 0 fixes the last axis of (3, 4, 5) (stride 1).
  const auto tail = explain(base + "[..., 1:, 0]")[1].items;
  REQUIRE(tail.size() == 3);
  CHECK(tail[0].sentence == "'...' stands for axis 0, kept whole");
  CHECK(tail[1].sentence == "'1:' keeps indices 1 to 3 of axis 1 (extent 4, stride 5): extent 3, and the first element moves from offset 0 to 5");
  CHECK(tail[2].sentence == "'0' fixes axis 2 (extent 5, stride 1) at index 0: the axis goes");
  CHECK(explain(base + "[1:]")[1].items.empty());  // one item: the step's sentence says it all
}

TEST_CASE("explain: the divides and products with their values (worked out by hand)") {
  const auto sentence = [](const std::string& text) { return explain(text).back().sentence; };
  // (4, 6):(6, 1) by the tiler (2, 3):(3, 1), 6 elements: a tile is one row seen as 2 x 3; 4 tiles, 6 apart.
  CHECK(sentence("contiguous(4, 6).logical_divide((2, 3), (3, 1))") ==
        "logical_divide: cuts the layout into tiles of 6 elements (CuTe's, mirrored to row-major and flattened): which tile, shape (4,), strides (6,), then the tile, shape (2, 3), strides (3, 1)");
  // A = (2, 2):(2, 1), 4 elements; B = (2, 3):(3, 1): copy (i, j) of A starts at 4 x B(i, j) = 12 i + 4 j.
  CHECK(sentence("contiguous(2, 2).logical_product((2, 3), (3, 1))") ==
        "logical_product: repeats the layout as the second layout says (CuTe's, mirrored to row-major and flattened): which copy, shape (2, 3), strides (12, 4), then the layout, shape (2, 2), strides (2, 1)");
  CHECK(sentence("contiguous(2, 2).blocked_product((2, 3), (3, 1))") ==
        "blocked_product: axis 0 (extent 2, stride 2) becomes 2 blocks (stride 12) of its 2 (stride 2); axis 1 (extent 2, stride 1) becomes 3 blocks (stride 4) of its 2 (stride 1): each copy of the layout is one block");
  CHECK(sentence("contiguous(2, 2).raked_product((2, 3), (3, 1))") ==
        "raked_product: axis 0 (extent 2, stride 2) becomes its 2 (stride 2) each raked over 2 (stride 12); axis 1 (extent 2, stride 1) becomes its 2 (stride 1) each raked over 3 (stride 4): copies interleave element by element");
}

TEST_CASE("explain: a whole expression of threads and values: its layouts' chains, then the whole") {
  const std::string tv = "thread_value(contiguous(4, 2), contiguous(2, 4).T)";
  const auto steps = explain(tv);
  REQUIRE(steps.size() == 4);  // contiguous(4, 2); contiguous(2, 4); .T; the whole
  CHECK(steps[2].call == "T");
  CHECK(*steps[2].after == strider::evaluate("contiguous(2, 4).T"));
  REQUIRE(steps[3].thread_values);
  CHECK(*steps[3].thread_values == strider::evaluate_thread_value(*strider::parse_thread_value(tv)));
  // 8 threads (4 x 2) hold 8 values (4 x 2 after .T) of a (16, 4) tile.
  CHECK(steps[3].sentence.starts_with("thread_value: 8 threads hold 8 values each of a tile of shape (16, 4) (each element held once)"));
  const std::string access = "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1, swizzle(5, 0, 5))";
  const auto a = explain(access);
  REQUIRE(a.size() == 4);
  REQUIRE(a[3].access);
  CHECK(*a[3].access == strider::evaluate_access(*strider::parse_thread_value(access)));
  CHECK(a[3].access->bank_conflicts == 0);  // the swizzle spreads each column over the banks
  CHECK(a[3].swizzle == strider::swizzle_value{5, 0, 5});
  const std::string partition = "partition(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4)), 5)";
  CHECK(*explain(partition).back().after == strider::evaluate_partition(*strider::parse_thread_value(partition)));
  // A refusal of the whole: where and as evaluate refuses it.
  const std::string bad = "access(contiguous(8, 8), thread_value(contiguous(4, 2), contiguous(2, 4)), 3)";
  const auto refused = explain(bad);
  REQUIRE(!refused.back().after);
  try {
    strider::evaluate_access(*strider::parse_thread_value(bad));
    FAIL("access of 3-byte elements evaluated");
  } catch (const strider::expression_error& e) {
    CHECK(refused.back().sentence == e.what());
    CHECK(refused.back().column == e.column());
  }
}
