// Strided copies of float32 arrays into existing (preallocated, touched) storage: strider's
// copy_strided against memcpy of the same byte count (the limit), a naive loop over the logical
// index, Eigen (Tensor ops, Matrix::transpose) and xtensor (assignment of a view).
//
// GB/s = (bytes read + bytes written) / time = 2 * 4 * elements / time, the same definition for
// every column (numpy_copy.py uses it too). Run with
//   copy_benchmark --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// and read the medians. Before timing, every peer's result is checked against the naive loop.
#include <benchmark/benchmark.h>

#include <strider/core.hpp>
#include <strider/storage/copy.hpp>

#include <Eigen/Core>
#include <unsupported/Eigen/CXX11/Tensor>
#include <xtensor/xadapt.hpp>
#include <xtensor/xbroadcast.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xstrided_view.hpp>
#include <xtensor/xtensor.hpp>
#include <xtensor/xview.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using strider::dims;
using strider::dynamic_layout;
using strider::index_t;

namespace {

// Two buffers shared by every case, allocated and touched once (256 MiB each: the largest case).
constexpr std::size_t pool_bytes = std::size_t{256} << 20;

float* pool(int which) {
  static float* buffers[2] = {};
  if (buffers[which] == nullptr) {
    buffers[which] = static_cast<float*>(std::aligned_alloc(4096, pool_bytes));
    if (buffers[which] == nullptr) std::abort();
    const std::size_t n = pool_bytes / sizeof(float);
    for (std::size_t i = 0; i < n; ++i) buffers[which][i] = static_cast<float>(i % 100003);
  }
  return buffers[which];
}
float* src_pool() { return pool(0); }
float* dst_pool() { return pool(1); }

// The naive loop: nested loops over the logical index, offsets through the layouts' strides.
void naive_copy(const float* s, const dynamic_layout& sl, float* d, const dynamic_layout& dl) {
  const index_t so = sl.offset(), dof = dl.offset();
  switch (sl.rank()) {
    case 1:
      for (index_t i = 0; i < sl.extent(0); ++i) d[dof + i * dl.stride(0)] = s[so + i * sl.stride(0)];
      break;
    case 2:
      for (index_t i = 0; i < sl.extent(0); ++i)
        for (index_t j = 0; j < sl.extent(1); ++j) d[dof + i * dl.stride(0) + j * dl.stride(1)] = s[so + i * sl.stride(0) + j * sl.stride(1)];
      break;
    case 3:
      for (index_t i = 0; i < sl.extent(0); ++i)
        for (index_t j = 0; j < sl.extent(1); ++j)
          for (index_t k = 0; k < sl.extent(2); ++k)
            d[dof + i * dl.stride(0) + j * dl.stride(1) + k * dl.stride(2)] = s[so + i * sl.stride(0) + j * sl.stride(1) + k * sl.stride(2)];
      break;
    default:
      std::abort();
  }
}

using peer = std::function<void(const float*, float*)>;

struct copy_case {
  std::string name;
  dynamic_layout src, dst;
  peer eigen, eigen_matrix, xtensor;
  bool two_threads = false;  // also time strider with copy_options{2}
};

template <int Rank>
using tensor_map = Eigen::TensorMap<Eigen::Tensor<float, Rank, Eigen::RowMajor, Eigen::Index>>;
template <int Rank>
using const_tensor_map = Eigen::TensorMap<const Eigen::Tensor<float, Rank, Eigen::RowMajor, Eigen::Index>>;
using row_matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <std::size_t Rank>
auto xt_view_of(const float* p, std::size_t size, std::array<std::size_t, Rank> shape) {
  return xt::adapt(p, size, xt::no_ownership(), shape);
}
template <std::size_t Rank>
auto xt_view_of(float* p, std::size_t size, std::array<std::size_t, Rank> shape) {
  return xt::adapt(p, size, xt::no_ownership(), shape);
}

std::vector<copy_case> make_cases() {
  std::vector<copy_case> cases;
  for (const index_t n : {4096, 8192}) {
    copy_case c{"transpose_" + std::to_string(n), strider::transpose(dynamic_layout::contiguous({n, n}), 0, 1), dynamic_layout::contiguous({n, n}), {}, {}, {}};
    c.two_threads = true;
    const auto un = static_cast<std::size_t>(n);
    c.eigen = [n](const float* s, float* d) { tensor_map<2>(d, n, n) = const_tensor_map<2>(s, n, n).shuffle(std::array<int, 2>{1, 0}); };
    c.eigen_matrix = [n](const float* s, float* d) { Eigen::Map<row_matrix>(d, n, n).noalias() = Eigen::Map<const row_matrix>(s, n, n).transpose(); };
    c.xtensor = [un](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, un * un, {un, un});
      xt::noalias(dst) = xt::transpose(xt_view_of<2>(s, un * un, {un, un}));
    };
    cases.push_back(c);
  }
  for (const dims& perm : {dims{2, 0, 1}, dims{1, 0, 2}, dims{2, 1, 0}}) {
    constexpr index_t n = 256;
    constexpr std::size_t un = 256;
    const std::string name = "permute_" + std::to_string(perm[0]) + std::to_string(perm[1]) + std::to_string(perm[2]) + "_256";
    copy_case c{name, strider::permute(dynamic_layout::contiguous({n, n, n}), perm), dynamic_layout::contiguous({n, n, n}), {}, {}, {}};
    const std::array<int, 3> p{static_cast<int>(perm[0]), static_cast<int>(perm[1]), static_cast<int>(perm[2])};
    c.eigen = [p](const float* s, float* d) { tensor_map<3>(d, n, n, n) = const_tensor_map<3>(s, n, n, n).shuffle(p); };
    c.xtensor = [p](const float* s, float* d) {
      auto dst = xt_view_of<3>(d, un * un * un, {un, un, un});
      xt::noalias(dst) = xt::transpose(xt_view_of<3>(s, un * un * un, {un, un, un}), {std::size_t(p[0]), std::size_t(p[1]), std::size_t(p[2])});
    };
    cases.push_back(c);
  }
  {
    // An n x 3 matrix transposed (packed RGB to planes): three rows de-interleaved in registers.
    constexpr index_t rows = 1000000;
    constexpr std::size_t urows = 1000000;
    copy_case c{"transpose_1000000x3", strider::transpose(dynamic_layout::contiguous({rows, 3}), 0, 1), dynamic_layout::contiguous({3, rows}), {}, {}, {}};
    c.two_threads = true;
    c.eigen = [](const float* s, float* d) { tensor_map<2>(d, 3, rows) = const_tensor_map<2>(s, rows, 3).shuffle(std::array<int, 2>{1, 0}); };
    c.eigen_matrix = [](const float* s, float* d) { Eigen::Map<row_matrix>(d, 3, rows).noalias() = Eigen::Map<const row_matrix>(s, rows, 3).transpose(); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, urows * 3, {3, urows});
      xt::noalias(dst) = xt::transpose(xt_view_of<2>(s, urows * 3, {urows, 3}));
    };
    cases.push_back(c);
  }
  {
    // a[..., ::3] of 2048 x 3 x 4096: every third element of each row.
    constexpr index_t a = 2048, b = 3, w = 4096, kept = (w + 2) / 3;
    constexpr std::size_t ua = 2048, ub = 3, uw = 4096, ukept = (uw + 2) / 3;
    copy_case c{"slice_step3_2048x3x4096", strider::slice(dynamic_layout::contiguous({a, b, w}), "..., ::3"), dynamic_layout::contiguous({a, b, kept}), {}, {}, {}};
    c.two_threads = true;
    c.eigen = [](const float* s, float* d) { tensor_map<3>(d, a, b, kept) = const_tensor_map<3>(s, a, b, w).stride(std::array<Eigen::Index, 3>{1, 1, 3}); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<3>(d, ua * ub * ukept, {ua, ub, ukept});
      xt::noalias(dst) = xt::view(xt_view_of<3>(s, ua * ub * uw, {ua, ub, uw}), xt::all(), xt::all(), xt::range(0, w, 3));
    };
    cases.push_back(c);
  }
  constexpr index_t n = 8192;
  constexpr std::size_t un = 8192;
  {
    copy_case c{"slice_cols_step2", strider::slice(dynamic_layout::contiguous({n, n}), ":, ::2"), dynamic_layout::contiguous({n, n / 2}), {}, {}, {}};
    c.eigen = [](const float* s, float* d) { tensor_map<2>(d, n, n / 2) = const_tensor_map<2>(s, n, n).stride(std::array<Eigen::Index, 2>{1, 2}); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, un * un / 2, {un, un / 2});
      xt::noalias(dst) = xt::view(xt_view_of<2>(s, un * un, {un, un}), xt::all(), xt::range(0, n, 2));
    };
    cases.push_back(c);
  }
  {
    copy_case c{"slice_rows_step2", strider::slice(dynamic_layout::contiguous({n, n}), "::2, :"), dynamic_layout::contiguous({n / 2, n}), {}, {}, {}};
    c.eigen = [](const float* s, float* d) { tensor_map<2>(d, n / 2, n) = const_tensor_map<2>(s, n, n).stride(std::array<Eigen::Index, 2>{2, 1}); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, un * un / 2, {un / 2, un});
      xt::noalias(dst) = xt::view(xt_view_of<2>(s, un * un, {un, un}), xt::range(0, n, 2), xt::all());
    };
    cases.push_back(c);
  }
  {
    copy_case c{"broadcast_8192", strider::broadcast_to(dynamic_layout::contiguous({n}), {n, n}), dynamic_layout::contiguous({n, n}), {}, {}, {}};
    c.eigen = [](const float* s, float* d) { tensor_map<2>(d, n, n) = const_tensor_map<2>(s, 1, n).broadcast(std::array<Eigen::Index, 2>{n, 1}); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, un * un, {un, un});
      xt::noalias(dst) = xt::broadcast(xt_view_of<1>(s, un, {un}), std::array<std::size_t, 2>{un, un});
    };
    cases.push_back(c);
  }
  {
    copy_case c{"flip_last_8192", strider::flip(dynamic_layout::contiguous({n, n}), {1}), dynamic_layout::contiguous({n, n}), {}, {}, {}};
    c.eigen = [](const float* s, float* d) { tensor_map<2>(d, n, n) = const_tensor_map<2>(s, n, n).reverse(std::array<bool, 2>{false, true}); };
    c.xtensor = [](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, un * un, {un, un});
      xt::noalias(dst) = xt::flip(xt_view_of<2>(s, un * un, {un, un}), 1);
    };
    cases.push_back(c);
  }
  // Sliding windows (PyTorch unfold) of a 2^25-element signal: 256-sample windows every 128
  // samples (every element read twice), and 8-sample windows every 4.
  for (const auto [size, step] : {std::pair<index_t, index_t>{256, 128}, {8, 4}}) {
    constexpr index_t length = index_t{1} << 25;
    const auto src = strider::unfold(dynamic_layout::contiguous({length}), 0, size, step);
    copy_case c{"unfold_" + std::to_string(size) + "_" + std::to_string(step), src, dynamic_layout::contiguous(src.shape()), {}, {}, {}};
    const std::size_t windows = static_cast<std::size_t>(src.extent(0)), usize = static_cast<std::size_t>(size), ustep = static_cast<std::size_t>(step);
    c.xtensor = [=](const float* s, float* d) {
      auto dst = xt_view_of<2>(d, windows * usize, {windows, usize});
      auto signal = xt_view_of<1>(s, static_cast<std::size_t>(length), {static_cast<std::size_t>(length)});
      xt::noalias(dst) = xt::strided_view(signal, xt::svector<std::size_t>{windows, usize}, xt::svector<std::ptrdiff_t>{static_cast<std::ptrdiff_t>(ustep), 1}, 0, xt::layout_type::dynamic);
    };
    cases.push_back(c);
  }
  return cases;
}

double bytes_moved(const copy_case& c) { return 2.0 * static_cast<double>(c.dst.size()) * sizeof(float); }

void run_case(benchmark::State& state, const copy_case& c, const std::function<void(const float*, float*)>& copy) {
  const float* s = src_pool();
  float* d = dst_pool();
  for (auto _ : state) {
    copy(s, d);
    benchmark::DoNotOptimize(d);
    benchmark::ClobberMemory();
  }
  state.counters["GB/s"] = benchmark::Counter(bytes_moved(c) * static_cast<double>(state.iterations()) / 1e9, benchmark::Counter::kIsRate);
}

// Every peer must produce what the naive loop produces.
bool verify(const copy_case& c, const char* who, const peer& copy) {
  const std::size_t span = static_cast<std::size_t>(c.dst.required_span());
  float* d = dst_pool();
  naive_copy(src_pool(), c.src, d, c.dst);
  std::vector<float> expected(d, d + span);
  std::memset(d, 0, span * sizeof(float));
  copy(src_pool(), d);
  if (std::memcmp(expected.data(), d, span * sizeof(float)) == 0) return true;
  std::fprintf(stderr, "%s: %s differs from the naive loop\n", c.name.c_str(), who);
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  static const std::vector<copy_case> cases = make_cases();
  bool ok = true;
  for (const copy_case& c : cases) {
    if (static_cast<std::size_t>(c.src.required_span()) * sizeof(float) > pool_bytes || static_cast<std::size_t>(c.dst.required_span()) * sizeof(float) > pool_bytes) {
      std::fprintf(stderr, "%s does not fit the buffers\n", c.name.c_str());
      return 1;
    }
    ok &= verify(c, "strider", [&c](const float* s, float* d) { strider::copy_strided(s, c.src, d, c.dst); });
    if (c.two_threads) ok &= verify(c, "strider_2threads", [&c](const float* s, float* d) { strider::copy_strided(s, c.src, d, c.dst, {2}); });
    if (c.eigen) ok &= verify(c, "eigen", c.eigen);
    if (c.eigen_matrix) ok &= verify(c, "eigen_matrix", c.eigen_matrix);
    if (c.xtensor) ok &= verify(c, "xtensor", c.xtensor);
  }
  if (!ok) return 1;

  auto add = [](const copy_case& c, const std::string& who, peer copy) {
    benchmark::RegisterBenchmark((c.name + "/" + who).c_str(), [&c, copy](benchmark::State& state) { run_case(state, c, copy); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->MinTime(0.3);
  };
  for (const copy_case& c : cases) {
    add(c, "strider", [&c](const float* s, float* d) { strider::copy_strided(s, c.src, d, c.dst); });
    if (c.two_threads) add(c, "strider_2threads", [&c](const float* s, float* d) { strider::copy_strided(s, c.src, d, c.dst, {2}); });
    const std::size_t bytes = static_cast<std::size_t>(c.dst.size()) * sizeof(float);
    add(c, "memcpy", [bytes](const float* s, float* d) { std::memcpy(d, s, bytes); });
    add(c, "naive", [&c](const float* s, float* d) { naive_copy(s, c.src, d, c.dst); });
    if (c.eigen) add(c, "eigen", c.eigen);
    if (c.eigen_matrix) add(c, "eigen_matrix", c.eigen_matrix);
    if (c.xtensor) add(c, "xtensor", c.xtensor);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
