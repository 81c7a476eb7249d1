#pragma once
// AutoGraph for GraphLens: converts a Python function's AST the way TF 2.21's AutoGraph does
// (tf.autograph.to_code text, byte for byte on the recorded cases), and runs the converted code
// through the `ag__` runtime (core/function/python/ag_runtime.py). On Python values the runtime
// behaves like the original function; tensors plug in through the runtime's `_is_tensor`,
// `_stage_*` hooks (set by the embedder on the module returned by autographModule).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lang/ast.h"
#include "core/lang/value.h"

namespace graphlens::lang {
class Interpreter;
}

namespace graphlens::function {

// Why AutoGraph could not convert a function (TF raises and falls back to running it as is).
struct ConversionError {
    std::string type;    // TF's exception class, e.g. "UnsupportedLanguageElementError"
    std::string message; // e.g. "generators are not supported"
    uint32_t line = 0;   // source line of the offending construct (0 = unknown)
};

struct ConvertedCode {
    bool ok = false;
    ConversionError error;         // when !ok
    std::string code;              // what tf.autograph.to_code returns
    std::vector<uint32_t> lineMap; // lineMap[i] = source line of code line i+1; 0 = generated
    std::string name;              // "tf__<name>"
    // Runnable form: `def __ag_factory(ag__, <freevars>):` + the code indented one level; its
    // first statement defines tf__<name> (a def, or `tf__lam = lambda ...` for a lambda). Line L
    // of it is line L-1 of `code`.
    std::shared_ptr<lang::ParsedModule> runnable;
    const lang::Node* convertedDef = nullptr; // FunctionDef or Lambda inside `runnable`
};

struct ConvertOptions {
    std::vector<std::string> globalNames; // names in the function's globals (the namer avoids them)
    std::vector<std::string> freeVars;    // the original's free variables (become factory params)
};

// Converts the FunctionDef or Lambda node `def` of a parsed source file. The AST of `source` is
// re-parsed and transformed, `def` itself is left untouched.
ConvertedCode convertFunction(const lang::SourceFile& source, const lang::Node* def,
                              const ConvertOptions& options = {});

// to_code for a FuncObj (raises the conversion error as a Python exception). The result has
// code, lineMap and name; its runnable form stays inside the interpreter (not returned).
ConvertedCode toCode(lang::Interpreter& in, const lang::Value& pyFunction);

// The `ag__` module of this interpreter (built once, kept in its module table).
lang::Value autographModule(lang::Interpreter& in);

// tf__<name> for a user function: globals and shared closure cells of the original, `ag__`
// bound to autographModule(in). Cached per FunctionDef. Raises a Python exception
// (ag__.ConversionError subclass carrying TF's message and the line) when conversion fails.
lang::Value convertedFunction(lang::Interpreter& in, const lang::Value& pyFunction);

// Where a traceback entry stands in the user's code, as TF's "in user code:" frames show it: a
// line of converted code maps back to its source line and function (`converted`), a line of a
// user's file that ran as written is itself; the runtime's own code (preludes) has none.
struct UserLocation {
    std::shared_ptr<const lang::SourceFile> source;
    uint32_t line = 0;
    std::string function;
    bool converted = false;
};
std::optional<UserLocation> userLocation(lang::Interpreter& in, const lang::TracebackEntry& entry);

} // namespace graphlens::function
