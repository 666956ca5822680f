// strider/hana.hpp: where Boost.Hana meets strider. Static extents, strides and indices as
// hana::integral_constant, shapes and strides as hana::tuple, and static loops over every index
// of a small static layout. Opt-in (link strider::hana): Hana's headers cost compile time that the
// core and the static layer do not pay.
#pragma once

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>
#include <utility>

#include "static.hpp"

namespace strider {

namespace detail {
template <class L, std::size_t... D>
constexpr auto shape_tuple(std::index_sequence<D...>) {
  return boost::hana::make_tuple(boost::hana::llong_c<L::shape[D]>...);
}
template <class L, std::size_t... D>
constexpr auto strides_tuple(std::index_sequence<D...>) {
  return boost::hana::make_tuple(boost::hana::llong_c<L::strides[D]>...);
}
// The multi-index of flat row-major position Flat, as integral constants.
template <class L, index_t Flat, std::size_t... D>
constexpr auto unflatten(std::index_sequence<D...>) {
  constexpr auto index = [] {
    std::array<index_t, L::rank> out{};
    index_t rest = Flat;
    for (std::size_t d = L::rank; d-- > 0;) {
      out[d] = rest % L::shape[d];
      rest /= L::shape[d];
    }
    return out;
  }();
  return boost::hana::make_tuple(boost::hana::llong_c<index[D]>...);
}
template <class L, index_t... Flat>
constexpr auto all_indices(std::integer_sequence<index_t, Flat...>) {
  return boost::hana::make_tuple(unflatten<L, Flat>(std::make_index_sequence<L::rank>{})...);
}
}  // namespace detail

/// The extents of a static layout as a `hana::tuple` of `hana::llong`:
/// `shape_c<contiguous<3, 4>>` equals `hana::make_tuple(3_c, 4_c)`.
template <static_layout_type L>
inline constexpr auto shape_c = detail::shape_tuple<L>(std::make_index_sequence<L::rank>{});

/// The strides of a static layout as a `hana::tuple` of `hana::llong`.
template <static_layout_type L>
inline constexpr auto strides_c = detail::strides_tuple<L>(std::make_index_sequence<L::rank>{});

/// Extent of axis `Axis` as a `hana::llong` (a compile error past the rank).
template <static_layout_type L, std::size_t Axis>
  requires(Axis < L::rank)
inline constexpr auto extent_c = boost::hana::llong_c<L::shape[Axis]>;

/// The storage offset of a static layout as a `hana::llong`.
template <static_layout_type L>
inline constexpr auto offset_c = boost::hana::llong_c<L::offset>;

/// Calls `f(i0, i1, ...)` for every index of `L` in row-major order, fully unrolled, each index
/// a `hana::llong`: inside `f`, `L{}(i...)` and anything that needs a constant expression work.
template <static_layout_type L, class F>
  requires(L::size <= max_unrolled_size)
constexpr void for_each_index(L, F&& f) {
  boost::hana::for_each(detail::all_indices<L>(std::make_integer_sequence<index_t, L::size>{}),
                        [&f](auto index) { boost::hana::unpack(index, f); });
}

/// The row-major static layout of a shape given as integral constants:
/// `contiguous_c(hana::make_tuple(3_c, 4_c))` is a `contiguous<3, 4>`.
template <class... E>
constexpr auto contiguous_c(boost::hana::tuple<E...>) {
  return contiguous<static_cast<index_t>(E::value)...>{};
}

}  // namespace strider
