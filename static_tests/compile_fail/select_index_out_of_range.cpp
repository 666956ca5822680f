// expect: select: index .* is out of range for dimension
// An index past the extent, counted from either end, is refused.
#include <strider/static.hpp>

using S = strider::select_t<strider::contiguous<3, 4>, 0, -4>;
static_assert(S::rank == 1);
