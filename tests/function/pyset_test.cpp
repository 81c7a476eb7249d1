// CPython's str/tuple hashes (PYTHONHASHSEED=0) and set iteration order, which AutoGraph's
// to_code output follows. Values recorded from CPython 3.11 (tests/oracle/venv) with
// PYTHONHASHSEED=0; the to_code corpus in autograph_test.cpp checks the same order end to end.
#include <catch2/catch.hpp>

#include "core/function/autograph_pyset.h"

using namespace graphlens::function::detail;

namespace {

std::vector<std::string> names(const PySet& s) {
    std::vector<std::string> out;
    for (const auto& k : s.items()) out.push_back(k.name);
    return out;
}

PySet setOf(const std::vector<std::string>& ns) {
    std::vector<PySet::Key> keys;
    for (const auto& n : ns) keys.push_back(qnKey(n));
    return PySet::fromSequence(keys);
}

} // namespace

TEST_CASE("str and QN hashes are CPython's with PYTHONHASHSEED=0", "[function][autograph]") {
    CHECK(cpythonStrHash("x") == -3368204716105132637LL);
    CHECK(cpythonStrHash("break_") == 2923640214261494709LL);
    CHECK(cpythonStrHash("abcdefghij") == -829746140550000655LL);               // more than one 8-byte block
    CHECK(cpythonStrHash("\xc3\xa9") == 6047309291227476195LL);                 // 'é': Latin-1 code units
    CHECK(cpythonStrHash("\xe6\x97\xa5\xe6\x9c\xac") == 6243316497235261705LL); // UCS-2
    CHECK(cpythonStrHash("") == 0);
    CHECK(simpleQnHash("r") == 3362860346462414469LL); // hash(('r', False, False))
}

TEST_CASE("set iteration order follows CPython's table", "[function][autograph]") {
    const std::vector<std::string> all{ "x", "y", "r",      "v",         "c",         "s",       "i",   "j",
                                        "n", "k", "break_", "continue_", "do_return", "retval_", "acc", "total" };
    PySet a = setOf(all); // grows twice while filled
    CHECK(names(a) ==
          std::vector<std::string>{ "break_", "x", "retval_", "r", "k", "v", "j", "n", "acc", "do_return", "continue_",
                                    "s", "i", "y", "total", "c" });
    PySet b = setOf({ "s", "i", "total", "zz" });
    // a - b copies a (len(a) >> 2 > len(b)) and leaves dummies; b - a builds a new set.
    CHECK(names(a.difference(b)) ==
          std::vector<std::string>{ "break_", "x", "retval_", "r", "k", "v", "j", "n", "acc", "y", "continue_",
                                    "do_return", "c" });
    CHECK(names(b.difference(a)) == std::vector<std::string>{ "zz" });
    // a | b: the copy is resized once for both before b's keys go in.
    CHECK(names(a.unionWith(b)) ==
          std::vector<std::string>{ "x", "r", "k", "v", "j", "acc", "y", "continue_", "zz", "break_", "retval_", "n",
                                    "s", "i", "do_return", "total", "c" });
    CHECK(names(setOf({ "x", "y", "r" }).copy()) == std::vector<std::string>{ "x", "y", "r" });
    CHECK(names(setOf({ "r", "break_" })) == std::vector<std::string>{ "break_", "r" });
    CHECK(a.contains(qnKey("acc")));
    CHECK_FALSE(a.contains(qnKey("zz")));
}
