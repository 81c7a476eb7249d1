#pragma once
// Scope analysis (like CPython's symtable): resolves every Name to local/cell/free/global/...
// slots and fills ScopeInfo on Module, FunctionDef, Lambda, ClassDef and comprehensions.
// parseModule() runs it unless ParseOptions::resolveNames is false; run it again after an AST
// transformation (it resets previous results).
#include "core/lang/ast.h"
#include "core/lang/syntax_error.h"

namespace graphlens::lang {

// Throws SyntaxError ("no binding for nonlocal 'x' found", ...).
void resolveNames(Module* module, const SourceFile& source);

} // namespace graphlens::lang
