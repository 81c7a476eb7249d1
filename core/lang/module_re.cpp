// `_sre`: the native half of the `re` module (core/lang/python/stdlib/re.py holds the Python half:
// Pattern, Match, flags, templates). compile() turns a pattern into a handle; match() and scan()
// run it on a str or bytes and hand back group spans as code-point offsets.
#include <memory>

#include "core/lang/interp_internal.h"
#include "core/lang/literals.h"
#include "core/lang/regex.h"

namespace graphlens::lang {

void registerReModule();

namespace {

struct Handle {
    regex::Compiled compiled;
    bool bytes = false;
};

ClassObj* handleClass() {
    static ClassObj* c = [] {
        ClassObj* k = newBuiltinClass("_sre_program");
        makeImmortal(k);
        return k;
    }();
    return c;
}

const Handle& handleOf(const Value& v) {
    if (!v.isKind(ObjKind::Native) || v.as<NativeObj>()->cls != handleClass())
        raise(types().TypeError, "_sre: expected a compiled program");
    return *static_cast<const Handle*>(v.as<NativeObj>()->payload.get());
}

std::u32string decode(const std::string& s) {
    std::u32string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) out += char32_t(nextCodePoint(s, i));
    return out;
}

// The subject as the engine reads it: bytes and ASCII str in place, other str decoded (the last
// one decoded is kept, since a tokenizer loop searches one long string many times).
struct Subject {
    std::string_view narrow;
    const std::u32string* wide = nullptr;
    int64_t length = 0;
};

struct DecodedCache {
    Value source; // keeps the str alive while its decoding is cached
    std::u32string text;
};

Subject subjectOf(const Value& v, bool wantBytes) {
    static thread_local DecodedCache cache;
    Subject s;
    if (v.isKind(ObjKind::Bytes)) {
        if (!wantBytes) raise(types().TypeError, "cannot use a string pattern on a bytes-like object");
        s.narrow = v.as<BytesObj>()->s;
        s.length = int64_t(s.narrow.size());
        return s;
    }
    if (!v.isKind(ObjKind::Str)) raise(types().TypeError, "expected string or bytes-like object");
    if (wantBytes) raise(types().TypeError, "cannot use a bytes pattern on a string-like object");
    const StrObj* str = v.as<StrObj>();
    if (str->isAscii()) {
        s.narrow = str->s;
        s.length = int64_t(s.narrow.size());
        return s;
    }
    if (!cache.source.isObj() || cache.source.obj() != v.obj()) {
        cache.source = Value::none();
        cache.text = decode(str->s);
        cache.source = v;
    }
    s.wide = &cache.text;
    s.length = int64_t(cache.text.size());
    return s;
}

regex::Budget budgetFor(Interpreter& in) {
    regex::Budget b;
    b.ctx = &in;
    b.poll = [](void* ctx) { static_cast<Interpreter*>(ctx)->addSteps(1); };
    b.charge = [](void*, int64_t bytes) { memAdd(bytes); };
    return b;
}

bool run(Interpreter& in, const Handle& h, const Subject& s, int64_t pos, int64_t endpos, regex::Anchor anchor,
         bool mustAdvance, regex::MatchResult& out) {
    regex::Budget b = budgetFor(in);
    if (s.wide) return regex::exec(h.compiled, std::u32string_view(*s.wide), pos, endpos, anchor, mustAdvance, b, out);
    return regex::exec(h.compiled, s.narrow, pos, endpos, anchor, mustAdvance, b, out);
}

// (lastindex, start0, end0, start1, end1, ...)
Value resultTuple(const regex::MatchResult& r) {
    std::vector<Value> items;
    items.reserve(r.spans.size() + 1);
    items.push_back(Value::integer(r.lastIndex));
    for (int64_t v : r.spans) items.push_back(Value::integer(v));
    return newTuple(std::move(items));
}

regex::Anchor anchorOf(int64_t mode) {
    return mode == 0 ? regex::Anchor::Match : mode == 1 ? regex::Anchor::FullMatch : regex::Anchor::Search;
}

} // namespace

void registerReModule() {
    Interpreter::registerModule("_sre", [](Interpreter&, ModuleObj& m) {
        DictObj* d = m.d();
        auto def = [&](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
        d->setStr("MAXREPEAT", Value::integer(4294967295LL));
        d->setStr("MAXGROUPS", Value::integer(100000));

        // compile(pattern, flags) -> (program, groups, [(name, index)], flags)
        //                          | (None, message, position or None) for a re.error
        def("compile", [](Interpreter& in, CallArgs& a) -> Value {
            if (a.n != 2) raise(types().TypeError, "_sre.compile(pattern, flags)");
            bool bytes = a[0].isKind(ObjKind::Bytes);
            if (!bytes && !a[0].isKind(ObjKind::Str))
                raise(types().TypeError, "first argument must be string or compiled pattern");
            std::u32string pattern;
            if (bytes) {
                for (unsigned char c : a[0].as<BytesObj>()->s) pattern += char32_t(c);
            } else {
                pattern = decode(a[0].as<StrObj>()->s);
            }
            int flags = int(in.toIndex(a[1]));
            auto h = std::make_shared<Handle>();
            h->bytes = bytes;
            try {
                h->compiled = regex::compile(pattern, flags, bytes);
            } catch (const regex::SyntaxError& e) {
                if (e.valueError) raise(types().ValueError, e.message);
                return newTuple(
                    { Value::none(), newStr(e.message), e.pos < 0 ? Value::none() : Value::integer(e.pos) });
            } catch (const regex::RepeatOverflow&) {
                raise(types().OverflowError, "the repetition number is too large");
            }
            std::vector<Value> names;
            for (auto& [name, g] : h->compiled.groupNames)
                names.push_back(newTuple({ newStr(name), Value::integer(g) }));
            int groups = h->compiled.groups, outFlags = h->compiled.flags;
            Value program = Value::adopt(new NativeObj(handleClass(), h));
            return newTuple({ program, Value::integer(groups), newList(std::move(names)), Value::integer(outFlags) });
        });

        // match(program, string, pos, endpos, mode, must_advance) -> spans tuple or None;
        // mode 0: match, 1: fullmatch, 2: search
        def("match", [](Interpreter& in, CallArgs& a) -> Value {
            if (a.n != 6) raise(types().TypeError, "_sre.match() takes 6 arguments");
            const Handle& h = handleOf(a[0]);
            Subject s = subjectOf(a[1], h.bytes);
            regex::MatchResult r;
            if (!run(in, h, s, in.toIndex(a[2]), in.toIndex(a[3]), anchorOf(in.toIndex(a[4])), in.truthy(a[5]), r))
                return Value::none();
            return resultTuple(r);
        });

        // scan(program, string, pos, endpos, limit) -> [spans tuple, ...]: the successive matches
        // findall, finditer, sub and split see (an empty match is never followed by another
        // empty one at the same place); limit 0: all of them.
        def("scan", [](Interpreter& in, CallArgs& a) -> Value {
            if (a.n != 5) raise(types().TypeError, "_sre.scan() takes 5 arguments");
            const Handle& h = handleOf(a[0]);
            Subject s = subjectOf(a[1], h.bytes);
            int64_t pos = in.toIndex(a[2]), endpos = in.toIndex(a[3]), limit = in.toIndex(a[4]);
            if (endpos > s.length) endpos = s.length;
            CountedValues found;
            bool mustAdvance = false;
            while (pos <= endpos && (limit <= 0 || int64_t(found.size()) < limit)) {
                regex::MatchResult r;
                if (!run(in, h, s, pos, endpos, regex::Anchor::Search, mustAdvance, r)) break;
                found.push(resultTuple(r));
                mustAdvance = r.spans[1] == r.spans[0];
                pos = r.spans[1];
            }
            return newList(found.take());
        });
    });
}

} // namespace graphlens::lang
