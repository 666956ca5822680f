// expect: op::composition[^a-z_].*axis \{\} of \{\} \(stride \{\}\) steps unevenly over the extents of the layout it reads
// B reads every fourth index of a column-major 4x6 layout: its columns of 4 and rows of 6 do not
// split into steps of 4 (CuTe's divisibility condition; CuTe checks it only for static values).
#include <strider/static.hpp>

using A = strider::layout<strider::shape<6, 4>, strider::strides<4, 1>>;
using B = strider::layout<strider::shape<3>, strider::strides<4>>;
using C = strider::composition_t<strider::transpose_t<A, 0, 1>, B>;
constexpr auto rank = C::rank;
