// expect: as_eigen: Eigen's Map is a matrix; the view must have rank 2
#include <strider/eigen.hpp>

void map(float* data) {
  const strider::tensor_view<float, strider::contiguous<2, 3, 4>> v(data);
  (void)strider::as_eigen(v);
}
