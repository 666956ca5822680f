// expect: (threads_share_element<0, 1, 1, 0, 0, 1>.*thread_value: two threads|thread_value: two threads.*threads_share_element<0, 1, 1, 0, 0, 1>)
// Thread t holds elements t and t + 1 of a 4x2 tile: thread 0's value 1 is thread 1's value 0,
// element (0, 1).
#include <strider/static.hpp>

using L = strider::layout<strider::shape<4, 2>, strider::strides<1, 1>>;
using TV = strider::as_thread_value_t<L, 1, strider::shape<4, 2>>;
TV tv;
