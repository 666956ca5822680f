// expect: the result's offsets through the swizzle reach past the storage the view knows
// A swizzled view over exactly its 480 elements: as_strided to offset 479 is within the storage
// before the swizzle, but swizzle<3, 3, 3> moves 479 to 487.
#include <strider/storage.hpp>

float read(float* data) {
  const strider::tensor_view<float, strider::swizzled_t<strider::with_storage_t<strider::contiguous<2>, 480>, strider::swizzle<3, 3, 3>>> v(data);
  return strider::as_strided<strider::shape<1>, strider::strides<1>, 479>(v)(0);
}
