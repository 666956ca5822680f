// expect: op::logical_divide[^a-z_].*\{\} spans \{\} offsets, which do not divide the \{\} it must tile
// Tiles of 5 elements do not divide 24: strider refuses where CuTe would pad the last tile.
#include <strider/static.hpp>

using D = strider::logical_divide_t<strider::contiguous<4, 6>, strider::contiguous<5>>;
constexpr auto rank = D::rank;
