// The cycle collector (heap.h) and what each object kind reports to it.
#include "core/lang/heap.h"

#include <algorithm>

#include "core/lang/interp.h"

namespace graphlens::lang {

thread_local Heap* detail::tl_heap = nullptr;

bool finalizeGenerator(Object* o); // interp_gen.cpp

void destroyObject(Object* o) {
    if (o->kind == ObjKind::Generator && finalizeGenerator(o)) return;
    delete o;
}

void heapTrack(Heap* h, Object* o) {
    o->heap = h;
    o->gcIndex = uint32_t(h->objects.size());
    h->objects.push_back(o);
}

void heapUntrack(Object* o) {
    auto& objs = o->heap->objects;
    Object* last = objs.back();
    objs[o->gcIndex] = last;
    last->gcIndex = o->gcIndex;
    objs.pop_back();
    o->heap = nullptr;
}

Heap::~Heap() {
    for (Object* o : objects) o->heap = nullptr;
}

namespace {

// Subtracts references between tracked objects from their trial counts.
struct SubtractInternal final : RefVisitor {
    Heap* heap;
    std::vector<int64_t>& refs;
    SubtractInternal(Heap* h, std::vector<int64_t>& r)
        : heap(h)
        , refs(r) { }
    void visit(Object* o) override {
        if (o->heap == heap) --refs[o->gcIndex];
    }
};

// Marks what is reachable from the objects on the stack.
struct MarkReachable final : RefVisitor {
    Heap* heap;
    std::vector<uint8_t>& reached;
    std::vector<uint32_t>& stack;
    MarkReachable(Heap* h, std::vector<uint8_t>& r, std::vector<uint32_t>& s)
        : heap(h)
        , reached(r)
        , stack(s) { }
    void visit(Object* o) override {
        if (o->heap == heap && !reached[o->gcIndex]) {
            reached[o->gcIndex] = 1;
            stack.push_back(o->gcIndex);
        }
    }
};

// Marks every tracked object for which isRoot(i) holds and everything reachable from those.
template<class IsRoot> std::vector<uint8_t> markReachable(Heap* heap, IsRoot isRoot) {
    const size_t n = heap->objects.size();
    std::vector<uint8_t> reached(n, 0);
    std::vector<uint32_t> stack;
    for (size_t i = 0; i < n; ++i)
        if (isRoot(i)) {
            reached[i] = 1;
            stack.push_back(uint32_t(i));
        }
    MarkReachable mark(heap, reached, stack);
    while (!stack.empty()) {
        uint32_t i = stack.back();
        stack.pop_back();
        heap->objects[i]->traverse(mark);
    }
    return reached;
}

} // namespace

void makeImmortal(Object* root) {
    struct Mark final : RefVisitor {
        std::vector<Object*> stack;
        void visit(Object* o) override {
            if (o->rc >= kImmortalRc) return;
            o->rc = int64_t(1) << 40;
            stack.push_back(o);
        }
    } mark;
    if (!root) return;
    root->rc = int64_t(1) << 40;
    root->traverse(mark);
    while (!mark.stack.empty()) {
        Object* o = mark.stack.back();
        mark.stack.pop_back();
        o->traverse(mark);
    }
}

size_t Heap::collect() {
    if (collecting) return 0;
    collecting = true;
    ++collections;
    const size_t n = objects.size();
    std::vector<int64_t> refs(n);
    for (size_t i = 0; i < n; ++i) refs[i] = objects[i]->rc;
    SubtractInternal sub(this, refs);
    for (size_t i = 0; i < n; ++i) objects[i]->traverse(sub);
    // An object with no counted reference at all is still being built by C++ code: a root.
    std::vector<uint8_t> reached = markReachable(this, [&](size_t i) { return refs[i] > 0 || objects[i]->rc <= 0; });
    std::vector<Object*> garbage;
    for (size_t i = 0; i < n; ++i)
        if (!reached[i]) garbage.push_back(objects[i]);
    // Hold every garbage object while breaking the cycles, so none dies while another one's
    // references are being dropped; then let them go.
    for (Object* o : garbage) incref(o);
    for (Object* o : garbage) o->clearRefs();
    for (Object* o : garbage) decref(o);
    freed += int64_t(garbage.size());
    threshold = std::max(kMinThreshold, objects.size() * 2);
    collecting = false;
    return garbage.size();
}

void Heap::shutdown() {
    collect();
    // Process-wide objects built lazily while this interpreter ran (immortal types, their method
    // tables) and whatever they reach belong to no interpreter: stop tracking them before the
    // opaque references of this interpreter's objects are released.
    {
        std::vector<uint8_t> reached = markReachable(this, [&](size_t i) { return objects[i]->rc >= kImmortalRefs; });
        std::vector<Object*> processWide;
        for (size_t i = 0; i < reached.size(); ++i)
            if (reached[i]) processWide.push_back(objects[i]);
        for (Object* o : processWide) heapUntrack(o);
    }
    std::vector<Object*> opaque;
    for (Object* o : objects)
        if (o->kind == ObjKind::Iter || o->kind == ObjKind::Builtin || o->kind == ObjKind::Native ||
            o->kind == ObjKind::Generator)
            opaque.push_back(o);
    for (Object* o : opaque) incref(o);
    for (Object* o : opaque) o->releaseOpaque();
    for (Object* o : opaque) decref(o);
    collect();
    // What is left is held by C++ code outside the interpreter (a returned exception, a value a
    // test kept): it stays valid, untracked.
    for (Object* o : objects) o->heap = nullptr;
    objects.clear();
}

// ---------------------------------------------------------------------------------------------
// Per kind. clearRefs moves references out before releasing them: releasing can destroy other
// objects, whose destructors must not see this one half-cleared.

void ListObj::traverse(RefVisitor& v) {
    for (auto& x : items) v(x);
    if (attrs.isObj()) {
        v(attrs);
        v(static_cast<Object*>(cls));
    }
}
void ListObj::clearRefs() {
    std::vector<Value> drop;
    drop.swap(items);
}
void TupleObj::traverse(RefVisitor& v) {
    for (auto& x : items) v(x);
    if (cls && !cls->builtin) v(static_cast<Object*>(cls)); // a namedtuple's class, counted
}
void TupleObj::clearRefs() {
    // Keeps the size (and the memory accounting that depends on it); only the references go.
    std::vector<Value> drop(items.size());
    drop.swap(items);
}
void DictObj::traverse(RefVisitor& v) {
    for (auto& e : entries) {
        v(e.key);
        v(e.value);
    }
    if (attrs.isObj()) {
        v(attrs);
        v(static_cast<Object*>(cls));
    }
}
void DictObj::clearRefs() {
    clear();
}
void SetObj::traverse(RefVisitor& v) {
    for (auto& e : table) v(e.key);
}
void SetObj::clearRefs() {
    clear();
}
void SliceObj::traverse(RefVisitor& v) {
    v(start);
    v(stop);
    v(step);
}
void SliceObj::clearRefs() {
    Value a = std::move(start), b = std::move(stop), c = std::move(step);
}
void CellObj::traverse(RefVisitor& v) {
    v(value);
}
void CellObj::clearRefs() {
    Value drop = std::move(value);
}
void BuiltinObj::traverse(RefVisitor& v) {
    v(self);
}
void BuiltinObj::clearRefs() {
    Value drop = std::move(self);
}
void BuiltinObj::releaseOpaque() {
    NativeFn drop = std::move(fn);
    fn = [](Interpreter&, CallArgs&) -> Value { raise(types().RuntimeError, "the interpreter has shut down"); };
}
void ModuleObj::traverse(RefVisitor& v) {
    v(dict);
}
void ModuleObj::clearRefs() { } // the dict is garbage too and clears itself
void InstanceObj::traverse(RefVisitor& v) {
    v(dict);
    v(base);
    v(static_cast<Object*>(cls)); // counted: the constructor increfs the class
}
void InstanceObj::clearRefs() { } // dict: see ModuleObj; cls is released by the destructor
void ExcObj::traverse(RefVisitor& v) {
    InstanceObj::traverse(v);
    v(args);
    v(cause);
    v(context);
}
void ExcObj::clearRefs() {
    Value a = std::move(args), b = std::move(cause), c = std::move(context);
    args = newTuple();
    cause = Value::none();
    context = Value::none();
}
void ClassObj::traverse(RefVisitor& v) {
    v(dict);
    for (auto& b : basesHold) v(b);
    v(metaHold);
}
// Bases stay: the MRO points at them until the class is destroyed.
void ClassObj::clearRefs() { }
void BoundMethodObj::traverse(RefVisitor& v) {
    v(self);
    v(func);
}
void BoundMethodObj::clearRefs() {
    Value a = std::move(self), b = std::move(func);
}
void PropertyObj::traverse(RefVisitor& v) {
    v(fget);
    v(fset);
    v(fdel);
    v(doc);
}
void PropertyObj::clearRefs() {
    Value a = std::move(fget), b = std::move(fset), c = std::move(fdel), d = std::move(doc);
}
void WrapperObj::traverse(RefVisitor& v) {
    v(func);
}
void WrapperObj::clearRefs() {
    Value drop = std::move(func);
}
void SuperObj::traverse(RefVisitor& v) {
    v(typeHold);
    v(self);
}
void SuperObj::clearRefs() {
    Value drop = std::move(self);
}
void IterObj::traverse(RefVisitor& v) {
    v(hold);
}
void IterObj::clearRefs() {
    Value drop = std::move(hold);
}
void IterObj::releaseOpaque() {
    auto drop = std::move(next);
    next = [](Interpreter&) -> Value { return Value(); }; // exhausted
    Value h = std::move(hold);
}
void NativeObj::traverse(RefVisitor& v) {
    v(dict);
}
void NativeObj::clearRefs() {
    Value drop = std::move(dict);
}
void NativeObj::releaseOpaque() {
    auto drop = std::move(payload);
    payload.reset();
}
void FuncObj::traverse(RefVisitor& v) {
    for (auto& x : defaults) v(x);
    for (auto& x : kwDefaults) v(x);
    for (auto& x : closure) v(x);
    v(globals);
    v(attrs);
    v(doc);
    v(module);
    v(annotations);
    v(code);
}
void FuncObj::clearRefs() {
    std::vector<Value> a, b, c;
    a.swap(defaults);
    b.swap(kwDefaults);
    c.swap(closure);
    Value g = std::move(globals), at = std::move(attrs), dc = std::move(doc), md = std::move(module),
          an = std::move(annotations), co = std::move(code);
    // Calls still expect the sizes; a garbage function is never called again.
    defaults.resize(a.size());
    kwDefaults.resize(b.size());
    closure.resize(c.size());
}

} // namespace graphlens::lang
