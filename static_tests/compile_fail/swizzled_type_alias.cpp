// expect: the type aliases take strided layouts. a swizzled_t takes view operations on a view of it
// The aliases compute a strided layout's entries; a swizzled layout's offsets are no strided
// function, so slice_t refuses it and says where its view operations are.
#include <strider/access.hpp>

using tile = strider::swizzled_t<strider::contiguous<8, 64>, strider::swizzle<3, 3, 3>>;
using rows = strider::slice_t<tile, "2:4">;
rows r;
