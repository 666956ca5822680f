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
message(STATUS "${TARGET}: the build failed as expected, with '${expected}'")
