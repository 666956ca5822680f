// expect: with_storage: the layout reaches storage offset .*, outside a storage of
// A storage must hold every element of the layout.
#include <strider/static.hpp>

using S = strider::with_storage_t<strider::contiguous<3, 4>, 10>;
static_assert(S::rank == 2);
