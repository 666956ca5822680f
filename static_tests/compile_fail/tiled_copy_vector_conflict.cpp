// expect: shared_access_conflict<
// cp.async's 16-byte writes of a 128 x 32 stage of halves, consecutive threads down a column of
// 16-byte chunks: a phase's 8 threads write 8 rows 64 bytes apart, four to a bank group. copy
// refuses the writes at compile time.
#include <cstdint>
#include <strider/atom.hpp>
#include <strider/storage/view.hpp>

using tv = strider::thread_value_t<strider::column_major<32, 4>, strider::contiguous<1, 8>>;  // threads down the rows first
using g2s = strider::tiled_copy<strider::cp_async<16>, tv, std::uint16_t>;
void load(const std::uint16_t* global, std::uint16_t* shared) {
  strider::host_copy(g2s{}, strider::tensor_view<const std::uint16_t, strider::contiguous<128, 32>>(global), strider::tensor_view<std::uint16_t, strider::contiguous<128, 32>>(shared), 0);
}
