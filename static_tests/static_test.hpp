// Shared vocabulary of the static test files (each .cpp here is its own translation unit).
#pragma once

#include <array>
#include <type_traits>

#include <strider/static.hpp>

namespace strider_static_test {
using namespace strider;

// L is exactly the layout with these extents, strides and storage offset, over L's storage
// (storage_size is checked on its own where it matters). Equal layouts are the same type, so
// this also checks that the entries past the rank were left zero.
template <class L, class Shape, class Strides, index_t Offset = 0>
inline constexpr bool is_layout = std::is_same_v<L, with_storage_t<layout<Shape, Strides, Offset>, L::storage_size>>;

// An exact-size std::array of index_t, to compare with the static members shape and strides.
template <index_t... V>
inline constexpr std::array<index_t, sizeof...(V)> values{V...};

}  // namespace strider_static_test
