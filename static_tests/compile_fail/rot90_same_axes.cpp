// expect: rot90: the axes must be different
// NumPy refuses rot90 of an axis onto itself (also written 0 and -rank).
#include <strider/static.hpp>

using R = strider::rot90_t<strider::contiguous<2, 3, 4>, 1, 0, -3>;
static_assert(R::rank == 3);
