// expect: fragment: the layout must be compact
// A register fragment holds each slot of its storage once: a strided layout (every other slot)
// would leave registers unused, and is refused naming the rule.
#include <strider/atom.hpp>

strider::fragment<float, strider::layout<strider::shape<4>, strider::strides<2>>> refused{};
