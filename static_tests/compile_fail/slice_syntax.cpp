// expect: slice: syntax error at column
// A slice item is an integer, start:stop:step, '...', None or newaxis; "1;2" is none of them.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using S = strider::slice_t<L, "1;2">;
