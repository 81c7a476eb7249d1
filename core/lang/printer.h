#pragma once
// Prints an AST back as readable Python source (PEP 8 spacing, minimal parentheses).
// parseModule(printModule(m)) yields the same AST (ignoring spans) and printing is idempotent.
#include <string>

#include "core/lang/ast.h"

namespace graphlens::lang {

std::string printModule(const Module* module);
std::string printStmt(const Stmt* stmt, int indent = 0); // with trailing newline
std::string printExpr(const Expr* expr);

// CPython ast.dump-like structural dump without spans, for tests and debugging:
//   Module(body=[Expr(value=Call(func=Name(id='f'), ...))])
std::string dumpAst(const Node* node);

} // namespace graphlens::lang
