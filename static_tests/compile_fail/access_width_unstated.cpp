// expect: (shared_access_conflict<0, 0, 0, 4, 0, 0, 8, 32>.*shared access: bank conflict|shared access: bank conflict.*shared_access_conflict<0, 0, 0, 4, 0, 0, 8, 32>)
// No width stated: the certificate is of one element per access (issue 64). 256 threads of 4 x 4
// floats of a 64 x 64 tile read as float4s are conflict-free (require_conflict_free_t<..., 4, 4>),
// but a kernel that reads single floats has 4-way conflicts: thread 0 (offset 0) and thread 8
// (offset 32) read bank 0 in phase 0 of the first instruction. Before, the width-less form
// certified the float4 reads whatever the kernel issued.
#include <strider/access.hpp>

using staging = strider::thread_value_t<strider::contiguous<16, 16>, strider::contiguous<4, 4>>;
using checked = strider::require_conflict_free_t<strider::contiguous<64, 64>, staging, 4>;
checked certificate;
