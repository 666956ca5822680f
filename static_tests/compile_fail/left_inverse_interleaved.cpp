// expect: op::left_inverse[^a-z_].*lands inside the \{\} offsets its axes of smaller stride span
// (2,2):(3,2) reaches 0, 2, 3, 5: its axes interleave, so CuTe's left inverse does not exist.
#include <strider/static.hpp>

using R = strider::left_inverse_t<strider::layout<strider::shape<2, 2>, strider::strides<3, 2>>>;
constexpr auto rank = R::rank;
