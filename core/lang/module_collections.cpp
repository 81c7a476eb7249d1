// The `collections` module: namedtuple (tf.function traces namedtuples by their type and fields,
// so scripts need real tuple subclasses, not look-alike classes).
#include <algorithm>
#include <cctype>

#include "core/lang/interp_internal.h"
#include "core/lang/named_tuple.h"

namespace graphlens::lang {

namespace {

bool isIdentifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (unsigned char c : s)
        if (!(std::isalnum(c) || c == '_' || c >= 0x80)) return false;
    return true;
}

bool isKeyword(const std::string& s) {
    static const char* const kKeywords[] = { "False",  "None",   "True",    "and",      "as",       "assert", "async",
                                             "await",  "break",  "class",   "continue", "def",      "del",    "elif",
                                             "else",   "except", "finally", "for",      "from",     "global", "if",
                                             "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
                                             "pass",   "raise",  "return",  "try",      "while",    "with",   "yield" };
    for (const char* k : kKeywords)
        if (s == k) return true;
    return false;
}

std::string pluralArgs(const std::vector<std::string>& names) {
    // CPython's "missing 2 required positional arguments: 'x' and 'y'"
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i) out += names.size() > 2 ? (i + 1 == names.size() ? ", and " : ", ") : " and ";
        out += "'" + names[i] + "'";
    }
    return out;
}

// Field values of a call Name(*args, **kw), bound as CPython binds the generated __new__.
std::vector<Value> bindFields(ClassObj* cls, const std::vector<std::string>& fields, const Value& defaults,
                              const Value* args, size_t n, const std::vector<std::pair<std::string, Value>>* kw) {
    const std::string fn = cls->name + ".__new__()";
    if (n > fields.size())
        raise(types().TypeError,
              fn + " takes " + std::to_string(fields.size() + 1) + " positional arguments but " +
                  std::to_string(n + 1) + " were given");
    std::vector<Value> items(fields.size());
    for (size_t i = 0; i < n; ++i) items[i] = args[i];
    if (kw) {
        for (const auto& [k, v] : *kw) {
            auto it = std::find(fields.begin(), fields.end(), k);
            if (it == fields.end()) raise(types().TypeError, fn + " got an unexpected keyword argument '" + k + "'");
            size_t i = size_t(it - fields.begin());
            if (!items[i].isUndef()) raise(types().TypeError, fn + " got multiple values for argument '" + k + "'");
            items[i] = v;
        }
    }
    const auto& defs = defaults.as<TupleObj>()->items;
    const size_t firstDefault = fields.size() - defs.size();
    std::vector<std::string> missing;
    for (size_t i = 0; i < fields.size(); ++i) {
        if (!items[i].isUndef()) continue;
        if (i >= firstDefault) items[i] = defs[i - firstDefault];
        else missing.push_back(fields[i]);
    }
    if (!missing.empty())
        raise(types().TypeError,
              fn + " missing " + std::to_string(missing.size()) + " required positional argument" +
                  (missing.size() > 1 ? "s" : "") + ": " + pluralArgs(missing));
    return items;
}

Value namedtuple(Interpreter& in, CallArgs& a) {
    if (a.n < 2) raise(types().TypeError, "namedtuple() missing required argument: 'field_names'");
    const std::string typeName = in.str(a[0]);
    std::vector<std::string> fields;
    if (a[1].isKind(ObjKind::Str)) {
        std::string spec = a[1].as<StrObj>()->s;
        std::replace(spec.begin(), spec.end(), ',', ' ');
        size_t i = 0;
        while (i < spec.size()) {
            while (i < spec.size() && std::isspace(static_cast<unsigned char>(spec[i]))) ++i;
            size_t j = i;
            while (j < spec.size() && !std::isspace(static_cast<unsigned char>(spec[j]))) ++j;
            if (j > i) fields.push_back(spec.substr(i, j - i));
            i = j;
        }
    } else {
        for (const auto& f : in.toVector(a[1])) fields.push_back(in.str(f));
    }
    // CPython's checks, in its order: renaming, then identifiers and keywords (type name first),
    // then underscores and duplicates.
    const Value* renameArg = a.kwarg("rename");
    const bool rename = renameArg && in.truthy(*renameArg);
    if (rename) {
        std::vector<std::string> seen;
        for (size_t i = 0; i < fields.size(); ++i) {
            const std::string original = fields[i];
            if (!isIdentifier(original) || isKeyword(original) || original[0] == '_' ||
                std::find(seen.begin(), seen.end(), original) != seen.end())
                fields[i] = "_" + std::to_string(i);
            seen.push_back(original);
        }
    }
    std::vector<std::string> allNames{ typeName };
    allNames.insert(allNames.end(), fields.begin(), fields.end());
    for (const std::string& name : allNames) {
        if (!isIdentifier(name))
            raise(types().ValueError, "Type names and field names must be valid identifiers: '" + name + "'");
        if (isKeyword(name))
            raise(types().ValueError, "Type names and field names cannot be a keyword: '" + name + "'");
    }
    for (size_t i = 0; i < fields.size(); ++i) {
        const std::string& f = fields[i];
        if (f[0] == '_' && !rename)
            raise(types().ValueError, "Field names cannot start with an underscore: '" + f + "'");
        if (std::find(fields.begin(), fields.begin() + long(i), f) != fields.begin() + long(i))
            raise(types().ValueError, "Encountered duplicate field name: '" + f + "'");
    }
    std::vector<Value> defaultItems;
    if (const Value* d = a.kwarg("defaults"); d && !d->isNone()) defaultItems = in.toVector(*d);
    if (defaultItems.size() > fields.size()) raise(types().TypeError, "Got more default values than field names");

    auto* cls = new ClassObj(typeName);
    cls->cls = types().type;
    Value clsv = Value::adopt(cls);
    cls->bases.push_back(types().tuple);
    cls->basesHold.push_back(Value::object(types().tuple));
    cls->mro = computeMro(cls);
    cls->hasDataDescriptors = true;
    DictObj* d = cls->d();
    std::vector<Value> fieldValues;
    for (const auto& f : fields) fieldValues.push_back(newStr(f));
    Value fieldsTuple = newTuple(fieldValues);
    Value defaults = newTuple(defaultItems);
    d->setStr("__module__", newStr("__main__"));
    d->setStr("__qualname__", newStr(typeName));
    d->setStr("__slots__", newTuple());
    d->setStr("_fields", fieldsTuple);
    Value fieldDefaults = newDict();
    for (size_t i = 0; i < defaultItems.size(); ++i)
        in.setItem(fieldDefaults, fieldValues[fields.size() - defaultItems.size() + i], defaultItems[i]);
    d->setStr("_field_defaults", fieldDefaults);
    // The class is reached through its first argument (cls), never captured: no cycle.
    d->setStr("__new__", newBuiltin("__new__", [fields, defaults](Interpreter&, CallArgs& c) -> Value {
                  if (c.n < 1 || !c[0].isKind(ObjKind::Class))
                      raise(types().TypeError, "__new__(): not enough arguments");
                  ClassObj* k = c[0].as<ClassObj>();
                  return makeNamedTuple(k, bindFields(k, fields, defaults, c.args + 1, c.n - 1, c.kw));
              }));
    for (size_t i = 0; i < fields.size(); ++i) {
        auto* p = new PropertyObj();
        Value pv = Value::adopt(p);
        p->fget = newBuiltin(fields[i], [i](Interpreter&, CallArgs& c) -> Value {
            if (c.n < 1 || !c[0].isKind(ObjKind::Tuple)) raise(types().TypeError, "descriptor needs a tuple");
            return c[0].as<TupleObj>()->items.at(i);
        });
        p->doc = newStr("Alias for field number " + std::to_string(i));
        d->setStr(fields[i], pv);
    }
    d->setStr("_make",
              Value::adopt(new WrapperObj(
                  ObjKind::ClassMethod, newBuiltin("_make", [](Interpreter& inn, CallArgs& c) -> Value {
                      ClassObj* k = c[0].as<ClassObj>();
                      std::vector<Value> items = inn.toVector(c[1]);
                      const size_t n = namedTupleFields(k).size();
                      if (items.size() != n)
                          raise(types().TypeError,
                                "Expected " + std::to_string(n) + " arguments, got " + std::to_string(items.size()));
                      return makeNamedTuple(k, std::move(items));
                  }))));
    addMethod(cls, "_asdict", [](Interpreter& inn, CallArgs& c) -> Value {
        ClassObj* k = namedTupleClass(c[0]);
        Value out = newDict();
        std::vector<std::string> names = namedTupleFields(k);
        const auto& items = c[0].as<TupleObj>()->items;
        for (size_t i = 0; i < names.size() && i < items.size(); ++i) inn.setItem(out, newStr(names[i]), items[i]);
        return out;
    });
    addMethod(cls, "_replace", [](Interpreter&, CallArgs& c) -> Value {
        ClassObj* k = namedTupleClass(c[0]);
        std::vector<std::string> names = namedTupleFields(k);
        std::vector<Value> items = c[0].as<TupleObj>()->items;
        std::vector<std::string> unknown;
        if (c.kw)
            for (const auto& [key, v] : *c.kw) {
                auto it = std::find(names.begin(), names.end(), key);
                if (it == names.end()) unknown.push_back(key);
                else items[size_t(it - names.begin())] = v;
            }
        if (!unknown.empty()) {
            std::string list;
            for (size_t i = 0; i < unknown.size(); ++i) list += (i ? ", '" : "'") + unknown[i] + "'";
            raise(types().ValueError, "Got unexpected field names: [" + list + "]");
        }
        return makeNamedTuple(k, std::move(items));
    });
    return clsv;
}

} // namespace

ClassObj* namedTupleClass(const Value& v) {
    if (!v.isKind(ObjKind::Tuple)) return nullptr;
    ClassObj* c = v.obj()->cls;
    if (!c || c->builtin) return nullptr;
    for (ClassObj* k : c->mro)
        if (k->d()->findStr("_fields")) return c;
    return nullptr;
}

std::vector<std::string> namedTupleFields(const ClassObj* cls) {
    std::vector<std::string> out;
    if (!cls) return out;
    Value* f = cls->lookup("_fields");
    if (!f || !f->isKind(ObjKind::Tuple)) return out;
    for (const auto& x : f->as<TupleObj>()->items)
        if (x.isKind(ObjKind::Str)) out.push_back(x.as<StrObj>()->s);
    return out;
}

Value makeNamedTupleClass(Interpreter& in, const std::string& name, const std::vector<std::string>& fields) {
    std::vector<Value> names;
    for (const auto& f : fields) names.push_back(newStr(f));
    Value args[2] = { newStr(name), newList(std::move(names)) };
    CallArgs ca{ args, 2, nullptr };
    return namedtuple(in, ca);
}

Value makeNamedTuple(ClassObj* cls, std::vector<Value> items) {
    Value t = newTuple(std::move(items));
    incref(cls); // released by ~TupleObj (value.cpp)
    t.obj()->cls = cls;
    return t;
}

void registerCollectionsModule() {
    Interpreter::registerModule("_collections", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("namedtuple", newBuiltin("namedtuple", namedtuple));
    });
}

} // namespace graphlens::lang
