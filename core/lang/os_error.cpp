// OSError's own arguments: OSError(errno, strerror[, filename[, winerror[, filename2]]]) keeps
// the first two in args and the rest as attributes, its str() is "[Errno N] text: 'name'", and
// OSError itself called with a known errno makes the matching subclass, as in CPython.
#include <cerrno>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {
namespace {

ClassObj* builtinClass(const char* name) {
    for (ClassObj* c : types().allExceptions)
        if (c->name == name) return c;
    return nullptr;
}

} // namespace

ClassObj* osErrorSubclass(int64_t err) {
    switch (err) {
    case ENOENT:
        return builtinClass("FileNotFoundError");
    case EEXIST:
        return builtinClass("FileExistsError");
    case EACCES:
    case EPERM:
        return builtinClass("PermissionError");
    case EISDIR:
        return builtinClass("IsADirectoryError");
    case ENOTDIR:
        return builtinClass("NotADirectoryError");
    case ETIMEDOUT:
        return types().TimeoutError;
    default:
        return types().EnvironmentError;
    }
}

bool osErrorStr(Interpreter& in, const Value& exc, std::string& out) {
    auto* e = static_cast<ExcObj*>(exc.obj());
    if (!in.typeOf(exc)->isSubclassOf(types().EnvironmentError)) return false;
    DictObj* d = e->d();
    Value* no = d->findStr("errno");
    Value* text = d->findStr("strerror");
    if (!no || !text || e->args.as<TupleObj>()->items.size() != 2) return false;
    out = "[Errno " + in.str(*no) + "] " + in.str(*text);
    Value* name = d->findStr("filename");
    if (name && !name->isNone()) {
        out += ": " + in.repr(*name);
        Value* name2 = d->findStr("filename2");
        if (name2 && !name2->isNone()) out += " -> " + in.repr(*name2);
    }
    // GraphLens's own explanation (the sandbox's refusals), after what CPython would say.
    if (Value* note = d->findStr("_graphlens_note"); note && note->isKind(ObjKind::Str))
        out += " (" + note->as<StrObj>()->s + ")";
    return true;
}

void initOSErrorMethods() {
    ClassObj* os = types().EnvironmentError;
    addMethod(os, "__init__", [](Interpreter& in, CallArgs& a) -> Value {
        auto* e = static_cast<ExcObj*>(a[0].obj());
        std::vector<Value> args(a.args + 1, a.args + a.n);
        DictObj* d = e->d();
        if (args.size() >= 2 && args.size() <= 5) {
            d->setStr("errno", args[0]);
            d->setStr("strerror", args[1]);
            if (args.size() >= 3) d->setStr("filename", args[2]);
            if (args.size() == 5) d->setStr("filename2", args[4]);
            args.resize(2);
        }
        (void)in;
        e->args = newTuple(std::move(args));
        return Value::none();
    });
    addMethod(os, "__str__", [](Interpreter& in, CallArgs& a) -> Value {
        std::string s;
        if (osErrorStr(in, a[0], s)) return newStr(s);
        auto& args = static_cast<ExcObj*>(a[0].obj())->args.as<TupleObj>()->items;
        if (args.empty()) return newStr("");
        if (args.size() == 1) return newStr(in.str(args[0]));
        return newStr(in.repr(static_cast<ExcObj*>(a[0].obj())->args));
    });
}

} // namespace graphlens::lang
