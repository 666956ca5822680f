// expect: op::right_inverse[^a-z_].*\{\} starts at offset \{\}, not 0
// An inverse maps offsets back to indices from 0: a crop that starts at offset 2 has none.
#include <strider/static.hpp>

using R = strider::right_inverse_t<strider::slice_t<strider::contiguous<5>, "2:">>;
constexpr auto rank = R::rank;
