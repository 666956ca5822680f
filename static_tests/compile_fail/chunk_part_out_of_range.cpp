// expect: chunk: part .* is out of range for .* parts
// chunk(3) of 5 elements gives 3 parts (2, 2, 1): there is no part 3.
#include <strider/static.hpp>

using P = strider::chunk_part_t<strider::contiguous<5>, 3, 0, 3>;
static_assert(P::rank == 1);
