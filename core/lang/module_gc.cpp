// The `gc` module: the cycle collector (heap.h) seen from scripts.
#include "core/lang/interp_internal.h"

namespace graphlens::lang {

void registerGcModule() {
    Interpreter::registerModule("gc", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        def("collect", [](Interpreter& in, CallArgs&) -> Value {
            return Value::integer(int64_t(InterpreterAccess::impl(in).heap.collect()));
        });
        def("enable", [](Interpreter& in, CallArgs&) -> Value {
            InterpreterAccess::impl(in).heap.enabled = true;
            return Value::none();
        });
        def("disable", [](Interpreter& in, CallArgs&) -> Value {
            InterpreterAccess::impl(in).heap.enabled = false;
            return Value::none();
        });
        def("isenabled", [](Interpreter& in, CallArgs&) -> Value {
            return Value::boolean(InterpreterAccess::impl(in).heap.enabled);
        });
    });
}

Interpreter::HeapStats Interpreter::heapStats() const {
    const Heap& h = m_impl->heap;
    return HeapStats{ int64_t(h.objects.size()), h.collections, h.freed };
}

} // namespace graphlens::lang
