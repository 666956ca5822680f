# The indexing benchmark (included from benchmarks/CMakeLists.txt): a static-layout view against
# a raw pointer loop. Its figures are instruction counts from indexing_callgrind.sh, which builds
# the source itself with -O2 and -O3; this target checks that it builds and agrees with itself.
add_executable(indexing_benchmark ${CMAKE_CURRENT_LIST_DIR}/indexing_benchmark.cpp)
target_link_libraries(indexing_benchmark PRIVATE strider::strider strider_warnings)
