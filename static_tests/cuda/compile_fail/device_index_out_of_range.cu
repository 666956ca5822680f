// expect: index_is_out_of_range|index: index .* is out of range
// An integral-constant index out of range is a compile error in device code (where nothing can
// throw at run time).
#include <strider/storage.hpp>
#include <type_traits>

__global__ void kernel(float* data) {
  const strider::tensor_view<float, strider::contiguous<3, 4>> v(data);
  v(std::integral_constant<int, 3>{}, std::integral_constant<int, 0>{}) = 1.0f;
}
