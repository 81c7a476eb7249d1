# Everything comes from Debian packages (see Makefile `deps`), except the optional CUDA toolkit.
include(FeatureSummary)

find_package(Protobuf REQUIRED)
set_package_properties(Protobuf PROPERTIES TYPE REQUIRED PURPOSE "TensorFlow file formats")

find_package(Eigen3 3.3 REQUIRED NO_MODULE)
set_package_properties(Eigen3 PROPERTIES TYPE REQUIRED PURPOSE "CPU kernels")

find_package(PkgConfig REQUIRED)
pkg_check_modules(GVC REQUIRED IMPORTED_TARGET libgvc libcgraph)
# zlib: the inflate of deflated zip entries (.keras archives, core/graph/io/zip.cpp).
find_package(ZLIB REQUIRED)
pkg_check_modules(SNAPPY IMPORTED_TARGET snappy)
if(NOT SNAPPY_FOUND)
  find_library(SNAPPY_LIBRARY snappy REQUIRED)
  find_path(SNAPPY_INCLUDE_DIR snappy.h REQUIRED)
  add_library(PkgConfig::SNAPPY UNKNOWN IMPORTED)
  set_target_properties(PkgConfig::SNAPPY PROPERTIES IMPORTED_LOCATION ${SNAPPY_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${SNAPPY_INCLUDE_DIR})
endif()

find_package(Threads REQUIRED)

if(GRAPHLENS_BUILD_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Svg Charts Concurrent LinguistTools Test)
  set_package_properties(Qt6 PROPERTIES TYPE REQUIRED PURPOSE "The desktop application")
else()
  find_package(Qt6 6.4 QUIET COMPONENTS Core Test)
endif()

if(GRAPHLENS_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
endif()

find_package(CUDAToolkit QUIET)
set_package_properties(CUDAToolkit PROPERTIES TYPE OPTIONAL PURPOSE "GPU kernels and the CUPTI timeline")
