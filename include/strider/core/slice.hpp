// strider/core/slice.hpp: NumPy basic indexing from the text you would write between [ ].
//
//   slice(l, "1:, ::-1")   slice(l, "..., 0")   slice(l, "None, 2:5:2, -1")
//
// Items are separated by commas: an integer (negative counts from the end; the axis is removed),
// `start:stop:step` with any part omitted (NumPy clamps out-of-range bounds), `None` or
// `newaxis` (a new axis of extent 1), and at most one `...` (as many `:` as needed). Axes not
// mentioned are kept whole. Parsed by the same constexpr code at compile and at run time.
#pragma once

#include <string_view>

#include "checked.hpp"
#include "error.hpp"
#include "layout.hpp"
#include "operations.hpp"

namespace strider {

namespace detail {

struct index_item {
  enum kind_t { integer, range, new_axis, ellipsis } kind = integer;
  index_t value = 0;  // integer index
  bool has_start = false, has_stop = false, has_step = false;
  index_t start = 0, stop = 0, step = 1;
};

inline constexpr std::size_t max_index_items = 2 * max_rank + 1;

struct index_expression {
  index_item items[max_index_items] = {};
  std::size_t count = 0;
};

// A hand-written scanner: positions are reported 1-based, as columns.
class index_parser {
 public:
  constexpr explicit index_parser(std::string_view text) : text_(text) {}

  constexpr index_expression parse() {
    index_expression out;
    skip_spaces();
    if (at_end()) throw layout_error("slice: empty index (write \":\" or \"...\" for everything)");
    while (true) {
      if (out.count == max_index_items) throw layout_error("slice: more than {} items in the index", max_index_items);
      out.items[out.count++] = item();
      skip_spaces();
      if (at_end()) break;
      expect_comma(peek() == ',', pos_ + 1);
      ++pos_;
      skip_spaces();
      if (at_end()) break;  // a trailing comma is allowed, as in Python
    }
    return out;
  }

 private:
  constexpr bool at_end() const { return pos_ >= text_.size(); }
  constexpr char peek() const { return at_end() ? '\0' : text_[pos_]; }
  constexpr void skip_spaces() {
    while (!at_end() && (peek() == ' ' || peek() == '\t')) ++pos_;
  }
  constexpr bool accept_word(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    const std::size_t after = pos_ + word.size();
    if (after < text_.size() && (is_identifier(text_[after]))) return false;
    pos_ = after;
    return true;
  }
  static constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static constexpr bool is_identifier(char c) {
    return is_digit(c) || c == '_' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
  static constexpr void expect_item(bool ok, std::size_t column) {
    if (!ok) throw layout_error("slice: syntax error at column {}: expected an integer, ':', '...', None or newaxis", column);
  }
  static constexpr void expect_comma(bool ok, std::size_t column) {
    if (!ok) throw layout_error("slice: syntax error at column {}: expected ',' or the end of the index", column);
  }
  static constexpr void expect_fit(bool ok, std::size_t column) {
    if (!ok) throw layout_error("slice: the integer at column {} does not fit in int64", column);
  }
  static constexpr void expect_nonzero_step(bool ok, std::size_t column) {
    if (!ok) throw layout_error("slice: the step at column {} is zero (slice step cannot be zero)", column);
  }

  constexpr bool starts_integer() const {
    if (is_digit(peek())) return true;
    return (peek() == '-' || peek() == '+') && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]);
  }

  constexpr index_t integer() {
    const std::size_t column = pos_ + 1;
    bool negative = false;
    if (peek() == '-' || peek() == '+') negative = text_[pos_++] == '-';
    index_t value = 0;  // accumulated negatively so that INT64_MIN parses
    while (is_digit(peek())) {
      const index_t digit = text_[pos_++] - '0';
      expect_fit(value >= (-0x7fffffffffffffff - 1 + digit) / 10, column);
      value = value * 10 - digit;
    }
    if (!negative) expect_fit(value != -0x7fffffffffffffff - 1, column);
    return negative ? value : -value;
  }

  constexpr index_item item() {
    index_item it;
    if (text_.substr(pos_, 3) == "...") {
      pos_ += 3;
      it.kind = index_item::ellipsis;
      return it;
    }
    if (accept_word("None") || accept_word("newaxis") || accept_word("np.newaxis")) {
      it.kind = index_item::new_axis;
      return it;
    }
    // integer, or start:stop:step with any part omitted
    std::size_t part = 0;
    bool any = false;
    while (true) {
      skip_spaces();
      if (starts_integer()) {
        const std::size_t column = pos_ + 1;
        const index_t v = integer();
        any = true;
        if (part == 0) it.has_start = true, it.start = v;
        else if (part == 1) it.has_stop = true, it.stop = v;
        else {
          expect_nonzero_step(v != 0, column);
          it.has_step = true, it.step = v;
        }
        skip_spaces();
      }
      if (peek() != ':' || part == 2) break;
      ++pos_;
      ++part;
      any = true;
    }
    expect_item(any, pos_ + 1);
    if (part == 0) {
      it.kind = index_item::integer;
      it.value = it.start;
    } else {
      it.kind = index_item::range;
    }
    return it;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// NumPy's PySlice_AdjustIndices: clamps start and stop into the axis and counts the elements.
struct resolved_range {
  index_t start, step, length;
};

constexpr resolved_range resolve_range(const index_item& it, index_t n) {
  const index_t step = it.has_step ? it.step : 1;
  index_t start = 0, stop = 0;
  if (step > 0) {
    start = !it.has_start ? 0 : it.start < 0 ? std::max<index_t>(it.start + n, 0) : std::min(it.start, n);
    stop = !it.has_stop ? n : it.stop < 0 ? std::max<index_t>(it.stop + n, 0) : std::min(it.stop, n);
  } else {
    start = !it.has_start ? n - 1 : it.start < 0 ? std::max<index_t>(it.start + n, -1) : std::min(it.start, n - 1);
    stop = !it.has_stop ? -1 : it.stop < 0 ? std::max<index_t>(it.stop + n, -1) : std::min(it.stop, n - 1);
  }
  index_t length = 0;
  if (step > 0 && stop > start) length = (stop - start - 1) / step + 1;
  if (step < 0 && start > stop) length = -((start - stop - 1) / step) + 1;
  if (length == 0) return {0, 1, 0};  // NumPy points an empty slice at its axis start, step 1
  return {start, step, length};
}

}  // namespace detail

/// NumPy basic indexing `a[index]`, with `index` written as in Python (see the file comment).
constexpr dynamic_layout slice(const dynamic_layout& l, std::string_view index) {
  const detail::index_expression expr = detail::index_parser(index).parse();
  const layout_value& in = l.value();
  std::size_t consumed = 0, ellipses = 0;
  for (std::size_t i = 0; i < expr.count; ++i) {
    const auto kind = expr.items[i].kind;
    if (kind == detail::index_item::integer || kind == detail::index_item::range) ++consumed;
    if (kind == detail::index_item::ellipsis) ++ellipses;
  }
  if (ellipses > 1) throw layout_error("slice: an index can only have a single ellipsis ('...')");
  if (consumed > in.rank) throw layout_error("slice: too many indices: the layout has rank {} but {} were indexed", in.rank, consumed);

  layout_value out{};
  out.offset = in.offset;
  std::size_t axis = 0;
  const auto append = [&out](index_t extent, index_t stride) {
    if (out.rank == max_rank) throw layout_error("slice: the result's rank would exceed max_rank ({})", max_rank);
    out.shape[out.rank] = extent;
    out.strides[out.rank] = stride;
    ++out.rank;
  };
  for (std::size_t i = 0; i < expr.count; ++i) {
    const detail::index_item& it = expr.items[i];
    switch (it.kind) {
      case detail::index_item::ellipsis:
        for (std::size_t k = 0; k < in.rank - consumed; ++k, ++axis) append(in.shape[axis], in.strides[axis]);
        break;
      case detail::index_item::new_axis:
        append(1, 0);
        break;
      case detail::index_item::integer: {
        const index_t n = in.shape[axis];
        const index_t j = it.value < 0 ? it.value + n : it.value;
        if (j < 0 || j >= n) throw layout_error("slice: index {} is out of range for axis {} with extent {}", it.value, axis, n);
        out.offset = detail::checked_add(out.offset, detail::checked_mul(j, in.strides[axis], "slice"), "slice");
        ++axis;
        break;
      }
      case detail::index_item::range: {
        const detail::resolved_range r = detail::resolve_range(it, in.shape[axis]);
        out.offset = detail::checked_add(out.offset, detail::checked_mul(r.start, in.strides[axis], "slice"), "slice");
        append(r.length, detail::checked_mul(in.strides[axis], r.step, "slice"));
        ++axis;
        break;
      }
    }
  }
  for (; axis < in.rank; ++axis) append(in.shape[axis], in.strides[axis]);
  return detail::result(out, "slice");
}

}  // namespace strider
