// Statement printing shaped like CPython's ast.unparse, which is what tf.autograph.to_code
// returns: a blank line before every def/class (none after), tuple values parenthesized, targets
// bare. Expressions come from core/lang's printer.
#include "core/function/autograph_internal.h"
#include "core/lang/printer.h"

namespace graphlens::function::detail {

namespace {

struct Unparser {
    std::string out;

    void line(int ind, const std::string& text) {
        out.append(size_t(ind) * 4, ' ');
        out += text;
        out += '\n';
    }
    void maybeNewline() {
        if (!out.empty()) out += '\n';
    }

    static std::string target(const Expr* e) {
        if (e->kind == NodeKind::Tuple && !static_cast<const Tuple*>(e)->elts.empty()) {
            const auto& elts = static_cast<const Tuple*>(e)->elts;
            std::string s;
            for (size_t i = 0; i < elts.size(); ++i) s += (i ? ", " : "") + printExpr(elts[i]);
            if (elts.size() == 1) s += ",";
            return s;
        }
        return printExpr(e);
    }

    static std::string signature(const Arguments& a) {
        // The printer's lambda form has the same parameter syntax (annotations aside).
        AstArena arena;
        auto* l = arena.make<Lambda>();
        l->args = a;
        l->body = arena.make<Constant>();
        std::string s = printExpr(l);
        const std::string head = "lambda", tail = ": None";
        s = s.substr(head.size(), s.size() - head.size() - tail.size());
        if (!s.empty() && s[0] == ' ') s.erase(0, 1);
        return s;
    }

    // ast.unparse writes a def's or class's docstring triple-quoted.
    bool docstring(int ind, const Stmt* s) {
        if (s->kind != NodeKind::ExprStmt) return false;
        auto* c = static_cast<const ExprStmt*>(s)->value;
        if (c->kind != NodeKind::Constant || static_cast<const Constant*>(c)->value != ConstKind::Str) return false;
        const std::string& t = static_cast<const Constant*>(c)->s;
        for (unsigned char ch : t)
            if (ch == '\\' || ch == '"' || (ch < 0x20 && ch != '\n')) return false;
        line(ind, "\"\"\"" + t + "\"\"\"");
        return true;
    }

    void defBody(int ind, const StmtList& body) {
        if (!body.empty() && docstring(ind, body[0])) {
            for (size_t i = 1; i < body.size(); ++i) stmt(body[i], ind);
            return;
        }
        block(ind, body);
    }

    void block(int ind, const StmtList& body) {
        if (body.empty()) {
            line(ind, "pass");
            return;
        }
        for (auto* s : body) stmt(s, ind);
    }

    void ifChain(const If* i, int ind, const char* kw) {
        line(ind, std::string(kw) + " " + printExpr(i->test) + ":");
        block(ind + 1, i->body);
        if (i->orelse.size() == 1 && i->orelse[0]->kind == NodeKind::If) {
            ifChain(static_cast<const If*>(i->orelse[0]), ind, "elif");
        } else if (!i->orelse.empty()) {
            line(ind, "else:");
            block(ind + 1, i->orelse);
        }
    }

    void stmt(const Stmt* s, int ind) {
        switch (s->kind) {
        case NodeKind::FunctionDef: {
            auto* f = static_cast<const FunctionDef*>(s);
            maybeNewline();
            for (auto* d : f->decoratorList) line(ind, "@" + printExpr(d));
            std::string head = "def " + f->name + "(" + signature(f->args) + ")";
            if (f->returns) head += " -> " + printExpr(f->returns);
            line(ind, head + ":");
            defBody(ind + 1, f->body);
            return;
        }
        case NodeKind::ClassDef: {
            auto* c = static_cast<const ClassDef*>(s);
            maybeNewline();
            for (auto* d : c->decoratorList) line(ind, "@" + printExpr(d));
            std::string bases;
            for (auto* b : c->bases) bases += (bases.empty() ? "" : ", ") + printExpr(b);
            for (auto& k : c->keywords)
                bases += (bases.empty() ? "" : ", ") + (k.arg.empty() ? "**" : k.arg + "=") + printExpr(k.value);
            line(ind, "class " + c->name + (bases.empty() ? "" : "(" + bases + ")") + ":");
            defBody(ind + 1, c->body);
            return;
        }
        case NodeKind::Return: {
            auto* r = static_cast<const Return*>(s);
            line(ind, r->value ? "return " + printExpr(r->value) : "return");
            return;
        }
        case NodeKind::Delete: {
            std::string t;
            for (auto* x : static_cast<const Delete*>(s)->targets) t += (t.empty() ? "" : ", ") + printExpr(x);
            line(ind, "del " + t);
            return;
        }
        case NodeKind::Assign: {
            auto* a = static_cast<const Assign*>(s);
            std::string t;
            for (auto* x : a->targets) t += target(x) + " = ";
            line(ind, t + printExpr(a->value));
            return;
        }
        case NodeKind::AugAssign: {
            auto* a = static_cast<const AugAssign*>(s);
            line(ind, printExpr(a->target) + " " + binOpSymbol(a->op) + "= " + printExpr(a->value));
            return;
        }
        case NodeKind::AnnAssign: {
            auto* a = static_cast<const AnnAssign*>(s);
            std::string t = printExpr(a->target);
            if (!a->simple && a->target->kind == NodeKind::Name) t = "(" + t + ")";
            t += ": " + printExpr(a->annotation);
            if (a->value) t += " = " + printExpr(a->value);
            line(ind, t);
            return;
        }
        case NodeKind::For: {
            auto* f = static_cast<const For*>(s);
            line(ind, "for " + target(f->target) + " in " + printExpr(f->iter) + ":");
            block(ind + 1, f->body);
            if (!f->orelse.empty()) {
                line(ind, "else:");
                block(ind + 1, f->orelse);
            }
            return;
        }
        case NodeKind::While: {
            auto* w = static_cast<const While*>(s);
            line(ind, "while " + printExpr(w->test) + ":");
            block(ind + 1, w->body);
            if (!w->orelse.empty()) {
                line(ind, "else:");
                block(ind + 1, w->orelse);
            }
            return;
        }
        case NodeKind::If:
            ifChain(static_cast<const If*>(s), ind, "if");
            return;
        case NodeKind::With: {
            auto* w = static_cast<const With*>(s);
            std::string items;
            for (auto& it : w->items) {
                items += (items.empty() ? "" : ", ") + printExpr(it.contextExpr);
                if (it.optionalVars) items += " as " + printExpr(it.optionalVars);
            }
            line(ind, "with " + items + ":");
            block(ind + 1, w->body);
            return;
        }
        case NodeKind::Raise: {
            auto* r = static_cast<const Raise*>(s);
            std::string t = "raise";
            if (r->exc) t += " " + printExpr(r->exc);
            if (r->cause) t += " from " + printExpr(r->cause);
            line(ind, t);
            return;
        }
        case NodeKind::Try: {
            auto* t = static_cast<const Try*>(s);
            line(ind, "try:");
            block(ind + 1, t->body);
            for (auto& h : t->handlers) {
                std::string head = "except";
                if (h.type) head += " " + printExpr(h.type);
                if (!h.name.empty()) head += " as " + h.name;
                line(ind, head + ":");
                block(ind + 1, h.body);
            }
            if (!t->orelse.empty()) {
                line(ind, "else:");
                block(ind + 1, t->orelse);
            }
            if (!t->finalbody.empty()) {
                line(ind, "finally:");
                block(ind + 1, t->finalbody);
            }
            return;
        }
        case NodeKind::Assert: {
            auto* a = static_cast<const Assert*>(s);
            line(ind, "assert " + printExpr(a->test) + (a->msg ? ", " + printExpr(a->msg) : ""));
            return;
        }
        case NodeKind::Global:
        case NodeKind::Nonlocal: {
            const auto& names = s->kind == NodeKind::Global ? static_cast<const Global*>(s)->names
                                                            : static_cast<const Nonlocal*>(s)->names;
            std::string t;
            for (auto& n : names) t += (t.empty() ? "" : ", ") + n;
            line(ind, std::string(s->kind == NodeKind::Global ? "global " : "nonlocal ") + t);
            return;
        }
        case NodeKind::ExprStmt:
            line(ind, printExpr(static_cast<const ExprStmt*>(s)->value));
            return;
        case NodeKind::Pass:
            line(ind, "pass");
            return;
        case NodeKind::Break:
            line(ind, "break");
            return;
        case NodeKind::Continue:
            line(ind, "continue");
            return;
        default: {
            // Imports and anything rarer: the project printer's form.
            std::string text = printStmt(s, ind);
            out += text;
        }
        }
    }
};

} // namespace

std::string unparse(const Stmt* s) {
    Unparser u;
    u.stmt(s, 0);
    return u.out;
}

} // namespace graphlens::function::detail
