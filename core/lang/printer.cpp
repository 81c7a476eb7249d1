// AST -> Python source, with minimal parentheses by precedence (like CPython's ast.unparse),
// and an ast.dump-like structural dump.
#include "core/lang/printer.h"

#include <algorithm>
#include <cmath>

#include "core/lang/repr.h"
#include "core/numeric/format_float.h"

namespace graphlens::lang {

namespace {

enum Prec : int {
    P_NAMED = 1,
    P_TUPLE,
    P_YIELD,
    P_TEST,
    P_OR,
    P_AND,
    P_NOT,
    P_CMP,
    P_BOR,
    P_BXOR,
    P_BAND,
    P_SHIFT,
    P_ARITH,
    P_TERM,
    P_FACTOR,
    P_POWER,
    P_AWAIT,
    P_ATOM,
};

int binPrec(BinOpKind k) {
    switch (k) {
    case BinOpKind::BitOr:
        return P_BOR;
    case BinOpKind::BitXor:
        return P_BXOR;
    case BinOpKind::BitAnd:
        return P_BAND;
    case BinOpKind::LShift:
    case BinOpKind::RShift:
        return P_SHIFT;
    case BinOpKind::Add:
    case BinOpKind::Sub:
        return P_ARITH;
    case BinOpKind::Pow:
        return P_POWER;
    default:
        return P_TERM;
    }
}

// A float constant as ast.unparse spells it: repr, with inf and nan as expressions that make them.
std::string floatSource(double d) {
    if (std::isinf(d)) return d > 0 ? "1e309" : "-1e309";
    if (std::isnan(d)) return "(1e309 - 1e309)";
    return numeric::pythonFloatRepr(d);
}

class Printer {
public:
    std::string out;

    void module(const Module* m) {
        if (!m->body.empty()) stmts(m->body, 0, true);
    }

    void stmts(const StmtList& body, int indent, bool topLevel = false) {
        if (body.empty()) {
            line(indent, "pass");
            return;
        }
        for (size_t i = 0; i < body.size(); ++i) {
            const Stmt* s = body[i];
            bool isDef = s->kind == NodeKind::FunctionDef || s->kind == NodeKind::ClassDef;
            bool prevDef =
                i > 0 && (body[i - 1]->kind == NodeKind::FunctionDef || body[i - 1]->kind == NodeKind::ClassDef);
            if (i > 0 && (isDef || prevDef)) out += topLevel ? "\n\n" : "\n";
            stmt(s, indent);
        }
    }

    void line(int indent, const std::string& text) {
        out.append(size_t(indent) * 4, ' ');
        out += text;
        out += '\n';
    }

    void block(const std::string& head, const StmtList& body, int indent) {
        line(indent, head + ":");
        stmts(body, indent + 1);
    }

    std::string args(const Arguments& a, bool lambda) {
        std::vector<std::string> parts;
        auto arg = [&](const Arg& x, const Expr* def) {
            std::string s = x.arg;
            if (x.annotation && !lambda) s += ": " + expr(x.annotation, P_TEST);
            if (def) s += (x.annotation && !lambda ? " = " : "=") + expr(def, P_TEST);
            return s;
        };
        size_t npos = a.posonlyargs.size() + a.args.size();
        size_t firstDefault = npos - a.defaults.size();
        size_t k = 0;
        for (const Arg& x : a.posonlyargs) {
            parts.push_back(arg(x, k >= firstDefault ? a.defaults[k - firstDefault] : nullptr));
            ++k;
        }
        if (!a.posonlyargs.empty()) parts.push_back("/");
        for (const Arg& x : a.args) {
            parts.push_back(arg(x, k >= firstDefault ? a.defaults[k - firstDefault] : nullptr));
            ++k;
        }
        if (a.vararg) parts.push_back("*" + arg(*a.vararg, nullptr));
        else if (!a.kwonlyargs.empty()) parts.push_back("*");
        for (size_t i = 0; i < a.kwonlyargs.size(); ++i)
            parts.push_back(arg(a.kwonlyargs[i], i < a.kwDefaults.size() ? a.kwDefaults[i] : nullptr));
        if (a.kwarg) parts.push_back("**" + arg(*a.kwarg, nullptr));
        std::string s;
        for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
        return s;
    }

    // A tuple printed without parentheses where the grammar allows (statement level).
    std::string bareTuple(const Expr* e) {
        if (is<Tuple>(e) && !as<Tuple>(e)->elts.empty()) {
            const auto& elts = as<Tuple>(e)->elts;
            std::string s;
            for (size_t i = 0; i < elts.size(); ++i) s += (i ? ", " : "") + expr(elts[i], P_TEST);
            if (elts.size() == 1) s += ",";
            return s;
        }
        return expr(e, P_TEST);
    }
    std::string valueText(const Expr* e) { // right-hand sides: tuples bare, yield bare
        if (is<Yield>(e) || is<YieldFrom>(e)) return expr(e, P_YIELD);
        return bareTuple(e);
    }

    void stmt(const Stmt* s, int ind) {
        switch (s->kind) {
        case NodeKind::FunctionDef: {
            auto* f = static_cast<const FunctionDef*>(s);
            for (const Expr* d : f->decoratorList) line(ind, "@" + expr(d, P_TEST));
            std::string head = "def " + f->name + "(" + args(f->args, false) + ")";
            if (f->returns) head += " -> " + expr(f->returns, P_TEST);
            block(head, f->body, ind);
            return;
        }
        case NodeKind::ClassDef: {
            auto* c = static_cast<const ClassDef*>(s);
            for (const Expr* d : c->decoratorList) line(ind, "@" + expr(d, P_TEST));
            std::string head = "class " + c->name;
            if (!c->bases.empty() || !c->keywords.empty()) head += "(" + callArgs(c->bases, c->keywords) + ")";
            block(head, c->body, ind);
            return;
        }
        case NodeKind::Return: {
            auto* r = static_cast<const Return*>(s);
            line(ind, r->value ? "return " + bareTuple(r->value) : "return");
            return;
        }
        case NodeKind::Delete: {
            std::string t;
            for (const Expr* x : static_cast<const Delete*>(s)->targets) t += (t.empty() ? "" : ", ") + expr(x, P_TEST);
            line(ind, "del " + t);
            return;
        }
        case NodeKind::Assign: {
            auto* a = static_cast<const Assign*>(s);
            std::string t;
            for (const Expr* x : a->targets) t += bareTuple(x) + " = ";
            line(ind, t + valueText(a->value));
            return;
        }
        case NodeKind::AugAssign: {
            auto* a = static_cast<const AugAssign*>(s);
            line(ind, expr(a->target, P_TEST) + " " + binOpSymbol(a->op) + "= " + valueText(a->value));
            return;
        }
        case NodeKind::AnnAssign: {
            auto* a = static_cast<const AnnAssign*>(s);
            std::string t = expr(a->target, P_TEST);
            if (!a->simple && is<Name>(a->target)) t = "(" + t + ")";
            t += ": " + expr(a->annotation, P_TEST);
            if (a->value) t += " = " + valueText(a->value);
            line(ind, t);
            return;
        }
        case NodeKind::For: {
            auto* f = static_cast<const For*>(s);
            block("for " + bareTuple(f->target) + " in " + bareTuple(f->iter), f->body, ind);
            if (!f->orelse.empty()) block("else", f->orelse, ind);
            return;
        }
        case NodeKind::While: {
            auto* w = static_cast<const While*>(s);
            block("while " + expr(w->test, P_NAMED), w->body, ind);
            if (!w->orelse.empty()) block("else", w->orelse, ind);
            return;
        }
        case NodeKind::If: {
            auto* i = static_cast<const If*>(s);
            block("if " + expr(i->test, P_NAMED), i->body, ind);
            while (i->orelse.size() == 1 && is<If>(i->orelse[0])) {
                i = as<If>(i->orelse[0]);
                block("elif " + expr(i->test, P_NAMED), i->body, ind);
            }
            if (!i->orelse.empty()) block("else", i->orelse, ind);
            return;
        }
        case NodeKind::With: {
            auto* w = static_cast<const With*>(s);
            std::string items;
            for (const WithItem& it : w->items) {
                if (!items.empty()) items += ", ";
                items += expr(it.contextExpr, P_TEST);
                if (it.optionalVars) items += " as " + expr(it.optionalVars, P_TEST);
            }
            block("with " + items, w->body, ind);
            return;
        }
        case NodeKind::Raise: {
            auto* r = static_cast<const Raise*>(s);
            std::string t = "raise";
            if (r->exc) t += " " + expr(r->exc, P_TEST);
            if (r->cause) t += " from " + expr(r->cause, P_TEST);
            line(ind, t);
            return;
        }
        case NodeKind::Try: {
            auto* t = static_cast<const Try*>(s);
            block("try", t->body, ind);
            for (const ExceptHandler& h : t->handlers) {
                std::string head = "except";
                if (h.type) head += " " + expr(h.type, P_TEST);
                if (!h.name.empty()) head += " as " + h.name;
                block(head, h.body, ind);
            }
            if (!t->orelse.empty()) block("else", t->orelse, ind);
            if (!t->finalbody.empty()) block("finally", t->finalbody, ind);
            return;
        }
        case NodeKind::Assert: {
            auto* a = static_cast<const Assert*>(s);
            line(ind, "assert " + expr(a->test, P_TEST) + (a->msg ? ", " + expr(a->msg, P_TEST) : ""));
            return;
        }
        case NodeKind::Import: {
            std::string t;
            for (const Alias& a : static_cast<const Import*>(s)->names)
                t += (t.empty() ? "" : ", ") + a.name + (a.asname.empty() ? "" : " as " + a.asname);
            line(ind, "import " + t);
            return;
        }
        case NodeKind::ImportFrom: {
            auto* f = static_cast<const ImportFrom*>(s);
            std::string t;
            for (const Alias& a : f->names)
                t += (t.empty() ? "" : ", ") + a.name + (a.asname.empty() ? "" : " as " + a.asname);
            line(ind, "from " + std::string(size_t(f->level), '.') + f->module + " import " + t);
            return;
        }
        case NodeKind::Global:
        case NodeKind::Nonlocal: {
            const auto& names = s->kind == NodeKind::Global ? static_cast<const Global*>(s)->names
                                                            : static_cast<const Nonlocal*>(s)->names;
            std::string t;
            for (const auto& n : names) t += (t.empty() ? "" : ", ") + n;
            line(ind, std::string(s->kind == NodeKind::Global ? "global " : "nonlocal ") + t);
            return;
        }
        case NodeKind::ExprStmt:
            line(ind, valueText(static_cast<const ExprStmt*>(s)->value));
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
        default:
            line(ind, "# <unknown statement>");
            return;
        }
    }

    std::string callArgs(const ExprList& args, const std::vector<Keyword>& kws) {
        std::string s;
        for (const Expr* a : args) s += (s.empty() ? "" : ", ") + expr(a, P_TEST);
        for (const Keyword& k : kws)
            s += (s.empty() ? "" : ", ") +
                (k.arg.empty() ? "**" + expr(k.value, P_BOR) : k.arg + "=" + expr(k.value, P_TEST));
        return s;
    }

    std::string comps(const std::vector<Comprehension>& gens) {
        std::string s;
        for (const Comprehension& c : gens) {
            s += " for " + bareTuple(c.target) + " in " + expr(c.iter, P_OR);
            for (const Expr* cond : c.ifs) s += " if " + expr(cond, P_OR);
        }
        return s;
    }

    std::string sliceText(const Expr* e) {
        if (is<Slice>(e)) {
            auto* sl = as<Slice>(e);
            std::string s;
            if (sl->lower) s += expr(sl->lower, P_TEST);
            s += ":";
            if (sl->upper) s += expr(sl->upper, P_TEST);
            if (sl->step) s += ":" + expr(sl->step, P_TEST);
            return s;
        }
        return expr(e, P_TEST);
    }

    // f-strings ------------------------------------------------------------------------
    struct FPart {
        bool isField;
        std::string text; // literal text (unescaped) or the full "{...}" field
    };
    // Literal text of an f-string part, escaped for quote `q` (braces doubled outside specs).
    static std::string escapeLiteral(const std::string& lit, const std::string& q, bool braces) {
        std::string body = strRepr(lit, q[0]);
        body = body.substr(1, body.size() - 2);
        if (!braces) return body;
        std::string out2;
        for (char c : body) {
            if (c == '{') out2 += "{{";
            else if (c == '}') out2 += "}}";
            else out2 += c;
        }
        return out2;
    }
    // Renders the parts of `js`. With q == nullptr (first pass) literal text is left out: only
    // the fields matter for choosing the quote.
    void fparts(const JoinedStr* js, std::vector<FPart>& parts, const std::string* q, bool inSpec) {
        for (const Expr* v : js->values) {
            if (is<Constant>(v)) {
                parts.push_back({ false, q ? escapeLiteral(as<Constant>(v)->s, *q, !inSpec) : std::string() });
                continue;
            }
            if (!is<FormattedValue>(v)) continue;
            auto* fv = as<FormattedValue>(v);
            std::string e = expr(fv->value, P_TEST);
            if (!e.empty() && e[0] == '{') e = " " + e;
            std::string f = "{" + e;
            if (fv->conversion != -1) {
                f += '!';
                f += char(fv->conversion);
            }
            if (fv->formatSpec && is<JoinedStr>(fv->formatSpec)) {
                f += ":";
                std::vector<FPart> spec;
                fparts(as<JoinedStr>(fv->formatSpec), spec, q, true);
                for (const FPart& p : spec) f += p.text;
            }
            f += "}";
            parts.push_back({ true, f });
        }
    }
    std::string fstring(const JoinedStr* js) {
        std::vector<FPart> parts;
        fparts(js, parts, nullptr, false);
        std::string fieldText;
        for (const FPart& p : parts)
            if (p.isField) fieldText += p.text;
        const char* quotes[] = { "'", "\"", "'''", "\"\"\"" };
        std::string q = "'";
        for (const char* cand : quotes) {
            if (fieldText.find(cand) == std::string::npos) {
                q = cand;
                break;
            }
        }
        parts.clear();
        fparts(js, parts, &q, false);
        std::string out2 = "f" + q;
        for (const FPart& p : parts) out2 += p.text;
        out2 += q;
        return out2;
    }

    // expressions ----------------------------------------------------------------------
    std::string expr(const Expr* e, int prec) {
        auto paren = [&](int own, std::string s) { return own < prec ? "(" + s + ")" : s; };
        switch (e->kind) {
        case NodeKind::BoolOp: {
            auto* b = static_cast<const BoolOp*>(e);
            int own = b->op == BoolOpKind::And ? P_AND : P_OR;
            std::string s;
            for (size_t i = 0; i < b->values.size(); ++i)
                s += (i ? (b->op == BoolOpKind::And ? " and " : " or ") : "") + expr(b->values[i], own + 1);
            return paren(own, s);
        }
        case NodeKind::NamedExpr: {
            auto* n = static_cast<const NamedExpr*>(e);
            return "(" + expr(n->target, P_ATOM) + " := " + expr(n->value, P_TEST) + ")";
        }
        case NodeKind::BinOp: {
            auto* b = static_cast<const BinOp*>(e);
            int own = binPrec(b->op);
            std::string l, r;
            if (b->op == BinOpKind::Pow) {
                l = expr(b->left, P_AWAIT);
                r = expr(b->right, P_FACTOR);
            } else {
                l = expr(b->left, own);
                r = expr(b->right, own + 1);
            }
            return paren(own, l + " " + binOpSymbol(b->op) + " " + r);
        }
        case NodeKind::UnaryOp: {
            auto* u = static_cast<const UnaryOp*>(e);
            if (u->op == UnaryOpKind::Not) return paren(P_NOT, "not " + expr(u->operand, P_NOT));
            // A chain of prefix operators (`------x`) is printed in a loop, not by recursion: the
            // fuzzer nests them thousands deep, which overflowed the stack under ASan.
            std::string prefix;
            const Expr* inner = u;
            while (is<UnaryOp>(inner) && static_cast<const UnaryOp*>(inner)->op != UnaryOpKind::Not) {
                prefix += unaryOpSymbol(static_cast<const UnaryOp*>(inner)->op);
                inner = static_cast<const UnaryOp*>(inner)->operand;
            }
            return paren(P_FACTOR, prefix + expr(inner, P_FACTOR));
        }
        case NodeKind::Lambda: {
            auto* l = static_cast<const Lambda*>(e);
            std::string a = args(l->args, true);
            return paren(P_TEST, "lambda" + (a.empty() ? "" : " " + a) + ": " + expr(l->body, P_TEST));
        }
        case NodeKind::IfExp: {
            auto* i = static_cast<const IfExp*>(e);
            return paren(P_TEST,
                         expr(i->body, P_OR) + " if " + expr(i->test, P_OR) + " else " + expr(i->orelse, P_TEST));
        }
        case NodeKind::Dict: {
            auto* d = static_cast<const Dict*>(e);
            std::string s;
            for (size_t i = 0; i < d->keys.size(); ++i) {
                if (i) s += ", ";
                if (d->keys[i]) s += expr(d->keys[i], P_TEST) + ": " + expr(d->values[i], P_TEST);
                else s += "**" + expr(d->values[i], P_BOR);
            }
            return "{" + s + "}";
        }
        case NodeKind::Set: {
            auto* st = static_cast<const Set*>(e);
            if (st->elts.empty()) return "{*()}";
            std::string s;
            for (const Expr* x : st->elts) s += (s.empty() ? "" : ", ") + expr(x, P_TEST);
            return "{" + s + "}";
        }
        case NodeKind::ListComp: {
            auto* c = static_cast<const ListComp*>(e);
            return "[" + expr(c->elt, P_TEST) + comps(c->generators) + "]";
        }
        case NodeKind::SetComp: {
            auto* c = static_cast<const SetComp*>(e);
            return "{" + expr(c->elt, P_TEST) + comps(c->generators) + "}";
        }
        case NodeKind::DictComp: {
            auto* c = static_cast<const DictComp*>(e);
            return "{" + expr(c->key, P_TEST) + ": " + expr(c->value, P_TEST) + comps(c->generators) + "}";
        }
        case NodeKind::GeneratorExp: {
            auto* c = static_cast<const GeneratorExp*>(e);
            return "(" + expr(c->elt, P_TEST) + comps(c->generators) + ")";
        }
        case NodeKind::Yield: {
            auto* y = static_cast<const Yield*>(e);
            std::string s = y->value ? "yield " + bareTuple(y->value) : "yield";
            return prec > P_YIELD ? "(" + s + ")" : s;
        }
        case NodeKind::YieldFrom: {
            std::string s = "yield from " + expr(static_cast<const YieldFrom*>(e)->value, P_TEST);
            return prec > P_YIELD ? "(" + s + ")" : s;
        }
        case NodeKind::Compare: {
            auto* c = static_cast<const Compare*>(e);
            std::string s = expr(c->left, P_CMP + 1);
            for (size_t i = 0; i < c->ops.size(); ++i)
                s += std::string(" ") + cmpOpSymbol(c->ops[i]) + " " + expr(c->comparators[i], P_CMP + 1);
            return paren(P_CMP, s);
        }
        case NodeKind::Call: {
            auto* c = static_cast<const Call*>(e);
            return expr(c->func, P_ATOM) + "(" + callArgs(c->args, c->keywords) + ")";
        }
        case NodeKind::FormattedValue: {
            // outside a JoinedStr (synthesized trees): print as a one-field f-string
            JoinedStr tmp;
            tmp.values.push_back(const_cast<Expr*>(e));
            return fstring(&tmp);
        }
        case NodeKind::JoinedStr:
            return fstring(static_cast<const JoinedStr*>(e));
        case NodeKind::Constant: {
            auto* c = static_cast<const Constant*>(e);
            switch (c->value) {
            case ConstKind::None:
                return "None";
            case ConstKind::True:
                return "True";
            case ConstKind::False:
                return "False";
            case ConstKind::Ellipsis:
                return "...";
            case ConstKind::Int: {
                std::string s = std::to_string(c->i);
                if (c->i < 0) return paren(P_FACTOR, s);
                return s;
            }
            case ConstKind::BigInt:
                return c->s;
            case ConstKind::Float: {
                std::string s = floatSource(c->f);
                if (s[0] == '-' || s[0] == '(') return paren(P_FACTOR, s);
                return s;
            }
            case ConstKind::Imag: {
                std::string s = floatSource(c->f);
                if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
                return s + "j";
            }
            case ConstKind::Str:
                return strRepr(c->s);
            case ConstKind::Bytes:
                return bytesRepr(c->s);
            }
            return "None";
        }
        case NodeKind::Attribute: {
            auto* a = static_cast<const Attribute*>(e);
            std::string v = expr(a->value, P_ATOM);
            if (is<Constant>(a->value) &&
                (as<Constant>(a->value)->value == ConstKind::Int ||
                 as<Constant>(a->value)->value == ConstKind::BigInt) &&
                v[0] != '(')
                v = "(" + v + ")";
            return v + "." + a->attr;
        }
        case NodeKind::Subscript: {
            auto* s = static_cast<const Subscript*>(e);
            std::string inner;
            if (is<Tuple>(s->slice) && !as<Tuple>(s->slice)->elts.empty()) {
                const auto& elts = as<Tuple>(s->slice)->elts;
                for (size_t i = 0; i < elts.size(); ++i) inner += (i ? ", " : "") + sliceText(elts[i]);
                if (elts.size() == 1) inner += ",";
            } else {
                inner = sliceText(s->slice);
            }
            return expr(s->value, P_ATOM) + "[" + inner + "]";
        }
        case NodeKind::Starred:
            return "*" + expr(static_cast<const Starred*>(e)->value, P_BOR);
        case NodeKind::Name:
            return static_cast<const Name*>(e)->id;
        case NodeKind::List: {
            std::string s;
            for (const Expr* x : static_cast<const List*>(e)->elts) s += (s.empty() ? "" : ", ") + expr(x, P_TEST);
            return "[" + s + "]";
        }
        case NodeKind::Tuple: {
            const auto& elts = static_cast<const Tuple*>(e)->elts;
            if (elts.empty()) return "()";
            std::string s;
            for (size_t i = 0; i < elts.size(); ++i) s += (i ? ", " : "") + expr(elts[i], P_TEST);
            if (elts.size() == 1) s += ",";
            return "(" + s + ")";
        }
        case NodeKind::Slice:
            return sliceText(e);
        default:
            return "<?>";
        }
    }
};

// ------------------------------------------------------------------------------------------
// dump

class Dumper {
public:
    std::string out;
    void node(const Node* n);
    void exprOrNone(const Expr* e) {
        if (e) node(e);
        else out += "None";
    }
    void exprs(const ExprList& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); ++i) {
            if (i) out += ", ";
            exprOrNone(l[i]);
        }
        out += "]";
    }
    void stmts(const StmtList& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); ++i) {
            if (i) out += ", ";
            node(l[i]);
        }
        out += "]";
    }
    void str(const std::string& s) { out += strRepr(s); }
    void arg(const Arg& a) {
        out += "arg(arg=";
        str(a.arg);
        if (a.annotation) {
            out += ", annotation=";
            node(a.annotation);
        }
        out += ")";
    }
    void args(const Arguments& a) {
        out += "arguments(posonlyargs=[";
        for (size_t i = 0; i < a.posonlyargs.size(); ++i) {
            if (i) out += ", ";
            arg(a.posonlyargs[i]);
        }
        out += "], args=[";
        for (size_t i = 0; i < a.args.size(); ++i) {
            if (i) out += ", ";
            arg(a.args[i]);
        }
        out += "]";
        if (a.vararg) {
            out += ", vararg=";
            arg(*a.vararg);
        }
        out += ", kwonlyargs=[";
        for (size_t i = 0; i < a.kwonlyargs.size(); ++i) {
            if (i) out += ", ";
            arg(a.kwonlyargs[i]);
        }
        out += "], kw_defaults=";
        exprs(a.kwDefaults);
        if (a.kwarg) {
            out += ", kwarg=";
            arg(*a.kwarg);
        }
        out += ", defaults=";
        exprs(a.defaults);
        out += ")";
    }
    void keywords(const std::vector<Keyword>& ks) {
        out += "[";
        for (size_t i = 0; i < ks.size(); ++i) {
            if (i) out += ", ";
            out += "keyword(";
            if (!ks[i].arg.empty()) {
                out += "arg=";
                str(ks[i].arg);
                out += ", ";
            }
            out += "value=";
            node(ks[i].value);
            out += ")";
        }
        out += "]";
    }
    void gens(const std::vector<Comprehension>& gs) {
        out += "[";
        for (size_t i = 0; i < gs.size(); ++i) {
            if (i) out += ", ";
            out += "comprehension(target=";
            node(gs[i].target);
            out += ", iter=";
            node(gs[i].iter);
            out += ", ifs=";
            exprs(gs[i].ifs);
            out += ", is_async=0)";
        }
        out += "]";
    }
    void aliases(const std::vector<Alias>& as) {
        out += "[";
        for (size_t i = 0; i < as.size(); ++i) {
            if (i) out += ", ";
            out += "alias(name=";
            str(as[i].name);
            if (!as[i].asname.empty()) {
                out += ", asname=";
                str(as[i].asname);
            }
            out += ")";
        }
        out += "]";
    }
    void names(const std::vector<std::string>& ns) {
        out += "[";
        for (size_t i = 0; i < ns.size(); ++i) {
            if (i) out += ", ";
            str(ns[i]);
        }
        out += "]";
    }
    static const char* ctx(ExprContext c) {
        return c == ExprContext::Load ? "Load()" : c == ExprContext::Store ? "Store()" : "Del()";
    }
};

void Dumper::node(const Node* n) {
    out += nodeKindName(n->kind);
    out += "(";
    switch (n->kind) {
    case NodeKind::Module:
        out += "body=";
        stmts(static_cast<const Module*>(n)->body);
        break;
    case NodeKind::FunctionDef: {
        auto* f = static_cast<const FunctionDef*>(n);
        out += "name=";
        str(f->name);
        out += ", args=";
        args(f->args);
        out += ", body=";
        stmts(f->body);
        out += ", decorator_list=";
        exprs(f->decoratorList);
        if (f->returns) {
            out += ", returns=";
            node(f->returns);
        }
        break;
    }
    case NodeKind::ClassDef: {
        auto* c = static_cast<const ClassDef*>(n);
        out += "name=";
        str(c->name);
        out += ", bases=";
        exprs(c->bases);
        out += ", keywords=";
        keywords(c->keywords);
        out += ", body=";
        stmts(c->body);
        out += ", decorator_list=";
        exprs(c->decoratorList);
        break;
    }
    case NodeKind::Return:
        if (auto* v = static_cast<const Return*>(n)->value) {
            out += "value=";
            node(v);
        }
        break;
    case NodeKind::Delete:
        out += "targets=";
        exprs(static_cast<const Delete*>(n)->targets);
        break;
    case NodeKind::Assign: {
        auto* a = static_cast<const Assign*>(n);
        out += "targets=";
        exprs(a->targets);
        out += ", value=";
        node(a->value);
        break;
    }
    case NodeKind::AugAssign: {
        auto* a = static_cast<const AugAssign*>(n);
        out += "target=";
        node(a->target);
        out += ", op=";
        out += binOpName(a->op);
        out += "(), value=";
        node(a->value);
        break;
    }
    case NodeKind::AnnAssign: {
        auto* a = static_cast<const AnnAssign*>(n);
        out += "target=";
        node(a->target);
        out += ", annotation=";
        node(a->annotation);
        if (a->value) {
            out += ", value=";
            node(a->value);
        }
        out += a->simple ? ", simple=1" : ", simple=0";
        break;
    }
    case NodeKind::For: {
        auto* f = static_cast<const For*>(n);
        out += "target=";
        node(f->target);
        out += ", iter=";
        node(f->iter);
        out += ", body=";
        stmts(f->body);
        out += ", orelse=";
        stmts(f->orelse);
        break;
    }
    case NodeKind::While: {
        auto* w = static_cast<const While*>(n);
        out += "test=";
        node(w->test);
        out += ", body=";
        stmts(w->body);
        out += ", orelse=";
        stmts(w->orelse);
        break;
    }
    case NodeKind::If: {
        auto* i = static_cast<const If*>(n);
        out += "test=";
        node(i->test);
        out += ", body=";
        stmts(i->body);
        out += ", orelse=";
        stmts(i->orelse);
        break;
    }
    case NodeKind::With: {
        auto* w = static_cast<const With*>(n);
        out += "items=[";
        for (size_t i = 0; i < w->items.size(); ++i) {
            if (i) out += ", ";
            out += "withitem(context_expr=";
            node(w->items[i].contextExpr);
            if (w->items[i].optionalVars) {
                out += ", optional_vars=";
                node(w->items[i].optionalVars);
            }
            out += ")";
        }
        out += "], body=";
        stmts(w->body);
        break;
    }
    case NodeKind::Raise: {
        auto* r = static_cast<const Raise*>(n);
        if (r->exc) {
            out += "exc=";
            node(r->exc);
        }
        if (r->cause) {
            out += ", cause=";
            node(r->cause);
        }
        break;
    }
    case NodeKind::Try: {
        auto* t = static_cast<const Try*>(n);
        out += "body=";
        stmts(t->body);
        out += ", handlers=[";
        for (size_t i = 0; i < t->handlers.size(); ++i) {
            const ExceptHandler& h = t->handlers[i];
            if (i) out += ", ";
            out += "ExceptHandler(";
            if (h.type) {
                out += "type=";
                node(h.type);
                out += ", ";
            }
            if (!h.name.empty()) {
                out += "name=";
                str(h.name);
                out += ", ";
            }
            out += "body=";
            stmts(h.body);
            out += ")";
        }
        out += "], orelse=";
        stmts(t->orelse);
        out += ", finalbody=";
        stmts(t->finalbody);
        break;
    }
    case NodeKind::Assert: {
        auto* a = static_cast<const Assert*>(n);
        out += "test=";
        node(a->test);
        if (a->msg) {
            out += ", msg=";
            node(a->msg);
        }
        break;
    }
    case NodeKind::Import:
        out += "names=";
        aliases(static_cast<const Import*>(n)->names);
        break;
    case NodeKind::ImportFrom: {
        auto* f = static_cast<const ImportFrom*>(n);
        if (!f->module.empty()) {
            out += "module=";
            str(f->module);
            out += ", ";
        }
        out += "names=";
        aliases(f->names);
        out += ", level=" + std::to_string(f->level);
        break;
    }
    case NodeKind::Global:
        out += "names=";
        names(static_cast<const Global*>(n)->names);
        break;
    case NodeKind::Nonlocal:
        out += "names=";
        names(static_cast<const Nonlocal*>(n)->names);
        break;
    case NodeKind::ExprStmt:
        out += "value=";
        node(static_cast<const ExprStmt*>(n)->value);
        break;
    case NodeKind::Pass:
    case NodeKind::Break:
    case NodeKind::Continue:
        break;
    case NodeKind::BoolOp: {
        auto* b = static_cast<const BoolOp*>(n);
        out += b->op == BoolOpKind::And ? "op=And(), values=" : "op=Or(), values=";
        exprs(b->values);
        break;
    }
    case NodeKind::NamedExpr: {
        auto* e = static_cast<const NamedExpr*>(n);
        out += "target=";
        node(e->target);
        out += ", value=";
        node(e->value);
        break;
    }
    case NodeKind::BinOp: {
        auto* b = static_cast<const BinOp*>(n);
        out += "left=";
        node(b->left);
        out += ", op=";
        out += binOpName(b->op);
        out += "(), right=";
        node(b->right);
        break;
    }
    case NodeKind::UnaryOp: {
        auto* u = static_cast<const UnaryOp*>(n);
        out += "op=";
        out += unaryOpName(u->op);
        out += "(), operand=";
        node(u->operand);
        break;
    }
    case NodeKind::Lambda: {
        auto* l = static_cast<const Lambda*>(n);
        out += "args=";
        args(l->args);
        out += ", body=";
        node(l->body);
        break;
    }
    case NodeKind::IfExp: {
        auto* i = static_cast<const IfExp*>(n);
        out += "test=";
        node(i->test);
        out += ", body=";
        node(i->body);
        out += ", orelse=";
        node(i->orelse);
        break;
    }
    case NodeKind::Dict: {
        auto* d = static_cast<const Dict*>(n);
        out += "keys=";
        exprs(d->keys);
        out += ", values=";
        exprs(d->values);
        break;
    }
    case NodeKind::Set:
        out += "elts=";
        exprs(static_cast<const Set*>(n)->elts);
        break;
    case NodeKind::ListComp: {
        auto* c = static_cast<const ListComp*>(n);
        out += "elt=";
        node(c->elt);
        out += ", generators=";
        gens(c->generators);
        break;
    }
    case NodeKind::SetComp: {
        auto* c = static_cast<const SetComp*>(n);
        out += "elt=";
        node(c->elt);
        out += ", generators=";
        gens(c->generators);
        break;
    }
    case NodeKind::GeneratorExp: {
        auto* c = static_cast<const GeneratorExp*>(n);
        out += "elt=";
        node(c->elt);
        out += ", generators=";
        gens(c->generators);
        break;
    }
    case NodeKind::DictComp: {
        auto* c = static_cast<const DictComp*>(n);
        out += "key=";
        node(c->key);
        out += ", value=";
        node(c->value);
        out += ", generators=";
        gens(c->generators);
        break;
    }
    case NodeKind::Yield:
        if (auto* v = static_cast<const Yield*>(n)->value) {
            out += "value=";
            node(v);
        }
        break;
    case NodeKind::YieldFrom:
        out += "value=";
        node(static_cast<const YieldFrom*>(n)->value);
        break;
    case NodeKind::Compare: {
        auto* c = static_cast<const Compare*>(n);
        out += "left=";
        node(c->left);
        out += ", ops=[";
        for (size_t i = 0; i < c->ops.size(); ++i) {
            if (i) out += ", ";
            out += cmpOpName(c->ops[i]);
            out += "()";
        }
        out += "], comparators=";
        exprs(c->comparators);
        break;
    }
    case NodeKind::Call: {
        auto* c = static_cast<const Call*>(n);
        out += "func=";
        node(c->func);
        out += ", args=";
        exprs(c->args);
        out += ", keywords=";
        keywords(c->keywords);
        break;
    }
    case NodeKind::FormattedValue: {
        auto* f = static_cast<const FormattedValue*>(n);
        out += "value=";
        node(f->value);
        out += ", conversion=" + std::to_string(f->conversion);
        if (f->formatSpec) {
            out += ", format_spec=";
            node(f->formatSpec);
        }
        break;
    }
    case NodeKind::JoinedStr:
        out += "values=";
        exprs(static_cast<const JoinedStr*>(n)->values);
        break;
    case NodeKind::Constant: {
        auto* c = static_cast<const Constant*>(n);
        out += "value=";
        switch (c->value) {
        case ConstKind::None:
            out += "None";
            break;
        case ConstKind::True:
            out += "True";
            break;
        case ConstKind::False:
            out += "False";
            break;
        case ConstKind::Ellipsis:
            out += "Ellipsis";
            break;
        case ConstKind::Int:
            out += std::to_string(c->i);
            break;
        case ConstKind::BigInt:
            out += c->s;
            break;
        case ConstKind::Float:
            out += floatSource(c->f);
            break;
        case ConstKind::Imag:
            out += floatSource(c->f) + "j";
            break;
        case ConstKind::Str:
            out += strRepr(c->s);
            break;
        case ConstKind::Bytes:
            out += bytesRepr(c->s);
            break;
        }
        break;
    }
    case NodeKind::Attribute: {
        auto* a = static_cast<const Attribute*>(n);
        out += "value=";
        node(a->value);
        out += ", attr=";
        str(a->attr);
        out += ", ctx=";
        out += ctx(a->ctx);
        break;
    }
    case NodeKind::Subscript: {
        auto* s = static_cast<const Subscript*>(n);
        out += "value=";
        node(s->value);
        out += ", slice=";
        node(s->slice);
        out += ", ctx=";
        out += ctx(s->ctx);
        break;
    }
    case NodeKind::Starred: {
        auto* s = static_cast<const Starred*>(n);
        out += "value=";
        node(s->value);
        out += ", ctx=";
        out += ctx(s->ctx);
        break;
    }
    case NodeKind::Name: {
        auto* nm = static_cast<const Name*>(n);
        out += "id=";
        str(nm->id);
        out += ", ctx=";
        out += ctx(nm->ctx);
        break;
    }
    case NodeKind::List:
        out += "elts=";
        exprs(static_cast<const List*>(n)->elts);
        out += ", ctx=";
        out += ctx(static_cast<const List*>(n)->ctx);
        break;
    case NodeKind::Tuple:
        out += "elts=";
        exprs(static_cast<const Tuple*>(n)->elts);
        out += ", ctx=";
        out += ctx(static_cast<const Tuple*>(n)->ctx);
        break;
    case NodeKind::Slice: {
        auto* s = static_cast<const Slice*>(n);
        bool first = true;
        auto field = [&](const char* name, const Expr* e) {
            if (!e) return;
            if (!first) out += ", ";
            first = false;
            out += name;
            node(e);
        };
        field("lower=", s->lower);
        field("upper=", s->upper);
        field("step=", s->step);
        break;
    }
    }
    out += ")";
}

} // namespace

std::string printModule(const Module* module) {
    Printer p;
    p.module(module);
    return p.out;
}

std::string printStmt(const Stmt* stmt, int indent) {
    Printer p;
    p.stmt(stmt, indent);
    return p.out;
}

std::string printExpr(const Expr* expr) {
    Printer p;
    return p.expr(expr, 0);
}

std::string dumpAst(const Node* node) {
    Dumper d;
    d.node(node);
    return d.out;
}

} // namespace graphlens::lang
