// expect: (shared_access_conflict<0, 0, 0, 32, 0, 0, 1, 32>.*shared access: bank conflict|shared access: bank conflict.*shared_access_conflict<0, 0, 0, 32, 0, 0, 1, 32>)
// 32 threads each read a row of a 32 x 32 float tile one float at a time: in every instruction
// the warp reads one column, 32 words of bank k. Thread 0 (offset 0) and thread 1 (offset 32)
// collide first: instruction 0, phase 0, bank 0, 32-way.
#include <strider/access.hpp>

using rows_of_threads = strider::thread_value_t<strider::contiguous<32, 1>, strider::contiguous<1, 32>>;
using checked = strider::require_conflict_free_t<strider::contiguous<32, 32>, rows_of_threads, 4, 1>;
checked certificate;
