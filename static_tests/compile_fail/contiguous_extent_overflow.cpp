// expect: ("contiguous".*int64 overflow computing|int64 overflow computing.*"contiguous")
// 2^32 x 2^32 elements do not fit in int64: the outermost stride overflows, refused for contiguous.
#include <strider/static.hpp>

using L = strider::contiguous<4294967296, 4294967296>;
