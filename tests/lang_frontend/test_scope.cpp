// Scope analysis: locals with slots, cells, free variables, globals, class scopes,
// comprehensions, and the scope errors.
#include <catch2/catch.hpp>

#include "core/lang/parser.h"

using namespace graphlens::lang;

namespace {
// Collects every Name in a subtree (statements and expressions we need here).
struct NameFinder {
    std::vector<const Name*> found;
    void expr(const Expr* e) {
        if (!e) return;
        switch (e->kind) {
        case NodeKind::Name:
            found.push_back(as<Name>(e));
            break;
        case NodeKind::BinOp:
            expr(as<BinOp>(e)->left);
            expr(as<BinOp>(e)->right);
            break;
        case NodeKind::Call:
            expr(as<Call>(e)->func);
            for (auto* a : as<Call>(e)->args) expr(a);
            break;
        case NodeKind::Attribute:
            expr(as<Attribute>(e)->value);
            break;
        case NodeKind::Lambda:
            expr(as<Lambda>(e)->body);
            break;
        case NodeKind::ListComp:
            expr(as<ListComp>(e)->elt);
            for (auto& g : as<ListComp>(e)->generators) {
                expr(g.target);
                expr(g.iter);
            }
            break;
        case NodeKind::NamedExpr:
            expr(as<NamedExpr>(e)->target);
            expr(as<NamedExpr>(e)->value);
            break;
        default:
            break;
        }
    }
    void stmts(const StmtList& l) {
        for (const Stmt* s : l) {
            switch (s->kind) {
            case NodeKind::Assign:
                for (auto* t : as<Assign>(s)->targets) expr(t);
                expr(as<Assign>(s)->value);
                break;
            case NodeKind::AugAssign:
                expr(as<AugAssign>(s)->target);
                expr(as<AugAssign>(s)->value);
                break;
            case NodeKind::ExprStmt:
                expr(as<ExprStmt>(s)->value);
                break;
            case NodeKind::Return:
                expr(as<Return>(s)->value);
                break;
            case NodeKind::FunctionDef:
                stmts(as<FunctionDef>(s)->body);
                break;
            case NodeKind::ClassDef:
                stmts(as<ClassDef>(s)->body);
                break;
            default:
                break;
            }
        }
    }
};
std::vector<const Name*> names(const StmtList& body, const std::string& id) {
    NameFinder f;
    f.stmts(body);
    std::vector<const Name*> out;
    for (auto* n : f.found)
        if (n->id == id) out.push_back(n);
    return out;
}
} // namespace

TEST_CASE("scope: function locals get slots, params first", "[lang][scope]") {
    auto pm = parseModule("def f(a, b=1, *c, d, **e):\n    x = a + b\n    y = x\n    return y + g\n");
    auto* f = as<FunctionDef>(pm->module->body[0]);
    CHECK(f->scope.localNames == std::vector<std::string>{ "a", "b", "c", "d", "e", "x", "y" });
    CHECK(f->args.args[0].slot == 0);
    CHECK(f->args.vararg->slot == 2);
    CHECK(f->args.kwarg->slot == 4);
    auto xs = names(f->body, "x");
    REQUIRE(xs.size() == 2);
    CHECK(xs[0]->scope == NameScope::Local);
    CHECK(xs[0]->slot == 5);
    auto gs = names(f->body, "g");
    CHECK(gs[0]->scope == NameScope::GlobalImplicit);
    CHECK(f->nameScope == NameScope::GlobalImplicit);
    CHECK(f->scope.cellvars.empty());
    CHECK(f->scope.freevars.empty());
}

TEST_CASE("scope: closures make cells and free variables", "[lang][scope]") {
    auto pm = parseModule("def outer(p):\n"
                          "    n = 0\n"
                          "    def inner():\n"
                          "        nonlocal n\n"
                          "        n += p\n"
                          "        return n\n"
                          "    return inner\n");
    auto* outer = as<FunctionDef>(pm->module->body[0]);
    auto* inner = as<FunctionDef>(outer->body[1]);
    CHECK(outer->scope.cellvars == std::vector<std::string>{ "p", "n" });
    CHECK(outer->scope.cellParamSlots == std::vector<int>{ 0, -1 });
    CHECK(outer->scope.localNames == std::vector<std::string>{ "p", "inner" });
    CHECK(inner->scope.freevars.size() == 2);
    CHECK(inner->scope.localNames.empty());
    auto ns = names(inner->body, "n");
    REQUIRE(!ns.empty());
    CHECK(ns[0]->scope == NameScope::Free);
    int nIndex = ns[0]->slot;
    CHECK(inner->scope.freevars[size_t(nIndex) - inner->scope.cellvars.size()] == "n");
    // the closure takes n from outer's cell 1
    for (size_t i = 0; i < inner->scope.freevars.size(); ++i)
        if (inner->scope.freevars[i] == "n") CHECK(inner->scope.freeVarSources[i] == 1);
    auto outerN = names(StmtList{ outer->body[0] }, "n");
    CHECK(outerN[0]->scope == NameScope::Cell);
    CHECK(outerN[0]->slot == 1);
}

TEST_CASE("scope: global declarations and module level", "[lang][scope]") {
    auto pm = parseModule("c = 0\ndef f():\n    global c\n    c = c + 1\n");
    auto mod = names(StmtList{ pm->module->body[0] }, "c");
    CHECK(mod[0]->scope == NameScope::GlobalImplicit);
    auto* f = as<FunctionDef>(pm->module->body[1]);
    auto cs = names(f->body, "c");
    REQUIRE(cs.size() == 2);
    CHECK(cs[0]->scope == NameScope::GlobalExplicit);
    CHECK(cs[1]->scope == NameScope::GlobalExplicit);
    CHECK(f->scope.localNames.empty());
    CHECK(f->scope.explicitGlobals == std::vector<std::string>{ "c" });
}

TEST_CASE("scope: class bodies are not visible to methods", "[lang][scope]") {
    auto pm = parseModule("def make():\n"
                          "    x = 1\n"
                          "    class A:\n"
                          "        x = 2\n"
                          "        y = x\n"
                          "        def m(self):\n"
                          "            return x\n"
                          "        def s(self):\n"
                          "            return super().s()\n"
                          "    return A\n");
    auto* make = as<FunctionDef>(pm->module->body[0]);
    auto* cls = as<ClassDef>(make->body[1]);
    auto classX = names(StmtList{ cls->body[0], cls->body[1] }, "x");
    CHECK(classX[0]->scope == NameScope::ClassName);
    CHECK(classX[1]->scope == NameScope::ClassName);
    auto* m = as<FunctionDef>(cls->body[2]);
    auto mx = names(m->body, "x");
    CHECK(mx[0]->scope == NameScope::Free);
    CHECK(make->scope.cellvars == std::vector<std::string>{ "x" });
    // zero-argument super(): __class__ cell in the class, free in the method
    auto* s = as<FunctionDef>(cls->body[3]);
    CHECK(cls->scope.hasClassCell);
    CHECK(cls->scope.cellvars[size_t(cls->scope.classCellIndex)] == "__class__");
    CHECK(std::find(s->scope.freevars.begin(), s->scope.freevars.end(), "__class__") != s->scope.freevars.end());
    CHECK(m->scope.freevars == std::vector<std::string>{ "x" });
}

TEST_CASE("scope: comprehensions and lambdas have their own scopes", "[lang][scope]") {
    auto pm = parseModule("def f(xs, k):\n    return [x * k for x in xs if (last := x)], (lambda y=k: y + k)\n");
    auto* f = as<FunctionDef>(pm->module->body[0]);
    auto* tup = as<Tuple>(as<Return>(f->body[0])->value);
    auto* lc = as<ListComp>(tup->elts[0]);
    CHECK(lc->scope.kind == ScopeKind::Comprehension);
    CHECK(lc->scope.localNames == std::vector<std::string>{ ".0", "x" });
    CHECK(as<Name>(lc->generators[0].iter)->scope == NameScope::Local); // xs, in f
    CHECK(as<Name>(lc->generators[0].target)->scope == NameScope::Local);
    CHECK(as<Name>(lc->generators[0].target)->slot == 1);
    CHECK(as<Name>(as<BinOp>(lc->elt)->right)->scope == NameScope::Free); // k
    // walrus binds in f
    CHECK(std::find(f->scope.cellvars.begin(), f->scope.cellvars.end(), "last") != f->scope.cellvars.end());
    auto* lam = as<Lambda>(tup->elts[1]);
    CHECK(as<Name>(lam->args.defaults[0])->scope == NameScope::Cell); // default evaluated in f
    CHECK(lam->scope.localNames == std::vector<std::string>{ "y" });
    CHECK(as<Name>(as<BinOp>(lam->body)->right)->scope == NameScope::Free);
}

TEST_CASE("scope: generators are flagged", "[lang][scope]") {
    auto pm = parseModule("def g():\n    yield 1\ndef h():\n    return 1\n");
    CHECK(as<FunctionDef>(pm->module->body[0])->scope.isGenerator);
    CHECK_FALSE(as<FunctionDef>(pm->module->body[1])->scope.isGenerator);
}

TEST_CASE("scope: errors", "[lang][scope][errors]") {
    struct Case {
        const char* src;
        const char* msg;
        uint32_t line, col;
    };
    // messages and positions from CPython 3.11
    const Case cases[] = {
        { "def f():\n    nonlocal x\n", "no binding for nonlocal 'x' found", 2, 5 },
        { "def f():\n    print(x)\n    global x\n", "name 'x' is used prior to global declaration", 3, 5 },
        { "def f():\n    x = 1\n    global x\n", "name 'x' is assigned to before global declaration", 3, 5 },
        { "def f(x):\n    global x\n", "name 'x' is parameter and global", 2, 5 },
        { "nonlocal x\n", "nonlocal declaration not allowed at module level", 1, 1 },
        { "def f(a, a):\n    pass\n", "duplicate argument 'a' in function definition", 1, 10 },
        { "return 1\n", "'return' outside function", 1, 1 },
        { "class A:\n    yield 1\n", "'yield' outside function", 2, 5 },
        { "def f():\n    [(yield x) for x in y]\n", "'yield' inside list comprehension", 2, 7 },
        { "while x:\n    def f():\n        break\n", "'break' outside loop", 3, 9 },
        { "class A:\n    [y := 1 for x in z]\n",
          "assignment expression within a comprehension cannot be used in a class body", 2, 6 },
        { "[x := 1 for x in y]\n", "assignment expression cannot rebind comprehension iteration variable 'x'", 1, 2 },
    };
    for (const Case& c : cases) {
        INFO(c.src);
        try {
            parseModule(c.src, "t.py");
            FAIL_CHECK("no error");
        } catch (const SyntaxError& e) {
            CHECK(e.message() == c.msg);
            CHECK(e.line() == c.line);
            CHECK(e.column() == c.col);
        }
    }
}
