// strider/util/fixed_string.hpp: a string literal usable as a template argument.
#pragma once

#include <cstddef>

#include "text_view.hpp"

namespace strider {

/// Holds a string literal as a structural value, so that `slice_t<L, "1:, ::-1">` can carry
/// the index text in its type.
template <std::size_t N>
struct fixed_string {
  char text[N] = {};
  STRIDER_HOST_DEVICE constexpr fixed_string(const char (&literal)[N]) {
    for (std::size_t i = 0; i < N; ++i) text[i] = literal[i];
  }
  STRIDER_HOST_DEVICE constexpr detail::text_view view() const { return {text, N - 1}; }
};

}  // namespace strider
