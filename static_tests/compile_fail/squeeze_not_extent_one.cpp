// expect: squeeze: axis .* has extent .*, not 1
// Only an axis of extent 1 can be squeezed; axis 1 has extent 4.
#include <strider/static.hpp>

using L = strider::contiguous<1, 4>;
using S = strider::squeeze_t<L, 1>;
