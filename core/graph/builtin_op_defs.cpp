#include "core/graph/builtin_op_defs.h"

// The blob is pulled in with the assembler's .incbin so a large file costs no compile time.
#ifndef GRAPHLENS_OP_DEFS_FILE
#error "GRAPHLENS_OP_DEFS_FILE (core/graph/data/tf_op_defs.binpb) is set by core/graph/CMakeLists.txt"
#endif
__asm__(".section .rodata\n"
        ".global graphlens_op_defs_begin\n"
        ".balign 16\n"
        "graphlens_op_defs_begin:\n"
        ".incbin \"" GRAPHLENS_OP_DEFS_FILE "\"\n"
        ".global graphlens_op_defs_end\n"
        "graphlens_op_defs_end:\n"
        ".previous\n");
extern "C" const char graphlens_op_defs_begin[];
extern "C" const char graphlens_op_defs_end[];

namespace graphlens::graph {

std::string_view builtinOpDefsBlob() {
    return { graphlens_op_defs_begin, static_cast<size_t>(graphlens_op_defs_end - graphlens_op_defs_begin) };
}

} // namespace graphlens::graph
