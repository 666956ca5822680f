// f16 and bf16 conversions (atom/element_types.hpp) against NumPy's float16 and PyTorch's
// bfloat16, case by case (conversion_reference.py writes the cases): to_bits rounds as they do
// (to nearest even, subnormals, overflow to infinity), NaN gives PTX's canonical NaN 0x7fff,
// from_bits is exact, and pack2 / unpack2 put the first value in bits 0-15 and read it back.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <strider/atom.hpp>

namespace {
std::uint32_t hex(const std::string& s) { return static_cast<std::uint32_t>(std::stoul(s, nullptr, 16)); }
std::uint32_t bits_of(float x) { return __builtin_bit_cast(std::uint32_t, x); }
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: strider_conversion_test CASES.tsv\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string line;
  long cases = 0, wrong = 0, bf16_cases = 0;
  const auto fail = [&](const std::string& what) {
    if (++wrong <= 20) std::printf("%s: %s\n", line.c_str(), what.c_str());
  };
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string input, f16, value, bf16;
    fields >> input >> f16 >> value >> bf16;
    ++cases;
    const float x = __builtin_bit_cast(float, hex(input));
    const std::uint16_t h = strider::f16::to_bits(x), b = strider::bf16::to_bits(x);
    if (f16 == "nan") {
      if (h != 0x7fff) fail("f16::to_bits of NaN is not 0x7fff");
      if (b != 0x7fff) fail("bf16::to_bits of NaN is not 0x7fff");
      continue;
    }
    if (h != hex(f16)) fail("f16::to_bits differs from NumPy's float16");
    if (bits_of(strider::f16::from_bits(h)) != hex(value)) fail("f16::from_bits differs from NumPy's float32 of the half");
    if (bf16 != "-") {
      ++bf16_cases;
      if (b != hex(bf16)) fail("bf16::to_bits differs from PyTorch's bfloat16");
      if (bits_of(strider::bf16::from_bits(b)) != (hex(bf16) << 16)) fail("bf16::from_bits is not the upper half of a float");
    }
    // Two to a register: the first value in bits 0-15, each rounded alone.
    const std::uint32_t packed = strider::f16::pack2(x, -x), packed_b = strider::bf16::pack2(-x, x);
    if (packed != (std::uint32_t{h} | std::uint32_t{strider::f16::to_bits(-x)} << 16)) fail("f16::pack2 is not the two to_bits");
    if (packed_b != (std::uint32_t{strider::bf16::to_bits(-x)} | std::uint32_t{b} << 16)) fail("bf16::pack2 is not the two to_bits");
    if (bits_of(strider::f16::unpack2(packed).lo) != bits_of(strider::f16::from_bits(h))) fail("f16::unpack2 does not read bits 0-15 first");
  }
  std::printf("%ld conversions compared (%ld with PyTorch's bf16), %ld wrong\n", cases, bf16_cases, wrong);
  return cases > 1000 && wrong == 0 ? 0 : 1;
}
