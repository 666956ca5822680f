// A statically shaped kernel: a strided 1-D convolution over every row of a batch, written
// against layouts the compiler resolved. The windows are a view (unfold_t) of the input, so no
// im2col buffer is built; every index below is a compile-time constant loop bound and every
// offset a multiply-add with constant strides.
#include <array>
#include <cstdio>
#include <strider/static.hpp>

namespace {
using namespace strider;

constexpr index_t batch = 4, length = 32, taps = 5, step = 3;
using signal = contiguous<batch, length>;
// windows[b, w, k] = signal[b, w * step + k]: shape (4, 10, 5), strides (32, 3, 1).
using windows = unfold_t<signal, 1, taps, step>;
static_assert(windows::shape == std::array<index_t, 3>{batch, (length - taps) / step + 1, taps});
static_assert(windows::is_unique == (step >= taps));  // overlapping windows share elements
using output = contiguous<batch, windows::shape[1]>;

void convolve(const float* in, const std::array<float, taps>& filter, float* out) {
  for (index_t b = 0; b < windows::shape[0]; ++b)
    for (index_t w = 0; w < windows::shape[1]; ++w) {
      float acc = 0;
      for (index_t k = 0; k < taps; ++k) acc += filter[k] * in[windows{}(b, w, k)];
      out[output{}(b, w)] = acc;
    }
}
}  // namespace

int main() {
  std::array<float, signal::required_span> in{};
  for (index_t i = 0; i < signal::size; ++i) in[i] = static_cast<float>((i * 7) % 11) - 5.0f;
  const std::array<float, taps> filter{0.5f, -1.0f, 2.0f, -1.0f, 0.5f};
  std::array<float, output::required_span> out{};
  convolve(in.data(), filter, out.data());

  // The same convolution by hand, with the index arithmetic written out.
  int mismatches = 0;
  for (index_t b = 0; b < batch; ++b)
    for (index_t w = 0; w < output::shape[1]; ++w) {
      float acc = 0;
      for (index_t k = 0; k < taps; ++k) acc += filter[k] * in[b * length + w * step + k];
      if (acc != out[b * output::shape[1] + w]) ++mismatches;
    }
  std::printf("conv1d over %lld windows of %lld taps per row: %s\n", static_cast<long long>(output::shape[1]),
              static_cast<long long>(taps), mismatches == 0 ? "matches the hand-written loop" : "MISMATCH");
  return mismatches == 0 ? 0 : 1;
}
