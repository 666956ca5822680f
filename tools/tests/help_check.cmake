# The command's --help names every operation that `strider --operations` lists, each once as a
# word, so that a new operation needs no edit here (the help's sections are checked by the
# help_sections test in command_tests.cmake).
#   cmake -DSTRIDER=exe -P help_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/operation_calls.cmake)
execute_process(COMMAND ${STRIDER} --help OUTPUT_VARIABLE help COMMAND_ERROR_IS_FATAL ANY)
set(missing "")
foreach(call IN LISTS calls)
  string(REGEX REPLACE "[.(]" "" name "${call}")
  # A word of the help: a name after a separator, then a separator or its parenthesis.
  if(NOT help MATCHES "(^|[ \n,])${name}([,.\n (]|$)")
    list(APPEND missing "${name}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "strider --help does not name ${missing}:\n${help}")
endif()
message(STATUS "--help names all ${count} operations that --operations lists")
