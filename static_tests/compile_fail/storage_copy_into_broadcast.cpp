// expect: write: the destination layout is not unique
// Copying into a broadcast view of a static layout (several elements share storage) does not
// compile.
#include <array>
#include <strider/storage.hpp>

int main() {
  std::array<float, 4> row{};
  std::array<float, 12> source{};
  strider::tensor_view<float, strider::contiguous<4>> v(row);
  strider::copy(strider::tensor_view<const float, strider::contiguous<3, 4>>(source), strider::broadcast_to<3, 4>(v));
}
