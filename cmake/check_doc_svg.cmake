# Draws contiguous(8, 8).tile(2, 4) with the strider command and compares it with the picture
# in docs (docs/tiling.svg), so that the page shows what the command draws today.
execute_process(COMMAND ${COMMAND} --format svg "contiguous(8, 8).tile(2, 4)" -o ${WORK} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "strider --format svg failed (${status})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK} ${EXPECTED} RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "${EXPECTED} is not what the command draws; regenerate it with: strider --format svg \"contiguous(8, 8).tile(2, 4)\" -o docs/tiling.svg")
endif()
