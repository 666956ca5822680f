// expect: partition: extent .* of tile axis .* exceeds the thread-value layout
// A tile with run-time rows partitions as the thread-value layout's whole 64 x 64 tile, masked by
// its extents; a static extent past that tile is refused when the type is formed.
#include <strider/static.hpp>

using TV = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
constexpr auto mine = strider::partition(strider::contiguous<strider::dyn, 65>(10), TV{}, 0);
