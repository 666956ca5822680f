// expect: (fragment_differs<0, 1, 0, 1, 0, 4>.*require_fragment: the fragment differs|require_fragment: the fragment differs.*fragment_differs<0, 1, 0, 1, 0, 4>)
// A kernel's own m16n8k16 accumulator fragment with a quad's lanes on columns 0-3 and each lane's
// second register 4 columns on, where PTX gives lane t columns 2t and 2t + 1: lane 0's register 1
// holds (0, 4), not (0, 1).
#include <strider/strider.hpp>

using namespace strider;
using mine = as_thread_value_t<layout<shape<8, 4, 2, 2>, strides<8, 1, 64, 4>>, 2, shape<16, 8>>;
using checked = require_fragment_t<mma_m16n8k16<f16, f16, f32>::c_layout, mine>;
checked c;
