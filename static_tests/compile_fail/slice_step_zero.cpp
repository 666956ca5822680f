// expect: slice: the step at column .* is zero
// As in Python, a slice step cannot be zero.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using S = strider::slice_t<L, ":, ::0">;
