// expect: access: vectors of {} elements do not hold
// Thread t holds column t of the tile: its values are 32 apart, not 4 consecutive elements.
#include <strider/access.hpp>

using columns_of_threads = strider::thread_value_t<strider::contiguous<1, 32>, strider::contiguous<32, 1>>;
constexpr auto width = strider::access_t<strider::contiguous<32, 32>, columns_of_threads, 4, 4>::vector_width;
