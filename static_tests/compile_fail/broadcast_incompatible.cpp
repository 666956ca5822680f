// expect: broadcast_to: extent .* of axis .* cannot be broadcast to
// Broadcasting stretches only extent-1 axes: (3, 4) cannot become (3, 5).
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using B = strider::broadcast_to_t<L, 3, 5>;
