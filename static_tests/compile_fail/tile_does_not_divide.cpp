// expect: tile: tile extent \{\} does not divide extent \{\} of axis \{\}
// 8x6 in tiles of 2x4: 4 does not divide the 6 columns (no padding).
#include <strider/static.hpp>

using T = strider::tile_t<strider::contiguous<8, 6>, 2, 4>;
constexpr auto rank = T::rank;
