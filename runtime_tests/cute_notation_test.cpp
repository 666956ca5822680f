// CuTe's notation, read and written (expression/cute.hpp), against an evaluator of CuTe's own
// definition written here: a nested shape:stride maps its 1-D index i, taken colexicographically
// (mode 0 fastest, recursively), to the sum of each leaf's coordinate times its stride. The strider
// layout read from the string must give the same offset for each i in C order, on every layout
// string of CuTe's layout-algebra page and on 500 random nested layouts; written back, it must read
// the same again; malformed strings are refused at the right character.
#include <random>
#include <string>
#include <vector>

#include <strider/core.hpp>
#include <strider/expression.hpp>
#include <strider/static.hpp>
#include <strider/table.hpp>

#include "catch.hpp"

using strider::dynamic_layout;
using strider::index_t;

namespace {

// A CuTe layout as a tree: a leaf (extent, stride) or a tuple of trees.
struct node {
  index_t extent = 1, stride = 0;
  std::vector<node> children;  // empty: a leaf
};

index_t size_of(const node& n) {
  if (n.children.empty()) return n.extent;
  index_t s = 1;
  for (const node& c : n.children) s *= size_of(c);
  return s;
}

// CuTe's layout function: the index split colexicographically over the modes, recursively.
index_t offset_of(const node& n, index_t i) {
  if (n.children.empty()) return (i % n.extent) * n.stride;
  index_t offset = 0;
  for (const node& c : n.children) {
    const index_t s = size_of(c);
    offset += offset_of(c, i % s);
    i /= s;
  }
  return offset;
}

// A recursive-descent reader of the test's own, for the strings of CuTe's docs.
struct tree_reader {
  std::string text;
  std::size_t pos = 0;
  void skip() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '_')) ++pos;
  }
  node read(bool strides, node* into) {
    skip();
    node n = into ? *into : node{};
    if (text[pos] == '(') {
      ++pos;
      std::size_t k = 0;
      while (true) {
        node child = read(strides, into ? &n.children[k] : nullptr);
        if (into) n.children[k] = child;
        else n.children.push_back(child);
        ++k;
        skip();
        if (text[pos++] == ')') break;
      }
      return n;
    }
    std::size_t used = 0;
    const index_t v = std::stoll(text.substr(pos), &used);
    pos += used;
    if (strides) n.stride = v;
    else n.extent = v;
    return n;
  }
  node layout() {
    node n = read(false, nullptr);
    skip();
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      n = read(true, &n);
    }
    return n;
  }
};

// Every i of the CuTe layout against the strider layout's offset table in C order.
void same_offsets(const node& cute, const dynamic_layout& l) {
  const std::vector<index_t> table = strider::offset_table(l);
  REQUIRE(static_cast<index_t>(table.size()) == size_of(cute));
  for (index_t i = 0; i < size_of(cute); ++i) REQUIRE(table[static_cast<std::size_t>(i)] == offset_of(cute, i));
}

std::string text_of(const node& n, bool strides) {
  if (n.children.empty()) return std::to_string(strides ? n.stride : n.extent);
  std::string out = "(";
  for (std::size_t k = 0; k < n.children.size(); ++k) {
    if (k > 0) out += ',';  // appended apart: "," + a temporary string draws g++ 12's false -Wrestrict from libstdc++
    out += text_of(n.children[k], strides);
  }
  return out + ")";
}

}  // namespace

TEST_CASE("cute notation: every layout string of CuTe's layout-algebra page addresses what CuTe's definition says") {
  // media/docs/cute/02_layout_algebra.md (its 01_layout.md writes shapes and strides apart).
  const char* strings[] = {"_12:_1", "(_2,_4):(_1,_2)", "_8:_1", "(_2,_6):(_1,_2)", "(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)", "20:2",
                           "(5,4):(4,1)", "5:4", "4:1", "5:8", "4:2", "(5,4):(8,2)", "(10,2):(16,4)", "(5,4):(1,5)", "5:1", "4:5", "(5,1):(16,4)",
                           "(2,2):(80,4)", "5:16", "(_5,(_2,_2)):(_16,(_80,_4))", "((5,1),(2,2)):((16,4),(80,4))", "(12,(4,8)):(59,(13,1))", "3:4",
                           "8:2", "(_3,(2,4)):(236,(26,1))", "3:1", "8:1", "(_3,(4,2)):(59,(13,1))", "6:4", "(4,6):(1,4)", "(6,4):(4,1)", "1:0",
                           "(2,3):(1,8)", "(4,(2,3)):(2,(1,8))", "2:1", "3:8", "(2,4):(1,6)", "3:2", "((2,4),3):((1,6),2)", "(2,2):(1,6)",
                           "(3,2):(2,12)", "((2,2),(3,2)):((1,6),(2,12))", "(2,4,3):(4,1,8)", "((2,2),(2,3)):((4,1),(2,8))", "(9,(4,8)):(59,(13,1))",
                           "3:3", "(2,4):(1,8)", "(3,(2,4)):(236,(13,52))", "(2,2):(4,1)", "6:1", "(2,3):(2,8)", "(4,2):(2,1)"};
  for (const char* s : strings) {
    INFO(s);
    const node cute = tree_reader{s}.layout();
    const dynamic_layout l = strider::from_cute_string(s);
    same_offsets(cute, l);
    // Written back and read again: the same layout.
    REQUIRE(strider::from_cute_string(strider::to_cute_string(l).view()) == l);
    // The expression language's cute("...") is the same layout.
    REQUIRE(strider::evaluate("cute(\"" + std::string(s) + "\")") == l);
  }
  // A shape alone takes CuTe's default, the compact column-major strides.
  same_offsets(tree_reader{"((2,3),4):((1,2),6)"}.layout(), strider::from_cute_string("((2,3),4)"));
  // CuTe's composition example: (10,2):(16,4) o (5,4):(1,5) = (5,(2,2)):(16,(80,4)), the same
  // function as strider's composition of the two layouts read from CuTe's strings.
  CHECK(strider::offset_table(strider::composition(strider::from_cute_string("(10,2):(16,4)"), strider::from_cute_string("(5,4):(1,5)"))) ==
        strider::offset_table(strider::from_cute_string("(5,(2,2)):(16,(80,4))")));
  CHECK(strider::offset_table(strider::composition(strider::from_cute_string("(6,2):(8,2)"), strider::from_cute_string("(4,3):(3,1)"))) ==
        strider::offset_table(strider::from_cute_string("((2,2),3):((24,2),8)")));
}

TEST_CASE("cute notation: 500 random nested layouts, in both directions") {
  std::mt19937_64 rng{34};
  const auto pick = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  for (int trial = 0; trial < 500; ++trial) {
    // A random tree of at most 6 leaves, depth up to 3.
    int leaves = 0;
    const auto grow = [&](const auto& self, int depth) -> node {
      node n;
      if (depth >= 3 || leaves >= 5 || pick(0, 2) == 0) {
        ++leaves;
        n.extent = pick(1, 5);
        n.stride = pick(0, 40);
        return n;
      }
      const index_t k = pick(1, 3);
      for (index_t i = 0; i < k && leaves < 6; ++i) n.children.push_back(self(self, depth + 1));
      return n;
    };
    const node cute = grow(grow, 0);
    const std::string text = text_of(cute, false) + ":" + text_of(cute, true);
    INFO(text);
    const dynamic_layout l = strider::from_cute_string(text);
    same_offsets(cute, l);
    REQUIRE(strider::from_cute_string(strider::to_cute_string(l).view()) == l);
  }
}

TEST_CASE("cute notation: malformed strings are refused at the character, and an offset has no CuTe text") {
  const auto column_of = [](const std::string& expression) -> std::size_t {
    try {
      strider::evaluate(expression);
    } catch (const strider::expression_error& e) {
      return e.column();
    }
    return 0;
  };
  // cute("...") starts the string at column 7: its character k is column 6 + k.
  CHECK(column_of("cute(\"(4,8\")") == 6 + 5);
  CHECK(column_of("cute(\"(4,8):(1)\")") == 6 + 7);
  CHECK(column_of("cute(\"(4,-8)\")") == 6 + 4);
  CHECK(column_of("cute(\"(5,(2,2))):(16,(80,4))\")") == 6 + 10);
  CHECK(column_of("cute(\"()\")") == 6 + 2);
  CHECK(column_of("cute(\"(1,2,3,4,5,6,7,8,9)\")") == 6 + 18);
  CHECK(column_of("cute(4)") == 6);
  CHECK_THROWS_WITH(strider::from_cute_string("(4,8):(1,x)"), "cute: expected an integer or '(' (at character 10 of \"(4,8):(1,x)\")");
  CHECK_THROWS_WITH(strider::to_cute_string(dynamic_layout({2}, {1}, 3)), Catch::StartsWith("to_cute_string: the layout starts at offset 3"));
  CHECK(strider::to_cute_string(dynamic_layout()) == "1:0");
  CHECK(strider::to_cute_cpp(dynamic_layout({8, 4}, {1, 8})) ==
        "cute::make_layout(cute::make_shape(cute::Int<4>{}, cute::Int<8>{}), cute::make_stride(cute::Int<8>{}, cute::Int<1>{}))");
}

TEST_CASE("cute notation: a swizzled layout reads and writes as CuTe prints a composed layout") {
  using strider::contiguous;
  using strider::swizzle;
  using strider::swizzled_t;
  using tile = swizzled_t<contiguous<8, 64>, swizzle<3, 3, 3>>;
  // CuTe prints composition(Swizzle<3,3,3>{}, Layout<Shape<_64,_8>, Stride<_1,_64>>{}) as
  // "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)": the swizzle, the offset, the layout in CuTe's order.
  STATIC_REQUIRE(strider::to_cute_string(tile{}) == "Sw<3,3,3> o 0 o (64,8):(1,64)");
  using read = strider::from_cute<"Sw<3,3,3> o _0 o (_64,_8):(_1,_64)">;
  STATIC_REQUIRE(strider::offset_table_v<read> == strider::offset_table_v<tile>);
  STATIC_REQUIRE(std::is_same_v<strider::from_cute<"Sw<3,3,3> o (64,8):(1,64)">, read>);  // the offset may be left out
  // Every element against CuTe's definition: the offset of the layout (CuTe's column-major
  // function of the flat index) plus the composed offset, then the swizzle.
  using shifted = strider::from_cute<"Sw<2,1,3> o 16 o ((4,2),8):((8,1),32)">;
  const node n = tree_reader{"((4,2),8):((8,1),32)"}.layout();
  const auto& table = strider::offset_table_v<shifted>;
  REQUIRE(static_cast<index_t>(table.size()) == size_of(n));
  for (std::size_t k = 0; k < table.size(); ++k) {  // C order is CuTe's flat index (modes reversed)
    const index_t o = 16 + offset_of(n, static_cast<index_t>(k));
    CHECK(table[k] == (o ^ (((o >> 4) & 3) << 1)));
  }
  // The strided readers refuse it: it is no strided layout.
  CHECK_THROWS_WITH(strider::from_cute_string("Sw<3,3,3> o (64,8):(1,64)"), Catch::StartsWith("cute: a swizzled layout (Sw<B,M,S> o ...) is no strided layout"));
  CHECK_THROWS_WITH(strider::from_cute_string("Sw<3,3> o (64,8):(1,64)"), "cute: expected ',' in Sw<B,M,S> (at character 7 of \"Sw<3,3> o (64,8):(1,64)\")");
  CHECK_THROWS_WITH(strider::from_cute_string("Sw<3,3,3> (64,8):(1,64)"), Catch::StartsWith("cute: expected 'o' (composed with) after Sw<B,M,S> (at character 11"));
}
