// expect: view: .*needs a copy
// A mixed layout refuses at compile time a view that every non-empty value of its run-time
// batch refuses, as reshape_copies says (issue 29).
#include <strider/static.hpp>

using L = strider::transpose_t<strider::contiguous<strider::dyn, 4, 6>, 1, 2>;
using V = strider::view_t<L, -1, 24>;
