// expect: slice: index .* is out of range for axis
// An integer index must lie in [-extent, extent): axis 0 has extent 3, so 3 is past its end.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using S = strider::slice_t<L, "3, :">;
