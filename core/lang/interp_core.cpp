// Interpreter setup, builtin types, exceptions, tracebacks, limits, module registry.
#include <climits>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>

#include "core/lang/interp_internal.h"
#include "core/lang/parser.h"
#include "core/util/progress.h"

namespace graphlens::lang {

namespace {
// The builtin types made at start-up, made immortal once their method tables are complete.
std::vector<ClassObj*>& bootTypes() {
    static auto* v = new std::vector<ClassObj*>;
    return *v;
}

ClassObj* mkType(const char* name, ClassObj* base, ObjKind k = ObjKind::Instance) {
    auto* c = new ClassObj(name);
    bootTypes().push_back(c);
    c->rc = int64_t(1) << 40; // immortal
    c->builtin = true;
    c->instanceKind = k;
    if (base) {
        c->bases.push_back(base);
        c->basesHold.push_back(Value::object(base));
        c->isException = base->isException;
    }
    c->mro.push_back(c);
    if (base) c->mro.insert(c->mro.end(), base->mro.begin(), base->mro.end());
    return c;
}

std::map<std::string, ModuleBuilder>& moduleRegistry() {
    static std::map<std::string, ModuleBuilder> r;
    return r;
}
} // namespace

static BuiltinTypes* g_bootTypes = nullptr;

BuiltinTypes& types() {
    if (g_bootTypes) return *g_bootTypes; // during bootstrap (objects need their type)
    static BuiltinTypes* T = [] {
        auto* t = new BuiltinTypes();
        *t = BuiltinTypes{};
        g_bootTypes = t;
        t->object = mkType("object", nullptr);
        t->type = mkType("type", t->object, ObjKind::Class);
        t->object->cls = t->type;
        t->type->cls = t->type;
        auto mk = [&](const char* n, ClassObj* base, ObjKind k) {
            ClassObj* c = mkType(n, base, k);
            c->cls = t->type;
            return c;
        };
        t->int_ = mk("int", t->object, ObjKind::Instance);
        t->bool_ = mk("bool", t->int_, ObjKind::Instance);
        t->float_ = mk("float", t->object, ObjKind::Instance);
        t->complex_ = mk("complex", t->object, ObjKind::Native);
        t->str = mk("str", t->object, ObjKind::Str);
        t->bytes = mk("bytes", t->object, ObjKind::Bytes);
        t->bytearray = mk("bytearray", t->object, ObjKind::Bytes);
        t->NoneType = mk("NoneType", t->object, ObjKind::Instance);
        t->list = mk("list", t->object, ObjKind::List);
        t->tuple = mk("tuple", t->object, ObjKind::Tuple);
        t->dict = mk("dict", t->object, ObjKind::Dict);
        t->set = mk("set", t->object, ObjKind::Set);
        t->frozenset = mk("frozenset", t->object, ObjKind::FrozenSet);
        t->range = mk("range", t->object, ObjKind::Range);
        t->slice = mk("slice", t->object, ObjKind::Slice);
        t->function = mk("function", t->object, ObjKind::Func);
        t->builtin_function = mk("builtin_function_or_method", t->object, ObjKind::Builtin);
        t->method = mk("method", t->object, ObjKind::BoundMethod);
        t->module = mk("module", t->object, ObjKind::Module);
        t->cell = mk("cell", t->object, ObjKind::Cell);
        t->iterator = mk("iterator", t->object, ObjKind::Iter);
        t->property = mk("property", t->object, ObjKind::Property);
        t->staticmethod = mk("staticmethod", t->object, ObjKind::StaticMethod);
        t->classmethod = mk("classmethod", t->object, ObjKind::ClassMethod);
        t->super = mk("super", t->object, ObjKind::Super);
        t->NotImplementedType = mk("NotImplementedType", t->object, ObjKind::Singleton);
        t->ellipsis = mk("ellipsis", t->object, ObjKind::Singleton);
        t->generator = mk("generator", t->object, ObjKind::Generator);
        auto ex = [&](const char* n, ClassObj* base) {
            ClassObj* c = mk(n, base, ObjKind::Instance);
            c->isException = true;
            t->allExceptions.push_back(c);
            return c;
        };
        t->BaseException = ex("BaseException", t->object);
        t->SystemExit = ex("SystemExit", t->BaseException);
        t->KeyboardInterrupt = ex("KeyboardInterrupt", t->BaseException);
        t->GeneratorExit = ex("GeneratorExit", t->BaseException);
        t->Exception = ex("Exception", t->BaseException);
        t->ArithmeticError = ex("ArithmeticError", t->Exception);
        t->ZeroDivisionError = ex("ZeroDivisionError", t->ArithmeticError);
        t->OverflowError = ex("OverflowError", t->ArithmeticError);
        t->FloatingPointError = ex("FloatingPointError", t->ArithmeticError);
        t->LookupError = ex("LookupError", t->Exception);
        t->IndexError = ex("IndexError", t->LookupError);
        t->KeyError = ex("KeyError", t->LookupError);
        t->ValueError = ex("ValueError", t->Exception);
        t->UnicodeError = ex("UnicodeError", t->ValueError);
        t->UnicodeDecodeError = ex("UnicodeDecodeError", t->UnicodeError);
        t->UnicodeEncodeError = ex("UnicodeEncodeError", t->UnicodeError);
        t->TypeError = ex("TypeError", t->Exception);
        t->NameError = ex("NameError", t->Exception);
        t->UnboundLocalError = ex("UnboundLocalError", t->NameError);
        t->AttributeError = ex("AttributeError", t->Exception);
        t->RuntimeError = ex("RuntimeError", t->Exception);
        t->RecursionError = ex("RecursionError", t->RuntimeError);
        t->NotImplementedError = ex("NotImplementedError", t->RuntimeError);
        t->StopIteration = ex("StopIteration", t->Exception);
        t->AssertionError = ex("AssertionError", t->Exception);
        t->ImportError = ex("ImportError", t->Exception);
        t->ModuleNotFoundError = ex("ModuleNotFoundError", t->ImportError);
        t->MemoryError = ex("MemoryError", t->Exception);
        t->SyntaxError = ex("SyntaxError", t->Exception);
        t->IndentationError = ex("IndentationError", t->SyntaxError);
        t->EnvironmentError = ex("OSError", t->Exception);
        t->TimeoutError = ex("TimeoutError", t->EnvironmentError);
        ex("FileNotFoundError", t->EnvironmentError);
        ex("FileExistsError", t->EnvironmentError);
        ex("PermissionError", t->EnvironmentError);
        ex("IsADirectoryError", t->EnvironmentError);
        ex("NotADirectoryError", t->EnvironmentError);
        ex("ConnectionError", t->EnvironmentError);
        ex("BufferError", t->Exception);
        ex("EOFError", t->Exception);
        ex("ReferenceError", t->Exception);
        ex("SystemError", t->Exception);
        ex("TabError", t->IndentationError);
        ClassObj* warning = ex("Warning", t->Exception);
        for (const char* name : { "UserWarning", "DeprecationWarning", "PendingDeprecationWarning", "SyntaxWarning",
                                  "RuntimeWarning", "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning",
                                  "ResourceWarning", "EncodingWarning" })
            ex(name, warning);
        ex("StopAsyncIteration", t->Exception);
        t->StepLimitExceeded = nullptr;
        t->Cancelled = nullptr;
        t->ZeroDivisionErrorDummy = nullptr;
        auto* ni = new SingletonObj("NotImplemented", t->NotImplementedType);
        t->NotImplemented = Value::object(ni);
        auto* el = new SingletonObj("Ellipsis", t->ellipsis);
        t->Ellipsis = Value::object(el);
        // dicts created before the dict type existed
        std::vector<ClassObj*> all = { t->object, t->type,     t->int_, t->bool_, t->float_, t->str,
                                       t->bytes,  t->NoneType, t->list, t->tuple, t->dict };
        for (ClassObj* c : all) c->d()->cls = t->dict;
        g_bootTypes = nullptr;
        return t;
    }();
    return *T;
}

Value makeException(ClassObj* type, const std::string& message) {
    auto* e = new ExcObj(type);
    Value v = Value::adopt(e);
    e->args = newTuple({ newStr(message) });
    return v;
}

void raiseValue(Value exc) {
    Interpreter* in = currentInterpreter();
    if (in && !InterpreterAccess::handling(*in).empty() && exc.isObj()) {
        auto* e = static_cast<ExcObj*>(exc.obj());
        const Value& top = InterpreterAccess::handling(*in).back();
        if (e->context.isNone() && !top.identical(exc)) e->context = top;
    }
    throw PyError{ std::move(exc) };
}

void raise(ClassObj* type, const std::string& message) {
    raiseValue(makeException(type, message));
}

std::string stripLine(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\f");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

static std::string captureTrace(const Frame* top) {
    std::vector<const Frame*> frames;
    for (const Frame* f = top; f; f = f->back) frames.push_back(f);
    std::string out = "Traceback (most recent call last):\n";
    for (size_t i = frames.size(); i-- > 0;) {
        const Frame* f = frames[i];
        if (!f->curStmt) continue;
        out += "  File \"" + (f->source ? f->source->filename : std::string("<string>")) + "\", line " +
            std::to_string(f->curStmt->span.line) + ", in " + std::string(f->name) + "\n";
        if (f->source) {
            std::string l = stripLine(f->source->lineText(f->curStmt->span.line));
            if (!l.empty()) out += "    " + l + "\n";
        }
    }
    return out;
}

void throwLimit(const std::string& type, const std::string& msg) {
    Interpreter* in = currentInterpreter();
    throw LimitError{ type, msg, in ? captureTrace(in->currentFrame()) : std::string() };
}

void throwCancelled() {
    throwLimit("KeyboardInterrupt", "the script was cancelled");
}

const Value* CallArgs::kwarg(std::string_view name) const {
    if (!kw) return nullptr;
    for (auto& kv : *kw)
        if (kv.first == name) return &kv.second;
    return nullptr;
}

std::vector<std::pair<std::string, Value>> Frame::localsByName() const {
    std::vector<std::pair<std::string, Value>> out;
    if (scope) {
        for (size_t i = 0; i < scope->localNames.size(); ++i)
            if (!locals[i].isUndef()) out.emplace_back(scope->localNames[i], locals[i]);
        size_t nc = scope->cellvars.size();
        for (size_t i = 0; i < nc; ++i) {
            const Value& v = cells[i].as<CellObj>()->value;
            if (!v.isUndef()) out.emplace_back(scope->cellvars[i], v);
        }
    }
    if (!func && !classNs && globals) {
        globals->forEach([&](const Value& k, const Value& v) {
            if (k.isKind(ObjKind::Str)) out.emplace_back(k.as<StrObj>()->s, v);
        });
    }
    return out;
}

void Interpreter::registerModule(const std::string& name, ModuleBuilder builder) {
    static std::mutex mu;
    std::lock_guard<std::mutex> lock(mu);
    moduleRegistry()[name] = std::move(builder);
}

Interpreter::Interpreter()
    : m_impl(std::make_unique<Impl>())
    , m_ctx(std::make_shared<ExecutionContext>()) {
    static std::once_flag once;
    std::call_once(once, [] {
        initTypeMethods();
        initClassTypeMethods();
        initStrMethods();
        initBytearrayMethods();
        initContainerMethods();
        initBuiltinSubclassMethods();
        initGeneratorMethods();
        initOSErrorMethods();
        initComplexMethods();
        registerStdModules();
        for (ClassObj* c : bootTypes()) makeImmortal(c);
        makeImmortal(types().NotImplemented.obj());
        makeImmortal(types().Ellipsis.obj());
    });
    for (auto& name : stdlibModuleNames()) m_allowedModuleNames.push_back(std::move(name));
    m_impl->stackSize = 1 << 20;
    m_impl->stack = static_cast<Value*>(std::calloc(m_impl->stackSize, sizeof(Value)));
    Interpreter* prev = currentInterpreter();
    setCurrentInterpreter(this);
    m_globals = newDict();
    m_builtins = newDict();
    m_modulesDict = newDict();
    initBuiltins(*this, builtins());
    globals()->setStr("__name__", newStr("__main__"));
    setCurrentInterpreter(prev);
}

Interpreter::~Interpreter() {
    Interpreter* prev = currentInterpreter();
    setCurrentInterpreter(this);
    MemAccount* pm = detail::tl_mem;
    detail::tl_mem = nullptr;
    // Frames are gone; release what the value stack still holds but keep it: finally blocks of
    // generators closed below run on it.
    // (reading untouched slots keeps their pages unmapped; writing all 16 MiB would fault them in)
    for (size_t i = 0; i < m_impl->stackSize; ++i)
        if (!m_impl->stack[i].isUndef()) m_impl->stack[i] = Value();
    if (m_globals.isObj()) {
        std::vector<Value> keep;
        globals()->forEach([&](const Value&, const Value& v) { keep.push_back(v); });
        globals()->clear();
        keep.clear();
    }
    if (m_modulesDict.isObj()) m_modulesDict.as<DictObj>()->clear();
    m_handling.clear();
    m_hostState.reset();
    m_fileState.reset(); // closes the files the script left open
    m_impl->sysStdout = m_impl->sysStderr = m_impl->sysModule = Value();
    m_impl->ctors.clear();
    m_globals = m_builtins = m_modulesDict = Value();
    m_impl->heap.shutdown();
    m_modules.clear();
    for (size_t i = 0; i < m_impl->stackSize; ++i) m_impl->stack[i].~Value();
    std::free(m_impl->stack);
    m_impl->stack = nullptr;
    detail::tl_mem = pm;
    setCurrentInterpreter(prev);
}

Value Interpreter::getGlobal(std::string_view name) {
    if (Value* v = globals()->findStr(name)) return *v;
    return Value();
}

void Interpreter::recursionError() {
    // leave head-room for the handler
    raise(types().RecursionError, "maximum recursion depth exceeded");
}

void Interpreter::checkLimits() {
    m_nextCheck = m_steps + 1024;
    if (m_limits.maxSteps > 0 && m_steps > m_limits.maxSteps)
        throwLimit("TimeoutError",
                   "step budget exceeded (" + std::to_string(m_limits.maxSteps) +
                       " steps; GraphLens stops scripts that run longer)");
    if (m_limits.maxSteps > 0 && m_nextCheck > m_limits.maxSteps + 1) m_nextCheck = m_limits.maxSteps + 1;
    if (m_limits.cancel && m_limits.cancel->isCancelled()) throwCancelled();
    if (m_limits.timeoutSeconds > 0) {
        double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        if (el > m_limits.timeoutSeconds) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%g", m_limits.timeoutSeconds);
            throwLimit("TimeoutError", std::string("time limit exceeded (") + buf + " s)");
        }
    }
}

Value Interpreter::importModule(const std::string& name) {
    if (Value* v = m_modulesDict.as<DictObj>()->findStr(name)) return *v;
    auto& reg = moduleRegistry();
    auto it = reg.find(name);
    if (it == reg.end()) {
        std::string allowed;
        for (size_t i = 0; i < m_allowedModuleNames.size(); ++i) allowed += (i ? ", " : "") + m_allowedModuleNames[i];
        std::string top = name.substr(0, name.find('.'));
        raise(types().ModuleNotFoundError,
              "No module named '" + top + "' (GraphLens scripts can import only: " + allowed + ")");
    }
    auto* m = new ModuleObj(name);
    Value mv = Value::adopt(m);
    // In sys.modules while it runs, as CPython does, so that modules importing each other get
    // the one being built; a module that fails is not kept.
    m_modulesDict.as<DictObj>()->setStr(name, mv);
    try {
        it->second(*this, *m);
    } catch (...) {
        m_modulesDict.as<DictObj>()->erase(newStr(name));
        throw;
    }
    // a submodule is an attribute of its package once imported (import collections.abc)
    if (auto dot = name.rfind('.'); dot != std::string::npos) {
        Value parent = importModule(name.substr(0, dot));
        if (parent.isKind(ObjKind::Module) && !parent.as<ModuleObj>()->d()->findStr(name.substr(dot + 1)))
            parent.as<ModuleObj>()->d()->setStr(name.substr(dot + 1), mv);
    }
    return mv;
}

// ---------------------------------------------------------------------------------------------
// Tracebacks

Value exceptionStr(Interpreter& in, const Value& exc) {
    auto* e = static_cast<ExcObj*>(exc.obj());
    ClassObj* t = in.typeOf(exc);
    if (Value* s = t->lookup("__str__"); s && s->isKind(ObjKind::Func)) return in.call(*s, &exc, 1);
    if (std::string os; osErrorStr(in, exc, os)) return newStr(os);
    auto& args = e->args.as<TupleObj>()->items;
    if (args.empty()) return newStr("");
    if (args.size() == 1) {
        if (t->isSubclassOf(types().KeyError)) return newStr(in.repr(args[0]));
        return newStr(in.str(args[0]));
    }
    return newStr(in.repr(e->args));
}

// `limit` as the traceback module's: n > 0 the n outermost entries, n < 0 the -n innermost,
// kNoLimit all of them; `chain` follows __cause__ / __context__.
constexpr int kNoLimit = INT_MIN;

static void formatOne(Interpreter& in, const Value& exc, std::string& out, int depth, int limit = kNoLimit,
                      bool chain = true) {
    auto* e = static_cast<ExcObj*>(exc.obj());
    if (depth < 20 && chain) {
        if (e->cause.isObj()) {
            formatOne(in, e->cause, out, depth + 1, limit, chain);
            out += "\nThe above exception was the direct cause of the following exception:\n\n";
        } else if (e->context.isObj() && !e->suppressContext) {
            formatOne(in, e->context, out, depth + 1, limit, chain);
            out += "\nDuring handling of the above exception, another exception occurred:\n\n";
        }
    }
    // Entries are innermost first: print [first, size) from the end.
    size_t first = 0, count = e->tb.size();
    if (limit != kNoLimit) {
        const size_t n = size_t(limit < 0 ? -int64_t(limit) : int64_t(limit));
        if (limit >= 0) first = count > n ? count - n : 0;
        else count = std::min(count, n);
    }
    if (!e->tb.empty() && first < count && limit != 0) {
        out += "Traceback (most recent call last):\n";
        int repeat = 0;
        const TracebackEntry* last = nullptr;
        auto flushRepeat = [&]() {
            if (repeat > 3)
                out += "  [Previous line repeated " + std::to_string(repeat - 3) + " more time" +
                    (repeat - 3 == 1 ? "" : "s") + "]\n";
            repeat = 0;
        };
        for (size_t i = count; i-- > first;) {
            const TracebackEntry& t = e->tb[i];
            if (last && last->line == t.line && last->function == t.function && last->source == t.source) {
                ++repeat;
                if (repeat > 3) continue;
            } else {
                flushRepeat();
                repeat = 1;
            }
            last = &t;
            std::string fname = t.source ? t.source->filename : "<string>";
            out += "  File \"" + fname + "\", line " + std::to_string(t.line) + ", in " + t.function + "\n";
            if (t.source) {
                std::string l = stripLine(t.source->lineText(t.line));
                if (!l.empty()) out += "    " + l + "\n";
            }
        }
        flushRepeat();
    }
    ClassObj* t = in.typeOf(exc);
    std::string msg;
    try {
        msg = in.str(exceptionStr(in, exc));
    } catch (PyError&) {
        msg = "<exception str() failed>";
    }
    // As CPython: the class's module before its name unless it is builtins or __main__.
    if (Value* mod = t->d()->findStr("__module__"); mod && mod->isKind(ObjKind::Str)) {
        const std::string& m = mod->as<StrObj>()->s;
        if (m != "builtins" && m != "__main__" && t->name.rfind(m + ".", 0) != 0) out += m + ".";
    }
    out += t->name;
    if (!msg.empty()) out += ": " + msg;
    out += "\n";
}

std::string Interpreter::formatException(const Value& exc) {
    std::string out;
    formatOne(*this, exc, out, 0);
    return out;
}

std::string formatExceptionAs(Interpreter& in, const Value& exc, std::optional<int> limit, bool chain) {
    std::string out;
    formatOne(in, exc, out, 0, limit ? std::max(*limit, kNoLimit + 1) : kNoLimit, chain);
    return out;
}

// ---------------------------------------------------------------------------------------------
// Running

Interpreter::RunResult Interpreter::runSource(const std::string& source, const std::string& filename) {
    RunResult r;
    std::shared_ptr<ParsedModule> pm;
    try {
        ParseOptions po;
        po.intMaxStrDigits = m_limits.intMaxStrDigits;
        pm = parseModule(source, filename, po);
    } catch (SyntaxError& se) {
        r.ok = false;
        r.exitCode = 1;
        r.report = se.format() + "\n";
        m_err(r.report);
        return r;
    }
    return runModule(pm);
}

Interpreter::RunResult Interpreter::runModule(std::shared_ptr<ParsedModule> pm) {
    RunResult r;
    m_modules.push_back(pm);
    Interpreter* prevInterp = currentInterpreter();
    setCurrentInterpreter(this);
    MemAccount* prevMem = detail::tl_mem;
    m_mem.limit = m_limits.maxMemoryBytes > 0 ? m_limits.maxMemoryBytes : INT64_MAX;
    detail::tl_mem = &m_mem;
    char base;
    char* prevBase = m_stackBase;
    if (!m_stackBase) m_stackBase = &base;
    m_start = std::chrono::steady_clock::now();
    // Kernels and graph runs poll these between blocks (core/util/interrupt.h); just past the
    // interpreter's own deadline, so that its check then reports the limit.
    m_interrupt.cancel = m_limits.cancel;
    m_interrupt.deadline = m_limits.timeoutSeconds > 0 ? m_start +
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                             std::chrono::duration<double>(m_limits.timeoutSeconds)) +
            std::chrono::milliseconds(1)
                                                       : std::chrono::steady_clock::time_point::max();
    const util::InterruptScope interruptScope(&m_interrupt);
    m_steps = 0;
    m_nextCheck = 1024;
    if (m_limits.maxSteps > 0 && m_nextCheck > m_limits.maxSteps + 1) m_nextCheck = m_limits.maxSteps + 1;
    Frame fr;
    fr.globals = globals();
    fr.source = pm->source;
    fr.name = "<module>";
    fr.scope = &pm->module->scope;
    std::vector<Value> cells(size_t(pm->module->scope.numCells()));
    for (auto& c : cells) c = Value::adopt(new CellObj());
    fr.cells = cells.data();
    Frame* prevFrame = m_frame;
    m_frame = &fr;
    auto finish = [&]() {
        m_frame = prevFrame;
        m_stackBase = prevBase;
        detail::tl_mem = prevMem;
        setCurrentInterpreter(prevInterp);
    };
    try {
        setupAnnotations(fr.scope, globals());
        execBlock(*this, fr, pm->module->body);
    } catch (PyError& e) {
        m_handling.clear();
        addTraceback(e.exc, fr);
        r.ok = false;
        r.exception = e.exc;
        if (isInstance(e.exc, types().SystemExit)) {
            auto& args = static_cast<ExcObj*>(e.exc.obj())->args.as<TupleObj>()->items;
            if (args.empty() || args[0].isNone()) r.exitCode = 0;
            else if (args[0].isInt()) r.exitCode = int(args[0].asInt());
            else {
                r.exitCode = 1;
                r.report = str(args[0]) + "\n";
                m_err(r.report);
            }
            r.ok = r.exitCode == 0;
        } else {
            m_mem.limit = INT64_MAX;
            r.exitCode = 1;
            r.report = formatException(e.exc);
            m_err(r.report);
        }
    } catch (LimitError& le) {
        m_handling.clear();
        r.ok = false;
        r.exitCode = 1;
        r.report = le.trace;
        r.report += le.type + ": " + le.message + "\n";
        m_err(r.report);
    } catch (const std::bad_alloc&) { // statements turn these into MemoryError; a last net
        m_handling.clear();
        r.ok = false;
        r.exitCode = 1;
        r.report = "MemoryError\n";
        m_err(r.report);
    } catch (const std::length_error&) {
        m_handling.clear();
        r.ok = false;
        r.exitCode = 1;
        r.report = "MemoryError\n";
        m_err(r.report);
    }
    finish();
    return r;
}

InterpreterScope::InterpreterScope(Interpreter* in)
    : m_prev(currentInterpreter())
    , m_prevMem(detail::tl_mem)
    , m_entered(m_prev != in) {
    if (!m_entered) return;
    setCurrentInterpreter(in);
    detail::tl_mem = in ? &in->m_mem : nullptr;
}

InterpreterScope::~InterpreterScope() {
    if (!m_entered) return;
    setCurrentInterpreter(m_prev);
    detail::tl_mem = m_prevMem;
}

UntrackedScope::UntrackedScope()
    : m_prevHeap(detail::tl_heap)
    , m_prevMem(detail::tl_mem) {
    detail::tl_heap = nullptr;
    detail::tl_mem = nullptr;
}

UntrackedScope::~UntrackedScope() {
    detail::tl_heap = m_prevHeap;
    detail::tl_mem = m_prevMem;
}

} // namespace graphlens::lang
