// expect: copy: source shape .* cannot be broadcast to destination shape
// copy broadcasts its source to the destination's shape: (2) does not become (3), and the
// diagnostic names copy, not the broadcast_to it runs.
#include <strider/strider.hpp>

int main() {
  strider::tensor<float, strider::contiguous<2>> source{};
  strider::tensor<float, strider::contiguous<3>> destination{};
  strider::copy(source, destination);
}
