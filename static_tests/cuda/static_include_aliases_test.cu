// The README's tour chain at namespace scope in a .cu that includes only the light header
// <strider/static.hpp> (issue 63): nvcc 13 wrote the first namespace-scope alias of the .cu into
// its host code with the text argument unnamed ('__T12' was not declared); static/operations.hpp
// declares that first alias itself. Compiling this file is the test.
#include <strider/static.hpp>

using cropped = strider::slice_t<strider::contiguous<3, 4, 5>, "1:, ::-1">;
using channels_first = strider::permute_t<cropped, 2, 0, 1>;
using pairs = strider::rearrange_t<strider::contiguous<2, 6>, "a (b c) -> (a b) c", "c=2">;
using flipped_pairs = strider::flip_t<pairs, 0>;

static_assert(channels_first::shape == strider::index_array<3>{5, 2, 4} && channels_first::offset == 35);
static_assert(flipped_pairs::shape == strider::index_array<2>{6, 2} && flipped_pairs::offset == 10);
