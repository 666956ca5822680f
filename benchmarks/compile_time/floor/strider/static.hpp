// The cost floor of the compile-time benchmark (run_benchmark.py --floor): the static API's
// shape with no rule in it. Every layout is a `static_layout<layout_value{...}>` carrying the
// ten members the API names, every operation alias only moves the offset, every property is a
// constant. Compiling the generated chains against this header (their static_asserts made
// vacuous) measures what g++ and clang charge for the chains' text, their distinct layout types
// and the classes of the layouts they use, before strider evaluates anything.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace strider {

using index_t = std::int64_t;

struct layout_value {
  std::size_t rank = 0;
  index_t shape[8] = {};
  index_t strides[8] = {};
  index_t offset = 0;
};

template <std::size_t N>
struct fixed_string {
  char text[N] = {};
  constexpr fixed_string(const char (&literal)[N]) {
    for (std::size_t i = 0; i < N; ++i) text[i] = literal[i];
  }
};

template <layout_value V>
struct static_layout {
  static constexpr std::size_t rank = V.rank;
  static constexpr std::array<index_t, rank> shape = {};
  static constexpr std::array<index_t, rank> strides = {};
  static constexpr index_t offset = V.offset;
  static constexpr index_t size = 0;
  static constexpr bool is_contiguous = false;
  static constexpr bool is_unique = false;
  static constexpr index_t min_offset = 0;
  static constexpr index_t max_offset = 0;
  static constexpr index_t required_span = 0;
  template <class... I>
  constexpr index_t operator()(I...) const { return V.offset; }
};

namespace detail {
template <class L>
constexpr layout_value value_of = {};
template <layout_value V>
constexpr layout_value value_of<static_layout<V>> = V;
constexpr layout_value moved(layout_value v, index_t by) {
  v.offset += by;
  return v;
}
}  // namespace detail

template <index_t... E>
using contiguous = static_layout<layout_value{sizeof...(E), {E...}, {E...}, 0}>;
template <class L, index_t... P>
using permute_t = static_layout<detail::moved(detail::value_of<L>, 1)>;
template <class L, fixed_string Index>
using slice_t = static_layout<detail::moved(detail::value_of<L>, 2)>;
template <class L, index_t... E>
using view_t = static_layout<detail::moved(detail::value_of<L>, 3)>;
template <class L, index_t... E>
using reshape_t = static_layout<detail::moved(detail::value_of<L>, 4)>;
template <class L, index_t... E>
constexpr bool reshape_copies = sizeof...(E) > 0;

}  // namespace strider
