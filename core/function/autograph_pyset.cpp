// CPython's set layout and the activity analysis's set operations (see autograph_pyset.h).
#include "core/function/autograph_pyset.h"

#include <cstring>
#include <memory>

#include "core/function/autograph_internal.h"
#include "core/lang/printer.h"

namespace graphlens::function::detail {

using namespace lang;

namespace {

// ----- hashes -----------------------------------------------------------------------------------

uint64_t rotl(uint64_t x, int b) {
    return (x << b) | (x >> (64 - b));
}

void sipRound(uint64_t& v0, uint64_t& v1, uint64_t& v2, uint64_t& v3) {
    v0 += v1;
    v2 += v3;
    v1 = rotl(v1, 13) ^ v0;
    v3 = rotl(v3, 16) ^ v2;
    v0 = rotl(v0, 32);
    v2 += v1;
    v0 += v3;
    v1 = rotl(v1, 17) ^ v2;
    v3 = rotl(v3, 21) ^ v0;
    v2 = rotl(v2, 32);
}

// SipHash-1-3 with k0 = k1 = 0 (the secret PYTHONHASHSEED=0 gives).
uint64_t siphash13(const unsigned char* in, size_t size) {
    uint64_t b = uint64_t(size) << 56;
    uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL;
    uint64_t v2 = 0x6c7967656e657261ULL, v3 = 0x7465646279746573ULL;
    while (size >= 8) {
        uint64_t m = 0;
        for (int i = 0; i < 8; ++i) m |= uint64_t(in[i]) << (8 * i);
        in += 8;
        size -= 8;
        v3 ^= m;
        sipRound(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t t = 0;
    for (size_t i = 0; i < size; ++i) t |= uint64_t(in[i]) << (8 * i);
    b |= t;
    v3 ^= b;
    sipRound(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    sipRound(v0, v1, v2, v3);
    sipRound(v0, v1, v2, v3);
    sipRound(v0, v1, v2, v3);
    return (v0 ^ v1) ^ (v2 ^ v3);
}

std::vector<uint32_t> codePoints(std::string_view s) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
        for (int k = 1; k < n && i + size_t(k) < s.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3F);
        out.push_back(cp);
        i += size_t(n);
    }
    return out;
}

int64_t tupleHash(const std::vector<int64_t>& items) {
    const uint64_t p1 = 11400714785074694791ULL, p2 = 14029467366897019727ULL, p5 = 2870177450012600261ULL;
    uint64_t acc = p5;
    for (int64_t h : items) {
        acc += uint64_t(h) * p2;
        acc = rotl(acc, 31);
        acc *= p1;
    }
    acc += uint64_t(items.size()) ^ (p5 ^ 3527539UL);
    if (acc == uint64_t(-1)) return 1546275796;
    return int64_t(acc);
}

int64_t intHash(int64_t v) {
    // Small ints hash to themselves (modulo 2**61 - 1 for larger ones), -1 becoming -2.
    const int64_t mod = (int64_t(1) << 61) - 1;
    int64_t r = v >= 0 ? v % mod : -((-v) % mod);
    return r == -1 ? -2 : r;
}

bool isIdentifier(std::string_view s) {
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80))
            return false;
    return true;
}

} // namespace

int64_t cpythonStrHash(std::string_view utf8) {
    if (utf8.empty()) return 0;
    std::vector<uint32_t> cps = codePoints(utf8);
    uint32_t maxCp = 0;
    for (uint32_t c : cps) maxCp = std::max(maxCp, c);
    const size_t kind = maxCp < 0x100 ? 1 : maxCp < 0x10000 ? 2 : 4;
    std::vector<unsigned char> data;
    data.reserve(cps.size() * kind);
    for (uint32_t c : cps)
        for (size_t k = 0; k < kind; ++k) data.push_back(static_cast<unsigned char>(c >> (8 * k)));
    int64_t h = int64_t(siphash13(data.data(), data.size()));
    return h == -1 ? -2 : h;
}

int64_t simpleQnHash(std::string_view name) {
    return tupleHash({ cpythonStrHash(name), 0, 0 });
}

PySet::Key qnKey(std::string_view name) {
    // Composite symbols: "a.b" is (QN(a), "b") with an attribute, "d[k]" is (QN(d), QN(k) or a
    // literal) with a subscript; QN hashes its parts with the two flags.
    int depth = 0;
    for (size_t i = name.size(); i-- > 0;) {
        char c = name[i];
        if (c == ']') ++depth;
        else if (c == '[') {
            if (--depth == 0 && i > 0 && name.back() == ']' && i + 1 < name.size()) {
                std::string_view base = name.substr(0, i), sub = name.substr(i + 1, name.size() - i - 2);
                int64_t subHash;
                if (isIdentifier(sub)) subHash = simpleQnHash(sub);
                else if (!sub.empty() && sub.find_first_not_of("0123456789") == std::string_view::npos &&
                         sub.size() < 18)
                    subHash = intHash(std::stoll(std::string(sub)));
                else if (sub.size() >= 2 && (sub[0] == '\'' || sub[0] == '"') && sub.back() == sub[0])
                    subHash = cpythonStrHash(sub.substr(1, sub.size() - 2));
                else subHash = cpythonStrHash(sub);
                return { std::string(name), tupleHash({ qnKey(base).hash, subHash, 0, 1 }) };
            }
        } else if (c == '.' && depth == 0) {
            return { std::string(name),
                     tupleHash({ qnKey(name.substr(0, i)).hash, cpythonStrHash(name.substr(i + 1)), 1, 0 }) };
        }
    }
    return { std::string(name), simpleQnHash(name) };
}

// ----- the set table (setobject.c) --------------------------------------------------------------

namespace {
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
} // namespace

PySet PySet::fromSequence(const std::vector<Key>& keys) {
    PySet s;
    for (const auto& k : keys) s.add(k);
    return s;
}

long PySet::findActive(const Key& k) const {
    const size_t m = mask();
    uint64_t perturb = uint64_t(k.hash);
    size_t i = size_t(uint64_t(k.hash) & m);
    for (;;) {
        size_t probes = i + kLinearProbes <= m ? kLinearProbes : 0;
        size_t j = i;
        for (;;) {
            const Entry& e = m_table[j];
            if (e.state == State::Empty) return -1;
            if (e.state == State::Active && e.key.hash == k.hash && e.key.name == k.name) return long(j);
            if (probes-- == 0) break;
            ++j;
        }
        perturb >>= kPerturbShift;
        i = size_t((i * 5 + 1 + perturb) & m);
    }
}

bool PySet::contains(const std::string& name, int64_t hash) const {
    return findActive(Key{ name, hash }) >= 0;
}

void PySet::add(const Key& k) {
    const size_t m = mask();
    uint64_t perturb = uint64_t(k.hash);
    size_t i = size_t(uint64_t(k.hash) & m);
    long freeslot = -1;
    for (;;) {
        size_t probes = i + kLinearProbes <= m ? kLinearProbes : 0;
        size_t j = i;
        for (;;) {
            Entry& e = m_table[j];
            if (e.state == State::Empty) {
                if (freeslot >= 0) {
                    m_table[size_t(freeslot)] = Entry{ State::Active, k };
                    ++m_used;
                    return;
                }
                e = Entry{ State::Active, k };
                ++m_fill;
                ++m_used;
                if (m_fill * 5 >= m * 3) resize(m_used > 50000 ? m_used * 2 : m_used * 4);
                return;
            }
            if (e.state == State::Active && e.key.hash == k.hash && e.key.name == k.name) return;
            if (e.state == State::Dummy && freeslot < 0) freeslot = long(j);
            if (probes-- == 0) break;
            ++j;
        }
        perturb >>= kPerturbShift;
        i = size_t((i * 5 + 1 + perturb) & m);
    }
}

void PySet::discard(const Key& k) {
    long j = findActive(k);
    if (j < 0) return;
    m_table[size_t(j)].state = State::Dummy;
    --m_used;
}

void PySet::insertClean(std::vector<Entry>& table, const Key& k) const {
    const size_t m = table.size() - 1;
    uint64_t perturb = uint64_t(k.hash);
    size_t i = size_t(uint64_t(k.hash) & m);
    for (;;) {
        if (table[i].state == State::Empty) {
            table[i] = Entry{ State::Active, k };
            return;
        }
        if (i + kLinearProbes <= m) {
            for (size_t j = 1; j <= kLinearProbes; ++j) {
                if (table[i + j].state == State::Empty) {
                    table[i + j] = Entry{ State::Active, k };
                    return;
                }
            }
        }
        perturb >>= kPerturbShift;
        i = size_t((i * 5 + 1 + perturb) & m);
    }
}

void PySet::resize(size_t minused) {
    size_t newsize = 8;
    while (newsize <= minused) newsize <<= 1;
    std::vector<Entry> fresh(newsize);
    for (const auto& e : m_table)
        if (e.state == State::Active) insertClean(fresh, e.key);
    m_table = std::move(fresh);
    m_fill = m_used;
}

std::vector<PySet::Key> PySet::items() const {
    std::vector<Key> out;
    for (const auto& e : m_table)
        if (e.state == State::Active) out.push_back(e.key);
    return out;
}

void PySet::update(const PySet& other) {
    if (&other == this || other.m_used == 0) return;
    if ((m_fill + other.m_used) * 5 >= mask() * 3) resize((m_used + other.m_used) * 2);
    if (m_fill == 0 && mask() == other.mask() && other.m_fill == other.m_used) {
        m_table = other.m_table;
        m_fill = other.m_fill;
        m_used = other.m_used;
        return;
    }
    if (m_fill == 0) {
        m_fill = m_used = other.m_used;
        for (const auto& e : other.m_table)
            if (e.state == State::Active) insertClean(m_table, e.key);
        return;
    }
    for (const auto& e : other.m_table)
        if (e.state == State::Active) add(e.key);
}

PySet PySet::copy() const {
    PySet s;
    s.update(*this);
    return s;
}

PySet PySet::unionWith(const PySet& other) const {
    if (&other == this) return copy();
    PySet s = copy();
    s.update(other);
    return s;
}

PySet PySet::difference(const PySet& other) const {
    if ((m_used >> 2) > other.m_used) {
        PySet s = copy();
        for (const auto& k : other.items()) s.discard(k);
        if (s.m_fill - s.m_used > s.mask() / 4) s.resize(s.m_used > 50000 ? s.m_used * 2 : s.m_used * 4);
        return s;
    }
    PySet s;
    for (const auto& e : m_table)
        if (e.state == State::Active && !other.contains(e.key)) s.add(e.key);
    return s;
}

PySet PySet::intersection(const PySet& other) const {
    if (&other == this) return copy();
    const PySet* big = this;
    const PySet* small = &other;
    if (other.m_used > m_used) std::swap(big, small);
    PySet s;
    for (const auto& e : small->m_table)
        if (e.state == State::Active && big->contains(e.key)) s.add(e.key);
    return s;
}

// ----- the activity analysis's `bound` sets -----------------------------------------------------

namespace {

struct Scope {
    PySet bound;
    Scope* parent = nullptr;
    bool isolated = false;
    PySet isolatedNames;
};

// Replays ActivityAnalyzer (pyct/static_analysis/activity.py) for the `bound` sets only: each
// statement gets a scope whose names flow into the enclosing one when it closes; the branches
// of if/for/while are processed from a checkpoint of the whole scope chain and merged back.
class BoundSim {
public:
    BoundSim(const std::unordered_map<const Node*, Expr*>& extraLoopTests)
        : m_extraLoopTests(extraLoopTests) { }
    std::unordered_map<const Node*, PySet> modified;

    void function(const FunctionDef* fn) {
        enter(true);
        enter(false);
        block(fn->body);
        exit();
        exit();
    }

private:
    const std::unordered_map<const Node*, Expr*>& m_extraLoopTests;
    std::vector<std::unique_ptr<Scope>> m_scopes;
    Scope* m_cur = nullptr;

    void enter(bool isolated) {
        m_scopes.push_back(std::make_unique<Scope>());
        Scope* s = m_scopes.back().get();
        s->parent = m_cur;
        s->isolated = isolated;
        m_cur = s;
    }
    PySet exit() {
        Scope* s = m_cur;
        if (s->parent && !s->isolated) s->parent->bound.update(s->bound.difference(s->isolatedNames));
        m_cur = s->parent;
        return s->bound;
    }

    void bind(const std::string& name) { m_cur->bound.add(qnKey(name)); }

    // Store-context names of a target expression, in visiting order.
    void targets(const Expr* t) {
        if (!t) return;
        switch (t->kind) {
        case NodeKind::Name:
            bind(static_cast<const Name*>(t)->id);
            break;
        case NodeKind::Tuple:
            for (auto* e : static_cast<const Tuple*>(t)->elts) targets(e);
            break;
        case NodeKind::List:
            for (auto* e : static_cast<const List*>(t)->elts) targets(e);
            break;
        case NodeKind::Starred:
            targets(static_cast<const Starred*>(t)->value);
            break;
        case NodeKind::Attribute:
        case NodeKind::Subscript: {
            std::string sym = printExpr(const_cast<Expr*>(t));
            bind(sym);
            break;
        }
        default:
            break;
        }
    }

    void statementScope(const std::vector<const Expr*>& boundTargets) {
        enter(false);
        for (auto* t : boundTargets) targets(t);
        exit();
    }

    std::vector<Scope*> chain() const {
        std::vector<Scope*> out;
        for (Scope* s = m_cur; s; s = s->parent) out.push_back(s);
        return out;
    }
    std::vector<PySet> checkpoint() const {
        std::vector<PySet> out;
        for (Scope* s : chain()) out.push_back(s->bound.copy());
        return out;
    }

    // _process_parallel_blocks: each branch starts from the checkpoint; the branches' end
    // states are merged back in order. Returns each branch scope's own bound set.
    std::vector<PySet> parallel(const std::vector<const StmtList*>& branches) {
        std::vector<PySet> before = checkpoint(), own;
        std::vector<std::vector<PySet>> after;
        for (const StmtList* b : branches) {
            std::vector<Scope*> ch = chain();
            for (size_t i = 0; i < ch.size(); ++i) ch[i]->bound = before[i].copy();
            enter(false);
            block(*b);
            own.push_back(exit());
            after.push_back(checkpoint());
        }
        for (const auto& a : after) {
            std::vector<Scope*> ch = chain();
            for (size_t i = 0; i < ch.size() && i < a.size(); ++i) ch[i]->bound.update(a[i]);
        }
        return own;
    }

    void block(const StmtList& b) {
        for (auto* s : b) stmt(s);
    }

    void stmt(const Stmt* s) {
        switch (s->kind) {
        case NodeKind::Assign: {
            std::vector<const Expr*> ts(static_cast<const Assign*>(s)->targets.begin(),
                                        static_cast<const Assign*>(s)->targets.end());
            statementScope(ts);
            break;
        }
        case NodeKind::AugAssign:
            statementScope({ static_cast<const AugAssign*>(s)->target });
            break;
        case NodeKind::AnnAssign:
            statementScope({ static_cast<const AnnAssign*>(s)->target });
            break;
        case NodeKind::Delete: {
            std::vector<const Expr*> ts(static_cast<const Delete*>(s)->targets.begin(),
                                        static_cast<const Delete*>(s)->targets.end());
            statementScope(ts);
            break;
        }
        case NodeKind::Nonlocal:
            enter(false);
            for (auto& n : static_cast<const Nonlocal*>(s)->names) bind(n);
            exit();
            break;
        case NodeKind::Import:
        case NodeKind::ImportFrom: {
            const auto& names = s->kind == NodeKind::Import ? static_cast<const Import*>(s)->names
                                                            : static_cast<const ImportFrom*>(s)->names;
            enter(false);
            for (auto& a : names) bind(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
            exit();
            break;
        }
        case NodeKind::FunctionDef:
        case NodeKind::ClassDef: {
            const std::string& name = s->kind == NodeKind::FunctionDef ? static_cast<const FunctionDef*>(s)->name
                                                                       : static_cast<const ClassDef*>(s)->name;
            enter(false);
            bind(name);
            exit();
            if (s->kind == NodeKind::FunctionDef) function(static_cast<const FunctionDef*>(s));
            break;
        }
        case NodeKind::If: {
            auto* i = static_cast<const If*>(s);
            statementScope({}); // the test's scope
            std::vector<PySet> own = parallel({ &i->body, &i->orelse });
            modified[s] = own[0].unionWith(own[1]);
            break;
        }
        case NodeKind::While: {
            auto* w = static_cast<const While*>(s);
            statementScope({});
            std::vector<PySet> own = parallel({ &w->body, &w->orelse });
            modified[s] = own[0];
            break;
        }
        case NodeKind::For: {
            auto* f = static_cast<const For*>(s);
            statementScope({ f->target }); // target and iter
            enter(false);
            targets(f->target);
            if (m_extraLoopTests.count(s)) statementScope({});
            PySet iterate = exit();
            std::vector<PySet> own = parallel({ &f->body, &f->orelse });
            modified[s] = own[0].unionWith(iterate);
            break;
        }
        case NodeKind::With: {
            auto* w = static_cast<const With*>(s);
            enter(false);
            for (auto& item : w->items) statementScope({ item.optionalVars });
            block(w->body);
            exit();
            break;
        }
        case NodeKind::Try: {
            auto* t = static_cast<const Try*>(s);
            block(t->body);
            for (auto& h : t->handlers) {
                enter(false);
                if (!h.name.empty()) {
                    bind(h.name);
                    m_cur->isolatedNames.add(qnKey(h.name));
                }
                block(h.body);
                exit();
            }
            block(t->orelse);
            block(t->finalbody);
            break;
        }
        default:
            statementScope({});
            break;
        }
    }
};

} // namespace

std::unordered_map<const Node*, PySet> modifiedSets(const FunctionDef* fn,
                                                    const std::unordered_map<const Node*, Expr*>& extraLoopTests) {
    BoundSim sim(extraLoopTests);
    sim.function(fn);
    return std::move(sim.modified);
}

} // namespace graphlens::function::detail
