// Syntax errors: message, line and column (1-based offset) as CPython 3.11 reports them
// (expected values generated with compile() at authoring time, see error_cases.inc).
#include <catch2/catch.hpp>

#include "core/lang/parser.h"
#include "error_cases.inc"

using namespace graphlens::lang;

TEST_CASE("errors: messages and positions match CPython 3.11", "[lang][errors]") {
    int matched = 0;
    for (const ErrorCase& c : kErrorCases) {
        INFO("source:\n" << c.src);
        try {
            parseModule(c.src, "t.py");
            FAIL_CHECK("no SyntaxError raised; CPython: " << c.msg);
        } catch (const SyntaxError& e) {
            CHECK(std::string(e.typeName()) == c.type);
            CHECK(e.message() == c.msg);
            CHECK(int(e.line()) == c.line);
            CHECK(int(e.column()) == c.col);
            if (e.message() == c.msg && int(e.line()) == c.line && int(e.column()) == c.col) ++matched;
        }
    }
    CHECK(matched == int(sizeof(kErrorCases) / sizeof(kErrorCases[0])));
}

TEST_CASE("errors: a NUL byte anywhere is refused like CPython", "[lang][errors]") {
    // CPython 3.11: `python3 f.py` -> line of the NUL, its text up to the NUL, no caret.
    const std::string src = std::string("x = 1\ny = 2") + '\0' + "\nprint(y)\n";
    try {
        parseModule(src, "nul.py");
        FAIL("no SyntaxError");
    } catch (const SyntaxError& e) {
        CHECK(e.message() == "source code cannot contain null bytes");
        CHECK(e.line() == 2);
        CHECK(e.format() == "  File \"nul.py\", line 2\n    y = 2\nSyntaxError: source code cannot contain null bytes");
    }
}
