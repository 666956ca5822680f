// strider/util/fixed_string.hpp: a string literal usable as a template argument.
#pragma once

#include <cstddef>

#include "text_view.hpp"

namespace strider {

namespace detail {
#ifdef __CUDACC__
// nvcc's host stub spells an array inside a template argument as `char [8]{...}`, which is not
// C++; characters held as nested structs of named members it spells as valid aggregates.
template <std::size_t N>
struct char_list {
  char head = 0;
  char_list<N - 1> tail = {};
};
template <>
struct char_list<0> {};

/// A fixed_string's characters as one array, for the rules to read within the full-expression
/// that asks for them. One type for every length, so that one early use (nvcc_text_primer below)
/// serves every alias.
struct text_buffer {
  static constexpr std::size_t capacity = 256;
  char text[capacity] = {};
  std::size_t length = 0;
  STRIDER_HOST_DEVICE constexpr const char* data() const { return text; }
  STRIDER_HOST_DEVICE constexpr std::size_t size() const { return length; }
  STRIDER_HOST_DEVICE constexpr operator text_view() const { return {text, length}; }
};
#endif
}  // namespace detail

/// Holds a string literal as a structural value, so that `slice_t<L, "1:, ::-1">` can carry
/// the index text in its type.
template <std::size_t N>
struct fixed_string {
#ifdef __CUDACC__
  detail::char_list<N> chars = {};
  STRIDER_HOST_DEVICE constexpr fixed_string(detail::char_list<N> list) : chars(list) {}
  STRIDER_HOST_DEVICE constexpr fixed_string(const char (&literal)[N]) { fill(chars, literal); }
  static_assert(N <= detail::text_buffer::capacity, "fixed_string: under nvcc a text argument holds at most 255 characters");
  /// The characters as an array, valid until the end of the full-expression that reads them.
  STRIDER_HOST_DEVICE constexpr detail::text_buffer view() const {
    detail::text_buffer out;
    read(chars, out.text);
    out.length = N - 1;
    return out;
  }

 private:
  template <std::size_t M>
  STRIDER_HOST_DEVICE static constexpr void fill(detail::char_list<M>& list, const char* from) {
    if constexpr (M > 0) {
      list.head = from[0];
      fill(list.tail, from + 1);
    }
  }
  template <std::size_t M>
  STRIDER_HOST_DEVICE static constexpr void read(const detail::char_list<M>& list, char* to) {
    if constexpr (M > 0) {
      to[0] = list.head;
      read(list.tail, to + 1);
    }
  }
#else
  char text[N] = {};
  STRIDER_HOST_DEVICE constexpr fixed_string(const char (&literal)[N]) {
    for (std::size_t i = 0; i < N; ++i) text[i] = literal[i];
  }
  STRIDER_HOST_DEVICE constexpr detail::text_view view() const { return {text, N - 1}; }
#endif
};

#ifdef __CUDACC__
namespace detail {
// nvcc 13 does not fold a template argument whose evaluation is the first use of text_buffer's
// implicit members: the host code it writes spells that alias with an undeclared placeholder
// ('__T18' was not declared), in a launch's template arguments or a namespace-scope alias. This
// use comes first.
inline constexpr std::size_t nvcc_text_primer = text_view(fixed_string("").view()).size();
}  // namespace detail
#endif

}  // namespace strider
