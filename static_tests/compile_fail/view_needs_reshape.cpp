// expect: view: .*needs a copy: of a tensor view, view its contiguous.. copy; of a layout, reshape
// A transposed layout cannot be flattened without a copy: view fails and points to reshape (and,
// for a tensor view, which has no reshape, to contiguous()).
#include <strider/static.hpp>

using L = strider::transpose_t<strider::contiguous<3, 4>, 0, 1>;
using V = strider::view_t<L, 12>;
