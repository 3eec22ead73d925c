# Installs the tide build in BIN to a prefix, then configures, builds and runs test/consumer
# against it with find_package(tide). Run by ctest as find_package_consumer.
file(REMOVE_RECURSE ${BIN}/consumer_prefix ${BIN}/consumer_build)
foreach(step
    "${CMAKE_COMMAND};--install;${BIN};--prefix;${BIN}/consumer_prefix"
    "${CMAKE_COMMAND};-S;${SRC};-B;${BIN}/consumer_build;-DCMAKE_PREFIX_PATH=${BIN}/consumer_prefix;-DCMAKE_BUILD_TYPE=Release"
    "${CMAKE_COMMAND};--build;${BIN}/consumer_build"
    "${BIN}/consumer_build/tide_consumer")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "step failed (${rc}): ${step}\n${out}\n${err}")
  endif()
endforeach()
message(STATUS "${out}")
