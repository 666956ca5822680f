// expect: unbind: a rank-0 layout has no dimension to unbind
// A scalar has no axis to take apart.
#include <strider/static.hpp>

using P = strider::unbind_t<strider::contiguous<>>;
static_assert(std::tuple_size_v<P> == 0);
