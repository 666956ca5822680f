# The command's --help names every operation that `strider --operations` lists, each once as a
# word, so that a new operation needs no edit here (the help's sections are checked by the
# help_sections test in command_tests.cmake).
#   cmake -DSTRIDER=exe -P help_check.cmake
execute_process(COMMAND ${STRIDER} --operations OUTPUT_VARIABLE listing COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${STRIDER} --help OUTPUT_VARIABLE help COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "(^|\n)\\.?[a-z_0-9]+\\(" calls "${listing}")
list(LENGTH calls count)
if(count LESS 10)
  message(FATAL_ERROR "strider --operations listed ${count} calls:\n${listing}")
endif()
set(missing "")
foreach(call IN LISTS calls)
  string(REGEX REPLACE "[\n.(]" "" name "${call}")
  # A word of the help: a name after a separator, then a separator or its parenthesis.
  if(NOT help MATCHES "(^|[ \n,])${name}([,.\n (]|$)")
    list(APPEND missing "${name}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "strider --help does not name ${missing}:\n${help}")
endif()
message(STATUS "--help names all ${count} operations that --operations lists")
