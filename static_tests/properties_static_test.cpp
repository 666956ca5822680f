// The derived properties of static layouts: size, is_contiguous (PyTorch's rule: strides of
// extent-1 axes ignored, empty is contiguous), is_unique (exact, with the documented conservative
// answer past unique_check_limit elements), min/max offset, required_span and element offsets.
// Strides of contiguous layouts are NumPy's `np.arange(n).reshape(shape).strides / itemsize`.
#include "static_test.hpp"

namespace {
using namespace strider_static_test;

// contiguous and column_major, ranks 0 to 8.
using Z = contiguous<>;
static_assert(Z::rank == 0 && Z::size == 1 && Z::offset == 0 && Z::is_contiguous && Z::is_unique);
static_assert(Z::min_offset == 0 && Z::max_offset == 0 && Z::required_span == 1 && Z{}() == 0);
static_assert(std::is_same_v<decltype(Z::shape), const index_array<0>> && Z::shape.size() == 0 && Z::shape.begin() == Z::shape.end());
static_assert(contiguous<5>::strides == values<1> && contiguous<5>::required_span == 5);
static_assert(contiguous<3, 4>::strides == values<4, 1>);
static_assert(contiguous<3, 4, 5>::strides == values<20, 5, 1>);
static_assert(contiguous<2, 3, 4, 5>::strides == values<60, 20, 5, 1>);
static_assert(contiguous<2, 3, 4, 5, 6>::strides == values<360, 120, 30, 6, 1>);
using R6 = contiguous<2, 3, 4, 5, 6, 7>;
static_assert(R6::rank == 6 && R6::strides == values<2520, 840, 210, 42, 7, 1>);
static_assert(R6::size == 5040 && R6::required_span == 5040 && R6::is_contiguous && R6::is_unique);
static_assert(std::is_same_v<decltype(R6::strides), const index_array<6>>);
// index_array is std::array in everything but name: conversion, iteration, structured bindings.
static_assert(std::array<index_t, 6>(R6::strides) == std::array<index_t, 6>{2520, 840, 210, 42, 7, 1});
static_assert([] {
  index_t sum = 0;
  for (const index_t s : R6::strides) sum += s;
  const auto [a, b, c, d, e, f] = R6::shape;
  return sum == 2520 + 840 + 210 + 42 + 7 + 1 && a == 2 && f == 7 && R6::shape[2] == 4 && R6::shape.size() == 6;
}());
using R8 = contiguous<1, 2, 1, 2, 1, 2, 1, 2>;
static_assert(R8::rank == 8 && R8::strides == values<16, 8, 8, 4, 4, 2, 2, 1> && R8::size == 16);
using F6 = column_major<2, 3, 4, 5, 6, 7>;
static_assert(F6::strides == values<1, 2, 6, 24, 120, 720> && F6::required_span == 5040);
static_assert(!F6::is_contiguous && F6::is_unique);
static_assert(std::is_same_v<column_major<3>, contiguous<3>> && std::is_same_v<column_major<>, contiguous<>>);
static_assert(std::is_same_v<contiguous<3, 4>, layout<shape<3, 4>, strides<4, 1>>>);
static_assert(std::is_same_v<column_major<3, 4>, layout<shape<3, 4>, strides<1, 3>>>);
static_assert(column_major<1, 4>::is_contiguous && column_major<4, 1>::is_contiguous);
// Empty extents: PyTorch's strides (a zero extent counts as 1 for the axes outside it).
static_assert(contiguous<2, 0, 3>::strides == values<3, 3, 1> && contiguous<0>::strides == values<1>);
static_assert(column_major<2, 0, 3>::strides == values<1, 2, 2>);
static_assert(contiguous<2, 0, 3>::size == 0 && contiguous<2, 0, 3>::required_span == 0);
static_assert(column_major<2, 0, 3>::is_contiguous && column_major<2, 0, 3>::is_unique);
static_assert(std::is_empty_v<R6>);

// is_contiguous: C order by PyTorch's rule; the storage offset does not matter.
static_assert(layout<shape<3, 1, 4>, strides<4, 100, 1>>::is_contiguous);
static_assert(layout<shape<2, 0, 3>, strides<-7, 5, 0>>::is_contiguous);
static_assert(layout<shape<3, 4>, strides<4, 1>, 5>::is_contiguous);
static_assert(layout<shape<1, 1>, strides<0, 0>>::is_contiguous && layout<shape<1>, strides<0>>::is_contiguous);
static_assert(layout<shape<4, 1>, strides<1, 1>>::is_contiguous);
static_assert(!layout<shape<2, 2>, strides<1, 2>>::is_contiguous);
static_assert(!layout<shape<5>, strides<0>>::is_contiguous);
static_assert(!layout<shape<3, 4>, strides<4, -1>, 3>::is_contiguous);
static_assert(slice_t<contiguous<3, 4>, "1:">::is_contiguous);
static_assert(!slice_t<contiguous<3, 4>, "::2">::is_contiguous && !slice_t<contiguous<3, 4>, ":, 1:3">::is_contiguous);

// is_unique, decided without enumeration when the axes nest in storage ...
static_assert(layout<shape<2, 3>, strides<10, 2>>::is_unique);               // gaps, nested
static_assert(layout<shape<3, 2>, strides<-2, 3>, 4>::is_unique == layout<shape<3, 2>, strides<2, 3>>::is_unique);
static_assert(layout<shape<1, 4>, strides<0, 1>>::is_unique);                 // zero stride on extent 1
static_assert(!layout<shape<4, 1>, strides<0, 0>>::is_unique);                // zero stride on extent 4
static_assert(layout<shape<0, 3>, strides<0, 0>>::is_unique);                 // empty: nothing repeats
static_assert(contiguous<100, 100>::is_unique);                              // nested, above the limit
// ... and by enumeration when they interleave (both the bitmap and the sorting path).
static_assert(layout<shape<3, 2>, strides<2, 3>>::is_unique);                 // 0 3 2 5 4 7
static_assert(layout<shape<3, 3>, strides<2, 3>>::is_unique);                 // 0 3 6 2 5 8 4 7 10
static_assert(!layout<shape<4, 3>, strides<2, 3>>::is_unique);                // 2*3 == 3*2
static_assert(!layout<shape<2, 2>, strides<1, 1>>::is_unique);
static_assert(layout<shape<3, 2>, strides<2000000, 3000000>>::is_unique);     // span too large for a bitmap
static_assert(!layout<shape<2, 2>, strides<4000000, 4000000>>::is_unique);
// Past unique_check_limit elements, interleaved axes are answered conservatively: (3, 2, n) with
// strides (2, 3, 8) reaches {0, 2, 3, 4, 5, 7} + 8k, unique for every n.
static_assert(unique_check_limit == 4096);
static_assert(layout<shape<3, 2, unique_check_limit / 6>, strides<2, 3, 8>>::is_unique);  // 4092 elements
static_assert(!layout<shape<3, 2, unique_check_limit / 6 + 1>, strides<2, 3, 8>>::is_unique);

// min_offset, max_offset, required_span.
using Fl = layout<shape<3, 4>, strides<-4, 1>, 8>;
static_assert(Fl::min_offset == 0 && Fl::max_offset == 11 && Fl::required_span == 12 && Fl{}(2, 3) == 3);
using Fl2 = layout<shape<2, 3>, strides<-3, -1>, 5>;
static_assert(Fl2::min_offset == 0 && Fl2::max_offset == 5 && Fl2::required_span == 6 && Fl2::is_unique);
using Em = layout<shape<2, 0>, strides<-5, 1>, 3>;
static_assert(Em::size == 0 && Em::min_offset == 3 && Em::max_offset == 3 && Em::required_span == 0);
using Sc = layout<shape<>, strides<>, 7>;
static_assert(Sc::size == 1 && Sc::min_offset == 7 && Sc::max_offset == 7 && Sc::required_span == 8 && Sc{}() == 7);
using Rep = layout<shape<5>, strides<0>, 2>;
static_assert(Rep::min_offset == 2 && Rep::max_offset == 2 && Rep::required_span == 3);
using Sh = layout<shape<3, 4>, strides<4, 1>, 5>;
static_assert(Sh::min_offset == 5 && Sh::max_offset == 16 && Sh::required_span == 17);
// At the int64 limits: the largest span that fits.
static_assert(layout<shape<1>, strides<1>, 9223372036854775806>::required_span == 9223372036854775807);
using Big = layout<shape<2, 2>, strides<4611686018427387903, -4611686018427387903>, 4611686018427387903>;
static_assert(Big::min_offset == 0 && Big::max_offset == 9223372036854775806 && Big::required_span == 9223372036854775807);
static_assert(!Big::is_unique && Big{}(1, 0) == 9223372036854775806 && Big{}(0, 0) == Big{}(1, 1));

// Element offsets, with run-time-typed and compile-time indices.
using C = contiguous<3, 4, 5>;
static_assert(C{}(1, 2, 3) == 33 && C{}(2, 3, 4) == 59 && C{}(0u, 0L, short{1}) == 1);
static_assert(C{}(std::integral_constant<int, 1>{}, std::integral_constant<long, 2>{}, std::integral_constant<index_t, 3>{}) == 33);
static_assert(layout<shape<2, 3>, strides<1, 2>, 4>{}(1, 2) == 9);

// Equal layouts are one type, whichever operation produced them (g++ 12 once told apart values
// whose arrays had an unwritten entry before a written one: broadcast's leading zero strides).
static_assert(std::is_same_v<broadcast_to_t<contiguous<4>, 1, 4>, slice_t<contiguous<4>, "None">>);
static_assert(std::is_same_v<broadcast_to_t<contiguous<4>, 3, 4>, as_strided_t<contiguous<4>, shape<3, 4>, strides<0, 1>, 0>>);
static_assert(std::is_same_v<squeeze_t<contiguous<1, 3>>, view_t<contiguous<3, 1>, 3>>);

// The run-time value of a static layout.
static_assert(C::dynamic().rank() == 3 && C::dynamic().stride(0) == 20 && C::dynamic().offset() == 0);
static_assert(C::value.rank == 3 && C::value.shape[2] == 5 && C::value.shape[3] == 0);

}  // namespace
