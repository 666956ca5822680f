// libFuzzer target: from_dlpack on DLPack tensors whose every field comes from the input (rank,
// extents, strides or none, byte offset, dtype, device type, a misaligned data pointer). Each
// tensor is either refused with layout_error or viewed; a view's every element address (up to
// `small` elements) must be the one DLPack's definition gives, data + byte_offset + sum(index *
// stride) * itemsize, computed here in 128 bits, and the view must survive to_dlpack and back.
#include <dlpack/dlpack.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strider/dlpack.hpp>
#include <type_traits>

#include "fuzz_input.hpp"

namespace {

__extension__ using wide = __int128;

using strider_fuzz::require;
using bytes = strider_fuzz::input;

constexpr strider::index_t small = 4096;
alignas(256) float storage[1024];

// An extent or stride: small ones most of the time, any 64-bit value otherwise.
std::int64_t entry(bytes& in, bool extent) {
  const auto kind = in.take<std::uint8_t>();
  if (kind % 4 != 0) return extent ? kind % 7 : static_cast<std::int8_t>(in.take<std::uint8_t>()) % 9;
  return in.take<std::int64_t>();
}

template <class T>
void view(const DLTensor& t) {
  try {
    const strider::tensor_view<T, strider::dynamic_layout> v = strider::from_dlpack<T>(t);
    if (v.size() == 0 || v.size() > small) return;
    strider::dims index;
    for (std::size_t d = 0; d < v.rank(); ++d) index.push_back(0);
    for (bool more = true; more;) {
      wide expected = static_cast<wide>(reinterpret_cast<std::uintptr_t>(t.data)) + t.byte_offset;
      for (std::size_t d = 0; d < v.rank(); ++d)
        expected += static_cast<wide>(index[d]) * (t.strides != nullptr ? t.strides[d] : v.stride(d)) * static_cast<wide>(sizeof(T));
      require(expected >= 0 && static_cast<wide>(reinterpret_cast<std::uintptr_t>(v.data() + v.layout()(index))) == expected, "element address is DLPack's");
      std::size_t d = v.rank();
      while (d > 0 && ++index[d - 1] == v.extent(d - 1)) index[--d] = 0;
      more = d > 0;
    }
    DLManagedTensor* back = strider::to_dlpack(v);
    const auto again = strider::from_dlpack<T>(back);
    require(again.layout() == v.layout() && again.data() == v.data(), "to_dlpack round trip");
    back->deleter(back);
  } catch (const strider::layout_error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  bytes in{data, size};
  const auto flags = in.take<std::uint8_t>();
  std::int64_t shape[9] = {}, strides[9] = {};
  DLTensor t{};
  t.ndim = static_cast<int>(in.take<std::uint8_t>() % 11) - 1;  // -1 .. 9: outside max_rank too
  for (int d = 0; d < 9; ++d) {
    shape[d] = entry(in, true);
    strides[d] = entry(in, false);
  }
  t.shape = shape;
  t.strides = (flags & 1) != 0 ? nullptr : strides;
  t.byte_offset = (flags & 2) != 0 ? in.take<std::uint64_t>() : 4u * in.take<std::uint8_t>();
  t.data = reinterpret_cast<char*>(storage) + ((flags & 4) != 0 ? in.take<std::uint8_t>() % 8 : 4 * (in.take<std::uint8_t>() % 64));
  if ((flags & 8) != 0) t.data = nullptr;
  const auto device = static_cast<std::underlying_type_t<DLDeviceType>>((flags & 16) != 0 ? in.take<std::int32_t>() : kDLCPU);
  std::memcpy(&t.device.device_type, &device, sizeof device);
  t.dtype = (flags & 32) != 0 ? DLDataType{kDLFloat, 64, 1} : DLDataType{kDLFloat, 32, 1};
  if ((flags & 64) != 0) t.dtype.lanes = in.take<std::uint16_t>();
  if ((flags & 32) != 0) view<double>(t);
  else view<float>(t);
  return 0;
}
