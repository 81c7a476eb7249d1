// Function attributes CPython exposes for introspection (__defaults__, __kwdefaults__,
// __annotations__, __code__), and the native helpers of the inspect module.
#include <mutex>

#include "core/lang/interp_internal.h"
#include "core/lang/printer.h"

namespace graphlens::lang {

namespace {

ClassObj* codeClass() {
    // Never destroyed: immortal, shared by every interpreter like the other builtin types.
    static ClassObj* c = [] {
        ClassObj* k = newBuiltinClass("code");
        makeImmortal(k);
        return k;
    }();
    return c;
}

// CPython's co_flags bits.
constexpr int64_t kOptimized = 1, kNewLocals = 2, kVarargs = 4, kVarKeywords = 8, kNested = 16, kGenerator = 32;

Value makeCode(FuncObj* fn) {
    auto* co = new InstanceObj(codeClass());
    Value hold = Value::adopt(co);
    DictObj* d = co->d();
    const Arguments& a = *fn->args;
    d->setStr("co_name", newStr(fn->name));
    d->setStr("co_qualname", newStr(fn->qualname));
    d->setStr("co_filename", newStr(fn->source ? fn->source->filename : std::string("<string>")));
    uint32_t first = fn->def->span.line;
    if (fn->def->kind == NodeKind::FunctionDef) {
        // as in CPython 3.8+, a decorated function's first line is its first decorator's
        auto* fd = static_cast<const FunctionDef*>(fn->def);
        if (!fd->decoratorList.empty()) first = fd->decoratorList[0]->span.line;
    }
    d->setStr("co_firstlineno", Value::integer(first));
    d->setStr("co_argcount", Value::integer(fn->npos));
    d->setStr("co_posonlyargcount", Value::integer(fn->nposonly));
    d->setStr("co_kwonlyargcount", Value::integer(fn->nkwonly));
    // CPython orders the parameters positional, keyword-only, *args, **kwargs, then other locals
    std::vector<Value> names;
    for (auto& x : a.posonlyargs) names.push_back(newStr(x.arg));
    for (auto& x : a.args) names.push_back(newStr(x.arg));
    for (auto& x : a.kwonlyargs) names.push_back(newStr(x.arg));
    if (a.vararg) names.push_back(newStr(a.vararg->arg));
    if (a.kwarg) names.push_back(newStr(a.kwarg->arg));
    const size_t nparams = names.size();
    const auto& locals = fn->scope->localNames;
    for (size_t i = nparams; i < locals.size(); ++i) names.push_back(newStr(locals[i]));
    d->setStr("co_nlocals", Value::integer(int64_t(names.size())));
    d->setStr("co_varnames", newTuple(std::move(names)));
    std::vector<Value> cellv, freev;
    for (auto& n : fn->scope->cellvars) cellv.push_back(newStr(n));
    for (auto& n : fn->scope->freevars) freev.push_back(newStr(n));
    d->setStr("co_cellvars", newTuple(std::move(cellv)));
    d->setStr("co_freevars", newTuple(std::move(freev)));
    int64_t flags = kOptimized | kNewLocals;
    if (fn->hasVarargs) flags |= kVarargs;
    if (fn->hasKwargs) flags |= kVarKeywords;
    if (fn->qualname.find("<locals>") != std::string::npos) flags |= kNested;
    if (fn->isGenerator) flags |= kGenerator;
    d->setStr("co_flags", Value::integer(flags));
    // inspect.getsource's span of the definition (not a CPython attribute)
    d->setStr("_gl_lastlineno", Value::integer(fn->def->span.endLine ? fn->def->span.endLine : first));
    return hold;
}

Value kwDefaultsDict(FuncObj* fn) {
    Value d = newDict();
    for (size_t i = 0; i < fn->kwDefaults.size(); ++i)
        if (!fn->kwDefaults[i].isUndef()) d.as<DictObj>()->setStr(fn->args->kwonlyargs[i].arg, fn->kwDefaults[i]);
    if (d.as<DictObj>()->size() == 0) return Value::none();
    return d;
}

} // namespace

bool funcSpecialAttr(Interpreter&, FuncObj* fn, std::string_view name, Value& out) {
    if (name.size() < 8 || name[0] != '_' || name[1] != '_') return false;
    if (name == "__defaults__") {
        out = fn->defaults.empty() ? Value::none() : newTuple(fn->defaults);
        return true;
    }
    if (name == "__kwdefaults__") {
        out = kwDefaultsDict(fn);
        return true;
    }
    if (name == "__annotations__") {
        if (!fn->annotations.isObj()) fn->annotations = newDict();
        out = fn->annotations;
        return true;
    }
    if (name == "__code__") {
        if (!fn->code.isObj()) fn->code = makeCode(fn);
        out = fn->code;
        return true;
    }
    if (name == "__globals__") {
        out = fn->globals;
        return true;
    }
    if (name == "__closure__") {
        out = fn->closure.empty() ? Value::none() : newTuple(fn->closure);
        return true;
    }
    return false;
}

bool funcSetSpecialAttr(Interpreter& in, FuncObj* fn, std::string_view name, const Value& v) {
    if (name == "__defaults__") {
        if (v.isNone()) fn->defaults.clear();
        else if (v.isKind(ObjKind::Tuple)) fn->defaults = v.as<TupleObj>()->items;
        else raise(types().TypeError, "__defaults__ must be set to a tuple object");
        return true;
    }
    if (name == "__kwdefaults__") {
        if (!v.isNone() && !v.isKind(ObjKind::Dict))
            raise(types().TypeError, "__kwdefaults__ must be set to a dict object");
        for (size_t i = 0; i < fn->kwDefaults.size(); ++i) {
            Value* x = v.isNone() ? nullptr : v.as<DictObj>()->findStr(fn->args->kwonlyargs[i].arg);
            fn->kwDefaults[i] = x ? *x : Value();
        }
        return true;
    }
    if (name == "__annotations__") {
        if (!v.isNone() && !v.isKind(ObjKind::Dict))
            raise(types().TypeError, "__annotations__ must be set to a dict object");
        fn->annotations = v.isNone() ? Value() : v;
        return true;
    }
    (void)in;
    return false;
}

// The annotations of a def, evaluated where the def runs (CPython 3.11 without
// `from __future__ import annotations`): parameters in order, then 'return'.
Value evalFunctionAnnotations(Interpreter& in, Frame& f, const FunctionDef* fd) {
    const Arguments& a = fd->args;
    bool any = fd->returns != nullptr;
    auto has = [&](const Arg& x) { any = any || x.annotation; };
    for (auto& x : a.posonlyargs) has(x);
    for (auto& x : a.args) has(x);
    if (a.vararg) has(*a.vararg);
    for (auto& x : a.kwonlyargs) has(x);
    if (a.kwarg) has(*a.kwarg);
    if (!any) return Value();
    Value d = newDict();
    const bool asText = fd->scope.futureAnnotations;
    auto value = [&](const Expr* e) { return asText ? newStr(printExpr(e)) : evalExpr(in, f, e); };
    auto add = [&](const Arg& x) {
        if (x.annotation) d.as<DictObj>()->setStr(x.arg, value(x.annotation));
    };
    for (auto& x : a.posonlyargs) add(x);
    for (auto& x : a.args) add(x);
    if (a.vararg) add(*a.vararg);
    for (auto& x : a.kwonlyargs) add(x);
    if (a.kwarg) add(*a.kwarg);
    if (fd->returns) d.as<DictObj>()->setStr("return", value(fd->returns));
    return d;
}

Value builtinClassGetitem(Interpreter& in, const Value& cls, const Value& key) {
    auto& T = types();
    ClassObj* c = cls.as<ClassObj>();
    if (c != T.list && c != T.dict && c != T.tuple && c != T.set && c != T.frozenset && c != T.type)
        return cls; // other builtin and native classes stay themselves in annotations
    Value ga = in.getAttr(in.importModule("types"), "GenericAlias");
    Value args[2] = { cls, key };
    return in.call(ga, args, 2);
}

Value typeUnion(Interpreter& in, const Value& a, const Value& b) {
    // a metaclass's own | comes first, through the usual dunder lookup
    auto metaDefines = [](const Value& v, const char* name) {
        return v.isKind(ObjKind::Class) && v.as<ClassObj>()->metaHold.isObj() && v.obj()->cls->lookup(name);
    };
    if (metaDefines(a, "__or__") || metaDefines(b, "__ror__")) return Value();
    Value typesMod = in.importModule("types");
    auto unionable = [&](const Value& v) {
        if (v.isNone() || v.isKind(ObjKind::Class)) return true;
        for (const char* n : { "GenericAlias", "UnionType" })
            if (in.isInstance(v, in.getAttr(typesMod, n).as<ClassObj>())) return true;
        return false;
    };
    if (!unionable(a) || !unionable(b)) return Value();
    Value args[2] = { a, b };
    return in.call(in.getAttr(typesMod, "UnionType"), args, 2);
}

void registerSourceModule() {
    // __future__: the feature records; `annotations` itself is the scope pass's work (PEP 563)
    Interpreter::registerModule("__future__", [](Interpreter& in, ModuleObj& m) {
        execSourceInDict(in, R"PY(
class _Feature:
    def __init__(self, optional, mandatory, flag):
        self.optional = optional
        self.mandatory = mandatory
        self.compiler_flag = flag

    def getOptionalRelease(self):
        return self.optional

    def getMandatoryRelease(self):
        return self.mandatory

    def __repr__(self):
        return '_Feature' + repr((self.optional, self.mandatory, self.compiler_flag))


all_feature_names = ['nested_scopes', 'generators', 'division', 'absolute_import', 'with_statement',
                     'print_function', 'unicode_literals', 'barry_as_FLUFL', 'generator_stop', 'annotations']
nested_scopes = _Feature((2, 1, 0, 'beta', 1), (2, 2, 0, 'alpha', 0), 0x0010)
generators = _Feature((2, 2, 0, 'alpha', 1), (2, 3, 0, 'final', 0), 0)
division = _Feature((2, 2, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x20000)
absolute_import = _Feature((2, 5, 0, 'alpha', 1), (3, 0, 0, 'alpha', 0), 0x40000)
with_statement = _Feature((2, 5, 0, 'alpha', 1), (2, 6, 0, 'alpha', 0), 0x80000)
print_function = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x100000)
unicode_literals = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x200000)
barry_as_FLUFL = _Feature((3, 1, 0, 'alpha', 2), (4, 0, 0, 'alpha', 0), 0x400000)
generator_stop = _Feature((3, 5, 0, 'beta', 1), (3, 7, 0, 'alpha', 0), 0x800000)
annotations = _Feature((3, 7, 0, 'beta', 1), None, 0x1000000)
)PY",
                         "<__future__>", m.d());
    });

    // inspect's source lookup: the lines of a file this interpreter ran (the script, the
    // standard modules), by the name tracebacks show.
    Interpreter::registerModule("_gl_source", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("getlines", newBuiltin("getlines", [](Interpreter& in, CallArgs& a) -> Value {
                          if (a.n < 1 || !a[0].isKind(ObjKind::Str)) raise(types().TypeError, "getlines(filename)");
                          const std::string& want = a[0].as<StrObj>()->s;
                          for (Frame* fr = in.currentFrame(); fr; fr = fr->back)
                              if (fr->source && fr->source->filename == want) {
                                  std::vector<Value> lines;
                                  for (uint32_t i = 1; i <= fr->source->lineCount(); ++i)
                                      lines.push_back(newStr(fr->source->lineText(i) + "\n"));
                                  return newList(std::move(lines));
                              }
                          return Value::none();
                      }));
        // logging's record of where it was called: the file, line and function name `level`
        // frames up (None past the outermost)
        m.d()->setStr(
            "caller", newBuiltin("caller", [](Interpreter& in, CallArgs& a) -> Value {
                int64_t level = a.n > 0 ? in.toIndex(a[0]) : 0;
                const Frame* f = in.currentFrame();
                for (; f && level > 0; --level) f = f->back;
                if (!f || !f->source) return Value::none();
                const uint32_t line = f->curStmt ? f->curStmt->span.line : 1;
                return newTuple({ newStr(f->source->filename), Value::integer(line), newStr(std::string(f->name)) });
            }));
        // typing.get_type_hints resolves a class's string annotations in its module's namespace:
        // the namespace of a module already imported (the script's for __main__), else None. The
        // module table itself stays hidden (sys.modules is refused in the sandbox).
        m.d()->setStr("module_globals", newBuiltin("module_globals", [](Interpreter& in, CallArgs& a) -> Value {
                          if (a.n < 1 || !a[0].isKind(ObjKind::Str)) raise(types().TypeError, "module_globals(name)");
                          const std::string& name = a[0].as<StrObj>()->s;
                          if (name == "__main__") return Value::object(in.globals());
                          Value* mod = in.modules()->findStr(name);
                          if (!mod || !mod->isKind(ObjKind::Module)) return Value::none();
                          return mod->as<ModuleObj>()->dict;
                      }));
    });
}

} // namespace graphlens::lang
