#pragma once
// Shared pieces of the AutoGraph converter passes (autograph_*.cpp): node construction, the
// symbol namer and per-node annotations that later passes read.
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/function/autograph.h"
#include "core/lang/ast.h"

namespace graphlens::function::detail {

using namespace graphlens::lang;

// Thrown by a pass for a construct AutoGraph refuses.
struct Unsupported {
    ConversionError error;
};

// Builds generated nodes. They carry no source span (line 0): only nodes that came from the
// user's source have one, which is how the variables pass knows which loads to wrap in ag__.ld
// and how the line map is derived.
struct Gen {
    AstArena& arena;
    Name* name(const std::string& id, ExprContext ctx = ExprContext::Load);
    Attribute* attr(Expr* value, const std::string& a);
    Attribute* ag(const std::string& a) { return attr(name("ag__"), a); }
    Call* call(Expr* f, ExprList args, std::vector<Keyword> kw = {});
    Constant* str(const std::string& s);
    Constant* boolean(bool b);
    Constant* none();
    Constant* integer(int64_t i);
    Lambda* lambda0(Expr* body);
    Tuple* tuple(ExprList elts, ExprContext ctx = ExprContext::Load);
    UnaryOp* notOf(Expr* e);
    Assign* assign(Expr* target, Expr* value);
    ExprStmt* exprStmt(Expr* e);
    If* ifStmt(Expr* test, StmtList body, StmtList orelse = {});
    FunctionDef* def(const std::string& name, const std::vector<std::string>& params, StmtList body);
    Nonlocal* nonlocal(std::vector<std::string> names);
    Return* ret(Expr* value);
    Pass* pass();
    Expr* copyTarget(const Expr* target); // a fresh copy of a Name/Tuple/Attribute target tree
};

// AutoGraph's namer: `root`, then `root_1`, `root_2`, ... avoiding every name it generated
// before in this conversion, the function's global names and the referenced names given.
class Namer {
public:
    std::set<std::string> globals;
    std::set<std::string> generated;
    std::string newSymbol(const std::string& root, const std::set<std::string>& reserved);
};

struct Conversion {
    Gen gen;
    Namer namer;
    std::unordered_map<const Node*, Expr*> extraLoopTest;     // For -> `not break_` etc.
    std::unordered_map<const Node*, std::string> contextName; // FunctionDef/Lambda -> fscope
    // Loop -> set_loop_options arguments (the directives converter), in call order.
    std::unordered_map<const Node*, std::vector<std::pair<std::string, Expr*>>> loopOptions;
};

// Names read or written anywhere in a subtree (the namer's reserved set).
std::set<std::string> referencedNames(const Node* n);
std::set<std::string> referencedNames(const StmtList& body);

// Passes, in AutoGraph's order. `fn` is the function being converted (its body is rewritten).
void checkSupported(const Node* fn);
void functionsPass(Conversion& c, FunctionDef* fn, bool topLevel);
void directivesPass(Conversion& c, StmtList& body);
void breakPass(Conversion& c, StmtList& body);
void continuePass(Conversion& c, StmtList& body);
void returnPass(Conversion& c, FunctionDef* fn);
void callTreesPass(Conversion& c, FunctionDef* fn);
void controlFlowPass(Conversion& c, FunctionDef* fn);
void expressionsPass(Conversion& c, Node* fn); // conditional + logical expressions
void callTreesExpr(Conversion& c, Expr*& e, const std::string& contextName);
Call* conversionOptions(Gen& g); // ag__.ConversionOptions(...) of a user-requested conversion
void variablesPass(Conversion& c, FunctionDef* fn);

// ast.unparse-shaped text of a statement (what to_code returns).
std::string unparse(const Stmt* s);

// Visits every direct child expression slot of a node (statement or expression), letting `f`
// replace it. Does not descend; nested statement lists are not included.
template<class F> void forEachChildExpr(Node* n, F&& f);
// Statement lists directly inside a statement (body, orelse, handler bodies, finalbody).
std::vector<StmtList*> childBlocks(Stmt* s);

} // namespace graphlens::function::detail

#include "core/function/autograph_walk.inc"
