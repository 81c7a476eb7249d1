#include "core/graph/builtin_op_defs.h"

// The blob is pulled in with the assembler's .incbin so a large file costs no compile time.
#ifdef GRAPHLENS_OP_DEFS_FILE
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
#endif

namespace graphlens::graph {

std::string_view builtinOpDefsBlob() {
#ifdef GRAPHLENS_OP_DEFS_FILE
    return { graphlens_op_defs_begin, static_cast<size_t>(graphlens_op_defs_end - graphlens_op_defs_begin) };
#else
    return {};
#endif
}

} // namespace graphlens::graph
