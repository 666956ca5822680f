// expect: unflatten: the sizes multiply to .*, not the extent .* of dimension
// The new axes must hold exactly the elements of the one they replace.
#include <strider/static.hpp>

using U = strider::unflatten_t<strider::contiguous<2, 12>, 1, 5, 3>;
static_assert(U::rank == 3);
