// AutoGraph entry points: running the converter passes over a re-parsed copy of a function,
// the to_code text and its line map, the runnable factory form, and the per-interpreter `ag__`
// module with its conversion cache.
#include "core/function/autograph.h"

#include <algorithm>
#include <functional>

#include "core/function/autograph_internal.h"
#include "core/lang/interp.h"
#include "core/lang/parser.h"
#include "core/lang/printer.h"

namespace graphlens::function {

using namespace lang;
using namespace detail;

namespace {

// Where converted code says it comes from (its tracebacks' file name), before the function's name.
constexpr std::string_view kGeneratedFilePrefix = "/tmp/__autograph_generated_file_";

const char* kAgRuntimePy =
#include "core/function/ag_runtime_py.inc"
    ;

Node* findNode(Node* n, NodeKind kind, uint32_t offset) {
    if (!n) return nullptr;
    if (n->kind == kind && n->span.offset == offset) return n;
    Node* found = nullptr;
    forEachChildExpr(n, [&](Expr*& e) {
        if (!found) found = findNode(e, kind, offset);
    });
    if (found) return found;
    if (n->kind == NodeKind::Module) {
        for (auto* s : static_cast<Module*>(n)->body)
            if ((found = findNode(s, kind, offset))) return found;
    } else if (isStmtKind(n->kind)) {
        for (auto* b : childBlocks(static_cast<Stmt*>(n)))
            for (auto* s : *b)
                if ((found = findNode(s, kind, offset))) return found;
    }
    return nullptr;
}

uint32_t exprOrigin(const Node* n) {
    uint32_t best = n->span.line;
    forEachChildExpr(const_cast<Node*>(n), [&](Expr*& e) {
        uint32_t l = exprOrigin(e);
        if (l && (!best || l < best)) best = l;
    });
    return best;
}

uint32_t stmtOrigin(const Stmt* s) {
    if (s->span.line) return s->span.line;
    uint32_t best = 0;
    forEachChildExpr(const_cast<Stmt*>(s), [&](Expr*& e) {
        uint32_t l = exprOrigin(e);
        if (l && (!best || l < best)) best = l;
    });
    return best;
}

// Walks the transformed tree and its printed-and-reparsed twin together: line of each reparsed
// statement -> origin of the transformed one.
void mapLines(const Stmt* t, const Stmt* r, std::vector<uint32_t>& map) {
    if (r->span.line >= 1 && r->span.line <= map.size()) map[r->span.line - 1] = stmtOrigin(t);
    auto tb = childBlocks(const_cast<Stmt*>(t)), rb = childBlocks(const_cast<Stmt*>(r));
    if (tb.size() != rb.size()) return;
    for (size_t i = 0; i < tb.size(); ++i) {
        if (tb[i]->size() != rb[i]->size()) continue;
        for (size_t j = 0; j < tb[i]->size(); ++j) mapLines((*tb[i])[j], (*rb[i])[j], map);
    }
}

// A body of only a docstring (or `...`): TF keeps it ahead of the FunctionScope `with`, which is
// left empty, so its generated module fails to load with an IndentationError naming lines of
// that module: a coding line, the outer factory (one `name = None` line per closure variable and
// a blank line), the inner factory and a blank line, the def, the docstring, then the `with`.
std::string emptyScopeMessage(const FunctionDef* fn, size_t closureVars) {
    size_t docLines = 1;
    if (!fn->body.empty() && fn->body[0]->kind == NodeKind::ExprStmt) {
        auto* c = static_cast<const ExprStmt*>(fn->body[0])->value;
        if (c->kind == NodeKind::Constant && static_cast<const Constant*>(c)->value == ConstKind::Str) {
            const std::string& doc = static_cast<const Constant*>(c)->s;
            docLines += size_t(std::count(doc.begin(), doc.end(), '\n'));
        }
    }
    const size_t withLine = 6 + closureVars + docLines + 1;
    return "expected an indented block after 'with' statement on line " + std::to_string(withLine) +
        " (__autograph_generated_file" + fn->name + ".py, line " + std::to_string(withLine + 1) + ")";
}

void makeRunnable(ConvertedCode& out, const ConvertOptions& options, const std::string& original);
ConvertedCode convertLambda(std::shared_ptr<ParsedModule> pm, const Node* def, const ConvertOptions& options);

} // namespace

ConvertedCode convertFunction(const SourceFile& source, const Node* def, const ConvertOptions& options) {
    ConvertedCode out;
    ParseOptions po;
    po.resolveNames = false;
    std::shared_ptr<ParsedModule> pm = parseModule(source.text, source.filename, po);
    if (def->kind == NodeKind::Lambda) return convertLambda(pm, def, options);
    auto* fn = static_cast<FunctionDef*>(findNode(pm->module, def->kind, def->span.offset));
    std::string transformedName;
    if (!fn) {
        out.error = { "ConversionError", "could not find the function's source", def->span.line };
        return out;
    }
    try {
        checkSupported(fn);
        Conversion c{ Gen{ *pm->arena }, Namer{}, {}, {}, {} };
        c.namer.globals.insert(options.globalNames.begin(), options.globalNames.end());
        c.namer.globals.insert(options.freeVars.begin(), options.freeVars.end());
        transformedName = c.namer.newSymbol("tf__" + fn->name, {});
        functionsPass(c, fn, true);
        directivesPass(c, fn->body);
        breakPass(c, fn->body);
        continuePass(c, fn->body);
        returnPass(c, fn);
        callTreesPass(c, fn);
        controlFlowPass(c, fn);
        expressionsPass(c, fn);
        variablesPass(c, fn);
    } catch (const Unsupported& u) {
        out.error = u.error;
        if (u.error.type == "IndentationError" && u.error.line == fn->span.line)
            out.error.message = emptyScopeMessage(fn, options.freeVars.size());
        return out;
    }
    // Defaults come from the original function object at run time; the text shows None.
    for (auto*& d : fn->args.defaults) d = pm->arena->make<Constant>();
    for (auto*& d : fn->args.kwDefaults)
        if (d) d = pm->arena->make<Constant>();
    std::string original = fn->name;
    fn->name = transformedName;
    fn->decoratorList.clear();
    out.name = fn->name;
    out.code = unparse(fn);
    // Line map from the printed text parsed back.
    std::shared_ptr<ParsedModule> printed = parseModule(out.code, "<autograph>", po);
    uint32_t lines = 0;
    for (char ch : out.code) lines += ch == '\n';
    if (!out.code.empty() && out.code.back() != '\n') ++lines;
    out.lineMap.assign(lines, 0);
    if (!printed->module->body.empty()) mapLines(fn, printed->module->body[0], out.lineMap);
    makeRunnable(out, options, original);
    return out;
}

namespace {

// Runnable: a factory whose parameters are `ag__` and the original's free variables, so that
// the scope pass resolves them as free variables of tf__<name>.
void makeRunnable(ConvertedCode& out, const ConvertOptions& options, const std::string& original) {
    std::string factory = "def __ag_factory(ag__";
    for (auto& v : options.freeVars) factory += ", " + v;
    factory += "):\n";
    size_t pos = 0;
    while (pos < out.code.size()) {
        size_t nl = out.code.find('\n', pos);
        if (nl == std::string::npos) nl = out.code.size();
        if (nl > pos) factory += "    " + out.code.substr(pos, nl - pos);
        factory += "\n";
        pos = nl + 1;
    }
    factory += "    return " + out.name + "\n";
    out.runnable = parseModule(factory, std::string(kGeneratedFilePrefix) + original + ".py");
    auto* fac = static_cast<FunctionDef*>(out.runnable->module->body[0]);
    const Stmt* first = fac->body[0];
    out.convertedDef =
        first->kind == NodeKind::Assign ? static_cast<const Node*>(static_cast<const Assign*>(first)->value) : first;
    out.ok = true;
}

// A lambda converts to `tf__lam = lambda <params>: ag__.with_function_scope(lambda lscope:
// <body>, 'lscope', options)`; AutoGraph wraps no loads of a converted lambda in ag__.ld.
ConvertedCode convertLambda(std::shared_ptr<ParsedModule> pm, const Node* def, const ConvertOptions& options) {
    ConvertedCode out;
    auto* lam = static_cast<Lambda*>(findNode(pm->module, NodeKind::Lambda, def->span.offset));
    if (!lam) {
        out.error = { "ConversionError", "could not find the function's source", def->span.line };
        return out;
    }
    Conversion c{ Gen{ *pm->arena }, Namer{}, {}, {}, {} };
    try {
        checkSupported(lam);
        c.namer.globals.insert(options.globalNames.begin(), options.globalNames.end());
        std::string ctx = c.namer.newSymbol("lscope", referencedNames(lam->body));
        callTreesExpr(c, lam->body, ctx);
        expressionsPass(c, lam);
        Gen& g = c.gen;
        Lambda* inner = g.lambda0(lam->body);
        Arg a;
        a.arg = ctx;
        inner->args.args.push_back(a);
        lam->body = g.call(g.ag("with_function_scope"), { inner, g.str(ctx), conversionOptions(g) });
        for (auto*& d : lam->args.defaults) d = g.none();
        for (auto*& d : lam->args.kwDefaults)
            if (d) d = g.none();
    } catch (const Unsupported& u) {
        out.error = u.error;
        return out;
    }
    out.name = "tf__lam";
    out.code = out.name + " = " + printExpr(lam) + "\n"; // TF ends every to_code text with a newline
    out.lineMap.assign(1, lam->span.line);
    makeRunnable(out, options, "lambda");
    return out;
}

} // namespace

// ----- the per-interpreter runtime ---------------------------------------------------------------

namespace {

struct CacheKey {
    const SourceFile* source;
    uint32_t offset;
    bool operator<(const CacheKey& o) const { return source != o.source ? source < o.source : offset < o.offset; }
};
struct CacheEntry {
    std::shared_ptr<const SourceFile> source; // keeps the key's address from being reused
    std::shared_ptr<ConvertedCode> code;
};
struct RuntimeState {
    std::map<CacheKey, CacheEntry> cache;
};

ClassObj* stateClass() {
    static ClassObj* c = [] {
        auto* k = new ClassObj("autograph_state");
        k->rc = int64_t(1) << 40;
        k->cls = types().type;
        k->builtin = true;
        k->bases.push_back(types().object);
        k->basesHold.push_back(Value::object(types().object));
        k->mro = { k, types().object };
        makeImmortal(k);
        return k;
    }();
    return c;
}

const char* kModuleKey = "__graphlens_autograph__";
// Set on a converted method whose original uses zero-argument super(): the class of its
// `__class__` cell (the converted code's super() is resolved through it).
const char* kSuperClassAttr = "__ag_super_class__";

bool isPreludeSource(const std::string& filename) {
    static const char* preludes[] = { "<tensorflow", "<numpy", "<datetime", "<keras", "<ag_runtime" };
    for (auto* p : preludes)
        if (filename.rfind(p, 0) == 0) return true;
    return false;
}

// A name the conversion gave a function of its own (the namer adds _1, _2, ... to keep it apart).
bool isGeneratedName(std::string_view name) {
    const size_t suffix = name.find_last_not_of("0123456789");
    if (suffix != std::string_view::npos && suffix + 1 < name.size() && name[suffix] == '_')
        name = name.substr(0, suffix);
    for (const char* generated :
         { "if_body", "else_body", "loop_body", "loop_test", "extra_test", "get_state", "set_state" })
        if (name == generated) return true;
    return false;
}

FuncObj* userFunction(const Value& f) {
    if (!f.isKind(ObjKind::Func)) return nullptr;
    auto* fo = f.as<FuncObj>();
    if (!fo->source || isPreludeSource(fo->source->filename)) return nullptr;
    return fo;
}

RuntimeState& stateOf(Interpreter& in) {
    Value m = autographModule(in);
    Value* s = m.as<ModuleObj>()->d()->findStr("_state");
    return *static_cast<RuntimeState*>(s->as<NativeObj>()->payload.get());
}

std::shared_ptr<ConvertedCode> cachedConversion(Interpreter& in, FuncObj* fo) {
    RuntimeState& st = stateOf(in);
    CacheKey key{ fo->source.get(), fo->def->span.offset };
    auto it = st.cache.find(key);
    if (it != st.cache.end()) return it->second.code;
    ConvertOptions opts;
    if (fo->globals.isKind(ObjKind::Dict))
        fo->globals.as<DictObj>()->forEach([&](const Value& k, const Value&) {
            if (k.isKind(ObjKind::Str)) opts.globalNames.push_back(k.as<StrObj>()->s);
        });
    if (fo->scope) opts.freeVars = fo->scope->freevars;
    auto code = std::make_shared<ConvertedCode>(convertFunction(*fo->source, fo->def, opts));
    if (code->ok) in.retainModule(code->runnable); // lives as long as the interpreter
    st.cache[key] = CacheEntry{ fo->source, code };
    return code;
}

[[noreturn]] void raiseConversionError(Interpreter& in, const ConversionError& e) {
    Value m = autographModule(in);
    Value* cls = m.as<ModuleObj>()->d()->findStr(e.type);
    if (!cls) cls = m.as<ModuleObj>()->d()->findStr("ConversionError");
    Value msg = newStr(e.message);
    Value exc = in.call(*cls, &msg, 1);
    in.setAttr(exc, "lineno", Value::integer(e.line));
    raiseValue(exc);
}

} // namespace

Value autographModule(Interpreter& in) {
    InterpreterScope entered(&in); // may be called from C++ while no script runs
    DictObj* mods = in.modules();
    if (Value* v = mods->findStr(kModuleKey)) return *v;
    auto* m = new ModuleObj("ag__");
    Value mv = Value::adopt(m);
    DictObj* d = m->d();
    d->setStr("__name__", newStr("ag__"));
    d->setStr("_state", Value::adopt(new NativeObj(stateClass(), std::make_shared<RuntimeState>())));
    d->setStr("_convert", newBuiltin("_convert", [](Interpreter& in2, CallArgs& a) -> Value {
                  if (a.size() != 1) raise(types().TypeError, "_convert() takes one argument");
                  return convertedFunction(in2, a[0]);
              }));
    d->setStr("_is_user_function", newBuiltin("_is_user_function", [](Interpreter&, CallArgs& a) -> Value {
                  return Value::boolean(a.size() == 1 && userFunction(a[0]) != nullptr);
              }));
    d->setStr("_is_builtin", newBuiltin("_is_builtin", [](Interpreter&, CallArgs& a) -> Value {
                  // Native functions and methods, and builtin types (range, int, enumerate, ...).
                  return Value::boolean(
                      a.size() == 1 &&
                      (a[0].isKind(ObjKind::Builtin) || (a[0].isKind(ObjKind::Class) && a[0].as<ClassObj>()->builtin)));
              }));
    d->setStr("_bound_method_parts", newBuiltin("_bound_method_parts", [](Interpreter&, CallArgs& a) -> Value {
                  if (a.size() == 1 && a[0].isKind(ObjKind::BoundMethod)) {
                      auto* b = a[0].as<BoundMethodObj>();
                      return newTuple({ b->self, b->func });
                  }
                  return newTuple({ Value::none(), Value::none() });
              }));
    d->setStr("_super_in_context", newBuiltin("_super_in_context", [](Interpreter& in2, CallArgs&) -> Value {
                  for (Frame* f = in2.currentFrame(); f; f = f->back) {
                      if (!f->func || !f->func->attrs.isKind(ObjKind::Dict)) continue;
                      Value* cls = f->func->attrs.as<DictObj>()->findStr(kSuperClassAttr);
                      if (!cls || f->func->npos == 0) continue;
                      Value self = f->locals[0];
                      const ScopeInfo* sc = f->scope;
                      for (size_t i = 0; sc && i < sc->cellParamSlots.size(); ++i)
                          if (sc->cellParamSlots[i] == 0) self = f->cells[i].as<CellObj>()->value;
                      Value superArgs[2] = { *cls, self };
                      return in2.call(Value::object(types().super), superArgs, 2);
                  }
                  raise(types().RuntimeError, "super(): no arguments");
              }));
    mods->setStr(kModuleKey, mv);
    execSourceInDict(in, kAgRuntimePy, "<ag_runtime>", d);
    return mv;
}

Value convertedFunction(Interpreter& in, const Value& pyFunction) {
    InterpreterScope entered(&in);
    FuncObj* fo = userFunction(pyFunction);
    if (!fo) raise(types().TypeError, "AutoGraph converts only user-defined Python functions");
    std::shared_ptr<ConvertedCode> code = cachedConversion(in, fo);
    if (!code->ok) raiseConversionError(in, code->error);
    auto* fn = new FuncObj();
    Value hold = Value::adopt(fn);
    fn->name = code->name;
    fn->qualname = code->name;
    fn->def = code->convertedDef;
    const ScopeInfo* scope;
    if (code->convertedDef->kind == NodeKind::Lambda) {
        auto* l = static_cast<const Lambda*>(code->convertedDef);
        fn->args = &l->args;
        fn->lambdaBody = l->body;
        scope = &l->scope;
    } else {
        auto* d = static_cast<const FunctionDef*>(code->convertedDef);
        fn->args = &d->args;
        fn->body = &d->body;
        scope = &d->scope;
    }
    fn->scope = scope;
    fn->defaults = fo->defaults;
    fn->kwDefaults = fo->kwDefaults;
    Value agModule = autographModule(in);
    for (auto& name : scope->freevars) {
        Value cell;
        if (name == "ag__") {
            auto* c = new CellObj();
            cell = Value::adopt(c);
            c->value = agModule;
        } else {
            for (size_t i = 0; i < fo->scope->freevars.size() && i < fo->closure.size(); ++i)
                if (fo->scope->freevars[i] == name) cell = fo->closure[i];
            if (cell.isUndef()) cell = Value::adopt(new CellObj());
        }
        fn->closure.push_back(cell);
    }
    for (size_t i = 0; i < fo->scope->freevars.size() && i < fo->closure.size(); ++i)
        if (fo->scope->freevars[i] == "__class__" && fo->closure[i].isKind(ObjKind::Cell)) {
            Value attrs = newDict();
            attrs.as<DictObj>()->setStr(kSuperClassAttr, fo->closure[i].as<CellObj>()->value);
            fn->attrs = attrs;
        }
    fn->globals = fo->globals;
    fn->source = code->runnable->source;
    fn->nposonly = fo->nposonly;
    fn->npos = fo->npos;
    fn->nkwonly = fo->nkwonly;
    fn->hasVarargs = fo->hasVarargs;
    fn->hasKwargs = fo->hasKwargs;
    fn->isGenerator = scope->isGenerator;
    return hold;
}

ConvertedCode toCode(Interpreter& in, const Value& pyFunction) {
    InterpreterScope entered(&in);
    FuncObj* fo = userFunction(pyFunction);
    if (!fo) raise(types().TypeError, "AutoGraph converts only user-defined Python functions");
    std::shared_ptr<ConvertedCode> code = cachedConversion(in, fo);
    if (!code->ok) raiseConversionError(in, code->error);
    ConvertedCode text = *code;
    // The runnable AST carries the interpreter's inline caches: it stays with the interpreter.
    text.runnable.reset();
    text.convertedDef = nullptr;
    return text;
}

std::optional<UserLocation> userLocation(Interpreter& in, const TracebackEntry& entry) {
    if (!entry.source || entry.source->filename.empty() || isPreludeSource(entry.source->filename)) return std::nullopt;
    Value* module = in.modules()->findStr(kModuleKey);
    if (module)
        for (const auto& [key, cached] : stateOf(in).cache) {
            const ConvertedCode& code = *cached.code;
            if (!code.ok || !code.runnable || code.runnable->source != entry.source) continue;
            // Line L of the runnable factory is line L-1 of the code: lineMap[L-2]. A generated
            // line (0) takes the nearest source line above it.
            uint32_t line = 0;
            for (size_t i = entry.line >= 2 ? entry.line - 2 : 0; line == 0; --i) {
                if (i < code.lineMap.size()) line = code.lineMap[i];
                if (i == 0) break;
            }
            // The functions the conversion made (if_body, loop_test_1, a lambda's) belong, as in
            // TF's source map, to the function converted; a def of the user's keeps its name.
            std::string function = entry.function;
            if (function.rfind("tf__", 0) == 0) function.erase(0, 4);
            else if (function == "<lambda>" || isGeneratedName(function)) function = code.name.substr(4);
            return UserLocation{ cached.source, line, function, true };
        }
    if (entry.source->filename.starts_with(kGeneratedFilePrefix)) return std::nullopt;
    return UserLocation{ entry.source, entry.line, entry.function, false };
}

} // namespace graphlens::function
