// expect: permute: repeated axis
// An invalid view in a .cu file is a compile error that names the operation, in device code too.
#include <strider/static.hpp>

__global__ void kernel(float* out) {
  out[strider::permute_t<strider::contiguous<2, 3, 4>, 0, 0, 1>{}(0, 0, 0)] = 1.0f;
}
