// The copy tests again, compiled with -mavx2 (target strider_copy_avx2_tests) or -mavx512f
// -mavx512bw (strider_copy_avx512_tests): the copy engine's kernels for that target alone,
// without dispatch, and with AVX-512 its transposes (AVX-512BW's for 1- and 2-byte elements; the
// default build compiles SSE2's and AVX2's and chooses at run time, engine/isa.hpp). Skipped
// (exit 77) on a CPU without the instructions the target was compiled for.
#include <cstdio>

#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#if defined(__AVX512BW__)
#define STRIDER_TESTED_SIMD "avx512bw"
#elif defined(__AVX512F__)
#define STRIDER_TESTED_SIMD "avx512f"
#elif defined(__AVX2__)
#define STRIDER_TESTED_SIMD "avx2"
#else
#error "this target is compiled with -mavx2 or -mavx512f"
#endif

int main(int argc, char** argv) {
  __builtin_cpu_init();
  if (!__builtin_cpu_supports(STRIDER_TESTED_SIMD)) {
    std::puts("no " STRIDER_TESTED_SIMD " on this CPU: its copy kernels are not tested here");
    return 77;
  }
  return Catch::Session().run(argc, argv);
}
