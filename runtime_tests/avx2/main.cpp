// The copy tests again, compiled with -mavx2 so that the copy engine's AVX2 kernels run (the
// library's default build, and so the other test targets, compile its SSE2 path). Skipped
// (exit 77) on a CPU without AVX2.
#include <cstdio>

#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#if !defined(__AVX2__)
#error "this target is compiled with -mavx2"
#endif

int main(int argc, char** argv) {
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2")) {
    std::puts("no AVX2 on this CPU: the AVX2 copy kernels are not tested here");
    return 77;
  }
  return Catch::Session().run(argc, argv);
}
