// expect: write: the destination layout is not unique
// A swizzle is a bijection, so a swizzled layout is unique exactly when its layout is: a copy
// into a broadcast one (every row the same storage) does not compile.
#include <strider/strider.hpp>

using tile = strider::swizzled_t<strider::broadcast_to_t<strider::contiguous<64>, 8, 64>, strider::swizzle<3, 3, 3>>;
void write(strider::tensor_view<const int, strider::contiguous<8, 64>> from, strider::tensor_view<int, tile> to) { strider::copy(from, to); }
