// expect: unfold: size .* is larger than extent
// A window of 5 elements does not fit in an axis of extent 4.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
using U = strider::unfold_t<L, 1, 5, 1>;
