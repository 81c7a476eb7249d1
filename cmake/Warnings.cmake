# Warnings for our own targets only: generated protobuf code and third-party headers stay quiet.
add_library(graphlens_warnings INTERFACE)
target_compile_options(graphlens_warnings INTERFACE
  -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local> -Wnon-virtual-dtor -Wcast-qual -Wformat=2
  -Wimplicit-fallthrough -Wno-missing-field-initializers)
if(GRAPHLENS_WERROR)
  target_compile_options(graphlens_warnings INTERFACE -Werror)
endif()

if(GRAPHLENS_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
