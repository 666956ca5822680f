// expect: shared_buffer: the layout's storage in bytes \(elements x sizeof\(T\)\) overflows int64
// One buffer of 2^61 doubles: 2^64 bytes.
#include <strider/atom.hpp>

using buffer = strider::shared_buffer<strider::contiguous<(strider::index_t{1} << 61)>, double>;
static_assert(strider::require_shared_memory<232448, buffer>::bytes > 0);
