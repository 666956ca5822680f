// expect: index: index .* is out of range for axis
// With compile-time indices the check is a compile error even outside a constant expression.
#include <strider/static.hpp>
#include <type_traits>

using L = strider::contiguous<3, 4>;
strider::index_t last_row() { return L{}(std::integral_constant<int, 3>{}, std::integral_constant<int, 0>{}); }
