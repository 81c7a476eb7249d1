# graphlens_embed_python(<target> <include dir> <file.py>...): each file.py becomes
# <binary dir>/gen/<include dir>/<file>_py.inc, a raw string literal of its text that the target's
# sources #include ("<include dir>/<file>_py.inc"). The Python halves of the modules stay .py files,
# reviewable and lintable as Python; editing one re-runs CMake, which rewrites only what changed.
function(graphlens_embed_python target include_dir)
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/gen)
  file(MAKE_DIRECTORY ${gen}/${include_dir})
  foreach(src ${ARGN})
    get_filename_component(py ${src} NAME_WE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
    file(READ ${src} PY_TEXT)
    file(WRITE ${gen}/${include_dir}/${py}_py.inc.tmp "R\"PYSRC(${PY_TEXT})PYSRC\"\n")
    configure_file(${gen}/${include_dir}/${py}_py.inc.tmp ${gen}/${include_dir}/${py}_py.inc COPYONLY)
  endforeach()
  target_include_directories(${target} PRIVATE ${gen})
endfunction()
