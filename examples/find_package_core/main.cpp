#include <cstdio>
#include <strider/strider.hpp>
#include <vector>

int main() {
  using transposed = strider::permute_t<strider::contiguous<2, 3>, 1, 0>;
  static_assert(transposed::strides[0] == 1 && transposed{}(2, 1) == 5);
  std::vector<float> data = {0, 1, 2, 3, 4, 5};
  const strider::tensor_view<float, transposed> t(data);
  const auto copy = t.contiguous();
  std::printf("strider without Boost works: t(2, 1) = %.0f\n", static_cast<double>(copy(2, 1)));
  return copy(2, 1) == 5.0f ? 0 : 1;
}
