// expect: op::unsqueeze[^a-z_].*rank would exceed max_rank
// A layout of max_rank (8) axes has no room for another.
#include <strider/static.hpp>

using U = strider::unsqueeze_t<strider::contiguous<1, 2, 1, 2, 1, 2, 1, 2>, 0>;
constexpr auto rank = U::rank;
