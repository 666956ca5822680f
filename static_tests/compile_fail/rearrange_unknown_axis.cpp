// expect: rearrange: axis \{\} is on the right of the pattern but not on the left
// A name on the right must come from the left: q is not there.
#include <strider/static.hpp>

using P = strider::rearrange_t<strider::contiguous<4, 6>, "h w -> w h q">;
constexpr auto rank = P::rank;
