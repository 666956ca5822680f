// expect: op::view[^a-z_].*only one extent can be -1
// PyTorch infers one extent from the element count; two -1s leave the shape undetermined.
#include <strider/static.hpp>

using V = strider::view_t<strider::contiguous<2, 6>, -1, -1>;
constexpr auto rank = V::rank;
