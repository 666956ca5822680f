// strider/expression/cute.hpp: layouts in CuTe's notation, read and written (docs/tables.md,
// "CuTe's notation"). A CuTe layout `shape:stride` nests its modes, `((2,4),8):((1,16),2)`, and
// counts its elements column-major: mode 0 varies fastest. strider's layouts are flat and
// row-major, so the strider layout that addresses the same elements in the same order has CuTe's
// modes flattened (depth first, left to right) and reversed: `((2,4),8):((1,16),2)` is shape
// (8, 4, 2), strides (2, 16, 1). A shape without strides gets CuTe's default, the compact
// column-major strides; `_4` (CuTe's static integer) reads as 4. Plain constexpr code with no
// exception, so that the static form (`from_cute<"...">`) and the command share it. In the
// expression layer: a kernel's includes never pay for it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "../core/config.hpp"
#include "../core/layout.hpp"
#include "../core/text.hpp"
#include "../static/fixed_string.hpp"
#include "../static/layout.hpp"

namespace strider::detail {

// What reading a CuTe string gave: the strider layout value, or the message and the 1-based
// column of the character that is wrong.
struct cute_reading {
  layout_value value{};
  const char* error = nullptr;
  std::size_t column = 0;
};

class cute_reader {
 public:
  constexpr explicit cute_reader(std::string_view text) : text_(text) {}

  constexpr cute_reading read() {
    cute_reading out;
    skip_blanks();
    if (!tree(shape_, shape_count_, shape_form_, shape_form_count_, false)) return failure();
    skip_blanks();
    if (peek() == ':') {
      ++pos_;
      skip_blanks();
      const std::size_t at = pos_;
      if (!tree(stride_, stride_count_, stride_form_, stride_form_count_, true)) return failure();
      if (stride_form_count_ != shape_form_count_ || !same_form()) {
        pos_ = at;
        error_ = "cute: the stride does not have the shape's nesting (CuTe's layouts need congruent shape and stride)";
        return failure();
      }
    } else {
      // CuTe's default: compact column-major strides over the flattened modes.
      index_t step = 1;
      for (std::size_t i = 0; i < shape_count_; ++i) {
        stride_[i] = step;
        if (shape_[i] != 0 && step > max_index / shape_[i]) {
          error_ = "cute: the default strides overflow int64";
          return failure();
        }
        step *= shape_[i];
      }
      stride_count_ = shape_count_;
    }
    skip_blanks();
    if (pos_ < text_.size()) {
      error_ = "cute: expected the end of the layout (shape:stride)";
      return failure();
    }
    // Flattened and reversed: CuTe's mode 0, the fastest, is strider's last axis.
    out.value.rank = shape_count_;
    for (std::size_t i = 0; i < shape_count_; ++i) {
      out.value.shape[shape_count_ - 1 - i] = shape_[i];
      out.value.strides[shape_count_ - 1 - i] = stride_[i];
    }
    out.value.offset = 0;
    return out;
  }

 private:
  static constexpr index_t max_index = index_t{0x7fffffffffffffff};
  static constexpr std::size_t max_form = 64;  // tokens of nesting kept for the congruence check

  constexpr char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  constexpr void skip_blanks() {
    while (peek() == ' ' || peek() == '\t') ++pos_;
  }
  constexpr cute_reading failure() const { return {layout_value{}, error_, pos_ + 1}; }

  // An integer or a parenthesised tuple of trees; leaves go to `leaves`, the nesting to `form`
  // (0 a leaf, 1 an opening, 2 a closing parenthesis).
  constexpr bool tree(index_t* leaves, std::size_t& count, unsigned char* form, std::size_t& form_count, bool signed_values) {
    if (form_count == max_form) {
      error_ = "cute: the layout nests or has more modes than strider reads (64 parentheses and modes)";
      return false;
    }
    if (peek() == '(') {
      form[form_count++] = 1;
      ++pos_;
      skip_blanks();
      if (peek() == ')') {
        error_ = "cute: an empty tuple is not a mode";
        return false;
      }
      while (true) {
        if (!tree(leaves, count, form, form_count, signed_values)) return false;
        skip_blanks();
        if (peek() == ',') {
          ++pos_;
          skip_blanks();
          continue;
        }
        if (peek() == ')') {
          ++pos_;
          if (form_count == max_form) {
            error_ = "cute: the layout nests or has more modes than strider reads (64 parentheses and modes)";
            return false;
          }
          form[form_count++] = 2;
          return true;
        }
        error_ = "cute: expected ',' or ')' in a tuple";
        return false;
      }
    }
    if (peek() == '_') ++pos_;  // CuTe's static integer, _4
    bool negative = false;
    if (peek() == '-') {
      if (!signed_values) {
        error_ = "cute: an extent cannot be negative";
        return false;
      }
      negative = true;
      ++pos_;
    }
    if (peek() < '0' || peek() > '9') {
      error_ = "cute: expected an integer or '('";
      return false;
    }
    const std::size_t start = pos_;
    index_t value = 0;
    while (peek() >= '0' && peek() <= '9') {
      const index_t digit = peek() - '0';
      if (value > (max_index - digit) / 10) {
        pos_ = start;
        error_ = "cute: the integer does not fit in int64";
        return false;
      }
      value = value * 10 + digit;
      ++pos_;
    }
    if (count == max_rank) {
      pos_ = start;
      error_ = "cute: more modes than strider's max_rank (8)";
      return false;
    }
    leaves[count++] = negative ? -value : value;
    form[form_count++] = 0;
    return true;
  }

  constexpr bool same_form() const {
    for (std::size_t i = 0; i < shape_form_count_; ++i)
      if (shape_form_[i] != stride_form_[i]) return false;
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  const char* error_ = nullptr;
  index_t shape_[max_rank] = {}, stride_[max_rank] = {};
  std::size_t shape_count_ = 0, stride_count_ = 0;
  unsigned char shape_form_[max_form] = {}, stride_form_[max_form] = {};
  std::size_t shape_form_count_ = 0, stride_form_count_ = 0;
};

// The layout, or a compile error (in a constant expression) / layout_error with the message.
constexpr layout_value cute_or_refuse(std::string_view text) {
  const cute_reading r = cute_reader(text).read();
  if (r.error != nullptr) detail::refuse("{} (at character {} of \"{}\")", r.error, r.column, text);
  return dynamic_layout(r.value).value();  // the layout's own checks: a span beyond int64
}

}  // namespace strider::detail

namespace strider {

/// The static layout of a CuTe layout string: `from_cute<"(4,8):(8,1)">` is
/// `layout<shape<8, 4>, strides<1, 8>>`, so a test can hold a CuTe layout against a strider type:
/// `static_assert(offset_table_v<from_cute<"(4,8):(8,1)">> == offset_table_v<L>)`. A malformed
/// string is a compile error.
template <fixed_string Text>
using from_cute = static_layout<detail::cute_or_refuse(std::string_view(Text.view().data(), Text.view().size()))>;

/// A layout's CuTe text, in a fixed buffer so that it is a constant expression with every
/// compiler (g++ 12 and clang 14 cannot build a std::string in one): compare it with a string,
/// or take view() or str().
struct cute_string {
  char at[512] = {};  // max_rank extents and strides of at most 20 characters each, and punctuation
  std::size_t size = 0;
  constexpr std::string_view view() const { return {at, size}; }
  std::string str() const { return std::string(at, size); }
  friend constexpr bool operator==(const cute_string& a, std::string_view b) { return a.view() == b; }
  constexpr void put(char c) { at[size++] = c; }
  constexpr void put(index_t v) {
    char chars[21] = {};
    const std::size_t count = detail::integer_chars(v, chars);
    for (std::size_t i = 0; i < count; ++i) put(chars[i]);
  }
};

/// The strider layout of a CuTe layout string (see the top of this file): `from_cute_string("((2,4),8):((1,16),2)")`
/// has shape (8, 4, 2) and strides (2, 16, 1). Throws layout_error ("cute: ...", with the character)
/// for a string that is not a CuTe layout; the expression language's cute("...") points a caret at it.
constexpr dynamic_layout from_cute_string(std::string_view text) { return dynamic_layout(detail::cute_or_refuse(text), dynamic_layout::unchecked_t{}); }

/// A layout in CuTe's notation: the axes reversed, `(8,4,2):(2,16,1)` read back as CuTe's
/// `(2,4,8):(1,16,2)`; one axis without parentheses (`8:1`), rank 0 as `1:0`. CuTe keeps an
/// offset in the pointer, not the layout: a layout with one is refused (layout_error).
constexpr cute_string to_cute_string(const dynamic_layout& l) {
  if (l.offset() != 0) detail::refuse("to_cute_string: the layout starts at offset {}, which CuTe's notation has no place for (CuTe keeps it in the pointer)", l.offset());
  cute_string out;
  if (l.rank() == 0) {
    out.put(index_t{1}), out.put(':'), out.put(index_t{0});
    return out;
  }
  for (int part = 0; part < 2; ++part) {  // the shape, then the strides
    if (part == 1) out.put(':');
    if (l.rank() > 1) out.put('(');
    for (std::size_t k = l.rank(); k-- > 0;) {
      out.put(part == 0 ? l.extent(k) : l.stride(k));
      if (k) out.put(',');
    }
    if (l.rank() > 1) out.put(')');
  }
  return out;
}

/// The CuTe C++ that makes the same layout, static extents and strides: `(8,4,2):(2,16,1)` in
/// strider's order is `cute::make_layout(cute::make_shape(cute::Int<2>{}, cute::Int<4>{},
/// cute::Int<8>{}), cute::make_stride(cute::Int<1>{}, cute::Int<16>{}, cute::Int<2>{}))`. Refuses a
/// layout at an offset, as to_cute_string does.
inline std::string to_cute_cpp(const dynamic_layout& l) {
  if (l.offset() != 0) detail::refuse("to_cute_cpp: the layout starts at offset {}, which a CuTe layout has no place for (CuTe keeps it in the pointer)", l.offset());
  if (l.rank() == 0) return "cute::make_layout(cute::Int<1>{}, cute::Int<0>{})";
  std::string shape, stride;
  for (std::size_t k = l.rank(); k-- > 0;) {
    shape.append("cute::Int<").append(std::to_string(l.extent(k))).append(">{}").append(k ? ", " : "");
    stride.append("cute::Int<").append(std::to_string(l.stride(k))).append(">{}").append(k ? ", " : "");
  }
  return "cute::make_layout(cute::make_shape(" + shape + "), cute::make_stride(" + stride + "))";
}

}  // namespace strider
