// expect: vector_width: alignment \{\} is not a power of two
// A base alignment of 12 bytes is not one a pointer can have.
#include <strider/static.hpp>

constexpr auto width = strider::vector_width_v<strider::contiguous<8, 8>, 4, 12>;
