// expect: swizzle: \|S\| = {} is less than B = {}
// CuTe requires |S| >= B: the 3 bits read from bit 2 above would overlap the 3 bits changed.
#include <strider/access.hpp>

constexpr auto moved = strider::swizzle<3, 0, 2>{}(7);
