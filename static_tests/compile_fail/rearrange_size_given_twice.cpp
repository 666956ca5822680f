// expect: rearrange: the size of axis \{\} is given twice
// Each axis' size is given once: "c=2, c=4" does not pick one.
#include <strider/static.hpp>

using P = strider::rearrange_t<strider::contiguous<8>, "(c d) -> c d", "c=2, c=4">;
constexpr auto rank = P::rank;
