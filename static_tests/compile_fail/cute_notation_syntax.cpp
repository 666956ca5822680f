// expect: cute: expected an integer or '.' .at character
// CuTe's notation is shape:stride with integers in nested tuples; "(4,x):(1,4)" has a letter.
#include <strider/expression/cute.hpp>

using L = strider::from_cute<"(4,x):(1,4)">;
static_assert(L::rank == 2);
