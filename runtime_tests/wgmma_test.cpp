// Hopper's wgmma atoms (include/strider/atom/wgmma.hpp) and their shared-memory descriptors
// (atom/gmma_descriptor.hpp) against independent references: the PTX ISA's fragment formulas,
// its N table and its worked examples of the canonical layouts, the values CuTe's make_gmma_desc
// gives for its tile_to_shape stages, a brute-force walk of the FP8 formats, and the host twins
// against a naive loop over the tiles written into the host's image of shared memory.
#include <catch2/catch.hpp>
#include <strider/atom/wgmma.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {
using namespace strider;

// PTX ISA, "Register Fragments" of wgmma (the accumulator D for every type; A from registers):
// warp w = t / 32, g = lane / 4, q = lane % 4.
struct coordinate {
  index_t row, column;
};
coordinate ptx_d(index_t t, index_t i) {
  const index_t w = t / 32, g = (t % 32) / 4, q = t % 4;
  return {16 * w + g + 8 * ((i / 2) % 2), 8 * (i / 4) + 2 * q + (i % 2)};
}
coordinate ptx_a(index_t k, index_t t, index_t i) {
  const index_t w = t / 32, g = (t % 32) / 4, q = t % 4;
  if (k == 16) return {16 * w + g + 8 * ((i / 2) % 2), 2 * q + (i % 2) + 8 * (i / 4)};
  if (k == 8) return {16 * w + g + 8 * (i % 2), q + 4 * (i / 2)};
  return {16 * w + g + 8 * ((i / 4) % 2), 4 * q + (i % 4) + 16 * (i / 8)};
}

template <class Atom>
void check_fragments() {
  constexpr index_t n = Atom::n, k = Atom::k;
  STATIC_REQUIRE(Atom::c_layout::threads == 128);
  STATIC_REQUIRE(Atom::c_layout::values == n / 2);
  std::vector<int> seen(static_cast<std::size_t>(64 * n), 0);
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < n / 2; ++i) {
      const coordinate c = ptx_d(t, i);
      REQUIRE(Atom::c_layout::element(t, i) == c.row * n + c.column);
      ++seen[static_cast<std::size_t>(c.row * n + c.column)];
    }
  for (int s : seen) REQUIRE(s == 1);  // every element of D once
  STATIC_REQUIRE(Atom::a_registers == 4);
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < Atom::a_layout::values; ++i) {
      const coordinate c = ptx_a(k, t, i);
      REQUIRE(Atom::a_layout::element(t, i) == c.row * k + c.column);
    }
}

TEST_CASE("wgmma: the accumulator and A fragments are the PTX ISA's, every thread and value") {
  check_fragments<wgmma_m64nNk16<8, f16, f16, f32>>();
  check_fragments<wgmma_m64nNk16<64, f16, f16, f32>>();
  check_fragments<wgmma_m64nNk16<128, bf16, bf16, f32>>();
  check_fragments<wgmma_m64nNk16<256, f16, f16, f16>>();
  check_fragments<wgmma_m64nNk16<24, f16, f16, f32>>();
  check_fragments<wgmma_m64nNk8<8, tf32, tf32, f32>>();
  check_fragments<wgmma_m64nNk8<256, tf32, tf32, f32>>();
  check_fragments<wgmma_m64nNk32<64, e4m3, e4m3, f32>>();
  check_fragments<wgmma_m64nNk32<256, e5m2, e4m3, f16>>();
  check_fragments<wgmma_m64nNk32<8, s8, s8, s32>>();
  check_fragments<wgmma_m64nNk32<240, u8, s8, s32>>();
  STATIC_REQUIRE(wgmma_m64nNk16<256, f16, f16, f32>::c_registers == 128);
  STATIC_REQUIRE(wgmma_m64nNk16<256, f16, f16, f16>::c_registers == 64);
  STATIC_REQUIRE(wgmma_m64nNk32<64, s8, u8, s32>::c_registers == 32);
  STATIC_REQUIRE(!wgmma_m64nNk32<64, s8, u8, s32>::mn_major_allowed && wgmma_m64nNk16<64, bf16, bf16, f32>::mn_major_allowed);
  CHECK(std::string(wgmma_m64nNk16<96, bf16, bf16, f32>::instruction) == "wgmma.mma_async.sync.aligned.m64n96k16.f32.bf16.bf16");
  CHECK(std::string(wgmma_m64nNk32<16, e4m3, e5m2, f16>::instruction) == "wgmma.mma_async.sync.aligned.m64n16k32.f16.e4m3.e5m2");
}

TEST_CASE("wgmma: the legal N are PTX's table") {
  // PTX ISA "Matrix Shape": floating point N = 8, 16, ..., 256; integer N = 8, 16, 24, 32, 48, ..., 256.
  const std::vector<index_t> integer = {8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256};
  for (index_t n = -8; n <= 272; ++n) {
    CHECK(detail::wgmma_n_is_legal(n, false) == (n >= 8 && n <= 256 && n % 8 == 0));
    CHECK(detail::wgmma_n_is_legal(n, true) == (std::find(integer.begin(), integer.end(), n) != integer.end()));
  }
}

// Every finite value of an FP8 format in order, by walking its bits.
template <class F>
std::vector<float> fp8_values() {
  std::vector<float> v;
  for (int b = 0; b < 128; ++b) {
    const float x = F::from_bits(static_cast<std::uint8_t>(b));
    if (x == x && x != __builtin_huge_valf()) v.push_back(x);
  }
  return v;
}

TEST_CASE("wgmma: e4m3 and e5m2 round to nearest, ties to even, saturating (cvt.rn.satfinite)") {
  CHECK(e4m3::max_finite() == 448.0f);
  CHECK(e5m2::max_finite() == 57344.0f);
  CHECK(e4m3::from_bits(0x01) == 0x1p-9f);  // the smallest subnormal
  CHECK(e5m2::from_bits(0x01) == 0x1p-16f);
  CHECK(e4m3::to_bits(1.0f) == 0x38);
  CHECK(e5m2::to_bits(-2.0f) == 0xc0);
  CHECK(e4m3::to_bits(1e9f) == 0x7e);
  CHECK(e4m3::to_bits(__builtin_huge_valf()) == 0x7e);
  CHECK(e5m2::to_bits(-__builtin_huge_valf()) == 0xfb);
  CHECK(e4m3::from_bits(e4m3::to_bits(__builtin_nanf(""))) != e4m3::from_bits(e4m3::to_bits(__builtin_nanf(""))));
  const auto walk = [](auto format) {
    using F = decltype(format);
    const std::vector<float> v = fp8_values<F>();
    for (std::size_t i = 0; i < v.size(); ++i) {
      REQUIRE(F::round(v[i]) == v[i]);
      REQUIRE(F::round(-v[i]) == -v[i]);
      if (i + 1 == v.size()) break;
      const float lo = v[i], hi = v[i + 1], mid = (lo + hi) / 2;  // exact: few mantissa bits
      const bool lo_even = (F::to_bits(lo) & 1) == 0;
      REQUIRE(F::round(mid) == (lo_even ? lo : hi));
      REQUIRE(F::round(mid - (hi - lo) / 8) == lo);
      REQUIRE(F::round(mid + (hi - lo) / 8) == hi);
    }
  };
  walk(e4m3{});
  walk(e5m2{});
}

TEST_CASE("gmma descriptor: the bits are PTX's Matrix Descriptor Format") {
  const detail::gmma_fields f{0x12340, 0x400, 0x800, 5, gmma_swizzle::b64};
  const std::uint64_t bits = detail::encode_gmma(f);
  CHECK((bits & 0x3fff) == 0x1234);
  CHECK(((bits >> 16) & 0x3fff) == 0x40);
  CHECK(((bits >> 32) & 0x3fff) == 0x80);
  CHECK(((bits >> 49) & 7) == 5);
  CHECK((bits >> 62) == 2);
  const detail::gmma_fields g = detail::decode_gmma(bits);
  CHECK((g.start == f.start && g.leading == f.leading && g.stride == f.stride && g.base_offset == 5 && g.mode == gmma_swizzle::b64));
}

// The PTX ISA's worked examples of the canonical layouts ("Canonical Layouts", "Examples"), as
// stage types, and the element offsets the examples state.
TEST_CASE("gmma_operand: the PTX ISA's worked examples of canonical layouts") {
  SECTION("K-major, no swizzle, tf32: ((8,2),(4,4)):((4,32),(1,64)), LBO 256 B, SBO 128 B") {
    using stage = layout<shape<2, 8, 4, 4>, strides<32, 4, 64, 1>>;  // (m / 8, m % 8, k / 4, k % 4)
    using op = gmma_operand<stage, tf32, 2>;
    STATIC_REQUIRE(op::major == gmma_major::k);
    STATIC_REQUIRE(op::swizzle == gmma_swizzle::interleave);
    STATIC_REQUIRE(op::leading_byte_offset == 256);
    STATIC_REQUIRE(op::stride_byte_offset == 128);
    const auto d = op::descriptor(0, 0, 0);
    for (index_t m = 0; m < 16; ++m)
      for (index_t k = 0; k < 8; ++k) REQUIRE(gmma_element_address(d, m, k) == 4 * ((m % 8) * 4 + (m / 8) * 32 + (k % 4) + (k / 4) * 64));
  }
  SECTION("K-major, 32-byte swizzle, tf32: ((8,2),(4,4)):((8,64),(1,4)), SBO 256 B") {
    using stage = swizzled_t<contiguous<16, 8>, swizzle<1, 2, 3>>;
    using op = gmma_operand<stage, tf32>;
    STATIC_REQUIRE(op::swizzle == gmma_swizzle::b32);
    STATIC_REQUIRE(op::stride_byte_offset == 256);
    const auto d = op::descriptor(0, 0, 0);
    for (index_t m = 0; m < 16; ++m)
      for (index_t k = 0; k < 8; ++k) {
        const index_t byte = 4 * ((m % 8) * 8 + (m / 8) * 64 + k);
        REQUIRE(gmma_element_address(d, m, k) == (byte ^ (((byte >> 7) & 1) << 4)));
      }
  }
  SECTION("MN-major, no swizzle, bf16: ((8,1,2),(8,2)):((1,8,64),(8,128)), LBO 256 B, SBO 128 B") {
    using stage = layout<shape<2, 8, 2, 8>, strides<64, 1, 128, 8>>;  // (m / 8, m % 8, k / 8, k % 8)
    using op = gmma_operand<stage, bf16, 2>;
    STATIC_REQUIRE(op::major == gmma_major::mn);
    STATIC_REQUIRE(op::leading_byte_offset == 256);
    STATIC_REQUIRE(op::stride_byte_offset == 128);
    const auto d = op::descriptor(0, 0, 0);
    for (index_t m = 0; m < 16; ++m)
      for (index_t k = 0; k < 16; ++k) REQUIRE(gmma_element_address(d, m, k) == 2 * ((m % 8) + (m / 8) * 64 + (k % 8) * 8 + (k / 8) * 128));
  }
  SECTION("MN-major, 64-byte swizzle, bf16: ((8,4,2),(8,2)):((1,8,256),(32,512)), LBO 512 B, SBO 1024 B") {
    using stage = swizzled_t<layout<shape<2, 32, 2, 8>, strides<256, 1, 512, 32>>, swizzle<2, 3, 3>>;
    using op = gmma_operand<stage, bf16, 2>;
    STATIC_REQUIRE(op::major == gmma_major::mn);
    STATIC_REQUIRE(op::swizzle == gmma_swizzle::b64);
    STATIC_REQUIRE(op::leading_byte_offset == 512);
    STATIC_REQUIRE(op::stride_byte_offset == 1024);
    const auto d = op::descriptor(0, 0, 0);
    for (index_t m = 0; m < 64; ++m)
      for (index_t k = 0; k < 16; ++k) {
        const index_t byte = 2 * ((m % 32) + (m / 32) * 256 + (k % 8) * 32 + (k / 8) * 512);
        REQUIRE(gmma_element_address(d, m, k) == (byte ^ (((byte >> 7) & 3) << 4)));
      }
  }
}

// CuTe's make_gmma_desc on the first K block of tile_to_shape(atom, (MN, K)) for 16-bit types
// (atoms along MN first): the LBO and SBO it writes.
TEST_CASE("gmma_operand: LBO and SBO as CuTe's make_gmma_desc gives them") {
  // K-major: (MN, K) with the rows of one atom contiguous.
  STATIC_REQUIRE(gmma_operand<layout<shape<64, 8, 8>, strides<8, 512, 1>>, f16, 1>::leading_byte_offset == 1024);  // K INTER 64 x 64
  STATIC_REQUIRE(gmma_operand<layout<shape<64, 8, 8>, strides<8, 512, 1>>, f16, 1>::stride_byte_offset == 128);
  STATIC_REQUIRE(gmma_operand<swizzled_t<contiguous<64, 16>, swizzle<1, 3, 3>>, f16>::stride_byte_offset == 256);  // K SW32 64 x 16
  STATIC_REQUIRE(gmma_operand<swizzled_t<contiguous<64, 16>, swizzle<1, 3, 3>>, f16>::leading_byte_offset == 16);
  STATIC_REQUIRE(gmma_operand<swizzled_t<layout<shape<64, 2, 32>, strides<32, 2048, 1>>, swizzle<2, 3, 3>>, f16>::stride_byte_offset == 512);  // K SW64 64 x 64
  STATIC_REQUIRE(gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>::stride_byte_offset == 1024);  // K SW128 64 x 64
  // MN-major 128 x 64: (MN / atom, MN % atom, K / 8, K % 8).
  using mn_inter = gmma_operand<layout<shape<16, 8, 8, 8>, strides<64, 1, 1024, 8>>, f16, 2>;
  STATIC_REQUIRE((mn_inter::leading_byte_offset == 2048 && mn_inter::stride_byte_offset == 128));
  using mn_32 = gmma_operand<swizzled_t<layout<shape<8, 16, 8, 8>, strides<128, 1, 1024, 16>>, swizzle<1, 3, 3>>, f16, 2>;
  STATIC_REQUIRE((mn_32::leading_byte_offset == 256 && mn_32::stride_byte_offset == 2048));
  using mn_64 = gmma_operand<swizzled_t<layout<shape<4, 32, 8, 8>, strides<256, 1, 1024, 32>>, swizzle<2, 3, 3>>, f16, 2>;
  STATIC_REQUIRE((mn_64::leading_byte_offset == 512 && mn_64::stride_byte_offset == 2048));
  using mn_128 = gmma_operand<swizzled_t<layout<shape<2, 64, 8, 8>, strides<512, 1, 1024, 64>>, swizzle<3, 3, 3>>, f16, 2>;
  STATIC_REQUIRE((mn_128::leading_byte_offset == 1024 && mn_128::stride_byte_offset == 2048));
  // K steps and M blocks as CuTe's descriptor iterator adds them: the block's first element,
  // before the swizzle (K-major SW128: +32 B per K block, +8192 B for rows 64..; MN-major SW128:
  // +4096 B per K block of 16, +1024 B for rows 64..).
  using k_128 = gmma_operand<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, f16>;
  const auto start = [](auto d) { return detail::decode_gmma(d.bits).start; };
  CHECK(start(k_128::descriptor(1024, 0, 1)) == 1024 + 32);
  CHECK(start(k_128::descriptor(1024, 0, 3)) == 1024 + 96);
  CHECK(start(k_128::descriptor(1024, 64, 2)) == 1024 + 8192 + 64);
  CHECK(start(mn_128::descriptor(0, 0, 1)) == 4096);
  CHECK(start(mn_128::descriptor(0, 64, 0)) == 1024);
}

TEST_CASE("gmma_operand: a misplaced stage address, row or K block is a layout_error") {
  using op = gmma_operand<swizzled_t<contiguous<128, 64>, swizzle<3, 3, 3>>, f16>;
  STATIC_REQUIRE(op::alignment == 1024);
  CHECK_THROWS_WITH(op::descriptor(512), Catch::Contains("gmma_operand: stage address 512"));
  CHECK_THROWS_AS(op::descriptor(0, 4), layout_error);   // not a multiple of 8 rows
  CHECK_THROWS_AS(op::descriptor(0, 128), layout_error);  // past the stage
  CHECK_THROWS_AS(op::descriptor(0, 0, 4), layout_error);  // 4 K blocks of 16
  CHECK_NOTHROW(op::descriptor(2048, 120, 3));
}

// The host's image of shared memory and the elements a test writes into it.
struct shared_image {
  std::vector<unsigned char> bytes = std::vector<unsigned char>(64 * 1024);
  template <class Tag>
  void put(index_t byte, typename Tag::host_type v) {
    auto* p = bytes.data() + byte;
    if constexpr (Tag::bits == 8) {
      if constexpr (detail::is_fp8_v<Tag>) p[0] = Tag::to_bits(v);
      else p[0] = static_cast<unsigned char>(v);
    } else if constexpr (Tag::bits == 16) {
      const std::uint16_t h = Tag::to_bits(v);
      p[0] = static_cast<unsigned char>(h & 0xff), p[1] = static_cast<unsigned char>(h >> 8);
    } else {
      const auto u = __builtin_bit_cast(std::uint32_t, v);
      for (int i = 0; i < 4; ++i) p[i] = static_cast<unsigned char>(u >> (8 * i));
    }
  }
};

template <class Tag>
typename Tag::host_type random_value(std::mt19937& rng) {
  std::uniform_int_distribution<int> small(-4, 4);
  if constexpr (std::is_same_v<Tag, u8>) return static_cast<std::uint8_t>(small(rng) + 4);
  else return static_cast<typename Tag::host_type>(small(rng));
}

// D = A * B over a stage's K blocks through the SS twin against a naive loop: A's stage (64, K)
// and B's (N, K), each element written where its stage's layout puts it.
template <class Atom, class StageA, class StageB, std::size_t RowAxesB = 1>
void check_ss(index_t k_extent) {
  using A = typename Atom::a_type;
  using B = typename Atom::b_type;
  using op_a = gmma_operand<StageA, A>;
  using op_b = gmma_operand<StageB, B, RowAxesB>;
  constexpr index_t n = Atom::n;
  std::mt19937 rng(7);
  shared_image s;
  std::vector<typename A::host_type> a(static_cast<std::size_t>(64 * k_extent));
  std::vector<typename B::host_type> b(static_cast<std::size_t>(n * k_extent));
  const index_t b_base = 32 * 1024;
  const auto offset = [](auto stage, index_t r, index_t k, std::size_t row_axes) {
    (void)row_axes;
    if constexpr (decltype(stage)::rank == 2) return stage(r, k);
    else return stage(r / decltype(stage)::shape[1], r % decltype(stage)::shape[1], k / decltype(stage)::shape[3], k % decltype(stage)::shape[3]);
  };
  for (index_t m = 0; m < 64; ++m)
    for (index_t k = 0; k < k_extent; ++k) {
      a[static_cast<std::size_t>(m * k_extent + k)] = random_value<A>(rng);
      s.put<A>(StageA{}(m, k) * A::bits / 8, a[static_cast<std::size_t>(m * k_extent + k)]);
    }
  for (index_t c = 0; c < n; ++c)
    for (index_t k = 0; k < k_extent; ++k) {
      b[static_cast<std::size_t>(c * k_extent + k)] = random_value<B>(rng);
      s.put<B>(b_base + offset(StageB{}, c, k, RowAxesB) * B::bits / 8, b[static_cast<std::size_t>(c * k_extent + k)]);
    }
  typename Atom::c_warpgroup d{};
  for (index_t kb = 0; kb < k_extent / Atom::k; ++kb)
    Atom::host_fma(d, s.bytes.data(), s.bytes.size(), op_a::descriptor(0, 0, kb), op_b::descriptor(static_cast<std::uint32_t>(b_base), 0, kb), kb > 0);
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < n / 2; ++i) {
      const coordinate c = ptx_d(t, i);
      double expected = 0;
      for (index_t k = 0; k < k_extent; ++k)
        expected += static_cast<double>(a[static_cast<std::size_t>(c.row * k_extent + k)]) * static_cast<double>(b[static_cast<std::size_t>(c.column * k_extent + k)]);
      REQUIRE(static_cast<double>(d[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]) == expected);
    }
}

TEST_CASE("wgmma host twin: SS through the descriptors equals a naive loop") {
  SECTION("f16, A K-major 128-byte swizzle, B N-major 128-byte swizzle") {
    check_ss<wgmma_m64nNk16<64, f16, f16, f32>, swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, swizzled_t<layout<shape<64, 64>, strides<1, 64>>, swizzle<3, 3, 3>>>(64);
  }
  SECTION("bf16, both K-major 64-byte swizzle, N = 128 over two N atoms") {
    check_ss<wgmma_m64nNk16<128, bf16, bf16, f32>, swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>, swizzled_t<contiguous<128, 32>, swizzle<2, 3, 3>>>(32);
  }
  SECTION("f16 accumulator, B N-major interleaved core matrices over (N / 8, N % 8, K / 8, K % 8)") {
    check_ss<wgmma_m64nNk16<16, f16, f16, f16>, swizzled_t<contiguous<64, 32>, swizzle<2, 3, 3>>, layout<shape<2, 8, 4, 8>, strides<64, 1, 128, 8>>, 2>(32);
  }
  SECTION("tf32, K-major 128-byte swizzle") {
    check_ss<wgmma_m64nNk8<32, tf32, tf32, f32>, swizzled_t<contiguous<64, 32>, swizzle<3, 2, 3>>, swizzled_t<contiguous<32, 32>, swizzle<3, 2, 3>>>(32);
  }
  SECTION("e4m3 x e5m2 with f32, K-major 128-byte swizzle") {
    check_ss<wgmma_m64nNk32<24, e4m3, e5m2, f32>, swizzled_t<contiguous<64, 128>, swizzle<3, 4, 3>>, swizzled_t<contiguous<24, 128>, swizzle<3, 4, 3>>>(128);
  }
  SECTION("s8 x u8 with s32, K-major 32-byte swizzle") {
    check_ss<wgmma_m64nNk32<48, s8, u8, s32>, swizzled_t<contiguous<64, 32>, swizzle<1, 4, 3>>, swizzled_t<contiguous<48, 32>, swizzle<1, 4, 3>>>(32);
  }
}

TEST_CASE("wgmma host twin: RS, A from every thread's registers") {
  using atom = wgmma_m64nNk16<32, f16, f16, f32>;
  using stage_b = swizzled_t<contiguous<32, 16>, swizzle<1, 3, 3>>;
  using op_b = gmma_operand<stage_b, f16>;
  std::mt19937 rng(3);
  shared_image s;
  float a[64][16], b[32][16];
  atom::a_warpgroup fragments{};
  for (auto& row : a)
    for (float& x : row) x = random_value<f16>(rng);
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < 8; ++i) {
      const coordinate c = ptx_a(16, t, i);
      fragments[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] = a[c.row][c.column];
    }
  for (index_t n = 0; n < 32; ++n)
    for (index_t k = 0; k < 16; ++k) s.put<f16>(stage_b{}(n, k) * 2, b[n][k] = random_value<f16>(rng));
  atom::c_warpgroup d{};
  for (auto& values : d) values.fill(1.0f);
  atom::host_fma(d, fragments, s.bytes.data(), s.bytes.size(), op_b::descriptor(0), true);  // D += A * B
  for (index_t t = 0; t < 128; ++t)
    for (index_t i = 0; i < 16; ++i) {
      const coordinate c = ptx_d(t, i);
      float expected = 1.0f;
      for (index_t k = 0; k < 16; ++k) expected += a[c.row][k] * b[c.column][k];
      REQUIRE(d[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] == expected);
    }
}

TEST_CASE("wgmma host twin: a descriptor past the image is a layout_error") {
  using atom = wgmma_m64nNk16<64, f16, f16, f32>;
  using op = gmma_operand<swizzled_t<contiguous<64, 64>, swizzle<3, 3, 3>>, f16>;
  std::vector<unsigned char> small(4096);
  atom::c_warpgroup d{};
  CHECK_THROWS_WITH(atom::host_fma(d, small.data(), small.size(), op::descriptor(0), op::descriptor(0)), Catch::Contains("wgmma host_fma: the descriptor reaches shared byte"));
}

}  // namespace
