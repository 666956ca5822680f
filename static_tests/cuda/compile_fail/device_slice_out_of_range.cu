// expect: slice: index .* is out of range for axis
// An invalid view in a .cu file is a compile error that names the operation, in device code too.
#include <strider/static.hpp>

__global__ void kernel(float* out) {
  using Bad = strider::slice_t<strider::contiguous<3, 4>, "3">;
  out[0] = static_cast<float>(Bad::offset);
}
