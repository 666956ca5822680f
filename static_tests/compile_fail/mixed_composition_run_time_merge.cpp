// expect: op::composition[^a-z_].*\{\} depends on an entry known only at run time
// Whether the two axes of a (4, n) layout with a run-time row stride merge (as coalesce does
// before composing) depends on that stride, so the composition's axes cannot be a type.
#include <strider/static.hpp>

using L = strider::layout<strider::shape<4, 8>, strider::strides<strider::dyn, 1>>;
using C = strider::composition_t<L, strider::layout<strider::shape<4>, strider::strides<8>>>;
static_assert(C::rank == 1);
