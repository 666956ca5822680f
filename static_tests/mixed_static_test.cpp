// Mixed layouts (contiguous<dyn, 3, 8, 8>): the entries static inputs decide stay static, the
// others are run-time; a layout without dyn is exactly today's static type.
#include <strider/static.hpp>

#include "static_test.hpp"

namespace {
using namespace strider;
// a<...>: an expected list of entries (every namespace below uses it).
template <index_t... V>
constexpr std::array<index_t, sizeof...(V)> a{V...};

using B = contiguous<dyn, 3, 8, 8>;
// The strides of a batch of contiguous images are all static; only the batch is run-time.
static_assert(mixed_layout_type<B> && !static_layout_type<B>);
static_assert(B::static_shape == a<dyn, 3, 8, 8> && B::static_strides == a<192, 64, 8, 1> && B::static_offset == 0);
static_assert(B::dynamic_count == 1 && sizeof(B) == sizeof(index_t));
// No dyn: the very type it was (same identity, empty).
static_assert(std::is_same_v<contiguous<2, 3>, static_layout<dynamic_layout::contiguous({2, 3}).value()>>);
static_assert(std::is_empty_v<contiguous<2, 3>> && static_shape_v<contiguous<2, 3>> == a<2, 3> && static_strides_v<contiguous<2, 3>> == a<3, 1>);
static_assert(static_shape_v<B> == a<dyn, 3, 8, 8> && static_offset_v<slice_t<contiguous<4, 4>, "1:">> == 4);
// A run-time inner extent makes the strides outside it run-time (NumPy's C order).
static_assert(contiguous<4, dyn, 2>::static_strides == a<dyn, 2, 1>);
static_assert(column_major<4, dyn, 2>::static_strides == a<1, 4, dyn>);
// The general form: run-time extents, strides and offset, one index_t each.
using G = layout<shape<dyn, 64>, strides<dyn, 1>, dyn>;
static_assert(G::static_shape == a<dyn, 64> && G::static_strides == a<dyn, 1> && G::static_offset == dyn);
static_assert(G::dynamic_count == 3 && sizeof(G) == 3 * sizeof(index_t));

// permute moves the run-time entry.
using P = permute_t<B, 0, 2, 3, 1>;
static_assert(P::static_shape == a<dyn, 8, 8, 3> && P::static_strides == a<192, 8, 1, 64> && P::static_offset == 0);
static_assert(permute_t<B, 1, 0, 2, 3>::static_shape == a<3, dyn, 8, 8>);
// A crop of the static axes stays static there, offset included (NumPy: 2 * 8 + 7).
using C = slice_t<B, ":, :, 2:-2, ::-1">;
static_assert(C::static_shape == a<dyn, 3, 4, 8> && C::static_strides == a<192, 64, 8, -1> && C::static_offset == 23);
// a[1:] on the run-time axis: a run-time extent; its offset is static (that of a non-empty slice).
using S1 = slice_t<B, "1:">;
static_assert(S1::static_shape == a<dyn, 3, 8, 8> && S1::static_offset == 192);
// a[::-1] on it: the offset depends on the batch.
static_assert(slice_t<B, "::-1">::static_offset == dyn && slice_t<B, "::-1">::static_strides == a<-192, 64, 8, 1>);
// An integer index on the run-time axis is static when it counts from the front.
static_assert(slice_t<B, "2">::static_offset == 384 && slice_t<B, "-1">::static_offset == dyn);
static_assert(select_t<B, 0, 2>::static_offset == 384 && select_t<B, 0, 2>::static_shape == a<3, 8, 8>);
// narrow gives a static extent even on the run-time axis (checked against it at run time).
static_assert(narrow_t<B, 0, 2, 5>::static_shape == a<5, 3, 8, 8> && narrow_t<B, 0, 2, 5>::static_offset == 384);
// flip of the run-time axis: static stride, run-time offset.
static_assert(flip_t<B, 0>::static_strides == a<-192, 64, 8, 1> && flip_t<B, 0>::static_offset == dyn);
static_assert(flip_t<B, 1>::static_offset == 128);
static_assert(transpose_t<B, 0, 3>::static_shape == a<8, 3, 8, dyn>);
static_assert(unsqueeze_t<B, 1>::static_shape == a<dyn, 1, 3, 8, 8>);
static_assert(squeeze_t<contiguous<dyn, 1, 4>, 1>::static_shape == a<dyn, 4>);
static_assert(squeeze_t<contiguous<3, 1, 4>>::shape == a<3, 4>);
static_assert(movedim_t<B, axes<1>, axes<3>>::static_shape == a<dyn, 8, 8, 3>);
static_assert(matrix_transpose_t<B>::static_strides == a<192, 64, 1, 8>);
static_assert(reverse_axis_order_t<B>::static_shape == a<8, 8, 3, dyn>);
// A chain over static axes only.
static_assert(permute_t<slice_t<B, ":, 1:, ::2">, 0, 2, 3, 1>::static_shape == a<dyn, 4, 8, 2>);
}  // namespace

namespace more {
using namespace strider;
using B = contiguous<dyn, 3, 8, 8>;
// broadcast_to: new axes and static extents keep stride 0; a run-time extent broadcast to
// more than 1 has a run-time stride (it is the input's, or 0 when the batch is 1).
static_assert(broadcast_to_t<contiguous<dyn, 1>, 2, 5, 4>::static_strides == a<0, dyn, 0>);
static_assert(broadcast_to_t<contiguous<dyn, 1>, 2, 5, 4>::static_shape == a<2, 5, 4>);
static_assert(broadcast_to_t<contiguous<dyn, 4>, 1, 4>::static_strides == a<0, 1>);
// expand: -1 keeps the run-time extent.
static_assert(expand_t<contiguous<dyn, 1>, -1, 6>::static_shape == a<dyn, 6> && expand_t<contiguous<dyn, 1>, -1, 6>::static_strides == a<1, 0>);
// diagonal of the static image axes: all static but the batch.
static_assert(diagonal_t<B, 0, 2, 3>::static_shape == a<dyn, 3, 8> && diagonal_t<B, 0, 2, 3>::static_strides == a<192, 64, 9>);
// unfold of a static axis: windows of 3 pixels with step 2.
static_assert(unfold_t<B, 3, 3, 2>::static_shape == a<dyn, 3, 8, 3, 3> && unfold_t<B, 3, 3, 2>::static_strides == a<192, 64, 8, 2, 1>);
// unfold of the run-time axis: the window count is run-time, the window static.
static_assert(unfold_t<B, 0, 2, 1>::static_shape == a<dyn, 3, 8, 8, 2>);
// What `strider --emit-cpp --dyn 0` prints for the crop of tools/tests/command_tests.cmake
// compiles, with the entries its --info reports.
using Emitted = strider::permute_t<strider::slice_t<strider::contiguous<strider::dyn, 3, 8, 8>, ":, :, 2:-2, ::-1">, 0, 2, 3, 1>;
static_assert(Emitted::static_shape == a<dyn, 4, 8, 3> && Emitted::static_strides == a<192, 8, -1, 64> && Emitted::static_offset == 23);
using Info = slice_t<B, "1:, :, ::-1">;
static_assert(Info::static_shape == a<dyn, 3, 8, 8> && Info::static_strides == a<192, 64, -8, 1> && Info::static_offset == 248);
}  // namespace more

namespace properties {
using namespace strider;
// Derived properties where the static entries decide them.
static_assert(contiguous<dyn, 3, 8>::static_is_contiguous == static_answer::yes);
static_assert(permute_t<contiguous<dyn, 3, 8>, 0, 2, 1>::static_is_contiguous == static_answer::at_run_time);  // an empty batch is contiguous
static_assert(permute_t<contiguous<4, dyn, 8>, 1, 0, 2>::static_is_contiguous == static_answer::at_run_time);
static_assert(slice_t<contiguous<dyn, 3, 8>, ":, 1:"> ::static_is_contiguous == static_answer::at_run_time);
static_assert(layout<shape<dyn, 4>, strides<4, 1>, dyn>::static_is_contiguous == static_answer::yes);
static_assert(contiguous<dyn, 3, 8>::static_required_span == dyn && slice_t<contiguous<dyn, 3, 8>, "0">::static_required_span == 24);
static_assert(contiguous<2, 3>::is_contiguous && !permute_t<contiguous<2, 3>, 1, 0>::is_contiguous);
// Uniqueness: the moving axes nest (a run-time extent only on the outermost), or an axis of
// static extent > 1 repeats with stride 0 in a layout that cannot be empty.
static_assert(contiguous<dyn, 3, 8>::static_is_unique == static_answer::yes);
static_assert(permute_t<contiguous<dyn, 3, 8>, 2, 0, 1>::static_is_unique == static_answer::yes);
static_assert(unfold_t<contiguous<dyn, 8>, 1, 2, 2>::static_is_unique == static_answer::yes);
static_assert(broadcast_to_t<contiguous<dyn, 1>, 2, 5, 4>::static_is_unique == static_answer::no);  // the new axis repeats
static_assert(contiguous<4, dyn>::static_is_unique == static_answer::yes);                           // C order of its extents, whatever they are
static_assert(layout<shape<4, dyn>, strides<dyn, 1>>::static_is_unique == static_answer::at_run_time);  // a run-time stride
static_assert(broadcast_to_t<contiguous<dyn, 4>, 5, 4>::static_is_unique == static_answer::at_run_time);  // a run-time 1 stretched, or not
static_assert(unfold_t<contiguous<dyn, 8>, 1, 3, 1>::static_is_unique == static_answer::at_run_time);  // overlapping windows, unless the batch is 0
static_assert(layout<shape<4, dyn>, strides<1, 2>, 0>::static_is_unique == static_answer::at_run_time);  // interleaved past extent 2
}  // namespace properties

namespace emitted_as_strided {
using namespace strider;
// What `strider --emit-cpp --dyn 0 "contiguous(4, 3)[0].as_strided((2,), (2,))"` prints: the
// offset defaults to the input's static one; the reach is checked against the run-time storage.
using A = as_strided_t<slice_t<contiguous<dyn, 3>, "0">, shape<2>, strides<2>>;
static_assert(A::static_shape[0] == 2 && A::static_strides[0] == 2 && A::static_offset == 0 && A::dynamic_count == 1);
static_assert(std::is_same_v<as_strided_t<contiguous<4>, shape<2>, strides<2>>, as_strided_t<contiguous<4>, shape<2>, strides<2>, 0>>);
}  // namespace emitted_as_strided

namespace regrouping {
using namespace strider;
using B = contiguous<dyn, 3, 8, 8>;
// view and reshape of a batch: the image axes merged or split keep static strides, the batch
// axis (or the -1 that absorbs it) is run-time.
static_assert(view_t<B, -1, 192>::static_shape == a<dyn, 192> && view_t<B, -1, 192>::static_strides == a<192, 1>);
static_assert(view_t<B, -1, 8>::static_strides == a<8, 1> && reshape_t<B, -1, 64>::static_strides == a<64, 1>);
static_assert(!reshape_copies<B, -1, 64> && !flatten_copies<B, 1>);
// A strided batch (every other image) still views its images as rows.
static_assert(view_t<slice_t<B, "::2">, -1, 192>::static_strides == a<384, 1>);
// flatten and unflatten of static axes.
static_assert(flatten_t<B, 1>::static_shape == a<dyn, 192> && flatten_t<B, 1>::static_strides == a<192, 1>);
static_assert(flatten_t<B, 2>::static_shape == a<dyn, 3, 64>);
static_assert(unflatten_t<B, 2, 2, -1>::static_shape == a<dyn, 3, 2, 4, 8> && unflatten_t<B, 2, 2, -1>::static_strides == a<192, 64, 32, 8, 1>);
// NHWC to rows of pixels cannot be a view (the channel axis is strided): a copy, known statically.
using NHWC = permute_t<B, 0, 2, 3, 1>;
static_assert(reshape_copies<NHWC, -1, 192> && reshape_t<NHWC, -1, 192>::static_strides == a<192, 1>);
// Windows along a static axis of a batch.
static_assert(sliding_window_view_t<B, shape<3>, axes<2>>::static_shape == a<dyn, 3, 6, 8, 3>);
static_assert(sliding_window_view_t<B, shape<3>, axes<2>>::static_strides == a<192, 64, 8, 1, 8>);
// A run-time inner extent: contiguity is not in the type (its outer stride is a separate
// entry), so the view's strides are found at run time.
static_assert(view_t<contiguous<4, dyn>, -1>::static_strides == a<dyn>);
}  // namespace regrouping

namespace multiples {
using namespace strider;
// A batch of a multiple of 4 rows: splitting it by 4 (or 2) is checked at compile time, and the
// quotient keeps what it is a multiple of.
using R = contiguous<dyn_multiple<4>, 8>;
static_assert(dyn_multiple<1> == dyn && R::static_shape == a<dyn_multiple<4>, 8> && R::dynamic_count == 1);
static_assert(view_t<R, -1, 4, 8>::static_shape == a<dyn, 4, 8> && view_t<R, -1, 4, 8>::static_strides == a<32, 8, 1>);
static_assert(unflatten_t<R, 0, -1, 2>::static_shape == a<dyn_multiple<2>, 2, 8>);
static_assert(permute_t<R, 1, 0>::static_shape == a<8, dyn_multiple<4>>);
// Products keep multiples: the flat extent is a multiple of 32, a product of two batches' one of
// 16 (a stride or an offset carries no multiple: any int64 may be one).
static_assert(flatten_t<R>::static_shape == a<dyn_multiple<32>>);
static_assert(slice_t<R, "::-1">::static_offset == dyn);
static_assert(flatten_t<layout<shape<dyn_multiple<4>, dyn_multiple<4>>, strides<dyn, 1>, 0>>::static_shape == a<dyn_multiple<16>>);
// A plain run-time extent split by 4 is checked at run time instead (its -1 is plain dyn).
static_assert(view_t<contiguous<dyn, 8>, -1, 4, 8>::static_shape == a<dyn, 4, 8>);
}  // namespace multiples

namespace einops {
using namespace strider;
using B = contiguous<dyn, 3, 8, 8>;
// rearrange of the static axes of a batch: static strides, the batch run-time.
using R = rearrange_t<B, "b c (h p) w -> b c h (p w)", "p=2">;
static_assert(R::static_shape == a<dyn, 3, 4, 16> && R::static_strides == a<192, 64, 16, 1>);
static_assert(rearrange_t<B, "b c h w -> (b c) (h w)">::static_strides == a<64, 1>);
// Channels last needs a copy for every non-empty batch; images as rows does not.
static_assert(rearrange_copies<B, "b c h w -> b (h w c)"> && !rearrange_copies<B, "b c h w -> b (c h w)">);
// A batch of a multiple of 4 split into groups of 4: checked at compile time.
static_assert(rearrange_t<contiguous<dyn_multiple<4>, 8>, "(b k) x -> b k x", "k=4">::static_strides == a<32, 8, 1>);
}  // namespace einops

namespace algebra {
using namespace strider;
using B = contiguous<dyn, 3, 8, 8>;
// coalesce merges a batch into the static axes it continues; the extent keeps its multiple.
static_assert(coalesce_t<B>::static_shape == a<dyn_multiple<192>> && coalesce_t<B>::static_strides == a<1>);
// A crop's batch does not merge with its rows; a multiple of 2 rules out the extent 1 that would
// remove the axis, so the type can say it stays.
using Crop = narrow_t<contiguous<dyn_multiple<2>, 8, 8>, 1, 2, 4>;
static_assert(coalesce_t<Crop>::static_shape == a<dyn_multiple<2>, 32> && coalesce_t<Crop>::static_strides == a<64, 1>);
static_assert(coalesce_t<Crop>::static_offset == 16);
// The batch sliced whole keeps its multiple, so the crop by slice coalesces the same way.
static_assert(slice_t<contiguous<dyn_multiple<2>, 8, 8>, ":, 2:6, :">::static_shape == a<dyn_multiple<2>, 4, 8>);
static_assert(coalesce_t<slice_t<contiguous<dyn_multiple<2>, 8, 8>, ":, 2:6">>::static_strides == a<64, 1>);
// Reversed or stepped whole, by a step that divides its multiple, it keeps the quotient
// (NumPy: len(a[::2]) is ceil(n / 2), n / 2 for an even n).
static_assert(slice_t<contiguous<dyn_multiple<4>, 8>, "::-1">::static_shape == a<dyn_multiple<4>, 8>);
static_assert(slice_t<contiguous<dyn_multiple<4>, 8>, "::2, ::-2">::static_shape == a<dyn_multiple<2>, 4>);
static_assert(slice_t<contiguous<dyn_multiple<4>, 8>, "::-4">::static_shape == a<dyn, 8>);
static_assert(slice_t<contiguous<dyn_multiple<6>, 8>, "::4">::static_shape == a<dyn, 8>);
static_assert(slice_t<contiguous<dyn_multiple<4>, 8>, "1::2">::static_shape == a<dyn, 8>);
// Tiles of a run-time number of rows: the tile is static, which tile is run-time.
using Rows = contiguous<dyn, 64>;
using D = logical_divide_t<Rows, contiguous<16>>;
static_assert(D::tile_rank == 1 && D::static_shape == a<dyn_multiple<4>, 16> && D::static_strides == a<16, 1>);
// A 4 x 16 tile of a batch of 8k rows of 64: the tiles' axes (which tile of 2k, which row
// group) and the tile's, all strides static.
using D2 = logical_divide_t<contiguous<dyn_multiple<8>, 64>, layout<shape<4, 16>, strides<64, 1>>>;
static_assert(D2::tile_rank == 2 && D2::static_shape == a<dyn_multiple<2>, 4, 4, 16> && D2::static_strides == a<256, 16, 64, 1>);
using T = tile_t<contiguous<dyn_multiple<4>, 64>, 4, 16>;
static_assert(T::tile_rank == 2 && T::static_shape == a<dyn, 4, 4, 16> && T::static_strides == a<256, 16, 64, 1>);
// An 8 x 8 block read transposed from the first 64 elements: a static function of the index.
using C = composition_t<Rows, layout<shape<8, 8>, strides<1, 8>>>;
static_assert(C::static_shape == a<8, 8> && C::static_strides == a<1, 8> && C::static_offset == 0);
static_assert(right_inverse_t<contiguous<dyn, 8>>::static_shape == a<dyn_multiple<8>> && right_inverse_t<contiguous<dyn, 8>>::static_strides == a<1>);
static_assert(left_inverse_t<contiguous<dyn_multiple<2>, 8>>::static_shape == a<dyn_multiple<16>>);
// The widest load every non-empty batch allows.
static_assert(vector_width_v<B, 4, 16> == 4 && vector_width_v<slice_t<B, ":, :, :, 4:">, 4, 16> == 4);
static_assert(vector_width_v<slice_t<B, ":, :, :, 1:">, 4, 16> == 1 && vector_width_v<layout<shape<dyn, 8>, strides<dyn, 1>>, 4, 32> == 1);
static_assert(vector_width_v<contiguous<dyn_multiple<8>>, 2, 64> == 8);
}  // namespace algebra

// static_entries is the type's template argument, entry by entry against the static_* members;
// its former name `pattern` still compiles for one release (deprecated).
namespace deprecated_names {
using M = contiguous<dyn, 3, 4>;
static_assert(M::static_entries.rank == 3 && M::static_entries.shape[0] == dyn && M::static_entries.shape[1] == M::static_shape[1] &&
              M::static_entries.strides[1] == M::static_strides[1] && M::static_entries.offset == M::static_offset);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static_assert(M::pattern == M::static_entries);
#pragma GCC diagnostic pop
}  // namespace deprecated_names
