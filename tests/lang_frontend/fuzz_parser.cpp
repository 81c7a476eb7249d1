// libFuzzer target for the core/lang front end: lexer + parser + scope pass + printer.
// Any input must either parse or raise SyntaxError; printing a parsed module must produce
// source that parses back to the same AST.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/lang/parser.h"
#include "core/lang/printer.h"

using namespace graphlens::lang;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 64 * 1024) return 0;
    std::string src(reinterpret_cast<const char*>(data), size);
    std::shared_ptr<ParsedModule> pm;
    try {
        pm = parseModule(src, "fuzz.py");
    } catch (const SyntaxError& e) {
        (void)e.format();
        return 0;
    }
    std::string printed = printModule(pm->module);
    std::shared_ptr<ParsedModule> again;
    try {
        again = parseModule(printed, "printed.py");
    } catch (const SyntaxError& e) {
        std::fprintf(stderr, "printed source does not parse: %s\n--- printed ---\n%s\n", e.what(), printed.c_str());
        std::abort();
    }
    if (dumpAst(again->module) != dumpAst(pm->module)) {
        std::fprintf(stderr, "round trip changed the AST\n--- printed ---\n%s\n", printed.c_str());
        std::abort();
    }
    return 0;
}
