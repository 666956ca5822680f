# `strider --emit-cpp --cute` must print CuTe C++ that compiles against CuTe's declarations, where
# `Int<v>` takes an int (`template <int v> using Int = C<v>`), with the extents and strides that
# `strider --info` reports (CuTe's mode 0 is strider's last axis). The stand-in below
# declares only what the emitted code names, with CuTe's parameter types; no CuTe code is used.
#   cmake -DSTRIDER=exe -DCXX=compiler -DWORK=dir -P emit_cute_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(expressions
  "contiguous(4, 8).T"
  "contiguous(2, 4294967296)"
  "layout((1, 4), (-9223372036854775808, 1), 0)"
  "layout((1, 1, 3), (9223372036854775807, -2147483648, 2147483647), 0)"
  "layout((3, 1), (2147483648, -2147483649), 0)"
  "contiguous(5)")
set(checks "")
set(i 0)
foreach(expression IN LISTS expressions)
  execute_process(COMMAND ${STRIDER} --emit-cpp --cute ${expression} RESULT_VARIABLE rc OUTPUT_VARIABLE emitted ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strider --emit-cpp --cute ${expression}: exit status ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${STRIDER} --info ${expression} RESULT_VARIABLE rc OUTPUT_VARIABLE info ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strider --info ${expression}: exit status ${rc}\n${err}")
  endif()
  string(STRIP "${emitted}" emitted)
  # "shape   (2, 4294967296)" and "strides (...)" as lists
  string(REGEX MATCH "shape +\\(([^)]*)\\)" unused "${info}")
  string(REPLACE ", " ";" shape "${CMAKE_MATCH_1}")
  string(REGEX MATCH "strides +\\(([^)]*)\\)" unused "${info}")
  string(REPLACE ", " ";" strides "${CMAKE_MATCH_1}")
  list(LENGTH shape rank)
  set(expected_shape "")
  set(expected_strides "")
  math(EXPR last "${rank} - 1")
  foreach(k RANGE ${last})
    math(EXPR d "${last} - ${k}")  # CuTe's mode k is axis rank - 1 - k
    list(GET shape ${d} e)
    list(GET strides ${d} s)
    string(REPLACE "," "" e "${e}")
    string(REPLACE "," "" s "${s}")
    if(s STREQUAL "-9223372036854775808")
      set(s "(-9223372036854775807 - 1)")
    endif()
    string(APPEND expected_shape "${e}, ")
    string(APPEND expected_strides "${s}, ")
  endforeach()
  string(APPEND checks "// ${expression}\nconstexpr auto layout_${i} = ${emitted};\nstatic_assert(same(layout_${i}, {${expected_shape}}, {${expected_strides}}), \"${i}\");\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE ${WORK}/emitted_cute.cpp "#include <cstdint>
using std::int64_t;
namespace cute {  // a stand-in with CuTe's parameter types: Int's value is an int
template <int v> struct C { static constexpr int64_t value = v; };
template <int v> using Int = C<v>;
template <class T> constexpr int64_t value_of(T t) { if constexpr (requires { T::value; }) return T::value; else return t; }
struct list { int64_t v[8] = {}; int n = 0; };
template <class... T> constexpr list make_shape(T... t) { return {{value_of(t)...}, sizeof...(T)}; }
template <class... T> constexpr list make_stride(T... t) { return {{value_of(t)...}, sizeof...(T)}; }
struct layout { list shape, stride; };
constexpr layout make_layout(list s, list d) { return {s, d}; }
template <class S, class D> constexpr layout make_layout(S s, D d) { return {{{value_of(s)}, 1}, {{value_of(d)}, 1}}; }
}  // namespace cute
constexpr bool same(const cute::layout& l, cute::list shape, cute::list stride) {
  for (int k = 0; k < 8; ++k)
    if (l.shape.v[k] != shape.v[k] || l.stride.v[k] != stride.v[k]) return false;
  return true;
}
${checks}int main() {}
")
execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only ${WORK}/emitted_cute.cpp RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the emitted CuTe C++ does not compile (${WORK}/emitted_cute.cpp):\n${err}")
endif()
message(STATUS "${i} layouts' CuTe C++ compiles with Int<int> and has their extents and strides")
