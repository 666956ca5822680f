// libFuzzer target: copy plans and copies between two layouts whose extents, strides and offsets
// come from the input, with the copy engine's options drawn too (threads, streaming forced on or
// off). make_copy_plan either refuses with layout_error or plans; a planned copy between small
// layouts is run on buffers exactly as large as each layout needs (AddressSanitizer sees any
// access outside them) and compared with a naive loop over every index, written here.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strider/core.hpp>
#include <strider/storage/copy.hpp>
#include <vector>

#include "fuzz_input.hpp"

namespace {

using strider_fuzz::require;
using bytes = strider_fuzz::input;

constexpr strider::index_t small = 1 << 14;

std::int64_t entry(bytes& in, bool extent) {
  const auto kind = in.take<std::uint8_t>();
  if (kind % 8 != 0) return extent ? kind % 40 : static_cast<std::int8_t>(in.take<std::uint8_t>()) % 70;
  return in.take<std::int64_t>();
}

// Offsets of every element in C order: an odometer over the raw fields.
std::vector<strider::index_t> offsets(const strider::dynamic_layout& l) {
  std::vector<strider::index_t> out;
  if (l.size() == 0) return out;
  strider::dims index;
  for (std::size_t d = 0; d < l.rank(); ++d) index.push_back(0);
  for (bool more = true; more;) {
    strider::index_t off = l.offset();
    for (std::size_t d = 0; d < l.rank(); ++d) off += index[d] * l.stride(d);
    out.push_back(off);
    std::size_t d = l.rank();
    while (d > 0 && ++index[d - 1] == l.extent(d - 1)) index[--d] = 0;
    more = d > 0;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace engine = strider::detail::copy_engine;
  bytes in{data, size};
  const auto flags = in.take<std::uint8_t>();
  const std::size_t rank = in.take<std::uint8_t>() % 5;
  strider::dims shape, src_strides, dst_strides;
  for (std::size_t d = 0; d < rank; ++d) {
    shape.push_back(entry(in, true));
    src_strides.push_back(entry(in, false));
    dst_strides.push_back(entry(in, false));
  }
  strider::dynamic_layout src, dst;
  try {
    src = strider::dynamic_layout(shape, src_strides, in.take<std::uint16_t>() % 512);
    dst = (flags & 1) != 0 ? strider::dynamic_layout::contiguous(shape) : strider::dynamic_layout(shape, dst_strides, in.take<std::uint16_t>() % 512);
    (void)strider::make_copy_plan(src.value(), dst.value(), sizeof(float));
  } catch (const strider::layout_error&) {
    return 0;
  }
  if (src.size() > small || src.required_span() > 4 * small || dst.required_span() > 4 * small) return 0;
  std::vector<float> from(static_cast<std::size_t>(src.required_span()));
  for (std::size_t k = 0; k < from.size(); ++k) from[k] = static_cast<float>(k + 1);
  std::vector<float> to(static_cast<std::size_t>(dst.required_span()), -1.0f);
  const engine::streaming saved = engine::stream_mode();
  engine::stream_mode() = (flags & 2) != 0 ? engine::streaming::always : (flags & 4) != 0 ? engine::streaming::never : engine::streaming::automatic;
  bool copied = true;
  try {
    strider::copy_strided(from.data(), src, to.data(), dst, strider::copy_options{(flags & 8) != 0 ? 2u : 1u});
  } catch (const strider::layout_error&) {
    copied = false;
  }
  engine::stream_mode() = saved;
  require(copied, "a copy whose plan was made runs");
  std::vector<float> expected(to.size(), -1.0f);
  const auto so = offsets(src), dof = offsets(dst);
  for (std::size_t k = 0; k < so.size(); ++k) expected[static_cast<std::size_t>(dof[k])] = from[static_cast<std::size_t>(so[k])];
  require(to == expected, "copy agrees with the naive loop");
  return 0;
}
