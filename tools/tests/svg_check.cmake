# `strider --format svg` for every expression of EXPRESSIONS (the part before ' ## '), plus a
# large, an empty and a rank-0 layout, and thread-value layouts; each picture must be well-formed XML (xmllint --noout).
#   cmake -DSTRIDER=exe -DXMLLINT=xmllint -DEXPRESSIONS=file -DWORK=dir -P svg_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(STRINGS ${EXPRESSIONS} lines)
list(APPEND lines "contiguous(64, 64)" "contiguous(64, 64)[::2, 1::3].transpose(0, 1)" "contiguous(2, 0, 3)" "contiguous()"
     "contiguous(3, 4)[None].broadcast_to(2, 2, 3, 4)" "thread_value(contiguous(16, 16), contiguous(4, 4))"
     "thread_value(contiguous(2, 2, 2), contiguous(1, 2, 2), interleaved)" "as_thread_value(layout((4, 2), (0, 1)), 1, 2, replicated)"
     "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4)" "access(contiguous(2, 4, 8), thread_value(contiguous(2, 4, 2), contiguous(1, 1, 4)), 4, swizzle(1, 2, 3))")
set(i 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^#" OR line STREQUAL "")
    continue()
  endif()
  string(REGEX REPLACE " ## .*" "" expression "${line}")
  execute_process(COMMAND ${STRIDER} --format svg -o ${WORK}/layout${i}.svg ${expression} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strider --format svg ${expression}: exit status ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${XMLLINT} --noout ${WORK}/layout${i}.svg RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${WORK}/layout${i}.svg (${expression}) is not well-formed:\n${err}")
  endif()
  math(EXPR i "${i} + 1")
endforeach()
message(STATUS "${i} pictures are well-formed")
