// expect: view: the storage has fewer elements than the layout
// A view of a static layout over a std::array too small for it does not compile.
#include <array>
#include <strider/storage.hpp>

int main() {
  std::array<float, 11> storage{};
  strider::tensor_view<float, strider::contiguous<3, 4>> v(storage);
  return static_cast<int>(v(0, 0));
}
