// expect: transpose: axis .* is out of range for rank
// A rank-2 layout has axes 0 and 1 (or -2 and -1); axis 2 does not exist.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using T = strider::transpose_t<L, 0, 2>;
