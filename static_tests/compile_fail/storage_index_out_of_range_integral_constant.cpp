// expect: index: index .* is out of range for axis
// Element access with std::integral_constant indices on a view of a static layout (here a
// transposed one): an index past the extent is a compile error.
#include <array>
#include <strider/storage.hpp>
#include <type_traits>

int main() {
  std::array<float, 12> storage{};
  strider::tensor_view<float, strider::contiguous<3, 4>> v(storage);
  auto t = strider::permute<1, 0>(v);  // shape (4, 3)
  return static_cast<int>(t(std::integral_constant<int, 0>{}, std::integral_constant<int, 3>{}));
}
