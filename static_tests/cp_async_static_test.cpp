// cp.async atoms and multistage shared buffers (include/strider/atom/cp_async.hpp): the atoms'
// constants, staged_t against the layout written out by hand, and the shared-memory budget
// against the architectures' limits (163 KB on sm_80, 227 KB on sm_90, from the CUDA guide).
#include <strider/strider.hpp>

#include "static_test.hpp"

namespace {
using namespace strider;

static_assert(cp_async<16, cache_operator::cg>::bytes == 16 && cp_async<16, cache_operator::cg>::predicated_off == zero_fill);
static_assert(cp_async<4, cache_operator::ca, skip>::predicated_off == skip && cp_async<8>::cache == cache_operator::ca);

// Three stages of a 64 x 32 tile: stage s at 2048 s.
using stages = staged_t<3, contiguous<64, 32>>;
static_assert(std::is_same_v<stages, layout<shape<3, 64, 32>, strides<2048, 32, 1>>>);
static_assert(stages{}(2, 1, 3) == 2 * 2048 + 32 + 3 && stages::storage_size == 3 * 2048);
// A swizzled tile keeps its swizzle in every stage: stage 1's (1, 0) is 2048 + 64 ^ 8.
using swizzled_stages = staged_t<2, swizzled_t<contiguous<32, 64>, swizzle<3, 3, 3>>>;
static_assert(swizzled_stages{}(1, 1, 0) == 2048 + (64 ^ 8) && swizzled_stages{}(0, 1, 0) == 72);
static_assert(swizzled_stages::storage_size == 2 * 2048);
// One stage is select<0>: the tile again, at the stage's offset (in the whole buffer's storage).
static_assert(select_t<stages, 0, 1>::shape == std::array<index_t, 2>{64, 32} && select_t<stages, 0, 1>::strides[0] == 32 && select_t<stages, 0, 1>::offset == 2048);

// A 3-stage HGEMM's A (128 x 32) and B (128 x 32) half tiles: 48 KB, within both limits; 4 stages
// of 256 x 64 for both are 256 KB, past sm_90's 227 KB.
using a_stages = staged_t<3, contiguous<128, 32>>;
static_assert(require_shared_memory<shared_memory_per_block_sm80, shared_buffer<a_stages, std::uint16_t>, shared_buffer<a_stages, std::uint16_t>>::bytes == 2 * 3 * 128 * 32 * 2);
static_assert(shared_buffer<staged_t<4, contiguous<256, 64>>, std::uint16_t>::bytes == 4 * 256 * 64 * 2);
static_assert(shared_memory_per_block_sm90 == 232448 && shared_memory_per_block_sm80 == 166912);
}  // namespace
