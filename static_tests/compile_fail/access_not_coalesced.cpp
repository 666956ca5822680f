// expect: (uncoalesced_global_access<0, 32, 4, 0, 0, 1, 32>.*global access: not coalesced|global access: not coalesced.*uncoalesced_global_access<0, 32, 4, 0, 0, 1, 32>)
// The same column reads from global memory: each of the 32 threads touches its own 32-byte
// sector, where the warp's 128 bytes need 4.
#include <strider/access.hpp>

using rows_of_threads = strider::thread_value_t<strider::contiguous<32, 1>, strider::contiguous<1, 32>>;
using checked = strider::require_coalesced_t<strider::contiguous<32, 32>, rows_of_threads, 4, 1>;
checked certificate;
