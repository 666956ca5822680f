// expect: copy: destination layout is not unique
// Copying into a static layout whose elements share storage (here a broadcast) does not compile.
#include <strider/static.hpp>
#include <strider/storage/copy.hpp>

int main() {
  float src[12] = {}, dst[4] = {};
  strider::copy_strided(src, strider::contiguous<3, 4>{}, dst, strider::broadcast_to_t<strider::contiguous<4>, 3, 4>{});
}
