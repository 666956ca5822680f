// Layout expressions: parsing, evaluation of every operation, error messages with columns, and
// the static types they print.
#include <strider/expression.hpp>

#include <string>

#include "../static_tests/expression_emit_cases.hpp"
#include "catch.hpp"

using strider::dims;
using strider::dynamic_layout;
using strider::evaluate;
using strider::expression_error;

namespace {
dynamic_layout contiguous(const dims& shape) { return dynamic_layout::contiguous(shape); }

struct failure {
  std::string message;
  std::size_t column = 0;
};

failure failure_of(std::string_view text) {
  try {
    evaluate(text);
  } catch (const expression_error& e) {
    return {e.what(), e.column()};
  }
  return {"(no error)", 0};
}

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }
}  // namespace

TEST_CASE("expressions evaluate to the core operations they name") {
  const auto c345 = contiguous({3, 4, 5});
  CHECK(evaluate("contiguous(3,4,5)") == c345);
  CHECK(evaluate("contiguous((3, 4, 5))") == c345);
  CHECK(evaluate("column_major(3,4)") == dynamic_layout::column_major({3, 4}));
  CHECK(evaluate("layout((3,4),(4,1),0)") == dynamic_layout({3, 4}, {4, 1}, 0));
  CHECK(evaluate("layout((3, 4), (-4, 1), 8)") == dynamic_layout({3, 4}, {-4, 1}, 8));
  CHECK(evaluate("layout((3,), (2,))") == dynamic_layout({3}, {2}, 0));
  CHECK(evaluate("layout(3, 2, 1)") == dynamic_layout({3}, {2}, 1));  // a bare integer is a tuple of one
  CHECK(evaluate("contiguous()") == dynamic_layout());
  CHECK(evaluate("layout((), ())") == dynamic_layout());

  CHECK(evaluate("contiguous(3,4,5)[1:, ::-1]") == strider::slice(c345, "1:, ::-1"));
  CHECK(evaluate("contiguous(3,4,5)[1:, ::-1].permute(2,0,1)") == strider::permute(strider::slice(c345, "1:, ::-1"), {2, 0, 1}));
  CHECK(evaluate("contiguous(3,4,5).permute((2,0,1))") == strider::permute(c345, {2, 0, 1}));
  CHECK(evaluate("column_major(3,4).transpose(0,1)") == strider::transpose(dynamic_layout::column_major({3, 4}), 0, 1));
  CHECK(evaluate("layout((3,4),(4,1),0).flip(0)") == strider::flip(contiguous({3, 4}), {0}));
  CHECK(evaluate("contiguous(3,4).flip()") == strider::flip(contiguous({3, 4})));
  CHECK(evaluate("contiguous(3,4).flip(0,1)") == strider::flip(contiguous({3, 4}), {0, 1}));
  CHECK(evaluate("contiguous(4).broadcast_to(2,3,4)") == strider::broadcast_to(contiguous({4}), {2, 3, 4}));
  CHECK(evaluate("contiguous(3,4).view(-1)") == strider::view(contiguous({3, 4}), {-1}));
  CHECK(evaluate("contiguous(3,4).view((2,-1))") == strider::view(contiguous({3, 4}), {2, -1}));
  CHECK(evaluate("contiguous(1).view()") == dynamic_layout());
  CHECK(evaluate("contiguous(3,4).transpose(0,1).reshape(2,-1)") == strider::reshape(strider::transpose(contiguous({3, 4}), 0, 1), {2, -1}));
  CHECK(evaluate("contiguous(1,3,1).squeeze()") == strider::squeeze(contiguous({1, 3, 1})));
  CHECK(evaluate("contiguous(1,3,1).squeeze(0,2)") == strider::squeeze(contiguous({1, 3, 1}), {0, 2}));
  CHECK(evaluate("contiguous(1,3,1).squeeze((-1,))") == strider::squeeze(contiguous({1, 3, 1}), {-1}));
  CHECK(evaluate("contiguous(3).unsqueeze(0)") == strider::unsqueeze(contiguous({3}), 0));
  CHECK(evaluate("contiguous(3,3).diagonal()") == strider::diagonal(contiguous({3, 3})));
  CHECK(evaluate("contiguous(3,3).diagonal(1)") == strider::diagonal(contiguous({3, 3}), 1));
  CHECK(evaluate("contiguous(2,3,4).diagonal(-1, 2, 0)") == strider::diagonal(contiguous({2, 3, 4}), -1, 2, 0));
  CHECK(evaluate("contiguous(5).unfold(0,2,1)") == strider::unfold(contiguous({5}), 0, 2, 1));
  CHECK(evaluate("contiguous(4).as_strided((2,2),(1,2),0)") == strider::as_strided(contiguous({4}), {2, 2}, {1, 2}, 0));
  // Without an offset, as_strided keeps the input's (PyTorch's default).
  CHECK(evaluate("contiguous(4)[1:].as_strided((2,), (2,))").offset() == 1);
}

TEST_CASE("expressions give NumPy's numbers") {
  // np.arange(60).reshape(3, 4, 5)[1:, ::-1].transpose(2, 0, 1): strides // 8 and the data offset
  const auto l = evaluate("contiguous(3,4,5)[1:, ::-1].permute(2,0,1)");
  CHECK(l.shape() == dims{5, 2, 4});
  CHECK(l.strides() == dims{1, 20, -5});
  CHECK(l.offset() == 35);
  CHECK(l(1, 1, 3) == 36 + 20 - 15);
  // np.diagonal(np.arange(24).reshape(2, 3, 4), -1, 2, 0)
  const auto d = evaluate("contiguous(2, 3, 4).diagonal(-1, 2, 0)");
  CHECK(d.shape() == dims{3, 2});
  CHECK(d.strides() == dims{4, 13});
  CHECK(d.offset() == 1);
}

TEST_CASE("whitespace, tuples and trailing commas are accepted as Python writes them") {
  const auto expected = strider::permute(contiguous({3, 4, 5}), {2, 0, 1});
  CHECK(evaluate(" contiguous ( 3 , 4 , 5 ) . permute ( 2 , 0 , 1 ) ") == expected);
  CHECK(evaluate("contiguous(3,4,5,).permute(2,0,1,)") == expected);
  CHECK(evaluate("contiguous((3,4,5,)).permute((2,0,1),)") == expected);
  CHECK(evaluate("contiguous(3,\n\t4,\r\n5)\n.permute(2, 0, 1)") == expected);
  CHECK(evaluate("contiguous(3, 4)[ 1: , ::-1 ]") == strider::slice(contiguous({3, 4}), "1: , ::-1"));
  CHECK(evaluate("contiguous(3, 4).view(- 1)") == strider::view(contiguous({3, 4}), {-1}));
  CHECK(evaluate("contiguous(+3, 4)") == contiguous({3, 4}));
  CHECK(evaluate("contiguous(3, 4)[0][None][...]") == strider::slice(strider::slice(strider::slice(contiguous({3, 4}), "0"), "None"), "..."));
}

TEST_CASE("the parsed form records each call and its column") {
  const auto e = strider::parse_expression("contiguous(3,4)[1:, ::-1] .permute(1, 0).as_strided((2,), (3,))");
  REQUIRE(e.operations.size() == 4);
  CHECK(e.operations[0].op->name == "contiguous");
  CHECK(e.operations[0].column == 1);
  CHECK(e.operations[0].values == strider::dims{3, 4});
  CHECK(e.operations[1].op->name == "slice");
  CHECK(e.operations[1].column == 16);
  CHECK(e.operations[1].index == "1:, ::-1");
  CHECK(e.operations[2].op == strider::find_operation("permute"));
  CHECK(e.operations[2].column == 28);
  CHECK(e.operations[3].op->name == "as_strided");
  CHECK(e.operations[3].strides == strider::dims{3});
  CHECK_FALSE(e.operations[3].offset.has_value());
  CHECK(strider::find_operation("broadcast_to")->name == "broadcast_to");
  CHECK(strider::find_operation("nope") == nullptr);
}

TEST_CASE("each argument list of a call has its own field") {
  using v = strider::dims;
  const auto e = strider::parse_expression(R"(contiguous(2, 3, 4).movedim((0, 1), (2, 0)).unflatten(0, (2, 2)).sliding_window_view((2,), (1,)).rearrange("a b c d -> d c b a"))");
  REQUIRE(e.operations.size() == 5);
  CHECK(e.operations[1].values == v{0, 1});
  CHECK(e.operations[1].destination == v{2, 0});
  CHECK(e.operations[2].values == v{0});
  CHECK(e.operations[2].extents == v{2, 2});
  CHECK(e.operations[3].values == v{2});
  CHECK(e.operations[3].has_axes);
  CHECK(e.operations[3].axes == v{1});
  CHECK(e.operations[4].pattern == "a b c d -> d c b a");
  for (const auto& op : e.operations) {
    CHECK(op.strides.empty());
    CHECK(op.index.empty());
  }
}

TEST_CASE("errors inside [ ] point at the character the message names") {
  // Each kind of index syntax error: the column in the message counts in the index text, the
  // expression's column (the caret) in the whole expression.
  struct expected_error {
    const char* text;
    const char* message;
    std::size_t column;
  };
  const expected_error cases[] = {
      {"contiguous(3,4)[1:2, 1.5]", "slice: syntax error at column 7 of the index: expected ',' or the end of the index", 23},
      {"contiguous(3,4)[::0]", "slice: the step at column 3 of the index is zero (slice step cannot be zero)", 19},
      {"contiguous(3,4)[  1,,2]", "slice: syntax error at column 3 of the index: expected an integer, ':', '...', None or newaxis", 21},
      {"contiguous(3)[99999999999999999999]", "slice: the integer at column 1 of the index does not fit in int64", 15},
      {"contiguous(3,4)[1 2]", "slice: syntax error at column 3 of the index: expected ',' or the end of the index", 19},
      {"contiguous(3,4)[(1, 2))]", "slice: syntax error at column 6 of the index: expected ',' or the end of the index", 22},
      {"contiguous(3, 4) [ Nonex ]", "slice: syntax error at column 1 of the index: expected an integer, ':', '...', None or newaxis", 20},
  };
  for (const expected_error& c : cases) {
    INFO(c.text);
    const failure f = failure_of(c.text);
    CHECK(f.message == c.message);
    CHECK(f.column == c.column);
    CHECK(std::string_view(c.text).substr(c.column - 1, 1) != " ");  // never a blank under the caret
  }
}

TEST_CASE("operation errors keep the core's message and point at the call") {
  CHECK(failure_of("contiguous(3,4).permute(1,1)").message == "permute: repeated axis 1");
  CHECK(failure_of("contiguous(3,4).permute(1,1)").column == 17);
  CHECK(failure_of("contiguous(3, 4) . transpose(0, 2)").column == 20);
  CHECK(failure_of("contiguous(3, 4) . transpose(0, 2)").message == "transpose: axis 2 is out of range for rank 2");
  CHECK(failure_of("contiguous(3,4)[5]").message == "slice: index 5 is out of range for axis 0 with extent 3");
  CHECK(failure_of("contiguous(3,4)[5]").column == 17);  // the index, not the '['
  CHECK(failure_of("contiguous(3,4)[1, -5]").column == 20);
  CHECK(failure_of("contiguous(3,4)[1:x]").message == "slice: syntax error at column 3 of the index: expected ',' or the end of the index");
  CHECK(evaluate("contiguous(3,4)[()]") == dynamic_layout::contiguous({3, 4}));
  CHECK(strider::to_static_type("contiguous(3,4)[()]") == "strider::slice_t<strider::contiguous<3, 4>, \"()\">");
  CHECK(failure_of("contiguous(3,4)[]").message == "slice: empty index (write \":\", \"...\" or \"()\" for everything)");
  CHECK(starts_with(failure_of("contiguous(3,4).transpose(0,1).view(-1)").message, "view: "));
  CHECK(failure_of("contiguous(3,4).transpose(0,1).view(-1)").column == 32);
  CHECK(failure_of("contiguous(3,4).squeeze(1)").message == "squeeze: axis 1 has extent 4, not 1");
  CHECK(failure_of("contiguous(2).broadcast_to(3)").message == "broadcast_to: extent 2 of axis 0 cannot be broadcast to 3");
  CHECK(failure_of("contiguous(5).unfold(0, 6, 1)").message == "unfold: size 6 is larger than extent 5 of dimension 0");
  CHECK(failure_of("contiguous(5).diagonal()").message == "diagonal: the layout has rank 1, needs at least 2");
  CHECK(failure_of("contiguous(4).as_strided((2,), (4,), 0)").column == 15);
  CHECK(starts_with(failure_of("contiguous(4).as_strided((2,), (4,), 0)").message, "as_strided: "));
  CHECK(starts_with(failure_of("contiguous(-1)").message, "contiguous: "));
  CHECK(failure_of("contiguous(-1)").column == 1);
  CHECK(starts_with(failure_of("layout((3,), (-1,))").message, "layout: "));
  CHECK(failure_of("contiguous(1,1,1,1,1,1,1,1,1)").message ==
        "contiguous: 9 values given, but a shape or axis list holds at most max_rank (8)");
  CHECK(failure_of("contiguous(3).permute(0,0,0,0,0,0,0,0,0)").column == 15);
  // A list longer than max_rank is refused as the expression is read, before anything runs.
  CHECK_THROWS_AS(strider::parse_expression("contiguous(3).permute(0,0,0,0,0,0,0,0,0)"), strider::expression_error);
  // An expression_error is a layout_error.
  CHECK_THROWS_AS(evaluate("contiguous(3,4).permute(1,1)"), strider::layout_error);
}

TEST_CASE("syntax errors say what was expected, and where") {
  const auto check = [](std::string_view text, std::string_view message, std::size_t column) {
    const failure f = failure_of(text);
    INFO(text << " -> column " << f.column << ": " << f.message);
    CHECK(f.message == message);
    CHECK(f.column == column);
    // parse_expression alone reports syntax errors
    CHECK_THROWS_AS(strider::parse_expression(text), expression_error);
  };
  check("", "expression: empty expression; expected contiguous(...), column_major(...) or layout(...)", 1);
  check("  ", "expression: empty expression; expected contiguous(...), column_major(...) or layout(...)", 1);
  check("contiguous(3,4", "expression: expected ')' or ',' after an argument of 'contiguous', found the end of the expression", 15);
  check("contiguous(3,4].flip()", "expression: expected ')' or ',' after an argument of 'contiguous', found ']'", 15);
  check("contiguous(3,4).permut(1,0)", "expression: unknown operation 'permut' (did you mean 'permute'?)", 17);
  check("contiguous(3,4).frobnicate()", "expression: unknown operation 'frobnicate'", 17);
  check("contigous(3)", "expression: unknown layout 'contigous' (did you mean 'contiguous'?); expected contiguous, column_major or layout", 1);
  check("3", "expression: expected a layout such as contiguous(3, 4), found '3'", 1);
  check("contiguous", "expression: expected '(' after 'contiguous', found the end of the expression", 11);
  check("contiguous(3).", "expression: expected the name of an operation after '.', found the end of the expression", 15);
  check("contiguous(3) flip()", "expression: expected '.', '[' or the end of the expression, found 'f'", 15);
  check("contiguous(3)[0", "expression: expected ']' to close the '[' at column 14, found the end of the expression", 16);
  check("contiguous(3)[\"0\"]", "expression: found '\"' inside [ ], where only integers, ':', ',', '...', None, newaxis and () can appear", 15);
  check("contiguous(3)[0\\]", "expression: found '\\' inside [ ], where only integers, ':', ',', '...', None, newaxis and () can appear", 16);
  check("contiguous(x)", "expression: expected an integer or a tuple as an argument of 'contiguous', found 'x'", 12);
  check("contiguous(3,,4)", "expression: expected an integer or a tuple as an argument of 'contiguous', found ','", 14);
  check("contiguous((3,4),5)", "expression: 'contiguous' takes several integers or one tuple, not a mix", 12);
  check("contiguous((3 4))", "expression: expected ')' or ',' in a tuple of 'contiguous', found '4'", 15);
  check("contiguous(((3)))", "expression: expected an integer or ')' in a tuple of 'contiguous', found '('", 13);
  check("contiguous(3).transpose(0)", "expression: 'transpose' takes two axes, got 1 argument", 15);
  check("contiguous(3).transpose((0, 1))", "expression: 'transpose' takes two axes, got 1 argument", 15);
  check("contiguous(3).transpose(0, (1))", "expression: 'transpose' takes two axes, not a tuple", 28);
  check("contiguous(3).unsqueeze()", "expression: 'unsqueeze' takes one axis, got 0 arguments", 15);
  check("contiguous(3).unfold(0, 1)", "expression: 'unfold' takes three integers (dimension, size, step), got 2 arguments", 15);
  check("contiguous(3,3).diagonal(0, 0, 1, 2)", "expression: 'diagonal' takes at most three integers (offset, axis1, axis2), got 4 arguments", 17);
  check("layout((3,4))", "expression: 'layout' takes (shape), (strides) and an optional offset, got 1 argument", 1);
  check("layout((3,), (1,), (0,))", "expression: the offset of 'layout' is an integer, not a tuple", 20);
  check("contiguous(3).as_strided((3,))", "expression: 'as_strided' takes (shape), (strides) and an optional offset, got 1 argument", 15);
  check("contiguous(3, 4).movedim(0, 1, 2)", "expression: 'movedim' takes two axes or two tuples of axes (source, destination), got 3 arguments", 18);
  check("contiguous(3, 4).unflatten((1,), (2, 2))", "expression: the dimension of 'unflatten' is an integer, not a tuple", 28);
  check("contiguous(3, 4).unflatten(1)", "expression: 'unflatten' takes a dimension and a tuple of sizes, got 1 argument", 18);
  check("contiguous(9223372036854775808)", "expression: the integer does not fit in int64 (from -9223372036854775808 to 9223372036854775807)", 12);
  check("contiguous(-99999999999999999999999)", "expression: the integer does not fit in int64 (from -9223372036854775808 to 9223372036854775807)", 12);
  check("contiguous(3)\xc3\xa9", "expression: expected '.', '[' or the end of the expression, found byte 0xC3 (only ASCII is allowed)", 14);
  check(std::string_view("contiguous(3)\0", 14), "expression: expected '.', '[' or the end of the expression, found byte 0x00", 14);
  check(std::string_view("contiguous(\0)", 13), "expression: expected an integer or a tuple as an argument of 'contiguous', found byte 0x00", 12);
  check("contiguous(3).transpose_(0, 0)", "expression: unknown operation 'transpose_' (did you mean 'transpose'?)", 15);
  // INT64_MIN itself is an integer.
  CHECK(failure_of("layout((0,), (-9223372036854775808,))").message == "(no error)");
}

TEST_CASE("hostile input is refused cleanly and in linear time") {
  // Very long input.
  const std::string long_text = "contiguous(3)" + std::string(strider::max_expression_length, ' ');
  CHECK(failure_of(long_text).message == "expression: the text is longer than 65536 bytes");
  // Deep nesting: refused at the second parenthesis, without recursion.
  CHECK(failure_of("contiguous(" + std::string(60000, '(')).column == 13);
  // A long identifier is cut in the message.
  const failure f = failure_of("contiguous(3)." + std::string(50000, 'a') + "()");
  CHECK(f.message == "expression: unknown operation '" + std::string(40, 'a') + "...'");
  // A long chain: linear to parse, evaluate and print.
  std::string chain = "contiguous(2, 3)";
  for (int i = 0; i < 5000; ++i) chain += ".flip()";
  CHECK(evaluate(chain) == contiguous({2, 3}));
  const std::string type = strider::to_static_type(chain);
  CHECK(type.size() == 5000 * std::string("strider::flip_t<>").size() + std::string("strider::contiguous<2, 3>").size());
  // Every prefix of a valid expression, and every single-byte change, fails cleanly or works.
  const std::string text = "layout((3, 4), (4, 1), 0)[1:, ::-1].permute(1, 0).diagonal(0, 0, 1).unfold(0, 1, 1)";
  for (std::size_t n = 0; n <= text.size(); ++n) {
    try {
      evaluate(text.substr(0, n));
    } catch (const expression_error& e) {
      CHECK(e.column() >= 1);
      CHECK(e.column() <= n + 1);
    }
  }
  for (std::size_t i = 0; i < text.size(); ++i)
    for (const char c : std::string("(),.[]:-0 9x\x80")) {
      std::string mutated = text;
      mutated[i] = c;
      try {
        evaluate(mutated);
      } catch (const expression_error& e) {
        CHECK(e.column() >= 1);
        CHECK(e.column() <= mutated.size() + 1);
      }
    }
}

TEST_CASE("to_static_type prints the static types that compile and agree") {
#define STRIDER_CHECK_EMITTED(text, ...)                       \
  CHECK(strider::to_static_type(text) == #__VA_ARGS__);        \
  CHECK(evaluate(text) == __VA_ARGS__::dynamic());
  STRIDER_EMITTED_STATIC_TYPES(STRIDER_CHECK_EMITTED)
#undef STRIDER_CHECK_EMITTED
  CHECK(strider::to_static_type("contiguous(3)[None]") == "strider::slice_t<strider::contiguous<3>, \"None\">");
  CHECK(strider::to_static_type("contiguous(3).flip(0, 0)") == "strider::flip_t<strider::contiguous<3>, 0, 0>");  // not evaluated
  // An index built by hand is still printed as a valid string literal.
  auto e = strider::parse_expression("contiguous(3)[0]");
  e.operations[1].index = "a\"b\\c\n";
  CHECK(strider::to_static_type(e) == "strider::slice_t<strider::contiguous<3>, \"a\\\"b\\\\c\\012\">");
}

TEST_CASE("a hand-built expression is checked when evaluated") {
  strider::expression e;
  CHECK_THROWS_AS(evaluate(e), expression_error);
  e.operations.push_back({.op = strider::find_operation("permute"), .column = 1, .values = {0}});
  CHECK_THROWS_AS(evaluate(e), expression_error);
  CHECK_THROWS_AS(strider::to_static_type(e), expression_error);
  e = strider::parse_expression("contiguous(3).flip()");
  e.operations[1].op = strider::find_operation("layout");  // a base in the middle
  CHECK_THROWS_AS(evaluate(e), expression_error);
  CHECK_THROWS_AS(strider::to_static_type(e), expression_error);
  e.operations[1].op = nullptr;  // no table entry
  CHECK_THROWS_AS(evaluate(e), expression_error);
  CHECK_THROWS_AS(strider::to_static_type(e), expression_error);
}

TEST_CASE("expression: an empty axis tuple is no axis, as NumPy's axis=()") {
  // NumPy: np.flip(a, axis=()) and np.squeeze(a, axis=()) return a unchanged; flip() and
  // squeeze() without an argument act on every axis.
  CHECK(evaluate("contiguous(3, 4).flip(())") == dynamic_layout::contiguous({3, 4}));
  CHECK(evaluate("contiguous(3, 4).flip( ( ) )") == dynamic_layout::contiguous({3, 4}));
  CHECK(evaluate("contiguous(3, 4).flip()").strides() == dims{-4, -1});
  CHECK(evaluate("contiguous(1, 3).squeeze(())") == dynamic_layout::contiguous({1, 3}));
  CHECK(evaluate("contiguous(1, 3).squeeze()") == dynamic_layout::contiguous({3}));
  CHECK(evaluate("contiguous(()).squeeze(())") == dynamic_layout{});
  // The static type is the input's: the call names no type.
  CHECK(strider::to_static_type("contiguous(3, 4).flip(()).permute(1, 0)") == "strider::permute_t<strider::contiguous<3, 4>, 1, 0>");
  CHECK(strider::to_static_type("contiguous(3, 4).flip(())") == "strider::contiguous<3, 4>");
}

TEST_CASE("evaluate_mixed keeps the static entries a mixed type would; evaluate_pattern is its deprecated name") {
  const strider::expression e = strider::parse_expression("contiguous(8, 3, 4)[:, 1:].T");
  const std::vector<strider::run_time_extent> batch{{0, 1}};
  const strider::detail::maybe_layout m = strider::evaluate_mixed(e, batch);
  // The reference: the static type the command would emit, layout by layout.
  using T = strider::reverse_axis_order_t<strider::slice_t<strider::contiguous<strider::dyn, 3, 4>, ":, 1:">>;
  const strider::layout_value want = T::static_entries;
  CHECK(m.value() == want);
  CHECK_FALSE(m.entries().shape[2].known);  // the batch, now last
  CHECK(m.entries().strides[0].value == 1);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  CHECK(strider::evaluate_pattern(e, batch).value() == want);
#pragma GCC diagnostic pop
}

TEST_CASE("a swizzled expression reads the chain's offsets through CuTe's swizzle, as swizzled_t does") {
  // CuTe's Swizzle<B, M, S> for S > 0, written here apart from the library.
  const auto cute_swizzle = [](strider::index_t o, int b, int m, int s) { return o ^ (((o >> (m + s)) & ((strider::index_t{1} << b) - 1)) << m); };
  const std::string_view text = "contiguous(8, 64).T.swizzle(3, 3, 3)";
  const strider::expression e = strider::parse_expression(text);
  REQUIRE(e.swizzle);
  CHECK(e.swizzle_column == 21);
  const strider::swizzled_layout_value s = strider::evaluate_swizzled(e);
  CHECK(s.layout == evaluate("contiguous(8, 64).T"));
  CHECK(s.swizzle == strider::swizzle_value{3, 3, 3});
  using emitted = strider::swizzled_t<strider::reverse_axis_order_t<strider::contiguous<8, 64>>, strider::swizzle<3, 3, 3>>;
  CHECK(strider::to_static_type(e) == "strider::swizzled_t<strider::reverse_axis_order_t<strider::contiguous<8, 64>>, strider::swizzle<3, 3, 3>>");
  for (strider::index_t i = 0; i < 64; ++i)
    for (strider::index_t j = 0; j < 8; ++j) {
      const strider::index_t o = cute_swizzle(j * 64 + i, 3, 3, 3);
      CHECK(strider::swizzle_offset(s.swizzle, s.layout(i, j)) == o);
      CHECK(emitted{}(i, j) == o);
    }
  // CuTe's printed form reads as the same swizzled layout (CuTe's modes mirrored).
  const strider::expression c = strider::parse_expression("cute(\"Sw<3,3,3> o _0 o (64,8):(1,64)\")");
  CHECK(c.swizzle == strider::swizzle_value{3, 3, 3});
  CHECK(c.swizzle_column == 7);
  CHECK(strider::evaluate_swizzled(c).layout == contiguous({8, 64}));
  // evaluate would drop the swizzle: refused at it; so are the mixed forms.
  CHECK(failure_of(text).column == 21);
  CHECK(failure_of(text).message.find("evaluate_swizzled") != std::string::npos);
  CHECK_THROWS_AS(strider::evaluate_mixed(e, {{0, 1}}), expression_error);
  CHECK_THROWS_AS(strider::to_static_type(e, {{0, 1}}), expression_error);
  // A strided expression has the identity swizzle.
  CHECK(strider::evaluate_swizzled(strider::parse_expression("contiguous(2)")).swizzle == strider::swizzle_value{});
  // Where a swizzle cannot go: after it, a view; inside an argument; and CuTe's conditions.
  CHECK(failure_of("contiguous(8, 8).swizzle(1, 1, 1).T").column == 34);
  CHECK(failure_of("cute(\"Sw<1,1,1> o (8,8):(8,1)\")[0]").column == 32);
  CHECK(failure_of("contiguous(8, 8).swizzle(2, 1, 1)").message.find("|S| = 1 is less than B = 2") != std::string::npos);
  CHECK(failure_of("contiguous(8, 8).swizzle(1, 1)").column == 18);
  CHECK_THROWS_AS(strider::parse_thread_value("partition(contiguous(8, 8).swizzle(1, 1, 1), thread_value(contiguous(8), contiguous(8)), 0)"), expression_error);
}
