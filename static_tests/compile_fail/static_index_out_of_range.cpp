// expect: index: index .* is out of range for axis
// operator: element access, L{}(i, j), whose name no compiler line can show before the message.
// Element (3, 0) of a 3 x 4 layout does not exist: axis 0 has extent 3.
#include <strider/static.hpp>

using L = strider::contiguous<3, 4>;
static_assert(L{}(3, 0) == 12);
