// expect: permute: repeated axis
// A permutation names every axis once: 0, 0, 1 repeats axis 0.
#include <strider/static.hpp>

using L = strider::contiguous<2, 3, 4>;
using P = strider::permute_t<L, 0, 0, 1>;
