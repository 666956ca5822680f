// as_strided_t: PyTorch's as_strided(shape, strides, offset), any layout within the storage
// [0, storage_size) that the input was cut from; the offset defaults to the input's, as in
// PyTorch. Expected offsets are worked by hand from offset + sum(index * stride), or are
// PyTorch's (torch.arange(n) viewed the same way) where a comment says so.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

using M = contiguous<3, 4>;  // storage span 12

static_assert(is_layout<as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>, shape<2, 2>, strides<1, 4>, 1>);
static_assert(as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>{}(1, 1) == 6);
static_assert(std::is_same_v<as_strided_t<M, shape<12>, strides<1>, 0>, contiguous<12>>);
static_assert(std::is_same_v<as_strided_t<M, shape<3, 4>, strides<4, 1>>, M>);  // offset defaults to M's
// The default offset is the input's storage offset, not 0.
static_assert(is_layout<as_strided_t<slice_t<M, "1:">, shape<4>, strides<1>>, shape<4>, strides<1>, 4>);
// The span counts, not the input's own elements: a flipped or broadcast input reaches its span.
static_assert(std::is_same_v<as_strided_t<flip_t<M>, shape<3, 4>, strides<4, 1>, 0>, M>);
static_assert(std::is_same_v<as_strided_t<broadcast_to_t<contiguous<4>, 3, 4>, shape<2, 2>, strides<2, 1>, 0>,
                             contiguous<2, 2>>);

// Overlapping, zero and negative strides, rank 0, the last storage element, empty results.
using Overlap = as_strided_t<M, shape<3, 3>, strides<1, 1>, 0>;
static_assert(Overlap::size == 9 && !Overlap::is_unique && Overlap::max_offset == 4 && Overlap::required_span == 5);
static_assert(is_layout<as_strided_t<M, shape<5>, strides<0>, 11>, shape<5>, strides<0>, 11>);
static_assert(!as_strided_t<M, shape<5>, strides<0>, 11>::is_unique);
using Neg = as_strided_t<M, shape<3>, strides<-4>, 8>;
static_assert(Neg{}(0) == 8 && Neg{}(2) == 0 && Neg::min_offset == 0 && Neg::is_unique);
static_assert(is_layout<as_strided_t<M, shape<>, strides<>, 11>, shape<>, strides<>, 11>);
static_assert(is_layout<as_strided_t<M, shape<1>, strides<100>, 11>, shape<1>, strides<100>, 11>);
// An empty result addresses no storage, so it is not held to the span (PyTorch needs 0 bytes).
static_assert(is_layout<as_strided_t<M, shape<0, 5>, strides<1000000, 1>, 100>, shape<0, 5>, strides<1000000, 1>, 100>);
static_assert(as_strided_t<M, shape<0, 5>, strides<1000000, 1>, 100>::required_span == 0);
// Rank 6 from rank 2.
static_assert(is_layout<as_strided_t<M, shape<2, 1, 1, 1, 1, 2>, strides<6, 0, 0, 0, 0, 1>, 0>,
                        shape<2, 1, 1, 1, 1, 2>, strides<6, 0, 0, 0, 0, 1>, 0>);
// Interleaved strides: shape (3, 2), strides (2, 3) reach 0, 3, 2, 5, 4, 7: unique.
static_assert(as_strided_t<contiguous<8>, shape<3, 2>, strides<2, 3>, 0>::is_unique);
// Sliding windows written by hand equal unfold's.
static_assert(std::is_same_v<as_strided_t<contiguous<10>, shape<4, 3>, strides<2, 1>, 0>, unfold_t<contiguous<10>, 0, 3, 2>>);

// The storage travels with the layout: a slice keeps the storage it was cut from, and as_strided
// may reach all of it. PyTorch: torch.arange(1000)[:2].as_strided((2,), (50,)) is [0, 50].
using Head = slice_t<contiguous<1000>, ":2">;
static_assert(Head::storage_size == 1000 && Head::required_span == 2 && contiguous<1000>::storage_size == 1000);
static_assert(as_strided_t<Head, shape<2>, strides<50>>{}(1) == 50);
static_assert(as_strided_t<Head, shape<2>, strides<999>>::max_offset == 999);  // torch: [0, 999]
// torch.arange(1000)[100:102].as_strided((2,), (10,), 0) is [0, 10], and without the offset
// [100, 110]; arange(1000)[10:100][5:10].as_strided((2,), (20,)) is [15, 35].
static_assert(as_strided_t<slice_t<contiguous<1000>, "100:102">, shape<2>, strides<10>, 0>{}(1) == 10);
static_assert(as_strided_t<slice_t<contiguous<1000>, "100:102">, shape<2>, strides<10>>{}(1) == 110);
using Nested = slice_t<slice_t<contiguous<1000>, "10:100">, "5:10">;
static_assert(as_strided_t<Nested, shape<2>, strides<20>>{}(0) == 15 && as_strided_t<Nested, shape<2>, strides<20>>{}(1) == 35);
// Below the view as well as above it: torch.arange(3)[2:].as_strided((1,), (1,), 0) is [0].
static_assert(as_strided_t<slice_t<contiguous<3>, "2:">, shape<1>, strides<1>, 0>{}(0) == 0);
// The result keeps the storage, so a second as_strided still reaches all of it.
static_assert(as_strided_t<as_strided_t<Head, shape<1>, strides<1>, 5>, shape<1>, strides<1>, 999>::offset == 999);
// Every view keeps it; a reshape that copies gets the copy's own storage.
static_assert(permute_t<slice_t<contiguous<4, 5>, "1:, ::2">, 1, 0>::storage_size == 20);
static_assert(unfold_t<broadcast_to_t<slice_t<contiguous<9>, "3:5">, 2, 2>, 1, 1, 1>::storage_size == 9);
static_assert(diagonal_t<flip_t<slice_t<contiguous<3, 3>, ":2">>>::storage_size == 9);
static_assert(squeeze_t<unsqueeze_t<view_t<Head, 2, 1>, 0>>::storage_size == 1000);
static_assert(!reshape_copies<slice_t<contiguous<4, 4>, ":2">, -1> && reshape_t<slice_t<contiguous<4, 4>, ":2">, -1>::storage_size == 16);
static_assert(reshape_copies<permute_t<slice_t<contiguous<4, 4>, ":2">, 1, 0>, -1> &&
              reshape_t<permute_t<slice_t<contiguous<4, 4>, ":2">, 1, 0>, -1>::storage_size == 8);
// A layout made from extents or strides knows exactly its span (rank 0: one element; empty: none).
static_assert(layout<shape<2>, strides<3>, 4>::storage_size == 8 && contiguous<>::storage_size == 1 && contiguous<3, 0>::storage_size == 0);
// with_storage_t states a larger storage; an empty layout may sit in any storage.
using Wide = with_storage_t<contiguous<2>, 1000>;
static_assert(Wide::storage_size == 1000 && Wide::shape == values<2> && Wide::strides == values<1> && Wide::offset == 0);
static_assert(as_strided_t<Wide, shape<2>, strides<50>>{}(1) == 50);
static_assert(with_storage_t<contiguous<0>, 7>::storage_size == 7 && std::is_same_v<with_storage_t<contiguous<2, 3>, 6>, contiguous<2, 3>>);
static_assert(std::is_same_v<decltype(with_storage<1000>(contiguous<2>{})), Wide>);
// with_storage_t also narrows, down to the span: the same layout cut from a larger storage.
static_assert(std::is_same_v<with_storage_t<Head, 2>, contiguous<2>> && std::is_same_v<with_storage_t<Wide, 2>, contiguous<2>>);

// The function form returns the alias type.
static_assert(std::is_same_v<decltype(as_strided<shape<2, 2>, strides<1, 4>, 1>(M{})),
                             as_strided_t<M, shape<2, 2>, strides<1, 4>, 1>>);

}  // namespace
