// expect: view: the requested shape is not compatible with the layout's strides
// The static image axes of an NHWC batch decide it: no view of (-1, 192) exists for any
// non-empty batch, so a type whose batch is known not to be empty refuses it at compile time.
#include <strider/static.hpp>

using L = strider::permute_t<strider::contiguous<strider::dyn, 3, 8, 8>, 0, 2, 3, 1>;
using V = strider::view_t<strider::narrow_t<L, 0, 0, 2>, -1, 192>;
static_assert(V::rank == 2);
