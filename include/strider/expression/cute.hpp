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

#include "../util/config.hpp"
#include "../core/layout.hpp"
#include "../util/text.hpp"
#include "../core/swizzle.hpp"
#include "../util/fixed_string.hpp"
#include "../static/layout.hpp"
#include "../static/swizzled.hpp"

namespace strider::detail {

// What went wrong reading a CuTe string (refuse_cute says it in words).
enum class cute_error : unsigned char {
  none,
  expected_swizzle_comma,
  expected_swizzle_end,
  swizzle_out_of_range,
  stride_not_congruent,
  default_strides_overflow,
  expected_end,
  expected_composed_with,
  expected_integer,
  integer_too_large,
  too_deep,
  empty_tuple,
  expected_tuple_separator,
  negative_extent,
  expected_integer_or_tuple,
  too_many_modes,
};

// What reading a CuTe string gave: the strider layout value, or what is wrong and the 1-based
// column of the character that is wrong.
struct cute_reading {
  layout_value value{};
  cute_error error = cute_error::none;
  std::size_t column = 0;
  swizzle_value swizzle{};  // "Sw<B,M,S> o [offset o] layout": CuTe's swizzled (composed) layout
  bool swizzled = false;
};

class cute_reader {
 public:
  constexpr explicit cute_reader(std::string_view text) : text_(text) {}

  constexpr cute_reading read() {
    cute_reading out;
    skip_blanks();
    index_t offset = 0;
    if (text_.substr(pos_).starts_with("Sw<")) {  // CuTe's print of a ComposedLayout
      pos_ += 3;
      index_t bms[3] = {};
      for (int k = 0; k < 3; ++k) {
        skip_blanks();
        if (!integer(bms[k], true)) return failure();
        skip_blanks();
        if (peek() != (k < 2 ? ',' : '>')) {
          error_ = k < 2 ? cute_error::expected_swizzle_comma : cute_error::expected_swizzle_end;
          return failure();
        }
        ++pos_;
      }
      if (bms[0] < 0 || bms[1] < 0 || bms[0] > 40 || bms[1] > 40 || bms[2] < -40 || bms[2] > 40 || (bms[2] < 0 ? -bms[2] : bms[2]) < bms[0]) {
        --pos_;
        error_ = cute_error::swizzle_out_of_range;
        return failure();
      }
      out.swizzle = {static_cast<int>(bms[0]), static_cast<int>(bms[1]), static_cast<int>(bms[2])};
      out.swizzled = true;
      if (!composed_with()) return failure();
      // CuTe prints the offset between the two: Sw<B,M,S> o _0 o layout. A layout may follow
      // directly, so an integer is an offset only when " o " follows it.
      const std::size_t at = pos_;
      index_t value = 0;
      if (integer(value, false)) {
        skip_blanks();
        if (peek() == 'o') {
          if (!composed_with()) return failure();
          offset = value;
        } else {
          pos_ = at;
        }
      } else {
        pos_ = at;
        error_ = cute_error::none;
      }
    }
    if (!tree(shape_, shape_count_, shape_form_, shape_form_count_, false)) return failure();
    skip_blanks();
    if (peek() == ':') {
      ++pos_;
      skip_blanks();
      const std::size_t at = pos_;
      if (!tree(stride_, stride_count_, stride_form_, stride_form_count_, true)) return failure();
      if (stride_form_count_ != shape_form_count_ || !same_form()) {
        pos_ = at;
        error_ = cute_error::stride_not_congruent;
        return failure();
      }
    } else {
      // CuTe's default: compact column-major strides over the flattened modes.
      index_t step = 1;
      for (std::size_t i = 0; i < shape_count_; ++i) {
        stride_[i] = step;
        if (shape_[i] != 0 && step > max_index / shape_[i]) {
          error_ = cute_error::default_strides_overflow;
          return failure();
        }
        step *= shape_[i];
      }
      stride_count_ = shape_count_;
    }
    skip_blanks();
    if (pos_ < text_.size()) {
      error_ = cute_error::expected_end;
      return failure();
    }
    // Flattened and reversed: CuTe's mode 0, the fastest, is strider's last axis.
    out.value.rank = shape_count_;
    for (std::size_t i = 0; i < shape_count_; ++i) {
      out.value.shape[shape_count_ - 1 - i] = shape_[i];
      out.value.strides[shape_count_ - 1 - i] = stride_[i];
    }
    out.value.offset = offset;
    return out;
  }

 private:
  static constexpr index_t max_index = index_t{0x7fffffffffffffff}, min_index = -max_index - 1;
  static constexpr std::size_t max_form = 64;  // tokens of nesting kept for the congruence check

  constexpr char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  constexpr void skip_blanks() {
    while (peek() == ' ' || peek() == '\t') ++pos_;
  }
  constexpr cute_reading failure() const { return {layout_value{}, error_, pos_ + 1}; }

  // " o " between the parts of a composed layout.
  constexpr bool composed_with() {
    skip_blanks();
    if (peek() != 'o') {
      error_ = cute_error::expected_composed_with;
      return false;
    }
    ++pos_;
    skip_blanks();
    return true;
  }

  // An integer (CuTe's static _4 too; negative where allowed).
  constexpr bool integer(index_t& out, bool signed_values) {
    if (peek() == '_') ++pos_;
    bool negative = false;
    if (signed_values && peek() == '-') negative = true, ++pos_;
    if (peek() < '0' || peek() > '9') {
      error_ = cute_error::expected_integer;
      return false;
    }
    return digits(out, negative);
  }

  // The digits at pos_ as a value of that sign, accumulated on the sign's side so that INT64_MIN
  // (whose magnitude is no int64) reads back; integer_too_large past int64.
  constexpr bool digits(index_t& out, bool negative) {
    index_t value = 0;
    while (peek() >= '0' && peek() <= '9') {
      const index_t digit = peek() - '0';
      if (negative ? value < (min_index + digit) / 10 : value > (max_index - digit) / 10) {
        error_ = cute_error::integer_too_large;
        return false;
      }
      value = negative ? value * 10 - digit : value * 10 + digit;
      ++pos_;
    }
    out = value;
    return true;
  }

  // An integer or a parenthesised tuple of trees; leaves go to `leaves`, the nesting to `form`
  // (0 a leaf, 1 an opening, 2 a closing parenthesis).
  constexpr bool tree(index_t* leaves, std::size_t& count, unsigned char* form, std::size_t& form_count, bool signed_values) {
    if (form_count == max_form) {
      error_ = cute_error::too_deep;
      return false;
    }
    if (peek() == '(') {
      form[form_count++] = 1;
      ++pos_;
      skip_blanks();
      if (peek() == ')') {
        error_ = cute_error::empty_tuple;
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
            error_ = cute_error::too_deep;
            return false;
          }
          form[form_count++] = 2;
          return true;
        }
        error_ = cute_error::expected_tuple_separator;
        return false;
      }
    }
    if (peek() == '_') ++pos_;  // CuTe's static integer, _4
    bool negative = false;
    if (peek() == '-') {
      if (!signed_values) {
        error_ = cute_error::negative_extent;
        return false;
      }
      negative = true;
      ++pos_;
    }
    if (peek() < '0' || peek() > '9') {
      error_ = cute_error::expected_integer_or_tuple;
      return false;
    }
    const std::size_t start = pos_;
    index_t value = 0;
    if (!digits(value, negative)) {
      pos_ = start;
      return false;
    }
    if (count == max_rank) {
      pos_ = start;
      error_ = cute_error::too_many_modes;
      return false;
    }
    leaves[count++] = value;
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
  cute_error error_ = cute_error::none;
  index_t shape_[max_rank] = {}, stride_[max_rank] = {};
  std::size_t shape_count_ = 0, stride_count_ = 0;
  unsigned char shape_form_[max_form] = {}, stride_form_[max_form] = {};
  std::size_t shape_form_count_ = 0, stride_form_count_ = 0;
};

// The layout and its swizzle, or a compile error (in a constant expression) / layout_error with
// the message.
struct cute_parts {
  layout_value value{};
  swizzle_value swizzle{};
  bool swizzled = false;
};

// The refusal of a reading that went wrong, each on its own line: the line a static from_cute's
// diagnostic shows says what is wrong. Nothing for cute_error::none.
constexpr void refuse_cute(cute_error error, std::size_t column, std::string_view text) {
  switch (error) {
    case cute_error::expected_swizzle_comma: detail::refuse("cute: expected ',' in Sw<B,M,S> (at character {} of \"{}\")", column, text);
    case cute_error::expected_swizzle_end: detail::refuse("cute: expected '>' after Sw<B,M,S (at character {} of \"{}\")", column, text);
    case cute_error::swizzle_out_of_range: detail::refuse("cute: Sw<B,M,S> needs 0 <= B <= |S| and 0 <= M, each at most 40 (CuTe's swizzle preconditions) (at character {} of \"{}\")", column, text);
    case cute_error::stride_not_congruent: detail::refuse("cute: the stride does not have the shape's nesting (CuTe's layouts need congruent shape and stride) (at character {} of \"{}\")", column, text);
    case cute_error::default_strides_overflow: detail::refuse("cute: the default strides overflow int64 (at character {} of \"{}\")", column, text);
    case cute_error::expected_end: detail::refuse("cute: expected the end of the layout (shape:stride) (at character {} of \"{}\")", column, text);
    case cute_error::expected_composed_with: detail::refuse("cute: expected 'o' (composed with) after Sw<B,M,S> (at character {} of \"{}\")", column, text);
    case cute_error::expected_integer: detail::refuse("cute: expected an integer (at character {} of \"{}\")", column, text);
    case cute_error::integer_too_large: detail::refuse("cute: the integer does not fit in int64 (at character {} of \"{}\")", column, text);
    case cute_error::too_deep: detail::refuse("cute: the layout nests or has more modes than strider reads (64 parentheses and modes) (at character {} of \"{}\")", column, text);
    case cute_error::empty_tuple: detail::refuse("cute: an empty tuple is not a mode (at character {} of \"{}\")", column, text);
    case cute_error::expected_tuple_separator: detail::refuse("cute: expected ',' or ')' in a tuple (at character {} of \"{}\")", column, text);
    case cute_error::negative_extent: detail::refuse("cute: an extent cannot be negative (at character {} of \"{}\")", column, text);
    case cute_error::expected_integer_or_tuple: detail::refuse("cute: expected an integer or '(' (at character {} of \"{}\")", column, text);
    case cute_error::too_many_modes: detail::refuse("cute: more modes than strider's max_rank (8) (at character {} of \"{}\")", column, text);
    case cute_error::none: return;
  }
}
constexpr cute_parts cute_parts_or_refuse(std::string_view text) {
  const cute_reading r = cute_reader(text).read();
  if (r.error != cute_error::none) refuse_cute(r.error, r.column, text);
  return {dynamic_layout(r.value).value(), r.swizzle, r.swizzled};  // the layout's own checks: a span beyond int64
}
// A strided layout: a swizzled one is refused (it is no strided layout).
constexpr layout_value cute_or_refuse(std::string_view text) {
  const cute_parts parts = cute_parts_or_refuse(text);
  if (parts.swizzled)
    detail::refuse("cute: a swizzled layout (Sw<B,M,S> o ...) is no strided layout: from_cute<\"...\"> reads it as a swizzled_t (at character 1 of \"{}\")", text);
  return parts.value;
}

template <fixed_string Text>
inline constexpr cute_parts cute_parts_of = cute_parts_or_refuse(std::string_view(Text.view().data(), Text.view().size()));
template <cute_parts P, bool Swizzled>
struct cute_type {
  using type = static_layout<P.value>;
};
template <cute_parts P>
struct cute_type<P, true> {
  using type = swizzled_layout<static_layout<P.value>, swizzle<P.swizzle.bits, P.swizzle.base, P.swizzle.shift>>;
};

}  // namespace strider::detail

namespace strider {

/// The static layout of a CuTe layout string: `from_cute<"(4,8):(8,1)">` is
/// `layout<shape<8, 4>, strides<1, 8>>`, so a test can hold a CuTe layout against a strider type:
/// `static_assert(offset_table_v<from_cute<"(4,8):(8,1)">> == offset_table_v<L>)`. CuTe's print
/// of a swizzled layout, `Sw<3,3,3> o _0 o (_64,_8):(_1,_64)` (or without the offset), is a
/// `swizzled_t` of the layout (an offset other than 0 is the layout's). A malformed string is a
/// compile error.
template <fixed_string Text>
using from_cute = typename detail::cute_type<detail::cute_parts_of<Text>, detail::cute_parts_of<Text>.swizzled>::type;

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

/// A layout read through a swizzle in CuTe's notation, as CuTe prints a composed layout:
/// `Sw<B,M,S> o offset o layout`; `to_cute_string(contiguous(8, 64) as a dynamic_layout,
/// {3, 3, 3})` is `Sw<3,3,3> o 0 o (64,8):(1,64)`. The offset goes between, as CuTe keeps it.
constexpr cute_string to_cute_string(const dynamic_layout& l, swizzle_value swizzle) {
  layout_value v = l.value();
  const index_t offset = v.offset;
  v.offset = 0;
  const cute_string layout = to_cute_string(dynamic_layout(v, dynamic_layout::unchecked_t{}));
  cute_string out;
  const auto text = [&out](std::string_view t) {
    for (const char c : t) out.put(c);
  };
  text("Sw<");
  out.put(index_t{swizzle.bits}), out.put(','), out.put(index_t{swizzle.base}), out.put(','), out.put(index_t{swizzle.shift});
  text("> o ");
  out.put(offset);
  text(" o ");
  text(layout.view());
  return out;
}

/// A swizzled layout type in CuTe's notation: `to_cute_string(swizzled_t<contiguous<8, 64>,
/// swizzle<3, 3, 3>>{})` is `Sw<3,3,3> o 0 o (64,8):(1,64)`.
template <static_swizzled_layout_type L>
constexpr cute_string to_cute_string(L) {
  return to_cute_string(dynamic_layout(L::layout_type::value, dynamic_layout::unchecked_t{}), L::swizzle);
}

/// The CuTe C++ that makes the same layout, static extents and strides: `(8,4,2):(2,16,1)` in
/// strider's order is `cute::make_layout(cute::make_shape(cute::Int<2>{}, cute::Int<4>{},
/// cute::Int<8>{}), cute::make_stride(cute::Int<1>{}, cute::Int<16>{}, cute::Int<2>{}))`; an
/// integer past `int` (CuTe's Int<v> takes an int) is a run-time `int64_t{...}`. Refuses a layout
/// at an offset, as to_cute_string does.
inline std::string to_cute_cpp(const dynamic_layout& l) {
  if (l.offset() != 0) detail::refuse("to_cute_cpp: the layout starts at offset {}, which a CuTe layout has no place for (CuTe keeps it in the pointer)", l.offset());
  if (l.rank() == 0) return "cute::make_layout(cute::Int<1>{}, cute::Int<0>{})";
  // CuTe's static integer is `template <int v> using Int`: a value past int is a run-time int64_t
  // (INT64_MIN as an expression: its magnitude is no literal).
  constexpr index_t max_index_value = index_t{0x7fffffffffffffff};
  const auto integer = [](index_t v) -> std::string {
    if (v >= -2147483647 - 1 && v <= 2147483647) return "cute::Int<" + std::to_string(v) + ">{}";
    if (v == -max_index_value - 1) return "(-int64_t{9223372036854775807} - 1)";
    return "int64_t{" + std::to_string(v) + "}";
  };
  std::string shape, stride;
  for (std::size_t k = l.rank(); k-- > 0;) {
    shape.append(integer(l.extent(k))).append(k ? ", " : "");
    stride.append(integer(l.stride(k))).append(k ? ", " : "");
  }
  return "cute::make_layout(cute::make_shape(" + shape + "), cute::make_stride(" + stride + "))";
}

}  // namespace strider
