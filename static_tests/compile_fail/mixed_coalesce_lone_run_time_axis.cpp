// expect: op::coalesce[^a-z_].*whether axis \{\} of \{\} stays an axis depends on its extent, known only at run time
// A crop's batch axis merges with no other: a batch of 1 would remove it, so the result's rank
// depends on the run-time extent, which a type cannot (dyn_multiple<2> would say it is not 1).
#include <strider/static.hpp>

using L = strider::narrow_t<strider::contiguous<strider::dyn, 8, 8>, 1, 2, 4>;
using C = strider::coalesce_t<L>;
static_assert(C::rank == 2);
