// expect: (shared_access_conflict<0, 0, 0, 8, 0, 0, 1, 64>.*shared access: bank conflict|shared access: bank conflict.*shared_access_conflict<0, 0, 0, 8, 0, 0, 1, 64>)
// ldmatrix.x4 reading m16n8k16's A from the corner of a 64-column half buffer (128-byte rows): the
// 8 row addresses of each phase fall in the same 4 banks, 8-way (swizzle<3, 3, 3> mends it).
#include <strider/strider.hpp>

using namespace strider;
using placement = layout<shape<2, 2, 8, 8>, strides<8, 128, 16, 1>>;
using rows = compose_fragment_t<placement, ldmatrix_x4::src_layout, shape<16, 16>>;
using ldmatrix_read = require_conflict_free_t<layout<shape<16, 16>, strides<64, 1>>, rows, 2, 8>;
static_assert(ldmatrix_read::vector_width == 8);
