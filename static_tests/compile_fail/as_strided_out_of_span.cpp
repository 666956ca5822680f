// expect: as_strided: reaches storage offset
// as_strided may only address the storage the input was cut from: 12 elements, offsets 0..11.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using A = strider::as_strided_t<L, strider::shape<4, 4>, strider::strides<4, 1>, 0>;
