// expect: (element_held_by_no_thread<2, 2>.*thread_value: no thread holds|thread_value: no thread holds.*element_held_by_no_thread<2, 2>)
// Four threads of two values cover 8 of the 12 elements of a 4x3 tile; (2, 2) is the first left.
#include <strider/static.hpp>

using L = strider::layout<strider::shape<4, 2>, strider::strides<2, 1>>;
using TV = strider::as_thread_value_t<L, 1, strider::shape<4, 3>>;
TV tv;
