// expect: wgmma_m64nNk16: the accumulator is f32, or f16 with f16 inputs
// PTX has no bf16 wgmma with an f16 accumulator.
#include <strider/atom/wgmma.hpp>

int registers = strider::wgmma_m64nNk16<64, strider::bf16, strider::bf16, strider::f16>::c_registers;
