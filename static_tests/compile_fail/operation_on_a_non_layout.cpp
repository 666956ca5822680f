// expect: a static layout type
// The operation aliases take any type and say so when it is not a static layout.
#include <strider/static.hpp>

using P = strider::permute_t<int, 1, 0>;
