// expect: op::complement[^a-z_].*is not unique or not increasing
// A stride-0 axis repeats its elements: no complement makes a bijection of it.
#include <strider/static.hpp>

using C = strider::complement_t<strider::layout<strider::shape<3, 2>, strider::strides<0, 1>>, 8>;
constexpr auto rank = C::rank;
