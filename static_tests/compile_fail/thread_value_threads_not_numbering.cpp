// expect: thread_value: {} does not number 0 to N - 1 once each
// The thread arrangement must number threads 0 to 7 once each; strides (2, 3) skip and repeat.
#include <strider/static.hpp>

using Threads = strider::layout<strider::shape<4, 2>, strider::strides<2, 3>>;
using TV = strider::thread_value_t<Threads, strider::contiguous<1, 4>>;
TV tv;
