// expect: expand: size .* of axis .* must match its extent
// Only extent-1 axes expand; any other extent must be kept.
#include <strider/static.hpp>

using E = strider::expand_t<strider::contiguous<3, 2>, 3, 4>;
static_assert(E::rank == 2);
