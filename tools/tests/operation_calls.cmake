# The calls `strider --operations` lists, one per line ("name(" for a base, ".name(" for a view),
# as the list `calls`; shared by help_check.cmake and dict_check.cmake. Needs STRIDER.
execute_process(COMMAND ${STRIDER} --operations OUTPUT_VARIABLE listing COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCHALL "(^|\n)\\.?[a-z_0-9]+\\(" calls "${listing}")
list(TRANSFORM calls STRIP)
# CMake's MATCHALL takes `^` at each match's start, so a call inside a line (`contiguous(` in
# `thread_value(contiguous(`) is matched too: once each is enough.
list(REMOVE_DUPLICATES calls)
list(LENGTH calls count)
if(count LESS 10)
  message(FATAL_ERROR "strider --operations listed ${count} calls:\n${listing}")
endif()
