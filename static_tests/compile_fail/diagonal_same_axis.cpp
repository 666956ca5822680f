// expect: diagonal: axis1 and axis2 are the same axis
// A diagonal runs across two different axes.
#include <strider/static.hpp>

using L = strider::contiguous<3, 3>;
using D = strider::diagonal_t<L, 0, 1, 1>;
