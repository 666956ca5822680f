// strider/util/text.hpp: integers to text and back, shared by the slice parser, the expression
// language, the table writers and the command.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "config.hpp"
#include "text_view.hpp"

namespace strider::detail {

// Reads the decimal digits at s[pos, n) into `value` (negated when `negative`), advancing pos.
// Accumulated negatively so that INT64_MIN fits; false when the number does not fit in int64
// (pos then still moves past every digit).
STRIDER_HOST_DEVICE constexpr bool read_digits(const char* s, std::size_t n, std::size_t& pos, bool negative, index_t& value) {
  constexpr index_t lowest = -0x7fffffffffffffff - 1;
  bool fits = true;
  value = 0;
  for (; pos < n && s[pos] >= '0' && s[pos] <= '9'; ++pos) {
    const index_t digit = s[pos] - '0';
    if (!fits || value < (lowest + digit) / 10) fits = false;
    else value = value * 10 - digit;
  }
  if (!fits || (!negative && value == lowest)) return false;
  if (!negative) value = -value;
  return true;
}

// The decimal digits of n, sign first, into `out` (20 digits and a sign at most); returns how many.
// From the negative side, so that INT64_MIN has its digits too. No allocation: device code and
// constant expressions use it.
STRIDER_HOST_DEVICE constexpr std::size_t integer_chars(index_t n, char (&out)[21]) {
  char digits[20] = {};
  std::size_t count = 0, length = 0;
  const bool negative = n < 0;
  do {
    const index_t digit = negative ? -(n % 10) : n % 10;
    digits[count++] = static_cast<char>('0' + digit);
    n /= 10;
  } while (n != 0);
  if (negative) out[length++] = '-';
  while (count > 0) out[length++] = digits[--count];
  return length;
}

// "(3, 4)": integers as a tuple for error messages, tuple_text below without allocating (usable
// in device code and where the message is a compile error). `numpy_one_tuple` writes one
// integer as NumPy does, "(3,)".
struct fixed_tuple_text {
  char text[22 * max_rank + 8] = {};
  std::size_t length = 0;

  template <class Row>  // index_t* or a layout value's row (util/config.hpp)
  STRIDER_HOST_DEVICE constexpr fixed_tuple_text(const Row& values, std::size_t count, bool numpy_one_tuple) {
    put('(');
    for (std::size_t d = 0; d < count; ++d) {
      if (d > 0) {
        put(',');
        put(' ');
      }
      put_number(values[d]);
    }
    if (numpy_one_tuple && count == 1) put(',');
    put(')');
  }
  STRIDER_HOST_DEVICE constexpr operator text_view() const { return text_view(text, length); }
  constexpr operator std::string_view() const { return {text, length}; }

 private:
  STRIDER_HOST_DEVICE constexpr void put(char c) {
    if (length < sizeof(text) - 4) text[length++] = c;
    else if (length < sizeof(text) - 1) text[length++] = '.';
  }
  STRIDER_HOST_DEVICE constexpr void put_number(index_t n) {
    char chars[21] = {};
    const std::size_t count = integer_chars(n, chars);
    for (std::size_t i = 0; i < count; ++i) put(chars[i]);
  }
};

// An integer literal of type int64 for C++ source (the most negative value has no literal of
// its own).
inline std::string cpp_integer(index_t v) {
  if (v == -0x7fffffffffffffff - 1) return "(-9223372036854775807 - 1)";
  return std::to_string(v);
}

// The integers of `values` (any container of them) joined by `separator`; as C++ literals when
// `cpp` (see cpp_integer).
template <class Values>
std::string joined(const Values& values, std::string_view separator = ", ", bool cpp = false) {
  std::string out;
  bool first = true;
  for (const auto v : values) {
    if (!first) out += separator;
    first = false;
    out += cpp ? cpp_integer(static_cast<index_t>(v)) : std::to_string(v);
  }
  return out;
}

// Python's tuple notation, as NumPy prints shapes: (), (3,), (3, 4).
template <class Values>
std::string tuple_text(const Values& values) {
  const std::string items = joined(values);
  const bool one = !items.empty() && items.find(',') == std::string::npos;
  return "(" + items + (one ? ",)" : ")");
}

}  // namespace strider::detail
