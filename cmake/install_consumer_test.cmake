# Installs this build into a scratch prefix, then configures, builds and runs the consumer project
# in examples/find_package against it (find_package(strider CONFIG COMPONENTS hana)). Then the
# same without Boost: strider configured with Boost hidden from CMake (as a project that uses it
# would, tests and examples off), installed into a clean prefix, and examples/find_package_core
# built against it with Boost hidden again; asking that install for the hana component must fail
# with a message that says why.
# Arguments: -DBUILD_DIR= -DSOURCE_DIR= -DWORK_DIR= -DCXX=
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/find_package -B ${WORK_DIR}/build -G Ninja
                        -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_CXX_COMPILER=${CXX} COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK_DIR}/build/consumer COMMAND_ERROR_IS_FATAL ANY)

set(no_boost -DCMAKE_DISABLE_FIND_PACKAGE_Boost=ON)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/core-build -G Ninja ${no_boost} -DCMAKE_CXX_COMPILER=${CXX}
                        -DSTRIDER_BUILD_TESTS=OFF -DSTRIDER_BUILD_EXAMPLES=OFF -DSTRIDER_BUILD_TOOLS=OFF -DSTRIDER_CUDA=OFF
                COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK_DIR}/core-build --prefix ${WORK_DIR}/core-prefix COMMAND_ERROR_IS_FATAL ANY)
file(GLOB_RECURSE hana_files ${WORK_DIR}/core-prefix/*hana-targets*.cmake)
if(hana_files)
  message(FATAL_ERROR "an install configured without Boost has the hana component: ${hana_files}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/find_package_core -B ${WORK_DIR}/core-consumer -G Ninja ${no_boost}
                        -DCMAKE_PREFIX_PATH=${WORK_DIR}/core-prefix -DCMAKE_CXX_COMPILER=${CXX} COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/core-consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK_DIR}/core-consumer/core_consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/find_package -B ${WORK_DIR}/hana-refused -G Ninja
                        -DCMAKE_PREFIX_PATH=${WORK_DIR}/core-prefix -DCMAKE_CXX_COMPILER=${CXX}
                RESULT_VARIABLE refused OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(refused EQUAL 0 OR NOT "${out}${err}" MATCHES "installed without the hana component")
  message(FATAL_ERROR "find_package(strider COMPONENTS hana) on an install without it: exit ${refused}\n${out}${err}")
endif()
message(STATUS "installed strider works with the hana component, and without Boost for strider::strider")
