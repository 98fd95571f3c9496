# Runs PROGRAM with ARGS (separated by '|'), standard input from INPUT if given,
# through EMULATOR (separated by '|'; qemu-user for a cross build) if given, and
# checks its exit code (EXIT_CODE, default 0) and its output (stdout and
# stderr together) against the file EXPECTED, byte for byte.
#   cmake -DPROGRAM=... -DEXPECTED=... [-DARGS=...] [-DINPUT=...] [-DEXIT_CODE=n]
#         [-DEMULATOR=...] -P check_output.cmake
if(NOT DEFINED EXIT_CODE OR EXIT_CODE STREQUAL "")
  set(EXIT_CODE 0)
endif()
string(REPLACE "|" ";" ARGS "${ARGS}")
string(REPLACE "|" ";" EMULATOR "${EMULATOR}")
set(input_option)
if(INPUT)
  set(input_option INPUT_FILE ${INPUT})
endif()
execute_process(COMMAND ${EMULATOR} ${PROGRAM} ${ARGS}
  ${input_option}
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output
  RESULT_VARIABLE result)
file(READ ${EXPECTED} expected)
if(NOT result STREQUAL EXIT_CODE)
  message(FATAL_ERROR "${PROGRAM} exited with ${result}, expected ${EXIT_CODE}; output:\n${output}")
endif()
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "output of ${PROGRAM} ${ARGS} differs from ${EXPECTED}\n"
    "--- expected ---\n${expected}--- got ---\n${output}--- end ---")
endif()
message(STATUS "output matches ${EXPECTED}")
