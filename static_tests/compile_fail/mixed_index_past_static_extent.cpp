// expect: slice: index .* is out of range
// An index past a static extent of a mixed layout fails the build (the batch is run-time).
#include <strider/static.hpp>

using L = strider::contiguous<strider::dyn, 3, 4>;
using S = strider::slice_t<L, ":, 3">;
static_assert(S::rank == 2);
