// expect: partition: extent {} of tile axis {} is not the thread-value layout's
// 256 threads of 4 values cover an (8, 128) tile, not an (8, 64) one.
#include <strider/static.hpp>

using TV = strider::thread_value_t<strider::contiguous<8, 32>, strider::contiguous<1, 4>>;
using P = strider::partition_t<strider::contiguous<8, 64>, TV>;
P p;
