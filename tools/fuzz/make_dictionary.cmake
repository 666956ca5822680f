# Writes the expression fuzzer's dictionary (libFuzzer -dict): the grammar's tokens from
# tools/fuzz/expression.dict, then, from `strider --operations`, each operation's call as it
# starts ("name(" for a base, ".name(" for a view), its other names, and its example call. A new
# operation needs no edit here or in the grammar's file.
#   cmake -DSTRIDER=exe -DGRAMMAR=tools/fuzz/expression.dict -DOUT=file -P make_dictionary.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../tests/operation_calls.cmake)
file(READ ${GRAMMAR} grammar)
set(tokens "")
foreach(call IN LISTS calls)
  string(APPEND tokens "\"${call}\"\n")
endforeach()
# Other names: "... (also named: swapaxes swapdims)" at the end of a view's line.
string(REGEX MATCHALL "\\(also named: [a-z_0-9 ]+\\)" also "${listing}")
foreach(names IN LISTS also)
  string(REGEX REPLACE "^\\(also named: (.*)\\)$" "\\1" names "${names}")
  string(REPLACE " " ";" names "${names}")
  foreach(name IN LISTS names)
    string(APPEND tokens "\".${name}(\"\n")
  endforeach()
endforeach()
# Example calls: a line's text up to the two blanks before its summary, when it starts with a
# call (matched on the text: CMake's lists would take a line's brackets for their own).
string(REGEX MATCHALL "\n\\.?[a-z_0-9]+\\(([^ \n]| [^ \n])*" examples "\n${listing}")
foreach(example IN LISTS examples)
  string(STRIP "${example}" example)
  # libFuzzer's dictionary escapes: a backslash and a double quote.
  string(REPLACE "\\" "\\\\" example "${example}")
  string(REPLACE "\"" "\\\"" example "${example}")
  string(APPEND tokens "\"${example}\"\n")
endforeach()
file(WRITE ${OUT} "${grammar}# The operations, from strider --operations (tools/fuzz/make_dictionary.cmake).\n${tokens}")
list(LENGTH calls count)
message(STATUS "wrote ${OUT}: the grammar's tokens and ${count} operations")
