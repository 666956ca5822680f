// Register fragments and gemm (include/strider/atom/fragment.hpp) on the host: every thread's
// fragments copied from tiled_mma's partitions of row-major tiles, host_gemm (the twin of the
// device gemm) over all threads, the C fragments stored back through the partitions, against a
// naive triple loop over the same tiles. The values are small integers, so that every sum is exact
// in each accumulator type and the results compare for equality. Also: the conversions against the
// tags' own per-element ones, and copies through a masked tile.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <strider/atom/fragment.hpp>
#include <strider/storage/masked_view.hpp>
#include <strider/strider.hpp>

#include "catch.hpp"

namespace {
using namespace strider;

template <class Tag>
fragment_element_t<Tag> encode(int x) {
  if constexpr (Tag::bits == 16) return Tag::to_bits(static_cast<float>(x));
  else return static_cast<fragment_element_t<Tag>>(x);
}
template <class Tag>
double decode(fragment_element_t<Tag> e) {
  if constexpr (Tag::bits == 16) return Tag::from_bits(e);
  else return static_cast<double>(e);
}

template <class Mma>
void check_gemm() {
  using A = typename Mma::a_type;
  using B = typename Mma::b_type;
  using C = typename Mma::c_type;
  constexpr index_t M = Mma::tile_m, N = Mma::tile_n, K = Mma::tile_k, threads = Mma::threads;
  std::vector<fragment_element_t<A>> a(static_cast<std::size_t>(M * K));
  std::vector<fragment_element_t<B>> b(static_cast<std::size_t>(K * N));
  std::vector<fragment_element_t<C>> c(static_cast<std::size_t>(M * N)), out(static_cast<std::size_t>(M * N), encode<C>(-99));
  for (index_t i = 0; i < M * K; ++i) a[static_cast<std::size_t>(i)] = encode<A>(static_cast<int>((i * 7) % 5) - 2);
  for (index_t i = 0; i < K * N; ++i) b[static_cast<std::size_t>(i)] = encode<B>(static_cast<int>((i * 3) % 7) - 3);
  for (index_t i = 0; i < M * N; ++i) c[static_cast<std::size_t>(i)] = encode<C>(static_cast<int>(i % 9) - 4);
  const tensor_view<const fragment_element_t<A>, contiguous<M, K>> av(a);
  const tensor_view<const fragment_element_t<B>, contiguous<K, N>> bv(b);
  const tensor_view<const fragment_element_t<C>, contiguous<M, N>> cv(c);
  const tensor_view<fragment_element_t<C>, contiguous<M, N>> ov(out);
  std::vector<a_fragment_t<Mma>> fa(threads);
  std::vector<b_fragment_t<Mma>> fb(threads);
  std::vector<c_fragment_t<Mma>> fc(threads);
  for (index_t t = 0; t < threads; ++t) {
    fa[static_cast<std::size_t>(t)] = partition_fragment_a(Mma{});
    copy(Mma::partition_a(av, t), fa[static_cast<std::size_t>(t)]);
    copy(Mma::partition_b(bv, t), fb[static_cast<std::size_t>(t)]);
    copy(Mma::partition_c(cv, t), fc[static_cast<std::size_t>(t)]);
  }
  host_gemm(Mma{}, fa.data(), fb.data(), fc.data());
  for (index_t t = 0; t < threads; ++t) copy(fc[static_cast<std::size_t>(t)], Mma::partition_c(ov, t));
  int wrong = 0;
  for (index_t i = 0; i < M; ++i)
    for (index_t j = 0; j < N; ++j) {
      double expected = decode<C>(c[static_cast<std::size_t>(i * N + j)]);
      for (index_t k = 0; k < K; ++k) expected += decode<A>(a[static_cast<std::size_t>(i * K + k)]) * decode<B>(b[static_cast<std::size_t>(k * N + j)]);
      if (decode<C>(out[static_cast<std::size_t>(i * N + j)]) != expected) ++wrong;
    }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("gemm's twin over fragments copied from tiled_mma's partitions equals a naive product") {
  check_gemm<tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>>();
  check_gemm<tiled_mma<mma_m16n8k16<bf16, bf16, f32>, shape<1, 2>, shape<32, 32, 16>>>();
  check_gemm<tiled_mma<mma_m16n8k16<f16, f16, f16>, shape<2, 1>, shape<64, 16, 32>>>();
  check_gemm<tiled_mma<mma_m16n8k8<tf32, tf32, f32>, shape<1, 1>, shape<32, 16, 16>>>();
  check_gemm<tiled_mma<mma_m16n8k32<s8, s8, s32>, shape<1, 1>, shape<16, 16, 64>>>();
}

TEST_CASE("a fragment indexes its compact layout; partition_fragment_c has tiled_mma's shape") {
  fragment<float, contiguous<2, 4>> f{};
  f(1, 2) = 3.0f;
  CHECK(f[6] == 3.0f);
  fragment<int, column_major<2, 3>> g{};
  g(1, 2) = 5;
  CHECK(g[5] == 5);
  g.fill(2);
  CHECK(g[0] == 2);
  using mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<2, 2>, shape<64, 32, 32>>;
  static_assert(std::is_same_v<decltype(partition_fragment_c(mma{})), fragment<float, contiguous<2, 2, 4>>>);
  static_assert(std::is_same_v<decltype(partition_fragment_a(mma{})), fragment<std::uint16_t, contiguous<2, 2, 8>>>);
  static_assert(std::is_same_v<decltype(partition_fragment_b(mma{})), fragment<std::uint16_t, contiguous<2, 2, 4>>>);
}

TEST_CASE("convert: float fragments to f16 and bf16 bits as the tags convert each element, and back") {
  fragment<float, contiguous<7>> f{};
  const float values[7] = {1.0f, -2.0f, 3.14159f, 65504.0f, 70000.0f, 1e-8f, -0.0f};
  for (index_t v = 0; v < 7; ++v) f[v] = values[v];
  const auto h = convert<f16>(f);
  const auto bh = convert<bf16>(f);
  for (index_t v = 0; v < 7; ++v) {
    CHECK(h[v] == f16::to_bits(values[v]));
    CHECK(bh[v] == bf16::to_bits(values[v]));
  }
  CHECK(h[0] == 0x3c00);
  const auto back = convert<f32, f16>(h);
  for (index_t v = 0; v < 7; ++v) CHECK(back[v] == f16::from_bits(h[v]));
}

TEST_CASE("copies through a masked tile: zeros past the data, and stores skip it") {
  using mma = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<1, 1>, shape<16, 8, 16>>;
  using rows = layout<shape<dyn, dyn>, strides<dyn, 1>>;
  std::vector<std::uint16_t> a(20 * 20);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint16_t>(i + 1);
  const tensor_view<const std::uint16_t, rows> av(a.data(), rows(20, 20, 20));
  const auto tiles = tile<masked, 16, 16>(av);
  const auto block = tiles.tile(1, 1);  // rows and columns 16-31: only 16-19 in the data
  index_t zeros = 0, read = 0;
  for (index_t t = 0; t < 32; ++t) {
    auto frag = partition_fragment_a(mma{});
    frag.fill(7);
    const auto part = mma::partition_a(block, t);
    copy(part, frag);
    for (index_t v = 0; v < frag.size; ++v) {
      const auto e = mma::a_layout::element(t, v);  // C-order index in the 16 x 16 tile
      const index_t row = 16 + e / 16, column = 16 + e % 16;
      const std::uint16_t expected = row < 20 && column < 20 ? a[static_cast<std::size_t>(row * 20 + column)] : 0;
      CHECK(frag[v] == expected);
      (expected == 0 ? zeros : read) += 1;
    }
  }
  CHECK(read == 16);
  CHECK(zeros == 256 - 16);
  std::vector<float> c(20 * 20, -1.0f);
  const tensor_view<float, rows> cv(c.data(), rows(20, 20, 20));
  const auto c_block = tile<masked, 16, 8>(cv).tile(1, 2);  // rows 16-31, columns 16-23
  std::vector<float> expected(c);
  for (index_t t = 0; t < 32; ++t) {
    auto frag = partition_fragment_c(mma{});
    for (index_t v = 0; v < frag.size; ++v) {
      frag[v] = static_cast<float>(t * 100 + v);
      const index_t e = mma::c_layout::element(t, v), row = 16 + e / 8, column = 16 + e % 8;
      if (row < 20 && column < 20) expected[static_cast<std::size_t>(row * 20 + column)] = frag[v];
    }
    copy(frag, mma::partition_c(c_block, t));
  }
  CHECK(c == expected);
  CHECK(std::count(c.begin(), c.end(), -1.0f) == 400 - 16);
}

TEST_CASE("retile_as_a: an accumulator fragment as the next MMA's A operand holds what A's partition of the same tile holds") {
  // FlashAttention-2's S = Q K^T (64 x 64 by 4 warps along M) and O = P V (P: 64 x 64 as A).
  using qk = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<4, 1>, shape<64, 64, 16>>;
  using pv = tiled_mma<mma_m16n8k16<f16, f16, f32>, shape<4, 1>, shape<64, 64, 64>>;
  std::vector<float> s(64 * 64);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<float>(i) * 0.25f - 100.0f;
  std::vector<std::uint16_t> p_bits(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) p_bits[i] = f16::to_bits(s[i]);
  const tensor_view<const float, contiguous<64, 64>> sv(s);
  const tensor_view<const std::uint16_t, contiguous<64, 64>> pv_view(p_bits);
  for (index_t t = 0; t < qk::threads; ++t) {
    auto c = partition_fragment_c(qk{});
    copy(qk::partition_c(sv, t), c);
    const auto a = retile_as_a<pv, qk>(convert<f16>(c));
    static_assert(std::is_same_v<std::remove_const_t<decltype(a)>, a_fragment_t<pv>>);
    auto expected = partition_fragment_a(pv{});
    copy(pv::partition_a(pv_view, t), expected);
    for (index_t v = 0; v < expected.size; ++v) CHECK(a[v] == expected[v]);
  }
}
