// expect: op::complement[^a-z_].*\{\} spans \{\} offsets, which do not divide the \{\} it must tile
// (4):(2) repeats every 8 offsets: no layout completes it to a bijection onto [0, 20).
#include <strider/static.hpp>

using C = strider::complement_t<strider::layout<strider::shape<4>, strider::strides<2>>, 20>;
constexpr auto rank = C::rank;
