// expect: rearrange: '...' inside parentheses on the left of the pattern
// On the left '...' stands for whole input axes, so it may not be in a group, even alone in
// one ("(...)") or beside a name: einops refuses both.
#include <strider/static.hpp>

using P = strider::rearrange_t<strider::contiguous<2, 3>, "a (...) -> a ...">;
constexpr auto rank = P::rank;
