// expect: permute: .* axes given for a layout of rank
// A permutation of a rank-3 layout names 3 axes, not 2.
#include <strider/static.hpp>

using L = strider::contiguous<2, 3, 4>;
using P = strider::permute_t<L, 1, 0>;
