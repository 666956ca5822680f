// expect: narrow: start .* \+ length .* exceeds extent
// PyTorch refuses a window past the end; strider never clamps it.
#include <strider/static.hpp>

using N = strider::narrow_t<strider::contiguous<3, 4>, 1, 2, 3>;
static_assert(N::rank == 2);
