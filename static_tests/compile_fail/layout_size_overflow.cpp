// expect: (op::layout.*int64 overflow computing|int64 overflow computing.*"layout")
// 2^32 x 2^32 elements: their count does not fit in int64, even with every stride 0.
#include <strider/static.hpp>

using L = strider::layout<strider::shape<4294967296, 4294967296>, strider::strides<0, 0>>;
