# The fuzzer's dictionary (tools/fuzz/expression.dict) names every operation of the core's
# operation table, as `strider --operations` lists it: "name(" for a base, ".name(" for a view.
#   cmake -DSTRIDER=exe -DDICT=file -P dict_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/operation_calls.cmake)
file(READ ${DICT} dict)
set(missing "")
foreach(call IN LISTS calls)
  string(FIND "${dict}" "\"${call}" at)
  if(at EQUAL -1)
    list(APPEND missing "${call}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "tools/fuzz/expression.dict lacks ${missing}")
endif()
message(STATUS "the dictionary names all ${count} operations with arguments in parentheses")
