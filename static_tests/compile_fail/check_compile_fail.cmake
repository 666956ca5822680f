# cmake -DBUILD_DIR=<build folder> -DTARGET=<target> -DSOURCE=<source> -P check_compile_fail.cmake
# Builds TARGET and succeeds only when the build fails with output matching the regular expression
# on SOURCE's first line ("// expect: <regex>").
file(STRINGS ${SOURCE} first_line LIMIT_COUNT 1)
string(REGEX REPLACE "^// expect: " "" expected "${first_line}")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(status EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not (expected a diagnostic matching '${expected}')")
endif()
if(NOT output MATCHES "${expected}")
  message(FATAL_ERROR "${SOURCE} failed to compile, but without a diagnostic matching '${expected}':\n${output}")
endif()
# Where the expectation starts with an operation's name ("permute: ...", or "op::complement" for a
# check the algebra's operations share), the compiler's first error line or the source line under
# it must name that operation: the line a user reads first. A case whose call is an operator
# (element access) says so on its second line ("// operator: ...") and is not held to it.
file(STRINGS ${SOURCE} first_two LIMIT_COUNT 2)
list(GET first_two 1 second_line)
if(NOT second_line MATCHES "^// operator: " AND expected MATCHES "^(op::)?([a-z_0-9]+)(:|\\[)")
  set(operation ${CMAKE_MATCH_2})
  string(FIND "${output}" "error:" at)
  string(SUBSTRING "${output}" ${at} -1 from_error)
  string(REGEX MATCH "^[^\n]*\n[^\n]*" first_lines "${from_error}")
  string(FIND "${first_lines}" "${operation}" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "${SOURCE}: the first error line and the line under it do not name '${operation}':\n${first_lines}")
  endif()
endif()
message(STATUS "${TARGET}: the build failed as expected, with '${expected}'")
