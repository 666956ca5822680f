// expect: row_reduction: the fragment's threads are not whole warps of 32
// A row reduction shuffles across a warp's 32 lanes: a thread-value layout of 4 threads (rows of
// a 4 x 4 tile, one thread each) is refused, naming why.
#include <strider/atom.hpp>

using rows_of_four = strider::thread_value_t<strider::contiguous<4, 1>, strider::contiguous<1, 4>>;
constexpr auto refused = strider::row_reduction<rows_of_four>::rows;
