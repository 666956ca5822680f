// expect: squeeze: axis .* is out of range for rank
// squeeze(axis) needs an existing axis: -3 is out of range for rank 2.
#include <strider/static.hpp>

using L = strider::contiguous<1, 4>;
using S = strider::squeeze_t<L, -3>;
