// expect: op::composition[^a-z_].*\{\} reaches index \{\}, past the \{\} elements of the first layout
// B's offsets are indices of A: 5 steps of 6 reach index 24 of a 4x6 layout.
#include <strider/static.hpp>

using C = strider::composition_t<strider::contiguous<4, 6>, strider::layout<strider::shape<5>, strider::strides<6>>>;
constexpr auto rank = C::rank;
