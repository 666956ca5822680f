// expect: (value_outside_tile<3, 0, 9, 8>.*thread_value: a value lies outside the tile|thread_value: a value lies outside the tile.*value_outside_tile<3, 0, 9, 8>)
// Rows of 3 over a tile of 4x2 elements: thread 3's first value is at index 9, past the 8.
#include <strider/static.hpp>

using L = strider::layout<strider::shape<4, 2>, strider::strides<3, 1>>;
using TV = strider::as_thread_value_t<L, 1, strider::shape<4, 2>>;
TV tv;
