// expect: as_strided: reaches storage offset .*, outside the input.s storage
// A slice keeps the storage it was cut from, and as_strided may reach all of it (offsets
// 0..999 here), but nothing past it.
#include <strider/static.hpp>

using Head = strider::slice_t<strider::contiguous<1000>, ":2">;
using A = strider::as_strided_t<Head, strider::shape<2>, strider::strides<1000>, 0>;
static_assert(A::rank == 1);
