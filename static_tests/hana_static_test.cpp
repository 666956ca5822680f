// The Boost.Hana boundary: extents, strides and indices as integral constants.
#include <boost/hana/equal.hpp>
#include <strider/hana.hpp>

namespace {
namespace hana = boost::hana;
using namespace hana::literals;  // 3_c is a hana::llong<3>
using strider::index_t;

using C = strider::contiguous<3, 4>;
static_assert(strider::shape_c<C> == hana::make_tuple(3_c, 4_c));
static_assert(strider::strides_c<C> == hana::make_tuple(4_c, 1_c));
static_assert(strider::extent_c<C, 1> == 4_c);
static_assert(strider::offset_c<strider::slice_t<C, "1:">> == 4_c);
// hana::length is a size_t constant while 2_c is a llong: compare values, not constants.
static_assert(hana::length(strider::shape_c<C>).value == 2);
static_assert(std::is_same_v<decltype(strider::contiguous_c(hana::make_tuple(3_c, 4_c))), C>);

// Integral-constant indices go straight to the layout.
static_assert(C{}(2_c, 3_c) == 11);
static_assert(C{}(std::integral_constant<int, 1>{}, std::integral_constant<int, 2>{}) == 6);

// for_each_index visits every index in row-major order with constant indices.
constexpr bool visits_in_order() {
  using F = strider::flip_t<C, 1>;
  index_t expected_flat = 0;
  bool ok = true;
  strider::for_each_index(F{}, [&](auto i, auto j) {
    constexpr index_t off = F{}(decltype(i){}, decltype(j){});  // a constant expression
    ok = ok && decltype(i)::value * 4 + decltype(j)::value == expected_flat;
    ok = ok && off == decltype(i)::value * 4 + (3 - decltype(j)::value);
    ++expected_flat;
  });
  return ok && expected_flat == 12;
}
static_assert(visits_in_order());
}  // namespace
