#pragma once
// The order in which TF's AutoGraph (CPython 3.11, PYTHONHASHSEED=0 as the corpus runs it) iterates
// its sets of qualified names: to_code prints `nonlocal` lists and `ag__.Undefined` assignments in
// that order. PySet reproduces setobject.c's table (8 slots at first, 10 linear probes then
// perturbation, growth, dummies, copy/merge/difference paths) over keys with CPython's hashes;
// BoundSets replays the activity analysis's set operations that build each control-flow
// statement's `modified` set.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/lang/ast.h"

namespace graphlens::function::detail {

// hash(s) of CPython 3.11 with PYTHONHASHSEED=0 (SipHash-1-3 with a zero key over the str's
// Latin-1 / UCS-2 / UCS-4 code units).
int64_t cpythonStrHash(std::string_view utf8);
// hash(QN(name)) of AutoGraph: hash((name, False, False)).
int64_t simpleQnHash(std::string_view name);

class PySet {
public:
    struct Key {
        std::string name; // QN's str, e.g. "x", "self.n", "d[k]"
        int64_t hash = 0;
    };

    static PySet fromSequence(const std::vector<Key>& keys); // set(list)
    void add(const Key& k);
    void discard(const Key& k);
    bool contains(const std::string& name, int64_t hash) const;
    bool contains(const Key& k) const { return contains(k.name, k.hash); }
    size_t size() const { return m_used; }
    std::vector<Key> items() const; // iteration order
    PySet copy() const;
    void update(const PySet& other);              // set.update(other_set) (set_merge)
    PySet unionWith(const PySet& other) const;    // a | b
    PySet difference(const PySet& other) const;   // a - b
    PySet intersection(const PySet& other) const; // a & b

private:
    enum class State : uint8_t { Empty, Active, Dummy };
    struct Entry {
        State state = State::Empty;
        Key key;
    };
    std::vector<Entry> m_table = std::vector<Entry>(8);
    size_t m_fill = 0, m_used = 0;

    size_t mask() const { return m_table.size() - 1; }
    long findActive(const Key& k) const; // index or -1
    void insertClean(std::vector<Entry>& table, const Key& k) const;
    void resize(size_t minused);
};

// The QN key of a simple name or an assignment target's symbol (attribute / subscript).
PySet::Key qnKey(std::string_view name);

// Per If / For / While node of `fn`: the `modified` set AutoGraph's control_flow converter
// starts from (body | orelse bound names for If, body | iterate for For, body for While).
// `extraLoopTests` are the `not break_` tests the break converter attached to loops.
std::unordered_map<const lang::Node*, PySet>
modifiedSets(const lang::FunctionDef* fn, const std::unordered_map<const lang::Node*, lang::Expr*>& extraLoopTests);

} // namespace graphlens::function::detail
