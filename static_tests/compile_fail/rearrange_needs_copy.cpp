// expect: rearrange: the output group from \{\} to \{\} needs a copy
// Flattening each 8x8 patch of an NHWC image into one axis: its rows lie 96 elements apart, so
// no view merges them (einops would copy; rearrange_copies tells in advance).
#include <strider/static.hpp>

using images = strider::contiguous<2, 32, 32, 3>;
using P = strider::rearrange_t<images, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=8, p2=8">;
constexpr auto rank = P::rank;
