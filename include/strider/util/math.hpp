// strider/util/math.hpp: the few floating-point functions the pictures use (colours, cell and
// font sizes), as the compilers' builtins, which compute what <cmath>'s do: <cmath> would make
// every file that includes the tables compile C++17's special functions (std::cyl_bessel_j and
// the others), whose templates its inline functions instantiate.
#pragma once

namespace strider::detail::math {

inline double abs(double x) { return __builtin_fabs(x); }
inline double fmod(double x, double y) { return __builtin_fmod(x, y); }
inline long lround(double x) { return __builtin_lround(x); }
inline double sqrt(double x) { return __builtin_sqrt(x); }
inline double log(double x) { return __builtin_log(x); }
inline double ceil(double x) { return __builtin_ceil(x); }

}  // namespace strider::detail::math
