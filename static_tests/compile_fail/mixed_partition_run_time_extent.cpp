// expect: partition: extent of tile axis .* is known only at run time
// The thread-value layout splits an (8, 128) tile; a tile whose rows are known only at run time
// may not be one, and the partition's type cannot wait for the run-time extent.
#include <strider/static.hpp>

using TV = strider::thread_value_t<strider::contiguous<8, 32>, strider::contiguous<1, 4>>;
using P = strider::partition_t<strider::contiguous<strider::dyn, 128>, TV>;
static_assert(P::rank == 2);
