#pragma once
// The GraphLens Python-subset interpreter: a tree walker over the AST (ast.h) using the slots
// filled by the scope pass. See core/lang/README.md for the design and the extension points.
//
// The public header of the language for its hosts (core/session, the app, the tests) and its
// extension modules (core/eager, core/function): with value.h and ast.h, all they include.
// interp_internal.h is core/lang's own.
#include <chrono>
#include <complex>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/lang/ast.h"
#include "core/lang/value.h"
#include "core/util/interrupt.h"

namespace graphlens {
class CancelToken;
}

namespace graphlens::lang {

struct FuncObj;

// The builtin type objects (process-wide, immortal).
struct BuiltinTypes {
    ClassObj *object, *type, *int_, *bool_, *float_, *str, *bytes, *NoneType, *list, *tuple, *dict, *set, *frozenset,
        *range, *slice, *function, *builtin_function, *method, *module, *cell, *iterator, *property, *staticmethod,
        *classmethod, *super, *NotImplementedType, *ellipsis, *generator, *bytearray, *complex_;
    // exceptions
    ClassObj *BaseException, *Exception, *ArithmeticError, *ZeroDivisionError, *OverflowError, *LookupError,
        *IndexError, *KeyError, *ValueError, *TypeError, *NameError, *UnboundLocalError, *AttributeError, *RuntimeError,
        *RecursionError, *NotImplementedError, *StopIteration, *AssertionError, *ImportError, *ModuleNotFoundError,
        *MemoryError, *KeyboardInterrupt, *SystemExit, *SyntaxError, *IndentationError, *UnicodeError, *GeneratorExit,
        *FloatingPointError, *EnvironmentError, *StepLimitExceeded, *TimeoutError, *Cancelled, *UnicodeDecodeError,
        *UnicodeEncodeError, *ZeroDivisionErrorDummy;
    Value NotImplemented, Ellipsis;
    std::vector<ClassObj*> allExceptions;
};
BuiltinTypes& types();

// A Python exception in flight (C++ side).
struct PyError {
    Value exc; // an ExcObj
};

[[noreturn]] void raise(ClassObj* type, const std::string& message);
[[noreturn]] void raiseValue(Value exc);
Value makeException(ClassObj* type, const std::string& message);

// Arguments of a native call. `args[0]` is self for methods.
struct CallArgs {
    const Value* args = nullptr;
    size_t n = 0;
    const std::vector<std::pair<std::string, Value>>* kw = nullptr;
    size_t size() const { return n; }
    const Value& operator[](size_t i) const { return args[i]; }
    const Value* kwarg(std::string_view name) const;
    bool hasKw() const { return kw && !kw->empty(); }
};

struct Limits {
    int64_t maxSteps = 0;      // 0 = unlimited; counts statements and calls
    double timeoutSeconds = 0; // 0 = unlimited (wall clock)
    int recursionLimit = 1000;
    int64_t maxMemoryBytes = 1ll << 31; // bytes held by values
    size_t nativeStackBytes = 6u << 20; // native stack budget for the interpreter thread
    // CPython's int max str digits (sys.set_int_max_str_digits; 0 = none): int <-> decimal str
    // conversions of more digits raise ValueError, such source literals are a SyntaxError.
    int64_t intMaxStrDigits = 4300;
    const graphlens::CancelToken* cancel = nullptr;
};

// The files a script reaches through open(), os and os.path (module_os.cpp): only those under
// its roots, after `..` and symbolic links are resolved. No roots (the default): every file
// access raises PermissionError, so a host opts in.
struct FileAccess {
    // Absolute folders; the first is the working directory (os.getcwd(), relative paths).
    std::vector<std::string> roots;
    std::string tempDir;                        // the run's temporary folder (tempfile, TMPDIR): one of roots, or empty
    int64_t maxWrittenBytes = int64_t(1) << 30; // bytes all writes of the run may add together
    int maxOpenFiles = 256;
};

// os.environ at the start of a run unless the host sets another: a few names scripts commonly
// set or read, never the host's environment.
std::vector<std::pair<std::string, std::string>> defaultScriptEnviron();

// One activation record. Locals are fast slots (see the frame-layout contract in ast.h).
struct Frame {
    Frame* back = nullptr;
    FuncObj* func = nullptr; // nullptr for module and class bodies
    const ScopeInfo* scope = nullptr;
    Value* locals = nullptr;
    Value* cells = nullptr; // CellObj values: cellvars then freevars
    DictObj* globals = nullptr;
    DictObj* classNs = nullptr; // class bodies
    const Stmt* curStmt = nullptr;
    uint32_t lineOverride = 0; // nonzero: the line tracebacks show instead of curStmt's (a decorator's)
    const std::string* classQualname = nullptr; // class bodies: the class qualname
    std::shared_ptr<const SourceFile> source;
    std::string_view name; // "<module>", function or class name
    Value retval;
    // Name -> value of the locals currently bound (for the stepper / debugger).
    std::vector<std::pair<std::string, Value>> localsByName() const;
};

// Per-statement hook (stepper, breakpoints).
using StatementHook = std::function<void(const Frame&, const Stmt&)>;

// Execution context: the interpretation of a Python function call. The tracer installs a
// subclass to re-run a function body under another interpretation.
class ExecutionContext {
public:
    virtual ~ExecutionContext() = default;
    // Calls a user-defined function. The default runs the body with the tree walker.
    virtual Value callFunction(Interpreter& in, FuncObj* f, CallArgs& args);
};

using ModuleBuilder = std::function<void(Interpreter&, ModuleObj&)>;

class Interpreter {
public:
    Interpreter();
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // --- what the host sets before a run (core/session does, from its ScriptRequest) ---
    using OutputSink = std::function<void(std::string_view)>;
    // Where print(), sys.stdout / sys.stderr and the tracebacks go: the process's stdout and
    // stderr unless set.
    void setOut(OutputSink sink) { m_out = std::move(sink); }
    void setErr(OutputSink sink) { m_err = std::move(sink); }
    void write(bool toErr, std::string_view s) { (toErr ? m_err : m_out)(s); }
    // The run's budgets (Limits above); sys.setrecursionlimit changes recursionLimit.
    const Limits& limits() const { return m_limits; }
    void setLimits(const Limits& limits) { m_limits = limits; }
    // Runs before every statement (stepper, breakpoints); empty: none.
    void setStatementHook(StatementHook hook) { m_statementHook = std::move(hook); }
    const StatementHook& statementHook() const { return m_statementHook; }
    // sys.argv (argv[0]: the script as named); empty: [''].
    void setArgv(std::vector<std::string> argv) { m_argv = std::move(argv); }
    const std::vector<std::string>& argv() const { return m_argv; }
    // Where open() and os may read and write (FileAccess above), and os.environ's first contents.
    void setFileAccess(FileAccess access) { m_fileAccess = std::move(access); }
    const FileAccess& fileAccess() const { return m_fileAccess; }
    void setEnviron(std::vector<std::pair<std::string, std::string>> env) { m_environ = std::move(env); }
    const std::vector<std::pair<std::string, std::string>>& environ() const { return m_environ; }
    // The modules ModuleNotFoundError's message lists as importable. A host that registers a
    // native module (registerModule) adds its name here; the list does not gate imports.
    void addAllowedModuleName(std::string name) { m_allowedModuleNames.push_back(std::move(name)); }
    const std::vector<std::string>& allowedModuleNames() const { return m_allowedModuleNames; }

    // What an embedding keeps for this run (eager TensorFlow's trace and tape state, random
    // streams, function caches, hooks): owned by the interpreter so that it lives and dies with
    // the run, and two interpreters share none of it. Released before the heap shuts down.
    struct HostState {
        virtual ~HostState() = default;
    };
    HostState* hostState() const { return m_hostState.get(); }
    void setHostState(std::unique_ptr<HostState> state) { m_hostState = std::move(state); }

    // Native modules: the builder fills the module's dict on first import.
    static void registerModule(const std::string& name, ModuleBuilder builder);
    void setExecutionContext(std::shared_ptr<ExecutionContext> ctx) { m_ctx = std::move(ctx); }
    ExecutionContext& executionContext() { return *m_ctx; }

    // Result of running a script.
    struct RunResult {
        bool ok = true;
        int exitCode = 0;
        Value exception;    // the uncaught exception (ExcObj) when !ok
        std::string report; // formatted traceback / syntax error (what was printed on err)
    };
    // Parses and runs `source` as __main__. Prints tracebacks to `err`.
    RunResult runSource(const std::string& source, const std::string& filename);
    RunResult runModule(std::shared_ptr<ParsedModule> pm);

    DictObj* globals() const { return m_globals.as<DictObj>(); }
    DictObj* builtins() const { return m_builtins.as<DictObj>(); }
    Value getGlobal(std::string_view name);
    // sys.modules: the modules imported so far, by name (an extension may add its own).
    DictObj* modules() const { return m_modulesDict.as<DictObj>(); }
    // Keeps a parsed module alive as long as the interpreter: the functions made from it point
    // into its AST, and the AST holds this interpreter's inline caches.
    void retainModule(std::shared_ptr<ParsedModule> pm) { m_modules.push_back(std::move(pm)); }

    // --- object protocol (all may throw PyError) ---
    Value call(const Value& f, const Value* args, size_t n,
               const std::vector<std::pair<std::string, Value>>* kw = nullptr);
    Value call(const Value& f, std::initializer_list<Value> args) { return call(f, args.begin(), args.size()); }
    Value callFunction(FuncObj* f, CallArgs& args); // runs the tree walker (default context)
    Value getAttr(const Value& o, std::string_view name);
    bool getAttrOpt(const Value& o, std::string_view name, Value& out); // false if missing
    void setAttr(const Value& o, std::string_view name, const Value& v);
    void delAttr(const Value& o, std::string_view name);
    Value getItem(const Value& o, const Value& key);
    void setItem(const Value& o, const Value& key, const Value& v);
    void delItem(const Value& o, const Value& key);
    Value binaryOp(BinOpKind op, const Value& a, const Value& b, bool inplace = false);
    Value unaryOp(UnaryOpKind op, const Value& a);
    Value compare(CmpOpKind op, const Value& a, const Value& b);
    bool eq(const Value& a, const Value& b);
    bool lessThan(const Value& a, const Value& b);
    bool truthy(const Value& v);
    bool contains(const Value& container, const Value& item);
    int64_t hash(const Value& v);
    int64_t len(const Value& v);
    Value iter(const Value& v);
    Value iterRaw(const Value& v); // iter() without naming the iterator type
    Value next(const Value& it);   // Undef when exhausted
    std::vector<Value> toVector(const Value& iterable);
    template<class F> void forEach(const Value& iterable, F&& f);
    std::string repr(const Value& v);
    std::string str(const Value& v);
    std::string format(const Value& v, const std::string& spec);
    ClassObj* typeOf(const Value& v) const;
    bool isInstance(const Value& v, ClassObj* c) const;
    int64_t toIndex(const Value& v, const char* what = nullptr); // __index__-like
    double toDouble(const Value& v);
    Value lookupSpecial(const Value& self, std::string_view name); // bound or Undef
    Value callMethod(const Value& self, std::string_view name, const Value* args, size_t n);
    Value callMethod(const Value& self, std::string_view name, std::initializer_list<Value> a) {
        return callMethod(self, name, a.begin(), a.size());
    }
    Value importModule(const std::string& name);
    std::string formatException(const Value& exc); // the full CPython-style report

    // --- limits ---
    void step() {
        if (++m_steps >= m_nextCheck) checkLimits();
    }
    void checkLimits();
    int64_t steps() const { return m_steps; }
    // Work done natively on the script's behalf (loop iterations of a graph it runs) counts
    // against the step budget as its statements do; the limits are checked when due.
    void addSteps(int64_t n) {
        m_steps += n;
        if (m_steps >= m_nextCheck) checkLimits();
    }
    // When the run began: limits().timeoutSeconds counts from here.
    std::chrono::steady_clock::time_point startTime() const { return m_start; }
    // The cycle collector's figures: objects tracked now, collections run, objects freed by them.
    struct HeapStats {
        int64_t tracked = 0, collections = 0, freed = 0;
    };
    HeapStats heapStats() const;
    int depth() const { return m_depth; }
    Frame* currentFrame() const { return m_frame; }

private:
    friend struct InterpreterAccess; // core/lang's own access to the state below (interp_internal.h)
    friend class InterpreterScope;
    struct Impl;
    [[noreturn]] void recursionError();
    void checkNativeStack() {
        char probe;
        if (m_stackBase && size_t(m_stackBase - &probe) > m_limits.nativeStackBytes) recursionError();
    }

    Limits m_limits;
    StatementHook m_statementHook;
    OutputSink m_out = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    OutputSink m_err = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); };
    std::vector<std::string> m_argv;
    FileAccess m_fileAccess;
    std::vector<std::pair<std::string, std::string>> m_environ = defaultScriptEnviron();
    std::shared_ptr<void> m_fileState; // the run's open files and bytes written (module_os.cpp)
    std::vector<std::string> m_allowedModuleNames{ "tensorflow", "numpy", "time",     "math",
                                                   "random",     "sys",   "datetime", "gc" };
    std::vector<Value> m_handling; // exceptions being handled (for bare raise / __context__)
    Value m_modulesDict;           // sys.modules
    Value m_globals, m_builtins;
    Frame* m_frame = nullptr;
    int m_depth = 0;
    char* m_stackBase = nullptr;
    int64_t m_steps = 0, m_nextCheck = 1024;
    std::chrono::steady_clock::time_point m_start;
    util::Interrupt m_interrupt;                          // the limits native work polls while a module runs
    MemAccount m_mem;                                     // what the run's values hold (limits().maxMemoryBytes)
    std::vector<std::shared_ptr<ParsedModule>> m_modules; // retainModule
    std::unique_ptr<Impl> m_impl;
    std::shared_ptr<ExecutionContext> m_ctx;
    std::unique_ptr<HostState> m_hostState;
};

// --- for extension modules and hosts: the interpreter of this thread, Python sources, errors ---

// The interpreter running on this thread (CPython's thread state), null when none does. Native
// code that is not handed an Interpreter& finds the running one here.
Interpreter* currentInterpreter();

// Makes `in` (nullptr: none) this thread's interpreter for a scope, as runSource does: objects
// created are tracked by its heap and counted against its memory cap, and currentInterpreter()
// returns it. For C++ entry points called while no script runs. A no-op when `in` already is
// this thread's interpreter; restores the previous one on exit.
class InterpreterScope {
public:
    explicit InterpreterScope(Interpreter* in);
    ~InterpreterScope();
    InterpreterScope(const InterpreterScope&) = delete;
    InterpreterScope& operator=(const InterpreterScope&) = delete;

private:
    Interpreter* m_prev;
    MemAccount* m_prevMem;
    bool m_entered;
};

// A scope whose new objects belong to no interpreter: no heap's collector tracks them and no
// memory cap counts them. For process-wide objects built once (native classes, then made
// immortal). currentInterpreter() is left as it is.
class UntrackedScope {
public:
    UntrackedScope();
    ~UntrackedScope();
    UntrackedScope(const UntrackedScope&) = delete;
    UntrackedScope& operator=(const UntrackedScope&) = delete;

private:
    Heap* m_prevHeap;
    MemAccount* m_prevMem;
};

// Runs Python source with `globals` as its namespace: a module (or part of one) implemented in
// Python. The parsed source stays with the interpreter.
void execSourceInDict(Interpreter& in, const std::string& src, const std::string& filename, DictObj* globals);

// str() of an exception, as the last line of its traceback shows it after the type's name.
Value exceptionStr(Interpreter& in, const Value& exc);
// A source line as tracebacks show it: without its indentation and trailing blanks.
std::string stripLine(const std::string& s);
// Ends the run as cancelled (CancelToken), as the interpreter's own check does: scripts cannot
// catch it and `finally` blocks do not run. For native code that notices the cancellation.
[[noreturn]] void throwCancelled();

// A user-defined function.
struct FuncObj : Object {
    std::string name, qualname;
    const Arguments* args = nullptr;
    const ScopeInfo* scope = nullptr;
    const StmtList* body = nullptr; // FunctionDef body
    const Expr* lambdaBody = nullptr;
    const Node* def = nullptr;     // FunctionDef or Lambda
    std::vector<Value> defaults;   // for the last N positional params
    std::vector<Value> kwDefaults; // per kwonly arg (Undef = required)
    std::vector<Value> closure;    // CellObj per freevar
    Value globals;                 // DictObj
    Value attrs;                   // DictObj or Undef (function attributes)
    Value doc, module;             // assigned __doc__ / __module__ (Undef: the docstring / globals' __name__)
    Value annotations;             // DictObj, evaluated at definition; Undef until asked when there are none
    Value code;                    // the __code__ object, made when first asked for
    std::shared_ptr<const SourceFile> source;
    int nposonly = 0, npos = 0, nkwonly = 0;
    bool hasVarargs = false, hasKwargs = false, isGenerator = false;
    FuncObj();
    void traverse(RefVisitor& v) override;
    void clearRefs() override;
};

template<class F> void Interpreter::forEach(const Value& iterable, F&& f) {
    // (a list subclass iterates through its class: it may override __iter__)
    if (iterable.isKind(ObjKind::List) && !iterable.as<ListObj>()->attrs.isObj()) {
        auto* l = iterable.as<ListObj>();
        Value hold = iterable;
        for (size_t i = 0; i < l->items.size(); ++i) {
            Value v = l->items[i];
            f(v);
        }
        return;
    }
    if (iterable.isKind(ObjKind::Tuple)) {
        Value hold = iterable;
        for (auto& v : iterable.as<TupleObj>()->items) f(v);
        return;
    }
    Value it = iter(iterable);
    for (;;) {
        Value v = next(it);
        if (v.isUndef()) break;
        f(v);
    }
}

// Helpers used across files
std::string floatRepr(double d);
std::string intToString(const Value& v, int base = 10);
Value newBuiltin(const std::string& name, NativeFn fn, bool method = false);
void addMethod(ClassObj* c, const std::string& name, NativeFn fn);
// A builtin class whose one base is object, for the objects of a native module; it lives as long
// as the process (call makeImmortal once its methods are added).
ClassObj* newBuiltinClass(const std::string& name);
int64_t hashString(std::string_view s);
// complex numbers (object_complex.cpp)
Value newComplex(std::complex<double> z);
bool isComplex(const Value& v);                    // an instance of complex itself
std::complex<double> complexValue(const Value& v); // v must be isComplex
std::string complexRepr(std::complex<double> z);   // CPython's repr: 1j, (1-2j), (inf+nanj)
int64_t hashDouble(double d);
int64_t hashInt(int64_t i);

} // namespace graphlens::lang
