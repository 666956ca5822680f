// expect: op::contiguous[^a-z_].*extent .* is negative
// The static entries of a mixed layout are checked when the type is formed.
#include <strider/static.hpp>

using L = strider::contiguous<strider::dyn, -3>;
static_assert(L::rank == 2);
