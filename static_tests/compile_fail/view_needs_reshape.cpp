// expect: view: .*use reshape
// A transposed layout cannot be flattened without a copy: view fails and points to reshape.
#include <strider/static.hpp>

using L = strider::transpose_t<strider::contiguous<3, 4>, 0, 1>;
using V = strider::view_t<L, 12>;
