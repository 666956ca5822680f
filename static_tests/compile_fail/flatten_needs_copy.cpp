// expect: flatten: axes .* to .* cannot be merged into one without a copy
// PyTorch's flatten copies here; strider's flatten is a view, and flatten_copies tells in advance.
#include <strider/static.hpp>

using T = strider::permute_t<strider::contiguous<2, 3, 4>, 0, 2, 1>;
using F = strider::flatten_t<T, 1>;
static_assert(F::rank == 2);
