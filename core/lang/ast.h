#pragma once
// The GraphLens Python-subset AST.
//
// Shape: it mirrors CPython's `ast` module (node kinds and field names, camelCased where the
// Python name is snake_case: decorator_list -> decoratorList, kw_defaults -> kwDefaults, ...).
//
// Design for a fast tree-walking interpreter:
//  * Every node is a plain struct deriving from Node (no vtable). `Node::kind` says which struct it
//    is; dispatch with `switch (n->kind)` and `static_cast<const BinOp*>(n)` (or `as<BinOp>(n)`,
//    which asserts the kind in debug builds).
//  * Nodes live in an AstArena owned by the ParsedModule (parser.h); child links are raw pointers
//    into that arena. A node stays valid as long as its ParsedModule (held by shared_ptr) lives.
//    Transformations (AutoGraph) allocate new nodes from the same arena and relink pointers.
//  * Every node keeps its exact source span (Span): 1-based lines, 0-based UTF-8 *byte* columns
//    (like CPython's ast col_offset / end_col_offset) and byte offsets into the source.
//  * After parsing, the scope pass (scope.h, run by parse() unless disabled) fills in
//    Name::scope/slot, Arg::slot, ExceptHandler::scope/slot, Alias/ImportFrom binding info,
//    FunctionDef/ClassDef/... `scope` (ScopeInfo: local slot layout, cellvars, freevars).
//
// Frame layout contract with the interpreter (like CPython's fast locals + cells):
//  * locals[0 .. scope.localNames.size()): parameters first, in the order posonlyargs, args,
//    vararg, kwonlyargs, kwarg; then other locals in first-binding order.
//  * cells[0 .. cellvars.size()+freevars.size()): cellvars first, then freevars.
//    A NameScope::Cell or NameScope::Free name's `slot` indexes this cell array.
//  * A parameter that is also a cellvar gets its local slot as usual; on entry the interpreter
//    copies it into a fresh cell (ScopeInfo::cellParamSlots[i] is that local slot, -1 otherwise),
//    and every use in the body is NameScope::Cell.
//  * When a FunctionDef/Lambda/ClassDef/comprehension is evaluated, its closure is built from the
//    *enclosing* frame's cells: ScopeInfo::freeVarSources[i] is the enclosing scope's cell-array
//    index for freevars[i].
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace graphlens::lang {

struct Span {
    uint32_t line = 0;      // 1-based
    uint32_t col = 0;       // 0-based, UTF-8 bytes within the line
    uint32_t endLine = 0;   // 1-based
    uint32_t endCol = 0;    // 0-based, exclusive, UTF-8 bytes
    uint32_t offset = 0;    // byte offset of the first byte in the source
    uint32_t endOffset = 0; // byte offset one past the last byte
};

enum class NodeKind : uint8_t {
    // module
    Module,
    // statements
    FunctionDef,
    ClassDef,
    Return,
    Delete,
    Assign,
    AugAssign,
    AnnAssign,
    For,
    While,
    If,
    With,
    Raise,
    Try,
    Assert,
    Import,
    ImportFrom,
    Global,
    Nonlocal,
    ExprStmt,
    Pass,
    Break,
    Continue,
    // expressions
    BoolOp,
    NamedExpr,
    BinOp,
    UnaryOp,
    Lambda,
    IfExp,
    Dict,
    Set,
    ListComp,
    SetComp,
    DictComp,
    GeneratorExp,
    Yield,
    YieldFrom,
    Compare,
    Call,
    FormattedValue,
    JoinedStr,
    Constant,
    Attribute,
    Subscript,
    Starred,
    Name,
    List,
    Tuple,
    Slice,
};
const char* nodeKindName(NodeKind k); // "FunctionDef", "Expr" for ExprStmt, ...

inline bool isStmtKind(NodeKind k) {
    return k >= NodeKind::FunctionDef && k <= NodeKind::Continue;
}
inline bool isExprKind(NodeKind k) {
    return k >= NodeKind::BoolOp;
}

struct Node {
    NodeKind kind;
    Span span;
    // Free for the interpreter / later passes (inline caches, compiled forms). Never touched by
    // the front end.
    mutable void* userData = nullptr;
    mutable void (*userDataRelease)(void*) = nullptr; // frees userData with the node

protected:
    explicit Node(NodeKind k)
        : kind(k) { }
    // A copy is a new node: the interpreter's caches stay with the original.
    Node(const Node& o)
        : kind(o.kind)
        , span(o.span) { }
    Node& operator=(const Node& o) {
        kind = o.kind;
        span = o.span;
        return *this;
    }
    ~Node() {
        if (userDataRelease) userDataRelease(userData);
    }
};

struct Expr : Node {
protected:
    using Node::Node;
};
struct Stmt : Node {
protected:
    using Node::Node;
};

template<class T> inline T* as(Node* n) {
    assert(n && n->kind == T::Kind);
    return static_cast<T*>(n);
}
template<class T> inline const T* as(const Node* n) {
    assert(n && n->kind == T::Kind);
    return static_cast<const T*>(n);
}
template<class T> inline bool is(const Node* n) {
    return n && n->kind == T::Kind;
}

using ExprList = std::vector<Expr*>;
using StmtList = std::vector<Stmt*>;

// ---------------------------------------------------------------------------------------------
// Enums

enum class ExprContext : uint8_t { Load, Store, Del };
enum class BoolOpKind : uint8_t { And, Or };
enum class BinOpKind : uint8_t {
    Add,
    Sub,
    Mult,
    MatMult,
    Div,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
    FloorDiv
};
enum class UnaryOpKind : uint8_t { Invert, Not, UAdd, USub };
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

const char* binOpSymbol(BinOpKind k);     // "+", "//", ...
const char* unaryOpSymbol(UnaryOpKind k); // "~", "not", "+", "-"
const char* cmpOpSymbol(CmpOpKind k);     // "==", "is not", "not in", ...
const char* binOpName(BinOpKind k);       // "Add", ... (CPython ast names)
const char* cmpOpName(CmpOpKind k);
const char* unaryOpName(UnaryOpKind k);

// ---------------------------------------------------------------------------------------------
// Name resolution (filled by the scope pass)

enum class NameScope : uint8_t {
    Unresolved,     // scope pass not run
    Local,          // fast local: frame locals[slot]
    Cell,           // local of this scope captured by an inner scope: frame cells[slot]
    Free,           // variable of an enclosing function scope: frame cells[slot]
    GlobalExplicit, // declared `global`: globals dict; loads fall back to builtins
    GlobalImplicit, // not bound in any function scope, and every module-level name (load and
                    // store): globals dict, then builtins
    ClassName,      // in a class body: class namespace dict, then globals, then builtins
    ClassDeref,     // in a class body, a free variable of an enclosing function: class
                    // namespace dict first, then cells[slot]
};
const char* nameScopeName(NameScope s);

enum class ScopeKind : uint8_t { Module, Function, Lambda, Class, Comprehension };

struct ScopeInfo {
    ScopeKind kind = ScopeKind::Module;
    std::vector<std::string> localNames; // fast-local slot -> name (params first)
    std::vector<std::string> cellvars;   // cell index -> name
    std::vector<int> cellParamSlots;     // per cellvar: local slot of the parameter it is
                                         // initialised from on entry, or -1
    std::vector<std::string> freevars;   // cell index cellvars.size()+i -> name
    std::vector<int> freeVarSources;     // per freevar: cell index in the enclosing scope
    std::vector<std::string> explicitGlobals;
    bool isGenerator = false;  // contains yield / yield from (functions, lambdas)
    bool hasClassCell = false; // class scope: has a `__class__` cell (zero-arg super);
                               // it is cellvars[classCellIndex]
    int classCellIndex = -1;
    bool hasAnnotations = false;    // module/class scope: an annotated assignment (CPython's SETUP_ANNOTATIONS)
    bool futureAnnotations = false; // under `from __future__ import annotations`: annotations stay strings
    int numLocals() const { return int(localNames.size()); }
    int numCells() const { return int(cellvars.size() + freevars.size()); }
};

// ---------------------------------------------------------------------------------------------
// Helper records (not Nodes; stored by value)

struct Arg {
    std::string arg;
    Expr* annotation = nullptr;
    Span span;
    int slot = -1; // local slot in the function's frame (always params 0..n-1)
};

struct Arguments {
    std::vector<Arg> posonlyargs;
    std::vector<Arg> args;
    std::optional<Arg> vararg;
    std::vector<Arg> kwonlyargs;
    ExprList kwDefaults; // same length as kwonlyargs; nullptr where there is no default
    std::optional<Arg> kwarg;
    ExprList defaults; // defaults for the *last* N of posonlyargs+args
};

struct Keyword {
    std::string arg; // empty for `**value`
    Expr* value = nullptr;
    Span span;
};

struct Alias {
    std::string name;   // dotted for `import a.b`; "*" for `from m import *`
    std::string asname; // empty when absent
    Span span;
    // Binding of the local name (asname, or first component of name for `import a.b`).
    NameScope scope = NameScope::Unresolved;
    int slot = -1;
};

struct WithItem {
    Expr* contextExpr = nullptr;
    Expr* optionalVars = nullptr;
};

struct ExceptHandler {
    Expr* type = nullptr; // nullptr for bare except
    std::string name;     // empty when absent
    StmtList body;
    Span span;
    NameScope scope = NameScope::Unresolved; // binding of `name`
    int slot = -1;
};

struct Comprehension {
    Expr* target = nullptr;
    Expr* iter = nullptr;
    ExprList ifs;
    bool isAsync = false; // always false (async is rejected)
};

// ---------------------------------------------------------------------------------------------
// Module

struct Module : Node {
    static constexpr NodeKind Kind = NodeKind::Module;
    Module()
        : Node(Kind) { }
    StmtList body;
    ScopeInfo scope; // kind Module; no locals (module names are globals)
};

// ---------------------------------------------------------------------------------------------
// Statements

#define GRAPHLENS_NODE(Name, Base)                                                                                     \
    static constexpr NodeKind Kind = NodeKind::Name;                                                                   \
    Name()                                                                                                             \
        : Base(Kind) { }

struct FunctionDef : Stmt {
    GRAPHLENS_NODE(FunctionDef, Stmt)
    std::string name;
    Arguments args;
    StmtList body;
    ExprList decoratorList;
    Expr* returns = nullptr;
    ScopeInfo scope;
    NameScope nameScope = NameScope::Unresolved; // binding of `name` in the enclosing scope
    int nameSlot = -1;
};

struct ClassDef : Stmt {
    GRAPHLENS_NODE(ClassDef, Stmt)
    std::string name;
    ExprList bases;
    std::vector<Keyword> keywords;
    StmtList body;
    ExprList decoratorList;
    ScopeInfo scope;
    NameScope nameScope = NameScope::Unresolved;
    int nameSlot = -1;
};

struct Return : Stmt {
    GRAPHLENS_NODE(Return, Stmt)
    Expr* value = nullptr;
};

struct Delete : Stmt {
    GRAPHLENS_NODE(Delete, Stmt)
    ExprList targets;
};

struct Assign : Stmt {
    GRAPHLENS_NODE(Assign, Stmt)
    ExprList targets; // a = b = value -> [a, b]
    Expr* value = nullptr;
};

struct AugAssign : Stmt {
    GRAPHLENS_NODE(AugAssign, Stmt)
    Expr* target = nullptr; // Name/Attribute/Subscript with ctx Store
    BinOpKind op = BinOpKind::Add;
    Expr* value = nullptr;
};

struct AnnAssign : Stmt {
    GRAPHLENS_NODE(AnnAssign, Stmt)
    Expr* target = nullptr;
    Expr* annotation = nullptr;
    Expr* value = nullptr; // may be nullptr
    bool simple = true;    // target is a plain Name not in parentheses
};

struct For : Stmt {
    GRAPHLENS_NODE(For, Stmt)
    Expr* target = nullptr;
    Expr* iter = nullptr;
    StmtList body;
    StmtList orelse;
};

struct While : Stmt {
    GRAPHLENS_NODE(While, Stmt)
    Expr* test = nullptr;
    StmtList body;
    StmtList orelse;
};

struct If : Stmt {
    GRAPHLENS_NODE(If, Stmt)
    Expr* test = nullptr;
    StmtList body;
    StmtList orelse; // `elif` is a single nested If in orelse (as in CPython)
};

struct With : Stmt {
    GRAPHLENS_NODE(With, Stmt)
    std::vector<WithItem> items;
    StmtList body;
};

struct Raise : Stmt {
    GRAPHLENS_NODE(Raise, Stmt)
    Expr* exc = nullptr;
    Expr* cause = nullptr;
};

struct Try : Stmt {
    GRAPHLENS_NODE(Try, Stmt)
    StmtList body;
    std::vector<ExceptHandler> handlers;
    StmtList orelse;
    StmtList finalbody;
};

struct Assert : Stmt {
    GRAPHLENS_NODE(Assert, Stmt)
    Expr* test = nullptr;
    Expr* msg = nullptr;
};

struct Import : Stmt {
    GRAPHLENS_NODE(Import, Stmt)
    std::vector<Alias> names;
};

struct ImportFrom : Stmt {
    GRAPHLENS_NODE(ImportFrom, Stmt)
    std::string module; // may be empty for `from . import x`
    std::vector<Alias> names;
    int level = 0; // number of leading dots
};

struct Global : Stmt {
    GRAPHLENS_NODE(Global, Stmt)
    std::vector<std::string> names;
};

struct Nonlocal : Stmt {
    GRAPHLENS_NODE(Nonlocal, Stmt)
    std::vector<std::string> names;
};

// CPython's `Expr` statement (an expression evaluated for its effect).
struct ExprStmt : Stmt {
    GRAPHLENS_NODE(ExprStmt, Stmt)
    Expr* value = nullptr;
};

struct Pass : Stmt {
    GRAPHLENS_NODE(Pass, Stmt)
};
struct Break : Stmt {
    GRAPHLENS_NODE(Break, Stmt)
};
struct Continue : Stmt {
    GRAPHLENS_NODE(Continue, Stmt)
};

// ---------------------------------------------------------------------------------------------
// Expressions

struct BoolOp : Expr {
    GRAPHLENS_NODE(BoolOp, Expr)
    BoolOpKind op = BoolOpKind::And;
    ExprList values; // >= 2; `a and b and c` is one BoolOp with three values
};

struct NamedExpr : Expr {
    GRAPHLENS_NODE(NamedExpr, Expr)
    Expr* target = nullptr; // a Name with ctx Store
    Expr* value = nullptr;
};

struct BinOp : Expr {
    GRAPHLENS_NODE(BinOp, Expr)
    Expr* left = nullptr;
    BinOpKind op = BinOpKind::Add;
    Expr* right = nullptr;
};

struct UnaryOp : Expr {
    GRAPHLENS_NODE(UnaryOp, Expr)
    UnaryOpKind op = UnaryOpKind::Not;
    Expr* operand = nullptr;
};

struct Lambda : Expr {
    GRAPHLENS_NODE(Lambda, Expr)
    Arguments args;
    Expr* body = nullptr;
    ScopeInfo scope;
};

struct IfExp : Expr {
    GRAPHLENS_NODE(IfExp, Expr)
    Expr* test = nullptr;
    Expr* body = nullptr;
    Expr* orelse = nullptr;
};

struct Dict : Expr {
    GRAPHLENS_NODE(Dict, Expr)
    ExprList keys; // nullptr key = `**values[i]` unpacking
    ExprList values;
};

struct Set : Expr {
    GRAPHLENS_NODE(Set, Expr)
    ExprList elts;
};

// The first generator's `iter` is evaluated in the enclosing scope; everything else runs in the
// comprehension's own scope (`scope`, kind Comprehension), whose parameter ".0" (local slot 0)
// receives the iterator of that first `iter`, like CPython's implicit comprehension function.
// A walrus target inside a comprehension binds in the nearest enclosing function (Free/Cell
// there) or module (GlobalExplicit).
struct ListComp : Expr {
    GRAPHLENS_NODE(ListComp, Expr)
    Expr* elt = nullptr;
    std::vector<Comprehension> generators;
    ScopeInfo scope;
};
struct SetComp : Expr {
    GRAPHLENS_NODE(SetComp, Expr)
    Expr* elt = nullptr;
    std::vector<Comprehension> generators;
    ScopeInfo scope;
};
struct DictComp : Expr {
    GRAPHLENS_NODE(DictComp, Expr)
    Expr* key = nullptr;
    Expr* value = nullptr;
    std::vector<Comprehension> generators;
    ScopeInfo scope;
};
struct GeneratorExp : Expr {
    GRAPHLENS_NODE(GeneratorExp, Expr)
    Expr* elt = nullptr;
    std::vector<Comprehension> generators;
    ScopeInfo scope;
};

struct Yield : Expr {
    GRAPHLENS_NODE(Yield, Expr)
    Expr* value = nullptr;
};
struct YieldFrom : Expr {
    GRAPHLENS_NODE(YieldFrom, Expr)
    Expr* value = nullptr;
};

struct Compare : Expr {
    GRAPHLENS_NODE(Compare, Expr)
    Expr* left = nullptr;
    std::vector<CmpOpKind> ops;
    ExprList comparators; // same length as ops
};

struct Call : Expr {
    GRAPHLENS_NODE(Call, Expr)
    Expr* func = nullptr;
    ExprList args;                 // may contain Starred (*args)
    std::vector<Keyword> keywords; // arg empty = **kwargs
};

struct FormattedValue : Expr {
    GRAPHLENS_NODE(FormattedValue, Expr)
    Expr* value = nullptr;
    int conversion = -1;        // -1, 's', 'r', 'a'
    Expr* formatSpec = nullptr; // a JoinedStr or nullptr
};

struct JoinedStr : Expr {
    GRAPHLENS_NODE(JoinedStr, Expr)
    ExprList values; // Constant (Str) and FormattedValue
};

enum class ConstKind : uint8_t { None, True, False, Ellipsis, Int, BigInt, Float, Imag, Str, Bytes };

struct Constant : Expr {
    GRAPHLENS_NODE(Constant, Expr)
    ConstKind value = ConstKind::None;
    int64_t i = 0; // Int
    double f = 0;  // Float; Imag: the imaginary part
    std::string s; // Str: UTF-8 text (lone surrogates from \ud800 are encoded WTF-8 style);
                   // Bytes: raw bytes; BigInt: decimal digits of a non-negative int that
                   // does not fit int64_t, or, for a hex / octal / binary literal of more
                   // than 2000 digits, the literal itself without underscores ("0x...")
};

struct Attribute : Expr {
    GRAPHLENS_NODE(Attribute, Expr)
    Expr* value = nullptr;
    std::string attr;
    ExprContext ctx = ExprContext::Load;
};

struct Subscript : Expr {
    GRAPHLENS_NODE(Subscript, Expr)
    Expr* value = nullptr;
    Expr* slice = nullptr; // an expression, a Slice, or a Tuple containing Slices
    ExprContext ctx = ExprContext::Load;
};

struct Starred : Expr {
    GRAPHLENS_NODE(Starred, Expr)
    Expr* value = nullptr;
    ExprContext ctx = ExprContext::Load;
};

struct Name : Expr {
    GRAPHLENS_NODE(Name, Expr)
    std::string id;
    ExprContext ctx = ExprContext::Load;
    NameScope scope = NameScope::Unresolved;
    int slot = -1; // Local: locals index; Cell/Free/ClassDeref: cells index
};

struct List : Expr {
    GRAPHLENS_NODE(List, Expr)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
};

struct Tuple : Expr {
    GRAPHLENS_NODE(Tuple, Expr)
    ExprList elts;
    ExprContext ctx = ExprContext::Load;
    bool parenthesized = false; // source had parentheses (span includes them); printer hint only
};

struct Slice : Expr {
    GRAPHLENS_NODE(Slice, Expr)
    Expr* lower = nullptr;
    Expr* upper = nullptr;
    Expr* step = nullptr;
};

#undef GRAPHLENS_NODE

// ---------------------------------------------------------------------------------------------
// Arena: bump allocation, destructors run when the arena dies.

class AstArena {
public:
    AstArena() = default;
    AstArena(const AstArena&) = delete;
    AstArena& operator=(const AstArena&) = delete;
    ~AstArena() {
        for (auto it = m_dtors.rbegin(); it != m_dtors.rend(); ++it) it->second(it->first);
    }

    template<class T> T* make() {
        void* mem = allocate(sizeof(T), alignof(T));
        T* obj = new (mem) T();
        m_dtors.emplace_back(obj, [](void* p) { static_cast<T*>(p)->~T(); });
        return obj;
    }
    template<class T> T* make(const Span& span) {
        T* obj = make<T>();
        obj->span = span;
        return obj;
    }
    size_t bytesUsed() const { return m_used; }

private:
    void* allocate(size_t size, size_t align) {
        size_t pos = (m_pos + align - 1) & ~(align - 1);
        if (m_blocks.empty() || pos + size > m_blockSize) {
            size_t bs = size > kBlock ? size : kBlock;
            m_blocks.emplace_back(new std::byte[bs]);
            m_blockSize = bs;
            pos = 0;
        }
        m_pos = pos + size;
        m_used += size;
        return m_blocks.back().get() + pos;
    }
    static constexpr size_t kBlock = 64 * 1024;
    std::vector<std::unique_ptr<std::byte[]>> m_blocks;
    size_t m_pos = 0, m_blockSize = 0, m_used = 0;
    std::vector<std::pair<void*, void (*)(void*)>> m_dtors;
};

// ---------------------------------------------------------------------------------------------
// Source text with line lookup (for tracebacks and error messages).

struct SourceFile {
    std::string filename;
    std::string text;                 // UTF-8, as given (a leading BOM is skipped by the lexer)
    std::vector<uint32_t> lineStarts; // byte offset of each line start; lineStarts[0] = 0

    SourceFile(std::string name, std::string src);
    uint32_t lineCount() const { return uint32_t(lineStarts.size()); }
    // The text of 1-based line `line` without its line terminator ("" when out of range).
    std::string lineText(uint32_t line) const;
};

// The result of parsing one file: owns the arena and source; `module` points into the arena.
struct ParsedModule {
    std::shared_ptr<const SourceFile> source;
    std::unique_ptr<AstArena> arena;
    Module* module = nullptr;
};

} // namespace graphlens::lang
