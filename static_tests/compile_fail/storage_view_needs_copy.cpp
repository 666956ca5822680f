// expect: view: the view's strides cannot express this shape without copying
// A view never copies: flattening a transposed static view does not compile (copy it first
// with contiguous()).
#include <array>
#include <strider/storage.hpp>

int main() {
  std::array<float, 12> storage{};
  strider::tensor_view<float, strider::contiguous<3, 4>> v(storage);
  auto flat = strider::view<12>(strider::transpose<0, 1>(v));
  return static_cast<int>(flat(0));
}
