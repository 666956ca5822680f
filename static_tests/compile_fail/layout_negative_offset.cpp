// expect: op::layout[^a-z_].*an element lies at negative storage offset
// With stride -1 and offset 0, element 2 would sit at offset -2, before the storage.
#include <strider/static.hpp>

using L = strider::layout<strider::shape<3>, strider::strides<-1>, 0>;
static_assert(L::size == 3);
