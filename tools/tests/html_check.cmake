# `strider explain --format html`: the page is well-formed (xmllint: XHTML, so XML), has one picture
# per step, and renders in headless Chromium (where installed) to a PNG of the window's size that is
# not blank (more than 20 KB).
#   cmake -DSTRIDER=exe -DXMLLINT=xmllint [-DCHROMIUM=chromium] -DWORK=dir -P html_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# Writes the page of `expression` to WORK/name.html, checks that it is well-formed and has
# `steps` pictures, and leaves its text in `page`.
function(check_page name expression steps)
  execute_process(COMMAND ${STRIDER} explain --format html -o ${WORK}/${name}.html ${expression} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strider explain --format html ${expression}: exit status ${rc}\n${err}")
  endif()
  execute_process(COMMAND ${XMLLINT} --noout ${WORK}/${name}.html RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${WORK}/${name}.html is not well-formed:\n${err}")
  endif()
  file(READ ${WORK}/${name}.html text)
  string(REGEX MATCHALL "<svg " pictures "${text}")
  list(LENGTH pictures count)
  if(NOT count EQUAL steps)
    message(FATAL_ERROR "${name}.html has ${count} pictures for ${steps} steps")
  endif()
  set(page "${text}" PARENT_SCOPE)
endfunction()
check_page(explain "contiguous(3, 4, 5)[1:, ::-1].permute(2, 0, 1).flip(0)" 4)
# A whole expression of threads and values: its layout arguments' steps, then the access drawn by
# bank (its own picture, not a layout's).
check_page(access "access(contiguous(32, 32), thread_value(contiguous(32, 1), contiguous(1, 32)), 4, 1, swizzle(5, 0, 5))" 4)
if(NOT page MATCHES "bank 0")
  message(FATAL_ERROR "access.html has no picture by bank")
endif()
# The page is bounded (max_explain_page_bytes of pictures, util/limits.hpp): twenty transposes of a
# 256 x 256 layout draw two pictures of about 15 MB each, and the later steps say their picture is
# left out, their text kept.
set(transposes "contiguous(256, 256)")
foreach(k RANGE 1 20)
  string(APPEND transposes ".T")
endforeach()
execute_process(COMMAND ${STRIDER} explain --format html -o ${WORK}/bounded.html ${transposes} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "strider explain --format html ${transposes}: exit status ${rc}\n${err}")
endif()
file(SIZE ${WORK}/bounded.html bytes)
if(bytes GREATER 34603008)  # 33 MiB: the pictures' 32 MiB and the text of 21 steps
  message(FATAL_ERROR "bounded.html has ${bytes} bytes, past max_explain_page_bytes and its text")
endif()
file(STRINGS ${WORK}/bounded.html left_out REGEX "picture left out: with it, the page's pictures would pass max_explain_page_bytes, 33554432 bytes")
list(LENGTH left_out left_out_count)
file(STRINGS ${WORK}/bounded.html sections REGEX "<h2>")
list(LENGTH sections section_count)
if(left_out_count LESS 17 OR NOT section_count EQUAL 21)
  message(FATAL_ERROR "bounded.html: ${section_count} steps, ${left_out_count} pictures left out (expected 21 steps, at least 17 left out)")
endif()
file(REMOVE ${WORK}/bounded.html)

if(CHROMIUM)
  execute_process(COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2400
                          --screenshot=${WORK}/explain.png file://${WORK}/explain.html
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET TIMEOUT 120)
  if(NOT EXISTS ${WORK}/explain.png)
    message(FATAL_ERROR "headless Chromium wrote no screenshot (exit status ${rc})")
  endif()
  file(SIZE ${WORK}/explain.png bytes)
  # The PNG header's width and height (bytes 16-23, big-endian).
  file(READ ${WORK}/explain.png header LIMIT 24 HEX)
  string(SUBSTRING "${header}" 32 8 width_hex)
  string(SUBSTRING "${header}" 40 8 height_hex)
  math(EXPR width "0x${width_hex}")
  math(EXPR height "0x${height_hex}")
  if(bytes LESS 20000 OR NOT width EQUAL 1280 OR NOT height EQUAL 2400)
    message(FATAL_ERROR "explain.png: ${bytes} bytes, ${width} x ${height} (expected more than 20000 bytes, 1280 x 2400)")
  endif()
  message(STATUS "explain.html: well-formed, 4 pictures, rendered to ${bytes} bytes of PNG")
else()
  message(STATUS "explain.html: well-formed, 4 pictures (no Chromium: not rendered)")
endif()
