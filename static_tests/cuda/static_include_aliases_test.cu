// The README's tour chain at namespace scope, and text aliases in a launch, in a .cu that includes only the light header
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

// A slice alias written inside a launch's template arguments, with the light header alone: nvcc
// 13 wrote its text into the host stub as `char [8]{...}`, which is not C++ (util/fixed_string.hpp).
template <class L>
__global__ void fill_first_column(float* data) {
  data[L{}(static_cast<strider::index_t>(threadIdx.x), 0)] = 1.0f;
}
[[maybe_unused]] static void launch_written_inline(float* d) {
  fill_first_column<strider::slice_t<strider::contiguous<8, 8>, "::2, 1:">><<<1, 4>>>(d);
  fill_first_column<strider::rearrange_t<strider::contiguous<4, 6>, "a (b c) -> (a b) c", "c=2">><<<1, 4>>>(d);
}
