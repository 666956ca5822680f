// expect: read-only location|returns a const value
// A broadcast view repeats elements (stride 0), so it is read-only: element access returns a
// const reference and assigning through it does not compile.
#include <array>
#include <strider/storage.hpp>

int main() {
  std::array<float, 4> row{};
  strider::tensor_view<float, strider::contiguous<4>> v(row);
  auto b = strider::broadcast_to<3, 4>(v);
  b(1, 2) = 1.0f;
}
