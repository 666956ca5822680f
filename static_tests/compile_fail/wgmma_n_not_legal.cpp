// expect: wgmma_n_not_legal<40, true>
// The integer forms of wgmma take N = 8, 16, 24, then multiples of 16: m64n40k32.s32 does not
// exist (ptxas: "Illegal matrix shape").
#include <strider/atom/wgmma.hpp>

int registers = strider::wgmma_m64nNk32<40, strider::s8, strider::s8, strider::s32>::c_registers;
