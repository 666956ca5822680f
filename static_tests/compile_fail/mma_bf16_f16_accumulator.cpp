// expect: mma_m16n8k16: the accumulator C is f32, or f16 with f16 inputs
// PTX's m16n8k16 has no bf16 form with an f16 accumulator.
#include <strider/strider.hpp>

using namespace strider;
using atom = mma_m16n8k16<bf16, bf16, f16>;
static_assert(atom::m == 16);
