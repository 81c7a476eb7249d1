// Generators: each generator body runs on its own small stack (ucontext), so `yield` can suspend
// the tree walker anywhere. Exceptions never cross stacks: they are caught at the coroutine's
// entry and re-thrown in the resumer. A generator that dies while suspended is closed as CPython
// does (GeneratorExit thrown in, `finally` blocks run); one that cannot be closed, or that is
// released at shutdown, is killed: a C++ exception no Python handler catches unwinds its stack
// so the references its frames hold are released.
#include <exception>
#include <sys/mman.h>
#include <ucontext.h>

#include "core/lang/interp_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define GRAPHLENS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRAPHLENS_ASAN 1
#endif
#endif
#ifdef GRAPHLENS_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace graphlens::lang {

namespace {
// AddressSanitizer must be told when execution moves to another stack; otherwise an exception
// unwinding on a generator's stack leaves stale poisoning behind and ASan reports an overflow.
void startStackSwitch(void** fakeStack, const void* bottom, size_t size) {
#ifdef GRAPHLENS_ASAN
    __sanitizer_start_switch_fiber(fakeStack, bottom, size);
#else
    (void)fakeStack, (void)bottom, (void)size;
#endif
}
void finishStackSwitch(void* fakeStack, const void** oldBottom, size_t* oldSize) {
#ifdef GRAPHLENS_ASAN
    __sanitizer_finish_switch_fiber(fakeStack, oldBottom, oldSize);
#else
    (void)fakeStack, (void)oldBottom, (void)oldSize;
#endif
}
} // namespace

namespace {

constexpr size_t kGenStack = size_t(1) << 20;

struct GenObj : Object {
    std::function<Value(Interpreter&)> body;
    ucontext_t ctx{}, caller{};
    char* stack = nullptr;
    enum State { Created, Suspended, Running, Done } state = Created;
    Value transfer, throwIn, retval;
    std::exception_ptr eptr;
    std::string name, qualname;
    Frame* frame = nullptr; // the generator's own frame while it exists
    int depthBase = 0, relDepth = 0;
    const void* callerBottom = nullptr; // the resumer's stack, for the sanitizer's stack switches
    size_t callerSize = 0;
    bool killing = false;
    GenObj()
        : Object(ObjKind::Generator, types().generator) { }
    ~GenObj() override {
        if (stack) munmap(stack, kGenStack);
    }
    void releaseOpaque() override;
};

// Unwinds a killed generator's stack; never caught by Python handlers.
struct GeneratorKill { };

thread_local GenObj* tl_starting = nullptr;
thread_local std::vector<GenObj*> tl_genStack;

void genEntry() {
    GenObj* g = tl_starting;
    finishStackSwitch(nullptr, &g->callerBottom, &g->callerSize);
    Interpreter* in = currentInterpreter();
    try {
        g->retval = g->body(*in);
    } catch (...) {
        g->eptr = std::current_exception();
    }
    g->state = GenObj::Done;
    g->frame = nullptr;
    startStackSwitch(nullptr, g->callerBottom, g->callerSize);
    setcontext(&g->caller);
}

// Runs the generator until it yields (returns the value) or finishes (returns Undef).
Value resume(Interpreter& in, GenObj* g, Value send, Value throwExc) {
    if (g->state == GenObj::Running) raise(types().ValueError, "generator already executing");
    if (g->state == GenObj::Done) {
        if (!throwExc.isUndef()) raiseValue(throwExc);
        return Value();
    }
    if (g->state == GenObj::Created && !throwExc.isUndef()) {
        g->state = GenObj::Done;
        raiseValue(throwExc);
    }
    if (g->state == GenObj::Created && !send.isUndef() && !send.isNone())
        raise(types().TypeError, "can't send non-None value to a just-started generator");
    Value hold = Value::object(g);
    g->transfer = send.isUndef() ? Value::none() : send;
    g->throwIn = throwExc;
    Frame* resumer = InterpreterAccess::frame(in);
    char* savedBase = InterpreterAccess::stackBase(in);
    size_t savedLimit = in.limits().nativeStackBytes;
    int savedDepth = InterpreterAccess::depth(in);
    size_t savedHandling = InterpreterAccess::handling(in).size();
    if (g->frame) g->frame->back = resumer;
    InterpreterAccess::stackBase(in) = g->stack ? g->stack + kGenStack : nullptr;
    InterpreterAccess::limits(in).nativeStackBytes = kGenStack - (128u << 10);
    g->depthBase = InterpreterAccess::depth(in) + 1;
    InterpreterAccess::depth(in) = g->depthBase + g->relDepth;
    if (InterpreterAccess::depth(in) > in.limits().recursionLimit) {
        InterpreterAccess::depth(in) = savedDepth;
        InterpreterAccess::stackBase(in) = savedBase;
        InterpreterAccess::limits(in).nativeStackBytes = savedLimit;
        InterpreterAccess::recursionError(in);
    }
    bool first = g->state == GenObj::Created;
    g->state = GenObj::Running;
    tl_genStack.push_back(g);
    if (first) {
        g->stack = static_cast<char*>(
            mmap(nullptr, kGenStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
        if (g->stack == MAP_FAILED) {
            g->stack = nullptr;
            tl_genStack.pop_back();
            g->state = GenObj::Done;
            InterpreterAccess::depth(in) = savedDepth;
            InterpreterAccess::stackBase(in) = savedBase;
            InterpreterAccess::limits(in).nativeStackBytes = savedLimit;
            raise(types().MemoryError, "cannot allocate a generator stack");
        }
        InterpreterAccess::stackBase(in) = g->stack + kGenStack;
        getcontext(&g->ctx);
        g->ctx.uc_stack.ss_sp = g->stack;
        g->ctx.uc_stack.ss_size = kGenStack;
        g->ctx.uc_link = nullptr;
        makecontext(&g->ctx, genEntry, 0);
        tl_starting = g;
    }
    void* fakeStack = nullptr;
    startStackSwitch(&fakeStack, g->stack, kGenStack);
    swapcontext(&g->caller, &g->ctx);
    finishStackSwitch(fakeStack, nullptr, nullptr);
    tl_genStack.pop_back();
    InterpreterAccess::frame(in) = resumer;
    InterpreterAccess::stackBase(in) = savedBase;
    InterpreterAccess::limits(in).nativeStackBytes = savedLimit;
    InterpreterAccess::depth(in) = savedDepth;
    if (InterpreterAccess::handling(in).size() > savedHandling) InterpreterAccess::handling(in).resize(savedHandling);
    if (g->eptr) {
        std::exception_ptr e = g->eptr;
        g->eptr = nullptr;
        g->state = GenObj::Done;
        std::rethrow_exception(e);
    }
    if (g->state == GenObj::Done) return Value();
    g->state = GenObj::Suspended;
    return std::move(g->transfer);
}

GenObj* asGen(const Value& v) {
    if (!v.isKind(ObjKind::Generator)) raise(types().TypeError, "expected a generator");
    return static_cast<GenObj*>(v.obj());
}

[[noreturn]] void stopIteration(Interpreter& in, GenObj* g) {
    Value rv = g->retval.isUndef() ? Value::none() : g->retval;
    g->retval = Value();
    if (rv.isNone()) raiseValue(in.call(Value::object(types().StopIteration), nullptr, 0));
    raiseValue(in.call(Value::object(types().StopIteration), &rv, 1));
}

} // namespace

namespace {

void killGenerator(Interpreter& in, GenObj* g) {
    g->killing = true;
    try {
        resume(in, g, Value(), Value());
    } catch (...) { }
    g->killing = false;
}

// close(): GeneratorExit thrown in at the yield. Returns false when the generator yielded again.
bool closeGenerator(Interpreter& in, GenObj* g) {
    try {
        Value v = resume(in, g, Value(), in.call(Value::object(types().GeneratorExit), nullptr, 0));
        if (!v.isUndef()) return false;
    } catch (PyError& e) {
        if (!in.isInstance(e.exc, types().GeneratorExit) && !in.isInstance(e.exc, types().StopIteration)) {
            in.write(true, "Exception ignored in: " + genRepr(Value::object(g)) + "\n" + in.formatException(e.exc));
        }
    } catch (...) { // a limit (steps, time, cancel) hit while closing: the kill below finishes it
    }
    return true;
}

} // namespace

void GenObj::releaseOpaque() {
    Interpreter* in = currentInterpreter();
    if (state == Suspended && in) killGenerator(*in, this);
    auto drop = std::move(body);
    Value a = std::move(transfer), b = std::move(throwIn), c = std::move(retval);
}

bool finalizeGenerator(Object* o) {
    auto* g = static_cast<GenObj*>(o);
    Interpreter* in = currentInterpreter();
    if (g->state != GenObj::Suspended || !in) return false;
    g->rc = 1; // alive while its finally blocks run
    closeGenerator(*in, g);
    if (g->state == GenObj::Suspended) killGenerator(*in, g);
    return --g->rc > 0; // resurrected by a finally block that stored it
}

Value makeGenerator(const std::string& name, const std::string& qualname, std::function<Value(Interpreter&)> body) {
    auto* g = new GenObj();
    Value v = Value::adopt(g);
    g->name = name;
    g->qualname = qualname;
    g->body = std::move(body);
    return v;
}

void genSetFrame(Frame* f) {
    if (!tl_genStack.empty()) tl_genStack.back()->frame = f;
}

Value genYield(Interpreter& in, Value v) {
    if (tl_genStack.empty()) raise(types().SyntaxError, "'yield' outside function");
    GenObj* g = tl_genStack.back();
    g->transfer = std::move(v);
    Frame* mine = InterpreterAccess::frame(in);
    g->relDepth = InterpreterAccess::depth(in) - g->depthBase;
    void* fakeStack = nullptr;
    startStackSwitch(&fakeStack, g->callerBottom, g->callerSize);
    swapcontext(&g->ctx, &g->caller);
    finishStackSwitch(fakeStack, &g->callerBottom, &g->callerSize);
    InterpreterAccess::frame(in) = mine;
    if (g->killing) throw GeneratorKill{};
    if (!g->throwIn.isUndef()) {
        Value e = std::move(g->throwIn);
        g->throwIn = Value();
        raiseValue(e);
    }
    Value sent = std::move(g->transfer);
    g->transfer = Value();
    return sent;
}

Value genYieldFrom(Interpreter& in, const Value& src) {
    Value it = in.iter(src);
    if (it.isKind(ObjKind::Generator)) {
        GenObj* sub = static_cast<GenObj*>(it.obj());
        Value sent = Value::none();
        for (;;) {
            Value v = resume(in, sub, sent, Value());
            if (v.isUndef()) {
                Value rv = sub->retval.isUndef() ? Value::none() : sub->retval;
                sub->retval = Value();
                return rv;
            }
            sent = genYield(in, v);
        }
    }
    for (;;) {
        Value v = in.next(it);
        if (v.isUndef()) return Value::none();
        genYield(in, v);
    }
}

Value genNext(Interpreter& in, const Value& gen) {
    GenObj* g = static_cast<GenObj*>(gen.obj());
    Value v = resume(in, g, Value::none(), Value());
    if (v.isUndef()) g->retval = Value();
    return v;
}

std::string genRepr(const Value& gen) {
    GenObj* g = static_cast<GenObj*>(gen.obj());
    char b[32];
    std::snprintf(b, sizeof b, "%p", static_cast<void*>(g));
    return "<generator object " + g->qualname + " at " + b + ">";
}

void initGeneratorMethods() {
    ClassObj* c = types().generator;
    addMethod(c, "__next__", [](Interpreter& in, CallArgs& a) -> Value {
        GenObj* g = asGen(a[0]);
        Value v = resume(in, g, Value::none(), Value());
        if (v.isUndef()) stopIteration(in, g);
        return v;
    });
    addMethod(c, "__iter__", [](Interpreter&, CallArgs& a) -> Value { return a[0]; });
    addMethod(c, "send", [](Interpreter& in, CallArgs& a) -> Value {
        GenObj* g = asGen(a[0]);
        Value v = resume(in, g, a.n > 1 ? a[1] : Value::none(), Value());
        if (v.isUndef()) stopIteration(in, g);
        return v;
    });
    addMethod(c, "throw", [](Interpreter& in, CallArgs& a) -> Value {
        GenObj* g = asGen(a[0]);
        Value exc = a[1];
        if (exc.isKind(ObjKind::Class)) exc = a.n > 2 ? in.call(exc, &a[2], 1) : in.call(exc, nullptr, 0);
        Value v = resume(in, g, Value(), exc);
        if (v.isUndef()) stopIteration(in, g);
        return v;
    });
    addMethod(c, "close", [](Interpreter& in, CallArgs& a) -> Value {
        GenObj* g = asGen(a[0]);
        if (g->state != GenObj::Suspended) {
            g->state = GenObj::Done;
            return Value::none();
        }
        try {
            Value v = resume(in, g, Value(), in.call(Value::object(types().GeneratorExit), nullptr, 0));
            if (!v.isUndef()) raise(types().RuntimeError, "generator ignored GeneratorExit");
        } catch (PyError& e) {
            if (!in.isInstance(e.exc, types().GeneratorExit) && !in.isInstance(e.exc, types().StopIteration)) throw;
        }
        return Value::none();
    });
}

} // namespace graphlens::lang
