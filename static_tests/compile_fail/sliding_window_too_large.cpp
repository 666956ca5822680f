// expect: sliding_window_view: window extent .* is larger than extent .* of axis
// NumPy refuses a window longer than its axis (no window fits).
#include <strider/static.hpp>

using W = strider::sliding_window_view_t<strider::contiguous<3, 4>, strider::shape<5>, strider::axes<1>>;
static_assert(W::rank == 3);
