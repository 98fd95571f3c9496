# Runs GENERATOR with PYTHON and fails unless its output equals HEADER.
execute_process(COMMAND ${PYTHON} ${GENERATOR} OUTPUT_VARIABLE generated RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed: ${status}")
endif()
file(READ ${HEADER} stored)
if(NOT generated STREQUAL stored)
  message(FATAL_ERROR "${HEADER} differs from what ${GENERATOR} writes: regenerate it")
endif()
