// expect: tile: tile extent .* does not divide extent
// The static axis of a batch decides it: 4 does not divide 6 for any batch.
#include <strider/static.hpp>

using T = strider::tile_t<strider::contiguous<strider::dyn, 6>, 1, 4>;
static_assert(T::rank == 4);
