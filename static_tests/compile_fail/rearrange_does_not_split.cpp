// expect: rearrange: input axis \{\} of extent \{\} does not split into parts of \{\} for axis \{\}
// Axis 1 has 6 elements: groups of p=4 do not divide it.
#include <strider/static.hpp>

using P = strider::rearrange_t<strider::contiguous<4, 6>, "h (w p) -> h w p", "p=4">;
constexpr auto rank = P::rank;
