// expect: reshape: whether this is a view or a copy depends on an entry known only at run time
// A batch of one NHWC image flattens to (H*W, C) as a view; of more, only as a copy. A type
// cannot depend on the batch, so reshape_t refuses (view_t checks it at run time instead).
#include <strider/static.hpp>

using L = strider::permute_t<strider::contiguous<strider::dyn, 3, 8, 8>, 0, 2, 3, 1>;
using R = strider::reshape_t<L, -1, 3>;
static_assert(R::rank == 2);
