// expect: as_strided: reaches storage offset
// as_strided past the storage a slice was cut from, in a kernel.
#include <strider/static.hpp>

__global__ void kernel(float* out) {
  using Head = strider::slice_t<strider::contiguous<1000>, ":2">;
  out[strider::as_strided_t<Head, strider::shape<2>, strider::strides<1000>, 0>{}(1)] = 1.0f;
}
