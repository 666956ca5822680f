// expect: permute: repeated axis
// A mixed layout's static refusals are compile errors with the same text: the axes are static.
#include <strider/static.hpp>

using L = strider::contiguous<strider::dyn, 3, 4>;
using P = strider::permute_t<L, 0, 0, 1>;
static_assert(P::rank == 3);
