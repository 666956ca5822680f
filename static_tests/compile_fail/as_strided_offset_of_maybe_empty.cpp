// expect: as_strided: the input.s offset is known only at run time where its run-time extent .* may make it empty
// as_strided_t's default offset is the input's. A mixed layout's static offset holds only where it
// is not empty: contiguous<dyn, 3>[2:] is at offset 6 when its run-time extent is above 2, but an
// empty slice at offset 3 (NumPy's and PyTorch's) when it is 1 or 2, and as_strided would turn
// that into a view of one element at the wrong place. The offset must be given.
#include <strider/static.hpp>

using Tail = strider::slice_t<strider::contiguous<strider::dyn, 3>, "2:">;
using A = strider::as_strided_t<Tail, strider::shape<>, strider::strides<>>;
static_assert(A::rank == 0);
