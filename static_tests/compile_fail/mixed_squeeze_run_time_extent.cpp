// expect: squeeze: which axes have extent 1 depends on an extent known only at run time
// squeeze() without axes removes the extent-1 axes: which ones depends on the run-time batch,
// and the rank of a type cannot, so it is refused (squeeze_t<L, 0> names the axis instead).
#include <strider/static.hpp>

using L = strider::contiguous<strider::dyn, 3, 1>;
using S = strider::squeeze_t<L>;
static_assert(S::rank == 1);
