// strider/expression/expression.hpp: layout expressions written as in NumPy and PyTorch, parsed and
// evaluated at run time, and printed as the equivalent static type. Over 600 lines: one parser,
// its evaluation and its printing of C++ types walk the same grammar, kept together.
//
//   contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1)
//   column_major(3, 4).transpose(0, 1)      layout((3, 4), (4, 1), 0).flip(0)
//
// Grammar (whitespace allowed between tokens):
//   expression := base postfix*
//   base       := contiguous(list) | column_major(list) | layout(tuple, tuple [, int])
//   postfix    := '[' index ']' | '.' name '(' arguments ')'
//   list       := int, int, ...  |  (int, int, ...)          (one tuple or several integers)
// The text between [ ] goes unchanged to strider::slice, the core's NumPy index parser.
// Every rule about layouts stays in the core, and every operation's name, argument form and
// core function come from the operation_table (operation_table.hpp): this file only maps text onto it.
//
// The parser is a loop without recursion (a tuple holds integers only), so no input can nest
// deeply; the text is limited to max_expression_length bytes and everything is linear in it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../util/config.hpp"
#include "../core/dims.hpp"
#include "../util/error.hpp"
#include "../core/layout.hpp"
#include "../core/operations.hpp"
#include "../core/slice.hpp"
#include "../core/access.hpp"
#include "../util/text.hpp"
#include "../core/thread_value.hpp"
#include "atoms.hpp"
#include "cute.hpp"
#include "operation_table.hpp"

namespace strider {

/// Longest expression text accepted, in bytes.
inline constexpr std::size_t max_expression_length = 65536;

/// A layout_error that also knows where in the expression text it happened. Syntax errors read
/// "expression: ..."; an operation that fails keeps the core's message ("permute: repeated axis
/// 1") and points at that call.
class expression_error : public layout_error {
 public:
  expression_error(const std::string& message, std::size_t column) : layout_error(message), column_(column) {}
  /// 1-based column of the offending token, of the character a slice's syntax error names,
  /// or of the name of the call that failed (of '[' for an index).
  std::size_t column() const noexcept { return column_; }

 private:
  std::size_t column_;
};

/// A parsed expression: the base layout and the calls on it, in order.
struct expression {
  using operation = operation_call;  // one call: its entry, its column and its arguments
  std::vector<operation> operations;  // operations[0] is the base layout
  /// The chain's offsets read through CuTe's Swizzle<B, M, S> (a swizzled layout: swizzled_t in
  /// C++): written `.swizzle(B, M, S)` last, or as a base cute("Sw<B,M,S> o L"). Nothing for a
  /// strided layout. evaluate refuses a swizzled expression; evaluate_swizzled gives both.
  std::optional<swizzle_value> swizzle{};
  std::size_t swizzle_column = 0;  // of the name 'swizzle', or of the 'S' of "Sw<"

  friend bool operator==(const expression&, const expression&) = default;
};

/// NumPy's broadcast_shapes and broadcast_arrays, each written as a whole expression:
///   broadcast_shapes((2, 1), (3,), 4)                              a shape, (2, 3, 4)
///   broadcast_arrays(contiguous(3, 1), contiguous(4)[None])[1].T   one view per argument; [i] picks one
/// An argument of broadcast_arrays is a layout expression (one without broadcast_...). The rule
/// is the core's: broadcast_shapes, then broadcast_to the common shape (NumPy's semantics).
struct broadcast_expression {
  bool arrays = false;                       // broadcast_arrays; else broadcast_shapes
  std::size_t column = 1;                    // 1-based column of the name
  std::vector<std::vector<index_t>> shapes;  // broadcast_shapes: the tuples
  std::vector<expression> inputs;            // broadcast_arrays: the layout expressions
  std::vector<std::size_t> columns;          // 1-based column where each argument starts
  std::optional<index_t> part{};             // broadcast_arrays(...)[i]: the view picked
  std::size_t part_column = 0;               // of the '[' of [i]
  std::vector<expression::operation> views;  // the views written after [i]

  friend bool operator==(const broadcast_expression&, const broadcast_expression&) = default;
};

/// A thread-value layout, or one thread's partition of a tile, written as a whole expression
/// (core/thread_value.hpp has the rules):
///   thread_value(contiguous(16, 4), contiguous(1, 4))              threads, values[, interleaved]
///   as_thread_value(layout((4, 2), (2, 1)), 1, (8,))                a layout, value rank, tile shape[, replicated]
///   partition(contiguous(64, 64), thread_value(contiguous(16, 16), contiguous(4, 4)), 17)
///   access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1, swizzle(5, 0, 5))
///       the access certificate (core/access.hpp): tile, TV, element bytes[, vector width][, swizzle]
/// The arguments that are layouts are layout expressions (views allowed, whole expressions not).
struct thread_value_expression {
  bool from_layout = false;                  // as_thread_value; else thread_value
  std::size_t column = 1;                    // 1-based column of thread_value / as_thread_value
  std::vector<expression> layouts;           // thread_value: the threads and the values; as_thread_value: the layout
  std::vector<std::size_t> columns;          // where each layout argument starts
  value_arrangement arrangement = blocked;   // thread_value's third argument
  index_t value_rank = 0;                    // as_thread_value's
  std::vector<index_t> tile_shape;           // as_thread_value's
  thread_coverage coverage = exactly_once;   // as_thread_value's fourth argument
  // partition(TILE, TV, thread): one thread's values in the tile's storage; access(TILE, TV,
  // bytes[, width][, swizzle(B, M, S)]): the access certificate. call_column: 'partition' or 'access'.
  bool partitioned = false, accessed = false;
  std::size_t call_column = 0;
  expression tile{};
  index_t thread = 0;
  std::size_t thread_column = 0, bytes_column = 0, swizzle_column = 0;  // where those arguments start (their errors' carets)
  index_t element_bytes = 0, width = 0;
  swizzle_value swizzle{};

  friend bool operator==(const thread_value_expression&, const thread_value_expression&) = default;
};

namespace detail {

inline bool is_base(const expression::operation& op) { return op.op != nullptr && op.op->starts_expression; }

// The names of the bases, or of the operations written after a '.' (aliases and attributes
// too), in the table's order (for "did you mean" and the messages that list them).
// (Strings rather than string_views: one vector type fewer for every file that includes this.)
inline std::vector<std::string> operation_names(bool bases) {
  std::vector<std::string> out;
  for (const operation_info& op : operation_table) {
    if (op.starts_expression != bases || op.form == argument_form::index) continue;
    out.emplace_back(op.name);
    for (const std::string_view alias : op.aliases)
      if (!alias.empty()) out.emplace_back(alias);
    if (!op.attribute.empty()) out.emplace_back(op.attribute);
  }
  return out;
}

// Edit distance, for "did you mean" (both words are short: names are cut to 40 bytes before).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// " (did you mean 'format'?)" for the closest of `known` to a misspelled `name` (fewer than 3
// edits), or nothing: the expression's names and the command's options alike.
inline std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
  std::string_view best;
  std::size_t best_distance = 3;  // suggest only close misspellings
  if (name.size() <= 40)
    for (std::string_view k : known)
      if (const std::size_t d = edit_distance(name, k); d < best_distance) best = k, best_distance = d;
  return best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)";
}

// A list of an operation's arguments as the core takes it, refused past max_rank with the operation's name.
inline dims to_dims(const std::vector<index_t>& values, std::string_view op) {
  if (values.size() > max_rank)
    throw layout_error("{}: {} values given, but a shape or axis list holds at most max_rank ({})", op, values.size(), max_rank);
  return dims(values);
}

class expression_parser {
 public:
  explicit expression_parser(std::string_view text) : text_(text) {}

  expression parse() {
    if (text_.size() > max_expression_length)
      fail(max_expression_length + 1, "the text is longer than " + std::to_string(max_expression_length) + " bytes");
    expression out;
    skip_blanks();
    if (at_end()) fail(1, "empty expression; expected contiguous(...), column_major(...) or layout(...)");
    whole_ = &out;  // a swizzle is the whole expression's: its base's, or a last .swizzle(...)
    out.operations.push_back(base());
    views(out.operations);
    whole_ = nullptr;
    return out;
  }

  // broadcast_shapes(...) or broadcast_arrays(...) as the whole text, or nothing (when the text
  // starts with another name) for parse() to read.
  std::optional<broadcast_expression> parse_broadcast() {
    if (text_.size() > max_expression_length)
      fail(max_expression_length + 1, "the text is longer than " + std::to_string(max_expression_length) + " bytes");
    skip_blanks();
    const std::size_t start = pos_;
    const std::string_view name = identifier();
    if (!is_broadcast(name)) {
      pos_ = start;
      return std::nullopt;
    }
    broadcast_expression b;
    b.arrays = name == "broadcast_arrays";
    b.column = start + 1;
    if (!b.arrays) {
      // broadcast_shapes((2, 1), (3,), 4): tuples, a bare integer being a tuple of one (as NumPy's ints).
      for (const argument& a : arguments(name)) {
        b.shapes.push_back(a.values);
        b.columns.push_back(a.column);
      }
    } else {
      // broadcast_arrays(contiguous(3, 1), contiguous(4)[None]): layout expressions.
      expect('(', "after " + quoted(name));
      skip_blanks();
      while (peek() != ')') {
        b.columns.push_back(column());
        expression input;
        input.operations.push_back(base());
        views(input.operations, name);
        b.inputs.push_back(std::move(input));
        if (peek() == ',') {
          ++pos_;
          skip_blanks();
        } else if (peek() != ')') {
          fail(column(), "expected ')' or ',' after an argument of " + quoted(name) + ", found " + found());
        }
      }
      ++pos_;
      skip_blanks();
      if (peek() == '[') {  // [i]: one of the views, then views of it
        b.part_column = column();
        b.part = part_index(name);
        views(b.views);
      } else if (peek() == '.') {
        fail(column(), quoted(name) + " gives one view per argument; pick one with [i] before a view of it");
      }
    }
    skip_blanks();
    if (!at_end()) fail(column(), "expected the end of the expression after " + quoted(name) + "(...), found " + found());
    return b;
  }

  // thread_value(...), as_thread_value(...) or partition(...) as the whole text, or nothing (when
  // the text starts with another name).
  std::optional<thread_value_expression> parse_thread_value() {
    if (text_.size() > max_expression_length)
      fail(max_expression_length + 1, "the text is longer than " + std::to_string(max_expression_length) + " bytes");
    skip_blanks();
    const std::size_t start = pos_;
    const std::string_view name = identifier();
    if (!is_thread_value(name)) {
      pos_ = start;
      return std::nullopt;
    }
    thread_value_expression t;
    if (name == "partition" || name == "access") {
      // partition(TILE, TV, thread); access(TILE, TV, bytes[, width][, swizzle(B, M, S)])
      (name == "partition" ? t.partitioned : t.accessed) = true;
      t.call_column = start + 1;
      expect('(', "after " + quoted(name));
      skip_blanks();
      t.tile = nested_layout(name);
      expect(',', "after the tile of " + quoted(name));
      skip_blanks();
      const std::size_t tv_start = pos_;
      const std::string_view tv_name = identifier();
      if (tv_name != "thread_value" && tv_name != "as_thread_value" && detail::find_named_atom(tv_name) == nullptr)
        fail(tv_start + 1, quoted(name) + " takes a thread_value(...), as_thread_value(...) or an atom's layout by name (mma_m16n8k16_a, ldmatrix_x4_src, ...) second, found " +
                               (tv_name.empty() ? found() : quoted(tv_name)));
      thread_value_call(t, tv_name, tv_start);
      expect(',', "after the thread-value layout of " + quoted(name));
      skip_blanks();
      if (!starts_integer())
        fail(column(), quoted(name) + (t.partitioned ? " takes the thread (an integer) third, found " : " takes the element size in bytes (an integer) third, found ") + found());
      (t.partitioned ? t.thread_column : t.bytes_column) = column();
      (t.partitioned ? t.thread : t.element_bytes) = integer();
      skip_blanks();
      if (t.accessed && peek() == ',') {
        ++pos_;
        skip_blanks();
        if (starts_integer()) {
          t.width = integer();
          skip_blanks();
          if (peek() == ',') {
            ++pos_;
            skip_blanks();
            swizzle_argument(t);
          }
        } else {
          swizzle_argument(t);
        }
      }
      expect(')', "after the arguments of " + quoted(name));
    } else {
      thread_value_call(t, name, start);
    }
    skip_blanks();
    if (!at_end()) fail(column(), "expected the end of the expression after " + quoted(name) + "(...), found " + found());
    return t;
  }

 private:
  static bool is_broadcast(std::string_view name) { return name == "broadcast_shapes" || name == "broadcast_arrays"; }
  static bool is_thread_value(std::string_view name) {
    return name == "thread_value" || name == "as_thread_value" || name == "partition" || name == "access" || detail::find_named_atom(name) != nullptr;
  }

  // An atom's thread-value layout by name (expression/atoms.hpp), read as the as_thread_value(...)
  // it is: its layout, value rank and tile shape, each value once.
  void named_atom_call(thread_value_expression& t, const detail::named_atom& atom, std::size_t start) {
    t.from_layout = true;
    t.column = start + 1;
    t.columns.push_back(start + 1);
    expression e;
    expression::operation op;
    op.column = start + 1;
    op.op = find_operation("layout");
    const layout_value& l = atom.value.layout;
    for (std::size_t d = 0; d < l.rank; ++d) {
      op.values.push_back(l.shape[d]);
      op.strides.push_back(l.strides[d]);
    }
    op.offset = l.offset;
    e.operations.push_back(op);
    t.layouts.push_back(e);
    t.value_rank = static_cast<index_t>(atom.value.value_rank);
    for (std::size_t d = 0; d < atom.value.tile_rank; ++d) t.tile_shape.push_back(atom.value.tile_shape[d]);
    t.coverage = atom.value.replicated ? replicated : exactly_once;
  }

  // swizzle(B, M, S) as access's last argument.
  void swizzle_argument(thread_value_expression& t) {
    const std::size_t at = column();
    t.swizzle_column = at;
    const std::string_view word = identifier();
    if (word != "swizzle") fail(at, "'access' takes the vector width (an integer) or swizzle(B, M, S) here, found " + (word.empty() ? found() : quoted(word)));
    t.swizzle = swizzle_values(at);
  }

  // swizzle(B, M, S)'s arguments (after the name), each within [-64, 64] so that it fits an int;
  // CuTe's conditions are checked where the swizzle is used.
  swizzle_value swizzle_values(std::size_t at) {
    const std::vector<index_t> v = scalar_arguments(arguments("swizzle"), "swizzle", 3, 3, at, "three integers, B, M and S");
    for (const index_t x : v)
      if (x < -64 || x > 64) fail(at, "'swizzle' takes B, M and S between -64 and 64");
    return {static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2])};
  }

  // A layout expression as an argument of the whole expression `enclosing`.
  expression nested_layout(std::string_view enclosing) {
    expression e;
    e.operations.push_back(base());
    views(e.operations, enclosing);
    return e;
  }

  // A bare word argument, one of two (blocked or interleaved; exactly_once or replicated).
  bool word_argument(std::string_view call, std::string_view no, std::string_view yes) {
    skip_blanks();
    const std::size_t at = column();
    const std::string_view word = identifier();
    if (word != no && word != yes)
      fail(at, quoted(call) + " takes " + std::string(no) + " or " + std::string(yes) + " here, found " + (word.empty() ? found() : quoted(word)));
    return word == yes;
  }

  // thread_value(THREADS, VALUES[, blocked|interleaved]) or
  // as_thread_value(LAYOUT, value_rank, (tile shape)[, exactly_once|replicated]), `name` just read.
  void thread_value_call(thread_value_expression& t, std::string_view name, std::size_t start) {
    if (const detail::named_atom* atom = detail::find_named_atom(name)) return named_atom_call(t, *atom, start);
    t.from_layout = name == "as_thread_value";
    t.column = start + 1;
    expect('(', "after " + quoted(name));
    skip_blanks();
    t.columns.push_back(column());
    t.layouts.push_back(nested_layout(name));
    expect(',', std::string(t.from_layout ? "after the layout of " : "after the threads of ") + quoted(name));
    skip_blanks();
    if (!t.from_layout) {
      t.columns.push_back(column());
      t.layouts.push_back(nested_layout(name));
      skip_blanks();
      if (peek() == ',') {
        ++pos_;
        t.arrangement = word_argument(name, "blocked", "interleaved") ? interleaved : blocked;
      }
    } else {
      if (!starts_integer()) fail(column(), "'as_thread_value' takes the value rank (an integer) second, found " + found());
      t.value_rank = integer();
      expect(',', "after the value rank of 'as_thread_value'");
      skip_blanks();
      if (peek() == '(') {  // the tile shape: a tuple, or one integer for rank 1
        ++pos_;
        skip_blanks();
        while (peek() != ')') {
          if (!starts_integer()) fail(column(), "expected an integer or ')' in the tile shape of 'as_thread_value', found " + found());
          t.tile_shape.push_back(integer());
          skip_blanks();
          if (peek() == ',') {
            ++pos_;
            skip_blanks();
          } else if (peek() != ')') {
            fail(column(), "expected ')' or ',' in the tile shape of 'as_thread_value', found " + found());
          }
        }
        ++pos_;
      } else if (starts_integer()) {
        t.tile_shape.push_back(integer());
      } else {
        fail(column(), "'as_thread_value' takes the tile shape (a tuple) third, found " + found());
      }
      skip_blanks();
      if (peek() == ',') {
        ++pos_;
        t.coverage = word_argument(name, "exactly_once", "replicated") ? replicated : exactly_once;
      }
    }
    expect(')', "after the arguments of " + quoted(name));
  }

  // The views after a base: '.' name(...) and [index], up to the end of the text, or, in an
  // argument of a whole expression (`enclosing` names it), up to the ',' or ')' after it.
  void views(std::vector<expression::operation>& out, std::string_view enclosing = {}) {
    const bool nested = !enclosing.empty();
    while (true) {
      skip_blanks();
      if (at_end() && !nested) break;
      if (nested && (peek() == ',' || peek() == ')')) break;
      if (!nested && whole_ != nullptr && whole_->swizzle && (peek() == '.' || peek() == '['))
        fail(column(), "a swizzled layout takes no view after its swizzle, which reads the chain's final offsets: write the views first, then .swizzle(B, M, S) (for cute(\"Sw<B,M,S> o L\"): cute(\"L\")...swizzle(B, M, S))");
      if (peek() == '.') {
        ++pos_;
        if (swizzle_method(enclosing)) continue;
        out.push_back(method());
      } else if (peek() == '[') {
        out.push_back(index());
      } else {
        fail(column(), (nested ? "expected '.', '[', ',' or ')' in an argument of " + quoted(enclosing) : std::string("expected '.', '[' or the end of the expression")) +
                           ", found " + found());
      }
    }
  }

  // '.swizzle(B, M, S)', the last call of a whole expression: its offsets through CuTe's
  // Swizzle<B, M, S> (the C++ form is swizzled_t<L, swizzle<B, M, S>>). False, reading nothing,
  // for another name.
  bool swizzle_method(std::string_view enclosing) {
    skip_blanks();
    const std::size_t at = column(), start = pos_;
    if (identifier() != "swizzle") {
      pos_ = start;
      return false;
    }
    if (!enclosing.empty() || whole_ == nullptr)
      fail(at, "'.swizzle(B, M, S)' ends a whole layout expression (a base and its views), not " +
                   (enclosing.empty() ? std::string("a part of broadcast_arrays(...)") : "an argument of " + quoted(enclosing)) +
                   (enclosing == "access" ? " (access takes swizzle(B, M, S) as its last argument)" : ""));
    set_swizzle(swizzle_values(at), at);
    return true;
  }

  // The whole expression's swizzle, checked (CuTe's conditions) with the caret at `at`.
  void set_swizzle(swizzle_value s, std::size_t at) {
    try {
      detail::check_swizzle(s);
    } catch (const layout_error& e) {
      fail(at, e.what());
    }
    whole_->swizzle = s;
    whole_->swizzle_column = at;
  }

  // [i] after a call that gives several views: the part, as Python indexes the tuple of views.
  index_t part_index(std::string_view name) {
    const std::size_t open = column();
    ++pos_;
    skip_blanks();
    if (!starts_integer()) fail(column(), "expected the index of a part of " + quoted(name) + " (an integer) in [ ], found " + found());
    const index_t part = integer();
    skip_blanks();
    if (peek() != ']') fail(column(), "expected ']' to close the '[' at column " + std::to_string(open) + ", found " + found());
    ++pos_;
    return part;
  }

  // A list argument as the call's operation takes it: at most max_rank values, refused as the
  // core refuses a longer list, at the call.
  static dims listed(const expression::operation& op, const std::vector<index_t>& values) {
    try {
      return to_dims(values, op.op->name);
    } catch (const layout_error& error) {
      throw expression_error(error.what(), op.column);
    }
  }

  struct argument {
    bool tuple = false;
    std::vector<index_t> values;
    std::size_t column = 0;
    std::string_view word;  // tile's policy (padded, masked, exact): the one word an argument may be
  };

  [[noreturn]] static void fail(std::size_t column, const std::string& message) {
    throw expression_error("expression: " + message, column);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  std::size_t column() const { return pos_ + 1; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
  void skip_blanks() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }

  // What is at the current position, for messages; never echoes a byte that is not printable.
  std::string found() const {
    if (at_end()) return "the end of the expression";
    const auto c = static_cast<unsigned char>(peek());
    if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
    constexpr char hex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + hex[c >> 4] + hex[c & 15] + (c >= 0x80 ? " (only ASCII is allowed)" : "");
  }

  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "'" + std::string(...) at -O3.
  static std::string quoted(std::string_view name) {
    std::string out(1, '\'');
    out.append(name.substr(0, 40)).append(name.size() > 40 ? "...'" : "'");
    return out;
  }

  std::string_view identifier() {
    const std::size_t start = pos_;
    if (!is_letter(peek())) return {};
    while (!at_end() && (is_letter(peek()) || is_digit(peek()))) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  static std::string unknown(std::string_view what, std::string_view name, const std::vector<std::string>& known) {
    return "unknown " + std::string(what) + " " + quoted(name) + did_you_mean(name, known);
  }

  bool starts_integer() const {
    if (is_digit(peek())) return true;
    if (peek() != '-' && peek() != '+') return false;
    std::size_t p = pos_ + 1;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    return p < text_.size() && is_digit(text_[p]);
  }

  // A decimal integer with an optional sign; accumulated negatively so that INT64_MIN fits.
  index_t integer() {
    const std::size_t start = column();
    bool negative = false;
    if (peek() == '-' || peek() == '+') {
      negative = peek() == '-';
      ++pos_;
      while (peek() == ' ' || peek() == '\t') ++pos_;
    }
    index_t value = 0;
    if (!read_digits(text_.data(), text_.size(), pos_, negative, value))
      fail(start, "the integer does not fit in int64 (from -9223372036854775808 to 9223372036854775807)");
    return value;
  }

  void expect(char c, const std::string& context) {
    skip_blanks();
    if (peek() != c) fail(column(), std::string("expected '") + c + "' " + context + ", found " + found());
    ++pos_;
  }

  // '(' [argument {',' argument} [',']] ')', where an argument is an integer or a tuple of them.
  std::vector<argument> arguments(std::string_view call) {
    const std::string context = "after " + quoted(call);
    expect('(', context);
    std::vector<argument> out;
    skip_blanks();
    if (peek() == ')') {
      ++pos_;
      return out;
    }
    while (true) {
      skip_blanks();
      argument arg;
      arg.column = column();
      if (peek() == '(') {
        arg.tuple = true;
        ++pos_;
        skip_blanks();
        while (peek() != ')') {
          if (!starts_integer()) fail(column(), "expected an integer or ')' in a tuple of " + quoted(call) + ", found " + found());
          arg.values.push_back(integer());
          skip_blanks();
          if (peek() == ',') {
            ++pos_;
            skip_blanks();
          } else if (peek() != ')') {
            fail(column(), "expected ')' or ',' in a tuple of " + quoted(call) + ", found " + found());
          }
        }
        ++pos_;
      } else if (starts_integer()) {
        arg.values.push_back(integer());
      } else if (call == "tile" && is_letter(peek())) {
        arg.word = identifier();  // checked as the policy where the call's arguments are read
      } else {
        fail(column(), "expected an integer or a tuple as an argument of " + quoted(call) + ", found " + found());
      }
      out.push_back(std::move(arg));
      skip_blanks();
      if (peek() == ',') {
        ++pos_;
        skip_blanks();
        if (peek() == ')') {  // a trailing comma, as Python allows
          ++pos_;
          return out;
        }
      } else if (peek() == ')') {
        ++pos_;
        return out;
      } else {
        fail(column(), "expected ')' or ',' after an argument of " + quoted(call) + ", found " + found());
      }
    }
  }

  // permute(2, 0, 1) or permute((2, 0, 1)): several integers, or one tuple.
  static std::vector<index_t> list_argument(const std::vector<argument>& args, std::string_view call) {
    if (args.size() == 1 && args[0].tuple) return args[0].values;
    std::vector<index_t> out;
    for (const argument& a : args) {
      if (a.tuple) fail(a.column, quoted(call) + " takes several integers or one tuple, not a mix");
      out.push_back(a.values[0]);
    }
    return out;
  }

  static std::vector<index_t> scalar_arguments(const std::vector<argument>& args, std::string_view call,
                                               std::size_t at_least, std::size_t at_most, std::size_t column,
                                               std::string_view signature) {
    if (args.size() < at_least || args.size() > at_most)
      fail(column, quoted(call) + " takes " + std::string(signature) + ", got " + std::to_string(args.size()) +
                       (args.size() == 1 ? " argument" : " arguments"));
    std::vector<index_t> out;
    for (const argument& a : args) {
      if (a.tuple) fail(a.column, quoted(call) + " takes " + std::string(signature) + ", not a tuple");
      out.push_back(a.values[0]);
    }
    return out;
  }

  // layout((3, 4), (4, 1), 0) and as_strided((2, 2), (1, 2), 0): shape, strides, optional offset.
  static void strided_arguments(expression::operation& op, const std::vector<argument>& args, std::string_view call) {
    if (args.size() < 2 || args.size() > 3)
      fail(op.column, quoted(call) + " takes (shape), (strides) and an optional offset, got " + std::to_string(args.size()) +
                          (args.size() == 1 ? " argument" : " arguments"));
    op.values = listed(op, args[0].values);  // a bare integer is a tuple of one
    op.strides = listed(op, args[1].values);
    if (args.size() == 3) {
      if (args[2].tuple) fail(args[2].column, "the offset of " + quoted(call) + " is an integer, not a tuple");
      op.offset = args[2].values[0];
    }
  }

  static void one_or_two_arguments(const expression::operation& op, const std::vector<argument>& args, std::string_view name) {
    if (args.empty() || args.size() > 2)
      fail(op.column, quoted(name) + " takes " + std::string(op.op->arguments) + ", got " + std::to_string(args.size()) +
                          (args.size() == 1 ? " argument" : " arguments"));
  }

  // rearrange("b (h p) -> b h p", p=2): a pattern in double quotes, then name=value sizes. The
  // pattern may hold only what an einops pattern can, so that it is also a C++ string literal.
  void pattern_arguments(expression::operation& op, std::string_view name) {
    expect('(', "after " + quoted(name));
    skip_blanks();
    if (peek() != '"') fail(column(), quoted(name) + " takes a pattern in double quotes first, found " + found());
    ++pos_;
    const std::size_t start = pos_;
    while (!at_end() && peek() != '"') {
      const char c = peek();
      if (!(is_letter(c) || is_digit(c) || c == ' ' || c == '(' || c == ')' || c == '.' || c == '-' || c == '>'))
        fail(column(), "a rearrange pattern holds names, numbers, '(', ')', '...' and '->', found " + found());
      ++pos_;
    }
    if (at_end()) fail(column(), "expected '\"' to close the pattern of " + quoted(name) + ", found the end of the expression");
    op.pattern = std::string(text_.substr(start, pos_ - start));
    op.index_column = start + 1;
    ++pos_;
    while (true) {
      skip_blanks();
      if (peek() == ')') {
        ++pos_;
        return;
      }
      if (peek() != ',') fail(column(), "expected ',' or ')' after an argument of " + quoted(name) + ", found " + found());
      ++pos_;
      skip_blanks();
      if (peek() == ')') continue;  // a trailing comma
      const std::size_t at = column();
      const std::string_view size_name = identifier();
      if (size_name.empty()) fail(at, "expected an axis size such as p=2 in " + quoted(name) + ", found " + found());
      expect('=', "after the axis name " + quoted(size_name));
      skip_blanks();
      if (!starts_integer()) fail(column(), "expected the integer size of axis " + quoted(size_name) + ", found " + found());
      const index_t value = integer();
      if (!op.sizes.empty()) op.sizes.append(", ");
      op.sizes.append(size_name).append("=").append(std::to_string(value));
    }
  }

  // The operations that take a tile of one layout per axis (CuTe's make_tile) in place of a layout.
  static bool takes_tile(std::string_view name) {
    for (const std::string_view n : {"composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product", "tiled_product", "flat_product"})
      if (n == name) return true;
    return false;
  }

  // The arguments of a call, in the form its table entry names.
  void read_arguments(expression::operation& op, std::string_view name) {
    if (op.op->form == argument_form::pattern) return pattern_arguments(op, name);
    auto args = arguments(name);
    if (name == "tile" && !args.empty() && !args.back().word.empty()) {
      // tile(4, 8, padded): the policy last (exact, padded or masked), as tile<padded, 4, 8> in C++.
      const argument& policy = args.back();
      if (policy.word == "padded") op.policy = tile_policy::padded;
      else if (policy.word == "masked") op.policy = tile_policy::masked;
      else if (policy.word != "exact")
        fail(policy.column, "'tile' takes the policy exact, padded or masked last, found " + quoted(policy.word) + did_you_mean(policy.word, {"exact", "padded", "masked"}));
      args.pop_back();
    }
    for (const argument& a : args)
      if (!a.word.empty()) fail(a.column, "'tile' takes its extents first and the policy (exact, padded or masked) last, found " + quoted(a.word) + " before an extent");
    switch (op.op->form) {
      case argument_form::strided: strided_arguments(op, args, name); break;
      case argument_form::layout_operand:
        // composition((5, 4), (4, 1)): a second layout's shape and strides (offset 0); composition,
        // the divides and the products also take a tile, one (shape), (strides) pair per axis:
        // logical_divide((2,), (1,), (4,), (2,)) is make_tile((2):(1), (4):(2)).
        if (args.size() >= 4 && args.size() % 2 == 0 && takes_tile(name)) {
          for (std::size_t i = 0; i < args.size(); i += 2) {
            if (!args[i].tuple || !args[i + 1].tuple)
              fail(args[i + (args[i].tuple ? 1 : 0)].column, "a tile's modes are (shape), (strides) tuples, as in " + std::string(name) + "((2,), (1,), (4,), (2,))");
            op.modes.emplace_back(listed(op, args[i].values), listed(op, args[i + 1].values));
          }
          break;
        }
        if (args.size() != 2)
          fail(op.column, quoted(name) + " takes " + std::string(op.op->arguments) + ", got " + std::to_string(args.size()) +
                              (args.size() == 1 ? " argument" : " arguments"));
        op.values = listed(op, args[0].values);
        op.strides = listed(op, args[1].values);
        break;
      case argument_form::axis_extents:
      case argument_form::axis_lists:
        // movedim(0, 2), movedim((0, 1), (2, 3)), unflatten(1, (2, 3)): two lists, a bare integer
        // being a list of one; unflatten's dimension is one integer.
        if (args.size() != 2)
          fail(op.column, quoted(name) + " takes " + std::string(op.op->arguments) + ", got " + std::to_string(args.size()) +
                              (args.size() == 1 ? " argument" : " arguments"));
        if (op.op->form == argument_form::axis_extents && args[0].tuple)
          fail(args[0].column, "the dimension of " + quoted(name) + " is an integer, not a tuple");
        op.values = listed(op, args[0].values);
        (op.op->form == argument_form::axis_lists ? op.destination : op.extents) = listed(op, args[1].values);
        break;
      case argument_form::windows:
        // sliding_window_view((2, 2)) or sliding_window_view((3,), (1,)): a window shape, then
        // optional axes; a bare integer is a tuple of one.
        one_or_two_arguments(op, args, name);
        op.values = listed(op, args[0].values);
        op.has_axes = args.size() == 2;
        if (op.has_axes) op.axes = listed(op, args[1].values);
        break;
      case argument_form::split_sizes:
        // split(2), split(2, 1), split((1, 3), 1): a size or a tuple of sizes (PyTorch's list
        // form), then an optional dimension.
        one_or_two_arguments(op, args, name);
        if (op.op->max_arguments == 1 && args.size() == 2)  // hsplit & co.: the axis is the operation's
          fail(args[1].column, quoted(name) + " takes " + std::string(op.op->arguments) + ", not a dimension");
        op.values = listed(op, args[0].values);
        op.sizes_tuple = args[0].tuple;
        if (args.size() == 2) {
          if (args[1].tuple) fail(args[1].column, "the dimension of " + quoted(name) + " is an integer, not a tuple");
          op.dim = args[1].values[0];
        }
        break;
      case argument_form::integers:
        op.values = listed(op, scalar_arguments(args, name, op.op->min_arguments, op.op->max_arguments, op.column, op.op->arguments));
        break;
      default:
        op.values = listed(op, list_argument(args, name));
        // flip() and squeeze() mean every axis; an empty tuple, as NumPy's axis=(), no axis.
        op.no_axes = op.op->form == argument_form::axes_or_all && args.size() == 1 && args[0].tuple && op.values.empty();
        break;
    }
  }

  expression::operation base() {
    expression::operation op;
    op.column = column();
    const std::string_view name = identifier();
    if (name.empty()) fail(column(), "expected a layout such as contiguous(3, 4), found " + found());
    if (is_broadcast(name) || is_thread_value(name)) fail(op.column, quoted(name) + " is written as a whole expression, not as a layout inside one");
    if (name == "cute") return cute_base(op);
    if (name == "make_ordered_layout" || name == "make_identity_layout") return maker_base(op, name);
    op.op = find_operation(name);
    if (op.op == nullptr || !op.op->starts_expression) {
      auto known = operation_names(true);
      std::string list;
      for (std::size_t i = 0; i < known.size(); ++i)
        list += std::string(i == 0 ? "" : i + 1 == known.size() ? " or " : ", ") + std::string(known[i]);
      known.insert(known.end(), {"broadcast_shapes", "broadcast_arrays", "thread_value", "as_thread_value", "partition", "access", "cute", "make_ordered_layout", "make_identity_layout"});  // "did you mean" them too
      fail(op.column, unknown("layout", name, known) + "; expected " + list);
    }
    read_arguments(op, name);
    return op;
  }

  // CuTe's layout makers, read as the strided layouts they make (as cute("...") is), so that every
  // view and output applies and --emit-cpp writes the layout: make_ordered_layout((2, 3), (1, 0))
  // (the shape, then each axis's order) and make_identity_layout((4, 6)) (contiguous: offsets are
  // the indices' C-order ranks; core/algebra_helpers.hpp).
  expression::operation maker_base(expression::operation& op, std::string_view name) {
    const auto args = arguments(name);
    const std::size_t wanted = name == "make_ordered_layout" ? 2 : 1;
    if (args.size() != wanted)
      fail(op.column, quoted(name) + (wanted == 2 ? " takes a shape and an order, as tuples" : " takes a shape as a tuple") + ", got " +
                          std::to_string(args.size()) + (args.size() == 1 ? " argument" : " arguments"));
    for (const argument& a : args)
      if (!a.word.empty()) fail(a.column, quoted(name) + " takes tuples of integers, found " + quoted(a.word));
    op.op = find_operation("layout");
    const dims shape = listed(op, args[0].values);
    const dynamic_layout made = wanted == 2 ? make_ordered_layout(shape, listed(op, args[1].values)) : make_identity_layout(shape);
    op.values = made.shape();
    op.strides = made.strides();
    return op;
  }

  // cute("((2,4),8):((1,16),2)"): a CuTe layout string (cute.hpp), read as the strided layout
  // it is in strider's terms, so that every view and output applies; an error points at the
  // character of the string.
  expression::operation cute_base(expression::operation& op) {
    expect('(', "after 'cute'");
    skip_blanks();
    if (peek() != '"') fail(column(), "'cute' takes a CuTe layout in double quotes, such as cute(\"(4,8):(8,1)\"), found " + found());
    ++pos_;
    const std::size_t start = pos_;
    while (!at_end() && peek() != '"') ++pos_;
    if (at_end()) fail(column(), "expected '\"' to close the CuTe layout, found the end of the expression");
    const std::string_view written = text_.substr(start, pos_ - start);
    const detail::cute_reading r = detail::cute_reader(written).read();
    if (r.error != detail::cute_error::none) {
      // The reader's message without its place in the string: the caret shows the character.
      try {
        detail::refuse_cute(r.error, r.column, {});
      } catch (const layout_error& e) {
        const std::string message = e.what();
        throw expression_error(message.substr(0, message.rfind(" (at character")), start + r.column);
      }
    }
    if (r.swizzled && (whole_ == nullptr || !whole_->operations.empty()))  // an argument's base
      throw expression_error("cute: a swizzled layout (Sw<B,M,S> o ...) is a whole expression, not an argument of one (access takes swizzle(B, M, S) as its last argument)", start + 1);
    if (r.swizzled) set_swizzle(r.swizzle, start + 1);
    ++pos_;
    expect(')', "after the CuTe layout of 'cute'");
    op.op = find_operation("layout");
    for (const char c : written)  // the string as written, for --format cute
      if (c != ' ' && c != '\t') op.cute += c;
    for (std::size_t d = 0; d < r.value.rank; ++d) {
      op.values.push_back(r.value.shape[d]);
      op.strides.push_back(r.value.strides[d]);
    }
    return op;
  }

  expression::operation method() {
    skip_blanks();
    expression::operation op;
    op.column = column();
    const std::string_view name = identifier();
    if (name.empty()) fail(column(), "expected the name of an operation after '.', found " + found());
    if ((op.op = find_attribute(name)) != nullptr) {  // .T, .mT: no parentheses, as in NumPy
      skip_blanks();
      if (peek() == '(') fail(column(), quoted(name) + " is an attribute, written without parentheses (." + std::string(name) + ")");
      return op;
    }
    op.op = find_operation(name);
    if (op.op == nullptr || op.op->starts_expression || op.op->form == argument_form::index)
      fail(op.column, unknown("operation", name, operation_names(false)));
    read_arguments(op, name);
    if (op.op->parts != nullptr) {  // chunk(3)[1]: the part, as Python indexes the tuple of views
      skip_blanks();
      if (peek() == '[') op.part = part_index(name);
    }
    return op;
  }

  // '[' text ']': the text goes to strider::slice unchanged. Only the characters an index can
  // hold are accepted, so the text is also a valid C++ string literal for to_static_type.
  expression::operation index() {
    expression::operation op;
    op.op = find_operation("slice");
    op.column = column();
    ++pos_;
    const std::size_t start = pos_;
    while (!at_end() && peek() != ']') {
      const char c = peek();
      if (!(is_letter(c) || is_digit(c) || c == '.' || c == ':' || c == ',' || c == '-' || c == '+' || c == ' ' || c == '\t' ||
            c == '(' || c == ')'))
        fail(column(), "found " + found() + " inside [ ], where only integers, ':', ',', '...', None, newaxis and () can appear");
      ++pos_;
    }
    if (at_end()) fail(column(), "expected ']' to close the '[' at column " + std::to_string(op.column) + ", found the end of the expression");
    std::string_view text = text_.substr(start, pos_ - start);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    op.index_column = static_cast<std::size_t>(text.data() - text_.data()) + 1;
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    op.index = std::string(text);
    ++pos_;
    return op;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  expression* whole_ = nullptr;  // while parse() reads a whole layout expression: its result
};

// The part `[i]` of split, chunk or unbind picks (of a dynamic layout's parts, or a pattern's).
template <class Parts>
auto picked_part(const Parts& parts, const expression::operation& op) {
  if (!op.part)
    throw layout_error("{}: gives {} views; pick one with [i], as in Python: {}(...)[0]", op.op->name, parts.size(), op.op->name);
  return parts[*op.part];
}

inline dynamic_layout apply(const dynamic_layout& l, const expression::operation& op) {
  if (op.op->parts == nullptr) return op.op->apply(l, op);
  return picked_part(op.op->parts(l, op), op);
}

// The index text as a C++ string literal. The parser admits no quote, backslash or control
// character in an index, but an expression built by hand might hold one.
inline std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte >= 0x7f) {  // three octal digits: never runs into the next character
      out += '\\';
      out += static_cast<char>('0' + (byte >> 6));
      out += static_cast<char>('0' + ((byte >> 3) & 7));
      out += static_cast<char>('0' + (byte & 7));
    } else {
      out += c;
    }
  }
  return out + "\"";
}


}  // namespace detail

/// Parses an expression; throws expression_error ("expression: ...") with the column of the
/// offending token. Nothing is evaluated yet.
inline expression parse_expression(std::string_view text) { return detail::expression_parser(text).parse(); }

namespace detail {
// An expression built by hand (not parsed) may misplace a base or hold no operation at all.
inline void check_position(const expression::operation& op, bool first) {
  if (op.op == nullptr) throw expression_error("expression: an operation without a table entry", op.column);
  if (is_base(op) == first) return;
  const std::string bases = "contiguous, column_major or layout";
  throw expression_error(first ? "expression: an expression starts with " + bases
                               : "expression: '" + std::string(op.op->name) + "' can only start an expression",
                         op.column);
}

// The strided arguments as C++ template arguments: strider::shape<...>, strider::strides<...>[, offset].
inline void append_strided(std::string& out, const expression::operation& op) {
  out += "strider::shape<" + joined(op.values, ", ", true) + ">, strider::strides<" + joined(op.strides, ", ", true) + ">";
  if (op.offset) out += ", " + cpp_integer(*op.offset);
}
}  // namespace detail

namespace detail {
// Runs operations [0, n) in order; an operation's layout_error becomes an expression_error with
// the same message and the column of that call.
inline dynamic_layout evaluate_first(const expression& e, std::size_t n) {
  if (e.operations.empty()) throw expression_error("expression: empty expression", 1);
  dynamic_layout l;
  for (std::size_t i = 0; i < n; ++i) {
    const expression::operation& op = e.operations[i];
    check_position(op, i == 0);
    try {
      l = apply(l, op);
    } catch (const index_text_error& error) {  // point at the character in the index text
      throw expression_error(error.what(), op.index_column > 0 ? op.index_column + error.column() - 1 : op.column);
    } catch (const layout_error& error) {
      throw expression_error(error.what(), op.column);
    }
  }
  return l;
}

inline bool ends_with_parts(const expression& e) {
  return !e.operations.empty() && e.operations.back().op != nullptr && e.operations.back().op->parts != nullptr &&
         !e.operations.back().part;
}

// The parts of the last call of an expression that ends_with_parts; a layout_error becomes an
// expression_error at that call.
inline layout_parts last_parts(const expression& e) {
  const expression::operation& op = e.operations.back();
  const dynamic_layout l = evaluate_first(e, e.operations.size() - 1);
  check_position(op, e.operations.size() == 1);
  try {
    return op.op->parts(l, op);
  } catch (const layout_error& error) {
    throw expression_error(error.what(), op.column);
  }
}
}  // namespace detail

/// Runs the core operations in order. An operation's layout_error is re-thrown as an
/// expression_error with the same message and the column of that call. split, chunk and
/// unbind must pick a part with [i] (see evaluate_parts). A swizzled expression is refused
/// (its offsets are no strided layout's): evaluate_swizzled reads it.
inline dynamic_layout evaluate(const expression& e) {
  if (e.swizzle)
    throw expression_error("expression: the offsets are read through swizzle(" + std::to_string(e.swizzle->bits) + ", " + std::to_string(e.swizzle->base) + ", " +
                               std::to_string(e.swizzle->shift) + "), which no strided layout does; evaluate_swizzled gives the layout and its swizzle",
                           e.swizzle_column);
  return detail::evaluate_first(e, e.operations.size());
}

/// A layout read through a swizzle: element (i...) is at `swizzle_offset(swizzle, layout(i...))`,
/// swizzled_t's rule at run time (a swizzle of 0 bits is the identity).
struct swizzled_layout_value {
  dynamic_layout layout;
  swizzle_value swizzle{};
};

/// The layout of the chain and the expression's swizzle (0 bits when it has none). Throws
/// expression_error as evaluate does. (A layout's offsets are never negative, as a swizzle's
/// input must be: they count from the storage's start, aligned to the swizzle's period.)
/// Example: `contiguous(8, 64).swizzle(3, 3, 3)` puts element (1, 0) at 72.
inline swizzled_layout_value evaluate_swizzled(const expression& e) {
  return {detail::evaluate_first(e, e.operations.size()), e.swizzle.value_or(swizzle_value{})};
}

/// The text's broadcast_shapes(...) or broadcast_arrays(...) (see broadcast_expression), or
/// nothing when it starts with another name (a layout expression: parse_expression). Throws
/// expression_error as parse_expression does; nothing is evaluated yet.
inline std::optional<broadcast_expression> parse_broadcast(std::string_view text) { return detail::expression_parser(text).parse_broadcast(); }

/// The common shape of a broadcast expression's arguments (its result for broadcast_shapes), by
/// the core's broadcast_shapes, one argument after another (the rule is associative: the same
/// shape and message as one call with every shape), so that an error points at the argument
/// that does not fit. broadcast_arrays' arguments are evaluated for their shapes.
inline dims broadcast_shape(const broadcast_expression& b) {
  const std::string_view name = b.arrays ? "broadcast_arrays" : "broadcast_shapes";
  const std::size_t count = b.arrays ? b.inputs.size() : b.shapes.size();
  dims common;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t at = k < b.columns.size() ? b.columns[k] : b.column;
    dims shape;
    try {
      shape = b.arrays ? evaluate(b.inputs[k]).shape() : detail::to_dims(b.shapes[k], name);
    } catch (const expression_error&) {
      throw;
    } catch (const layout_error& error) {
      throw expression_error(error.what(), at);
    }
    try {  // into a new variable: a failed call must leave `common` for the message
      const dims next = k == 0 ? broadcast_shapes({shape}) : broadcast_shapes({common, shape});
      common = next;
    } catch (const layout_error& error) {
      std::string message = error.what();
      bool negative = false;
      for (const index_t e : shape) negative = negative || e < 0;
      if (!negative)  // a mismatch, named as NumPy names it
        message += "; shape mismatch: argument " + std::to_string(k) + " has shape " + detail::tuple_text(shape) +
                   ", and the arguments before it broadcast to " + detail::tuple_text(common);
      throw expression_error(message, at);
    }
  }
  return common;
}

/// View i of broadcast_arrays (a negative i counts from the end, as in Python) as a layout
/// expression: argument i, then .broadcast_to(the common shape) at the name's column, then the
/// views written after [i] when i is b.part. It evaluates, prints and names its static type as
/// any expression does.
inline expression broadcast_input(const broadcast_expression& b, index_t i, const dims& common) {
  const auto n = static_cast<index_t>(b.inputs.size());
  const index_t k = i < 0 ? i + n : i;
  if (!b.arrays || k < 0 || k >= n)
    throw expression_error(layout_error("broadcast_arrays: part {} is out of range for {} parts", i, n).what(),
                           b.part_column > 0 ? b.part_column : b.column);
  expression out = b.inputs[static_cast<std::size_t>(k)];
  expression::operation to;
  to.op = find_operation("broadcast_to");
  to.column = b.column;
  to.values = common;
  out.operations.push_back(std::move(to));
  if (b.part && *b.part == i) out.operations.insert(out.operations.end(), b.views.begin(), b.views.end());
  return out;
}

/// Every view of broadcast_arrays (at most `max_parts`, else an expression_error), each argument
/// broadcast to the common shape.
inline std::vector<dynamic_layout> broadcast_views(const broadcast_expression& b, std::size_t max_parts) {
  if (b.inputs.size() > max_parts)
    throw expression_error(layout_error("broadcast_arrays: gives {} views, more than {} to show; pick one with [i]", b.inputs.size(), max_parts).what(),
                           b.column);
  const dims common = broadcast_shape(b);
  std::vector<dynamic_layout> out;
  for (std::size_t k = 0; k < b.inputs.size(); ++k) out.push_back(evaluate(broadcast_input(b, static_cast<index_t>(k), common)));
  return out;
}

/// Evaluates an expression, one that ends with split, chunk or unbind without [i] too, and
/// returns how many results it has (1 for any other), without making them.
inline std::size_t count_results(const expression& e) {
  if (!detail::ends_with_parts(e)) return (evaluate(e), 1);
  return detail::last_parts(e).size();
}

/// Every result of an expression that ends with split, chunk or unbind without [i] (at most
/// `max_parts` of them, else an expression_error); otherwise the one result of evaluate.
inline std::vector<dynamic_layout> evaluate_parts(const expression& e, std::size_t max_parts) {
  if (!detail::ends_with_parts(e)) return {evaluate(e)};
  const layout_parts parts = detail::last_parts(e);
  const expression::operation& op = e.operations.back();
  if (parts.size() > max_parts)  // the message formatted as every layout_error's is
    throw expression_error(layout_error("{}: gives {} views, more than {} to show; pick one with [i]", op.op->name, parts.size(), max_parts).what(),
                           op.column);
  std::vector<dynamic_layout> out;
  for (const dynamic_layout& part : parts) out.push_back(part);
  return out;
}

/// parse_expression then evaluate.
inline dynamic_layout evaluate(std::string_view text) { return evaluate(parse_expression(text)); }

/// How many trailing axes of the expression's result form one tile: the last call's tile rank
/// when it tiles (tile, logical_divide, logical_product), else 0.
inline std::size_t tile_rank(const expression& e) {
  if (e.operations.empty() || e.operations.back().op == nullptr || e.operations.back().op->tile_rank == nullptr) return 0;
  const expression::operation& op = e.operations.back();
  return op.op->tile_rank(detail::evaluate_first(e, e.operations.size() - 1), op);
}

/// The static type that names the same layout, e.g. for
/// "contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1)":
///   strider::permute_t<strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1">, 2, 0, 1>
/// Nothing is evaluated: the type compiles when evaluate succeeds, and its compile error is the
/// message evaluate throws otherwise. Linear in the input. A call with an empty axis tuple
/// (`flip(())`) is its input, and names no type of its own.
namespace detail {
// A masked tiling whose tiles do not all divide their extents is a masked_layout in C++, which
// takes no later view operation (its views are masked_views of its tiles): refused at the first
// operation after it, with the reason. `all_masked` (run-time extents): every masked tiling that
// an operation follows is refused, as its extents are not known to divide.
inline void check_masked_tiling_last(const expression& e, bool all_masked) {
  for (std::size_t i = 1; i + 1 < e.operations.size(); ++i) {
    const expression::operation& op = e.operations[i];
    if (op.policy != tile_policy::masked) continue;
    std::size_t next = i + 1;
    while (next < e.operations.size() && e.operations[next].no_axes) ++next;
    if (next == e.operations.size()) return;
    bool divides = !all_masked;
    if (divides) {
      const dynamic_layout in = evaluate_first(e, i);
      for (std::size_t d = 0; d < in.rank() && d < op.values.size(); ++d) divides = divides && op.values[d] > 0 && in.extent(d) % op.values[d] == 0;
    }
    if (!divides)
      throw expression_error("expression: '" + std::string(e.operations[next].op->name) + "' follows a masked tiling whose tiles do not divide the extents: in C++ that is tile_t<L, masked, ...>, a masked_layout, which takes no later view operation (apply it to a tile: tile_at, or tile the view it would give)",
                             e.operations[next].column);
  }
}
}  // namespace detail

inline std::string to_static_type(const expression& e) {
  if (e.swizzle) {  // swizzled_t<L, swizzle<B, M, S>> of the chain's type
    expression strided = e;
    strided.swizzle.reset();
    return "strider::swizzled_t<" + to_static_type(strided) + ", strider::swizzle<" + std::to_string(e.swizzle->bits) + ", " + std::to_string(e.swizzle->base) + ", " +
           std::to_string(e.swizzle->shift) + ">>";
  }
  if (e.operations.empty()) throw expression_error("expression: empty expression", 1);
  for (std::size_t i = 0; i < e.operations.size(); ++i) detail::check_position(e.operations[i], i == 0);
  detail::check_masked_tiling_last(e, false);
  std::string out;
  // Openers of the outer calls come first, innermost last; then the base; then each call's
  // arguments and closing '>' from the inside out.
  for (std::size_t i = e.operations.size(); i-- > 1;) {
    const expression::operation& op = e.operations[i];
    if (op.no_axes) continue;
    out += "strider::";
    out += op.sizes_tuple ? op.op->tuple_name : op.op->name;
    out += op.part ? "_part_t<" : "_t<";
  }
  const expression::operation& base = e.operations[0];
  bool dyn_stride = false;
  for (const index_t v : base.strides) dyn_stride = dyn_stride || v == dyn;
  if (base.op->form == argument_form::strided && dyn_stride) {
    // A static stride equal to `dyn` (INT64_MIN, which only an extent-0 or extent-1 axis can
    // have) would read as a run-time entry in layout<...>: the same layout is spelled as
    // as_strided_t over one with zero strides and the same span.
    expression::operation zeros = base;
    for (index_t& v : zeros.strides)
      if (v == dyn) v = 0;
    out += "strider::as_strided_t<strider::layout<";
    detail::append_strided(out, zeros);
    out += ">, ";
    detail::append_strided(out, base);
    out += ">";
  } else {
    out += "strider::";
    out += base.op->name;
    out += "<";
    if (base.op->form == argument_form::strided) detail::append_strided(out, base);
    else out += detail::joined(base.values, ", ", true);
    out += ">";
  }
  for (std::size_t i = 1; i < e.operations.size(); ++i) {
    const expression::operation& op = e.operations[i];
    if (op.no_axes) continue;
    switch (op.op->form) {
      case argument_form::index: out += ", " + detail::string_literal(op.index); break;
      case argument_form::strided:
        out += ", ";
        detail::append_strided(out, op);
        break;
      case argument_form::pattern:
        out += ", " + detail::string_literal(op.pattern);
        if (!op.sizes.empty()) out += ", " + detail::string_literal(op.sizes);
        break;
      case argument_form::layout_operand:
        if (!op.modes.empty()) {
          out += ", strider::make_tile_t<";
          for (std::size_t m = 0; m < op.modes.size(); ++m)
            out += std::string(m == 0 ? "" : ", ") + "strider::layout<strider::shape<" + detail::joined(op.modes[m].first, ", ", true) +
                   ">, strider::strides<" + detail::joined(op.modes[m].second, ", ", true) + ">>";
          out += ">";
          break;
        }
        out += ", strider::layout<strider::shape<" + detail::joined(op.values, ", ", true) + ">, strider::strides<" +
               detail::joined(op.strides, ", ", true) + ">>";
        break;
      case argument_form::axis_extents:
        out += ", " + detail::cpp_integer(op.values[0]);
        for (const index_t v : op.extents) out += ", " + detail::cpp_integer(v);
        break;
      case argument_form::axis_lists:
        out += ", strider::axes<" + detail::joined(op.values, ", ", true) + ">, strider::axes<" + detail::joined(op.destination, ", ", true) + ">";
        break;
      case argument_form::windows:
        out += ", strider::shape<" + detail::joined(op.values, ", ", true) + ">";
        if (op.has_axes) out += ", strider::axes<" + detail::joined(op.axes, ", ", true) + ">";
        break;
      case argument_form::split_sizes:
        if (op.sizes_tuple) out += ", strider::shape<" + detail::joined(op.values, ", ", true) + ">";
        else out += ", " + detail::cpp_integer(op.values[0]);
        if (op.op->max_arguments != 1) out += ", " + detail::cpp_integer(op.dim.value_or(0));
        break;
      default:
        if (op.policy == tile_policy::padded) out += ", strider::padded";  // tile_t<L, padded, T...>
        if (op.policy == tile_policy::masked) out += ", strider::masked";
        for (const index_t v : op.values) out += ", " + detail::cpp_integer(v);
        if (op.part && op.values.size() < op.op->max_arguments) out += ", 0";  // the dimension, 0 by default
        break;
    }
    if (op.part) out += ", " + detail::cpp_integer(*op.part);
    out += ">";
  }
  return out;
}

/// parse_expression then to_static_type.
inline std::string to_static_type(std::string_view text) { return to_static_type(parse_expression(text)); }

/// The text's thread_value(...), as_thread_value(...) or partition(...) (see
/// thread_value_expression), or nothing when it starts with another name. Throws
/// expression_error as parse_expression does; nothing is evaluated yet.
inline std::optional<thread_value_expression> parse_thread_value(std::string_view text) { return detail::expression_parser(text).parse_thread_value(); }

/// The thread-value layout of thread_value(...) or as_thread_value(...) (for partition(...), of its
/// second argument), by the core's rules; their layout_error becomes an expression_error at the call.
inline thread_value_value evaluate_thread_value(const thread_value_expression& t) {
  std::vector<dynamic_layout> layouts;
  for (const expression& e : t.layouts) layouts.push_back(evaluate(e));
  try {
    if (!t.from_layout) {
      if (layouts.size() != 2) throw layout_error("thread_value: takes the threads and the values, two layouts");
      return thread_value(layouts[0], layouts[1], t.arrangement);
    }
    if (layouts.size() != 1) throw layout_error("as_thread_value: takes one layout");
    if (t.value_rank < 0) throw layout_error("as_thread_value: the value rank {} is negative", t.value_rank);
    return as_thread_value(layouts[0], static_cast<std::size_t>(t.value_rank), detail::to_dims(t.tile_shape, "as_thread_value"), t.coverage);
  } catch (const layout_error& error) {
    throw expression_error(error.what(), t.column);
  }
}

/// partition(TILE, TV, thread): the layout of that thread's values in the tile's storage (the
/// core's partition); a refusal becomes an expression_error at 'partition'.
inline dynamic_layout evaluate_partition(const thread_value_expression& t) {
  if (!t.partitioned) throw expression_error("expression: not a partition(...)", t.column);
  const dynamic_layout tile = evaluate(t.tile);
  const thread_value_value tv = evaluate_thread_value(t);
  try {
    detail::check_thread(t.thread, tv.threads());  // partition's own check, first: its caret is the thread's
  } catch (const layout_error& error) {
    throw expression_error(error.what(), t.thread_column);
  }
  try {
    return partition(tile, tv, t.thread);
  } catch (const layout_error& error) {
    throw expression_error(error.what(), t.call_column);
  }
}

/// access(TILE, TV, bytes[, width][, swizzle(B, M, S)]): the access certificate (core's
/// access_of); a refusal becomes an expression_error at 'access'.
inline access_report evaluate_access(const thread_value_expression& t) {
  if (!t.accessed) throw expression_error("expression: not an access(...)", t.column);
  const dynamic_layout tile = evaluate(t.tile);
  const thread_value_value tv = evaluate_thread_value(t);
  try {
    detail::check_swizzle(t.swizzle);  // access's own check of the swizzle, first: its caret is the swizzle's
  } catch (const layout_error& error) {
    throw expression_error(error.what(), t.swizzle_column);
  }
  try {
    return access_of(tile.value(), t.swizzle, tv, t.element_bytes, t.width);
  } catch (const layout_error& error) {
    throw expression_error(error.what(), t.call_column);
  }
}

/// The static type: strider::thread_value_t<T, V[, strider::interleaved]>,
/// strider::as_thread_value_t<L, r, strider::shape<...>[, strider::replicated]>, for a partition
/// strider::partition_t<Tile, TV> (whose offset, the thread's start, is the one run-time entry),
/// for an access strider::access_t<Tile, TV, bytes[, width]> (Tile a swizzled_t when swizzled).
inline std::string to_static_type(const thread_value_expression& t) {
  std::string tv;
  if (!t.from_layout) {
    if (t.layouts.size() != 2) throw expression_error("expression: thread_value takes two layouts", t.column);
    tv = "strider::thread_value_t<" + to_static_type(t.layouts[0]) + ", " + to_static_type(t.layouts[1]) +
         (t.arrangement == interleaved ? ", strider::interleaved>" : ">");
  } else {
    if (t.layouts.size() != 1) throw expression_error("expression: as_thread_value takes one layout", t.column);
    tv = "strider::as_thread_value_t<" + to_static_type(t.layouts[0]) + ", " + std::to_string(t.value_rank) + ", strider::shape<" +
         detail::joined(t.tile_shape, ", ", true) + (t.coverage == replicated ? ">, strider::replicated>" : ">>");
  }
  if (t.accessed) {
    std::string tile = to_static_type(t.tile);
    if (t.swizzle.bits != 0 || t.swizzle.base != 0 || t.swizzle.shift != 0)
      tile = "strider::swizzled_t<" + tile + ", strider::swizzle<" + std::to_string(t.swizzle.bits) + ", " + std::to_string(t.swizzle.base) + ", " +
             std::to_string(t.swizzle.shift) + ">>";
    return "strider::access_t<" + tile + ", " + tv + ", " + std::to_string(t.element_bytes) + (t.width ? ", " + std::to_string(t.width) : std::string()) + ">";
  }
  return t.partitioned ? "strider::partition_t<" + to_static_type(t.tile) + ", " + tv + ">" : tv;
}

// --- mixed layouts: some extents of the base layout known only at run time (docs/mixed.md) -----

/// An extent of an expression's base layout known only at run time: axis `axis`, written
/// `strider::dyn`, or `strider::dyn_multiple<N>` when it is known to be a multiple of N > 1.
struct run_time_extent {
  index_t axis = 0;
  index_t multiple = 1;
};

namespace detail {
// The base's extents (contiguous, column_major) or shape (layout), marked at the axes named: dyn,
// or dyn_multiple<N>. The expression's own extent there must be a multiple of N, as the type
// would check it.
inline dims extents_with_dyn(const expression::operation& base, const std::vector<run_time_extent>& dyn_axes) {
  dims extents = base.values;
  for (const run_time_extent& r : dyn_axes) {
    if (r.axis < 0 || r.axis >= static_cast<index_t>(extents.size()))
      throw expression_error("expression: run-time axis " + std::to_string(r.axis) + " is out of range for the base layout's rank " +
                                 std::to_string(extents.size()),
                             base.column);
    if (r.multiple < 1 || r.multiple > max_dyn_multiple)
      throw expression_error("expression: run-time axis " + std::to_string(r.axis) + " is a multiple of " + std::to_string(r.multiple) +
                                 ", outside dyn_multiple's range [1, 2^32]",
                             base.column);
    index_t& extent = extents[static_cast<std::size_t>(r.axis)];
    if (extent % r.multiple != 0)
      throw expression_error("expression: run-time axis " + std::to_string(r.axis) + " is a multiple of " + std::to_string(r.multiple) +
                                 ", but its extent here is " + std::to_string(extent),
                             base.column);
    extent = detail::extent_or_dyn(maybe_index::unknown(r.multiple));
  }
  return extents;
}
}  // namespace detail

/// The compile-time pass of the expression with the base's extents at `dyn_axes` known only at
/// run time (each maybe known to be a multiple of N): the result's static entries (`dyn` for
/// run-time ones), as the mixed static type has them. Throws expression_error where that type would not compile: a refusal the static
/// entries decide, or a question they cannot answer (docs/mixed.md). Every operation of the
/// table takes mixed layouts (runtime_tests/operation_table_test.cpp checks it).
inline detail::maybe_layout evaluate_mixed(const expression& e, const std::vector<run_time_extent>& dyn_axes) {
  if (e.operations.empty()) throw expression_error("expression: empty expression", 1);
  if (e.swizzle) throw expression_error("expression: a swizzled layout has no mixed form with run-time extents (swizzled_t takes a static layout)", e.swizzle_column);
  for (std::size_t i = 0; i < e.operations.size(); ++i) detail::check_position(e.operations[i], i == 0);
  const expression::operation& base = e.operations[0];
  const dims shape = detail::extents_with_dyn(base, dyn_axes);
  detail::maybe_layout l;
  try {
    const std::string_view name = base.op->name;
    const layout_value v = name == "contiguous"     ? detail::contiguous_layout_value(shape)
                           : name == "column_major" ? detail::column_major_layout_value(shape)
                                                    : detail::general_layout_value(shape, base.strides, base.offset.value_or(0));
    l = detail::maybe_layout::of(v);
  } catch (const layout_error& error) {
    throw expression_error(error.what(), base.column);
  }
  for (std::size_t i = 1; i < e.operations.size(); ++i) {
    const expression::operation& op = e.operations[i];
    try {
      if (op.op->parts == nullptr) {
        l = op.op->apply.on_maybe_layout(l, op);
        continue;
      }
      l = detail::picked_part(op.op->parts.on_maybe_layout(l, op), op);
    } catch (const index_text_error& error) {
      throw expression_error(error.what(), op.index_column > 0 ? op.index_column + error.column() - 1 : op.column);
    } catch (const layout_error& error) {
      throw expression_error(error.what(), op.column);
    }
  }
  return l;
}

/// The former name of evaluate_mixed, deprecated for one release.
[[deprecated("use evaluate_mixed")]] inline detail::maybe_layout evaluate_pattern(const expression& e, const std::vector<run_time_extent>& dyn_axes) {
  return evaluate_mixed(e, dyn_axes);
}

/// The mixed static type of the expression with the base's extents at `dyn_axes` written
/// `strider::dyn` (`contiguous<strider::dyn, 3, 224, 224>`) or `strider::dyn_multiple<N>`;
/// to_static_type when there are none.
/// Throws what evaluate_mixed throws.
inline std::string to_static_type(const expression& e, const std::vector<run_time_extent>& dyn_axes) {
  if (dyn_axes.empty()) return to_static_type(e);
  if (e.swizzle)
    throw expression_error("expression: swizzled_t takes a static layout (its mixed forms come from a run-time index of a swizzled view), so a swizzled layout has no --dyn type",
                           e.swizzle_column);
  evaluate_mixed(e, dyn_axes);
  detail::check_masked_tiling_last(e, true);
  const std::string plain = to_static_type(e);
  // The base is the innermost template: rewrite its extents (its shape for layout<...>).
  const expression::operation& base = e.operations[0];
  const dims extents = detail::extents_with_dyn(base, dyn_axes);
  std::string list;
  for (std::size_t i = 0; i < extents.size(); ++i) {
    if (i > 0) list += ", ";
    const index_t multiple = detail::is_dyn_extent(extents[i]) ? detail::multiple_of_mark(extents[i]) : 0;
    list += multiple == 0 ? detail::cpp_integer(extents[i]) : multiple == 1 ? std::string("strider::dyn") : "strider::dyn_multiple<" + std::to_string(multiple) + ">";
  }
  const std::string old_base = base.op->form == argument_form::strided ? "strider::shape<" + detail::joined(base.values, ", ", true) + ">"
                                                                       : "strider::" + std::string(base.op->name) + "<" + detail::joined(base.values, ", ", true) + ">";
  const std::string new_base = base.op->form == argument_form::strided ? "strider::shape<" + list + ">"
                                                                       : "strider::" + std::string(base.op->name) + "<" + list + ">";
  const std::size_t at = plain.find(old_base);
  return plain.substr(0, at) + new_base + plain.substr(at + old_base.size());
}

}  // namespace strider
