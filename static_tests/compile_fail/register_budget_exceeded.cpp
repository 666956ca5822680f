// expect: register_budget_exceeded<40, 240, 2, 66560>
// A producer at 40 registers and two consumer warpgroups at 240: 128 x 520 = 66560 registers,
// more than an SM's 65536, so setmaxnreg.inc could never be granted (a hang).
#include <strider/atom/pipeline.hpp>

int threads = static_cast<int>(strider::register_budget<40, 240, 2>::threads);
