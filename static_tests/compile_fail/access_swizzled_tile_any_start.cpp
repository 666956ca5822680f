// expect: (shared_access_conflict<1, 0, 16, 2, 1, 224, 4, 288>.*shared access: bank conflict|shared access: bank conflict.*shared_access_conflict<1, 0, 16, 2, 1, 224, 4, 288>)
// A tile of a swizzled view at a run-time offset is certified at every 128-byte line start of the
// swizzle's period: tile_at(tile<6, 16>(v), 2, 0) of a swizzle<3, 3, 3> view of 36 x 16 halves
// starts at element 192, where the column reads are 2-way (threads 1 and 4, at offsets 224 and
// 288 from the storage start), though at offset 0 they are not.
#include <strider/access.hpp>

using swizzled_tile = strider::swizzled_t<strider::tile_at_t<strider::tile_t<strider::contiguous<36, 16>, 6, 16>>, strider::swizzle<3, 3, 3>>;
using column_reads = strider::as_thread_value_t<strider::layout<strider::shape<2, 2, 3, 2, 2, 2>, strider::strides<4, 2, 16, 1, 8, 48>>, 1, strider::shape<6, 16>>;
using checked = strider::require_conflict_free_t<swizzled_tile, column_reads, 2, 1>;
checked certificate;
