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

# ThreadSanitizer cannot be combined with AddressSanitizer, so it is a preset of its own.
if(GRAPHLENS_TSAN)
  if(GRAPHLENS_SANITIZE)
    message(FATAL_ERROR "GRAPHLENS_TSAN and GRAPHLENS_SANITIZE cannot be combined")
  endif()
  # Debian's libprotobuf is not instrumented, and protobuf's map_field.h adds members to
  # MapFieldBase when __SANITIZE_THREAD__ is set: undefine it so our code keeps the library's
  # layout, and say "TSan" through our own macro (see Tensor::ownsBufferAlone).
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer -U__SANITIZE_THREAD__)
  add_compile_definitions(GRAPHLENS_TSAN=1)
  add_link_options(-fsanitize=thread)
endif()
