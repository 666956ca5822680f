// expect: ravel: whether the layout is contiguous .* depends on an entry known only at run time
// A batch of one NHWC image is C-contiguous after the permute (a view); of more, it is not (a
// copy). ravel_t's type cannot depend on the batch, so the type refuses it.
#include <strider/static.hpp>

using L = strider::permute_t<strider::contiguous<strider::dyn, 3, 8, 8>, 0, 2, 3, 1>;
using R = strider::ravel_t<L>;
static_assert(R::rank == 1);
