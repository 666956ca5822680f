// expect: pipeline_over_shared_budget<8, 263280, 232448>
// Eight stages of two 128 x 64 half boxes (32 KB each) with their barriers and the padding a
// 16-byte-aligned dynamic buffer may need: more than sm_90's 227 KB of shared memory per block.
#include <cstdint>
#include <strider/atom/pipeline.hpp>
#include <strider/atom/tma.hpp>

using box = strider::tma_box<strider::swizzled_t<strider::contiguous<128, 64>, strider::swizzle<3, 3, 3>>, std::uint16_t>;
strider::index_t bytes = strider::tma_pipeline<8, 1, box, box>::shared_bytes;
