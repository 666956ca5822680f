// expect: tile: the policy \(exact, padded or masked\) comes first
// A partial-tile policy is the first argument after the layout: tile_t<L, masked, 4, 8>.
#include <strider/static.hpp>

using L = strider::tile_t<strider::contiguous<10, 8>, 4, strider::masked, 8>;
