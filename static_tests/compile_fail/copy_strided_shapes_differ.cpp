// expect: copy: shapes .* differ
// Copying between static layouts of different shapes does not compile (the copy plan is a
// compile-time value).
#include <strider/static.hpp>
#include <strider/storage/copy.hpp>

int main() {
  float src[12] = {}, dst[12] = {};
  strider::copy_strided(src, strider::contiguous<3, 4>{}, dst, strider::contiguous<4, 3>{});
}
