// expect: (shared_memory_over_budget<262144, 232448>.*require_shared_memory: the buffers need more|require_shared_memory: the buffers need more.*shared_memory_over_budget<262144, 232448>)
// Four stages of 256 x 64 half tiles for A and for B: 256 KB, past sm_90's 227 KB per block.
#include <strider/strider.hpp>

using namespace strider;
using stages = staged_t<4, contiguous<256, 64>>;
using budget = require_shared_memory<shared_memory_per_block_sm90, shared_buffer<stages, std::uint16_t>, shared_buffer<stages, std::uint16_t>>;
static_assert(budget::bytes > 0);
