# The fuzzer's dictionary as tools/fuzz/make_dictionary.cmake writes it (the fuzz build's target
# strider_fuzz_dictionary): every line a comment or one quoted token in libFuzzer's escapes, and
# every operation that `strider --operations` lists named: "name(" for a base, ".name(" for a view.
#   cmake -DSTRIDER=exe -DGRAMMAR=tools/fuzz/expression.dict -DOUT=file -P dict_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/../fuzz/make_dictionary.cmake)
# On the text, not as a CMake list (a token's brackets would group its lines): what remains once
# the comment lines and the lines of one quoted token are gone is malformed.
file(READ ${OUT} dict)
string(REGEX REPLACE "(^|\n)#[^\n]*" "\n" rest "${dict}")
string(REGEX REPLACE "(^|\n)\"([^\"\\\n]|\\\\.)*\"(\n|$)" "\n" rest "${rest}")
string(REGEX REPLACE "(^|\n)\"([^\"\\\n]|\\\\.)*\"(\n|$)" "\n" rest "${rest}")
string(STRIP "${rest}" rest)
if(NOT rest STREQUAL "")
  message(FATAL_ERROR "${OUT}: lines that are not one quoted token (libFuzzer's escapes):\n${rest}")
endif()
set(missing "")
foreach(call IN LISTS calls)
  string(FIND "${dict}" "\"${call}" at)
  if(at EQUAL -1)
    list(APPEND missing "${call}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "${OUT} lacks ${missing}")
endif()
message(STATUS "the dictionary names all ${count} operations with arguments in parentheses")
