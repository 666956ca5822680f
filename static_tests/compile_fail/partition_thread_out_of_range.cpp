// expect: partition: thread {} is out of range for {} threads
// Threads are numbered 0 to 255: thread 256 does not exist.
#include <strider/static.hpp>

using TV = strider::thread_value_t<strider::contiguous<8, 32>, strider::contiguous<1, 4>>;
constexpr auto p = strider::partition(strider::contiguous<8, 128>{}, TV{}, 256);
