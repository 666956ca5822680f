// strider/engine/isa.hpp: the instruction sets of the copy kernels and which one a copy runs.
// The kernels (simd.hpp, kernels.hpp) are compiled once for the compiler's target: SSE2 (the
// x86-64 baseline), AVX2 for 4- and 8-byte elements where the target has it (AVX-512 for their
// transposes where it has that too), plain loops elsewhere or with STRIDER_COPY_PORTABLE. Where
// the target is x86-64 without AVX2 (g++ and clang++ with no -march, as most builds are), they
// are compiled a second time for AVX2 (STRIDER_COPY_DISPATCH), and each copy runs the AVX2
// kernels where the CPU has them (`copy_instruction_set`, decided once). The second set costs
// compile time in every file that copies (benchmarks/README.md); STRIDER_COPY_NO_DISPATCH leaves
// it out, and -mavx2 or -march=native makes it unnecessary.
#pragma once

#include <cstdlib>
#include <cstring>

// The SSE2 kernels need only <emmintrin.h>; <immintrin.h>, much larger, only where AVX2 kernels
// are compiled (by the target or for dispatch).
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(STRIDER_COPY_PORTABLE)
#include <emmintrin.h>
#define STRIDER_COPY_SSE2 1
#endif
#if defined(STRIDER_COPY_SSE2) && defined(__AVX2__)
#include <immintrin.h>
#define STRIDER_COPY_AVX2 1
#endif
// AVX-512 for the transposes only (a tile row is one 64-byte register, one cache line); the row
// kernels keep AVX2's registers.
#if defined(STRIDER_COPY_AVX2) && defined(__AVX512F__)
#define STRIDER_COPY_AVX512 1
#endif
// AVX-512BW's byte and word shuffles, for the transposes of 1- and 2-byte elements.
#if defined(STRIDER_COPY_AVX512) && defined(__AVX512BW__)
#define STRIDER_COPY_AVX512BW 1
#endif
// A loop over a tile's registers, unrolled whole: each register's index is then a constant, and
// the compiler keeps the registers in registers, where a loop left rolled (g++ 12 at -O2 leaves
// those of 8 and 16 registers rolled) puts every one through the stack. nvcc's front end rejects
// the pragma, and its host code keeps the loops.
#if defined(__CUDACC__) || !(defined(__GNUC__) || defined(__clang__))
#define STRIDER_COPY_UNROLL
#else
#define STRIDER_COPY_UNROLL _Pragma("GCC unroll 16")
#endif
// A second set of kernels for AVX2, chosen at run time: g++ and clang++ compile functions for an
// instruction set beyond the target's (#pragma GCC target, #pragma clang attribute). Not under
// nvcc, whose front end does not take those pragmas.
#if defined(STRIDER_COPY_SSE2) && !defined(STRIDER_COPY_AVX2) && !defined(STRIDER_COPY_NO_DISPATCH) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(__CUDACC__) && defined(__x86_64__)
#define STRIDER_COPY_DISPATCH 1
// Only AVX's and AVX2's intrinsics, not all of <immintrin.h> (which, with every AVX-512 header,
// costs a file that includes strider several times what these do: benchmarks/README.md). The
// two compilers' headers refuse to be included except from <immintrin.h>, by its include guard,
// which is set around them here and cleared after, so that a later <immintrin.h> is read whole
// (and skips these two by their own guards).
#include <smmintrin.h>
#if defined(__clang__) && !defined(__IMMINTRIN_H)
#define __IMMINTRIN_H
#include <avxintrin.h>
#include <avx2intrin.h>
#undef __IMMINTRIN_H
#elif !defined(__clang__) && !defined(_IMMINTRIN_H_INCLUDED)
#define _IMMINTRIN_H_INCLUDED
#include <avxintrin.h>
#include <avx2intrin.h>
#undef _IMMINTRIN_H_INCLUDED
#endif
#endif

namespace strider::detail::copy_engine {

/// The instruction sets of the copy kernels: none (plain loops), SSE2, AVX2, AVX2 with AVX-512
/// transposes.
enum class instruction_set { plain, sse2, avx2, avx512 };

/// The kernels compiled for the compiler's target.
inline constexpr instruction_set target_instruction_set =
#if defined(STRIDER_COPY_AVX512)
    instruction_set::avx512;
#elif defined(STRIDER_COPY_AVX2)
    instruction_set::avx2;
#elif defined(STRIDER_COPY_SSE2)
    instruction_set::sse2;
#else
    instruction_set::plain;
#endif

/// The kernels that copies run, decided at the first copy: with STRIDER_COPY_DISPATCH, AVX2's
/// where the CPU has AVX2 (and the OS saves its registers), unless the environment variable
/// STRIDER_COPY_ISA is `sse2` (the CI runs the copy tests so; other values are ignored);
/// otherwise the target's.
/// Example: built with `g++ -O2` (x86-64, SSE2) and run on a CPU with AVX2: `avx2`; the same
/// program run with STRIDER_COPY_ISA=sse2: `sse2`.
inline instruction_set copy_instruction_set() {
#if defined(STRIDER_COPY_DISPATCH)
  static const instruction_set chosen = [] {
    const char* limit = std::getenv("STRIDER_COPY_ISA");
    if (limit != nullptr && std::strcmp(limit, "sse2") == 0) return instruction_set::sse2;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? instruction_set::avx2 : instruction_set::sse2;
  }();
  return chosen;
#else
  return target_instruction_set;
#endif
}

}  // namespace strider::detail::copy_engine
