// expect: rearrange: the output group from .* needs a copy
// A mixed layout refuses at compile time what it would refuse for every value of its run-time
// batch: the (p1 p2 c) group never nests in storage, whatever the batch (issue 29).
#include <strider/static.hpp>

using images = strider::contiguous<strider::dyn, 32, 32, 3>;
using patches = strider::rearrange_t<images, "b (h p1) (w p2) c -> b h w (p1 p2 c)", "p1=8, p2=8">;
