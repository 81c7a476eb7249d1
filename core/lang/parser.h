#pragma once
// Parsing entry points. All throw graphlens::lang::SyntaxError on bad input.
#include <memory>
#include <string>
#include <string_view>

#include "core/lang/ast.h"
#include "core/lang/syntax_error.h"

namespace graphlens::lang {

struct ParseOptions {
    bool resolveNames = true; // run the scope pass (scope.h) after parsing
    // CPython's int max str digits (sys.set_int_max_str_digits; 0: no limit): a decimal integer
    // literal with more digits is a SyntaxError, as in CPython 3.11.
    int64_t intMaxStrDigits = 4300;
};

// Parses a whole file (CPython's "exec" mode).
std::shared_ptr<ParsedModule> parseModule(std::string_view source, const std::string& filename = "<string>",
                                          const ParseOptions& options = {});

// Parses a single expression (CPython's "eval" mode); the result is a Module whose body is one
// ExprStmt. Names are resolved as at module level.
std::shared_ptr<ParsedModule> parseExpression(std::string_view source, const std::string& filename = "<string>",
                                              const ParseOptions& options = {});

} // namespace graphlens::lang
