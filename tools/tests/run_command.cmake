# Runs one command and checks it: cmake -DCOMMAND=word|word|... -DRC=status
#   [-DSTDOUT=regex] [-DSTDERR=regex] -P run_command.cmake
# ('|' separates the words, since the expressions under test contain ',' and spaces.) The regular
# expressions see each line end as '@' (a test's arguments cannot hold a newline portably), and
# CMake's regular expressions have no {n}: write repeated characters out.
string(REPLACE "|" ";" command "${COMMAND}")
execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REPLACE "\n" "@" out_lines "${out}")
string(REPLACE "\n" "@" err_lines "${err}")
set(report "command: ${COMMAND}\nexit status: ${rc}\n--- stdout ---\n${out}--- stderr ---\n${err}")
if(NOT rc STREQUAL RC)
  message(FATAL_ERROR "expected exit status ${RC}\n${report}")
endif()
if(NOT STDOUT STREQUAL "" AND NOT out_lines MATCHES "${STDOUT}")
  message(FATAL_ERROR "stdout does not match: ${STDOUT}\n${report}")
endif()
if(NOT STDERR STREQUAL "" AND NOT err_lines MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match: ${STDERR}\n${report}")
endif()
