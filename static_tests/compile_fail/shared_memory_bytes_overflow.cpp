// expect: require_shared_memory: the buffers' bytes together overflow int64
// Two buffers of 2^59 doubles: 2^62 bytes each, 2^63 together, past int64.
#include <strider/atom.hpp>

using buffer = strider::shared_buffer<strider::contiguous<(strider::index_t{1} << 59)>, double>;
static_assert(strider::require_shared_memory<232448, buffer, buffer>::bytes > 0);
