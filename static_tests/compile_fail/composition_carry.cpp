// expect: op::composition[^a-z_].*adds up with the axes before it past extent \{\} of the layout it reads
// B = (3,2):(4,6) reads indices up to 14 of rows of 12: axis 0 reaches 8 in a row, axis 1 adds 6,
// which carries into the next row, so i -> A(B(i)) is no layout (CuTe returns a wrong one).
#include <strider/static.hpp>

using A = strider::layout<strider::shape<3, 12>, strider::strides<24, 1>>;
using B = strider::layout<strider::shape<3, 2>, strider::strides<4, 6>>;
using C = strider::composition_t<A, B>;
constexpr auto rank = C::rank;
