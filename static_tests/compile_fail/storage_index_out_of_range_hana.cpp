// expect: index: index .* is out of range for axis
// Element access with hana integral-constant indices on a view of a static layout: an index
// past the extent is a compile error.
#include <array>
#include <boost/hana/integral_constant.hpp>
#include <strider/storage.hpp>

using namespace boost::hana::literals;

float read(strider::tensor_view<const float, strider::contiguous<3, 4>> v) { return v(1_c, 4_c); }

int main() {
  const std::array<float, 12> storage{};
  return static_cast<int>(read(strider::tensor_view<const float, strider::contiguous<3, 4>>(storage)));
}
