// expect: (tiled_mma_tile_does_not_divide<'N', 60, 16>.*tiled_mma: the block tile|tiled_mma: the block tile.*tiled_mma_tile_does_not_divide<'N', 60, 16>)
// Two warps along N of m16n8k16 (n = 8) need a block tile N that is a multiple of 16: 60 is not.
#include <strider/strider.hpp>

using namespace strider;
using mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 60, 16>>;
static_assert(mma::threads == 128);
