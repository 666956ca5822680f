// expect: movedim: repeated destination axis
// Two axes cannot move to the same place.
#include <strider/static.hpp>

using M = strider::movedim_t<strider::contiguous<2, 3, 4>, strider::axes<0, 1>, strider::axes<2, -1>>;
static_assert(M::rank == 3);
