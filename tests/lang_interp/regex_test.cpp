// The re engine (core/lang/regex.h) directly, and the re module under the run's limits. What the
// module prints is checked against CPython by the conformance corpus (621-627); these tests
// cover what a corpus cannot: no native recursion, limits and memory polled while backtracking,
// the stack's charge given back.
#include <catch2/catch.hpp>
#include <chrono>
#include <stdexcept>
#include <string>

#include "core/lang/regex.h"
#include "interp_test_util.h"

using namespace graphlens::lang;
using graphlens::lang::test::lastLine;
using graphlens::lang::test::runPy;

namespace {

std::u32string u32(const std::string& ascii) {
    return std::u32string(ascii.begin(), ascii.end());
}

struct Counting {
    int64_t polls = 0;
    int64_t charged = 0, peak = 0;
    int64_t pollLimit = -1; // throw on this poll
    static regex::Budget budget(Counting& c) {
        regex::Budget b;
        b.ctx = &c;
        b.poll = [](void* ctx) {
            auto* self = static_cast<Counting*>(ctx);
            if (++self->polls == self->pollLimit) throw std::runtime_error("stopped");
        };
        b.charge = [](void* ctx, int64_t bytes) {
            auto* self = static_cast<Counting*>(ctx);
            self->charged += bytes;
            self->peak = std::max(self->peak, self->charged);
        };
        return b;
    }
};

bool search(const std::string& pattern, const std::string& subject, regex::MatchResult& r, int flags = 0) {
    regex::Compiled c = regex::compile(u32(pattern), flags, false);
    Counting counting;
    return regex::exec(c, std::string_view(subject), 0, int64_t(subject.size()), regex::Anchor::Search, false,
                       Counting::budget(counting), r);
}

std::string errorOf(const std::string& pattern) {
    try {
        regex::compile(u32(pattern), 0, false);
    } catch (const regex::SyntaxError& e) {
        return e.message + " @" + std::to_string(e.pos);
    }
    return "compiled";
}

} // namespace

TEST_CASE("regex: spans, groups and the last group closed", "[lang][re]") {
    regex::MatchResult r;
    REQUIRE(search("(\\d+)-(\\d+)?", "tel 555-x", r));
    CHECK(r.spans == std::vector<int64_t>{ 4, 8, 4, 7, -1, -1 });
    CHECK(r.lastIndex == 1);
    REQUIRE(search("((a)b)", "xab", r));
    CHECK(r.lastIndex == 1); // the outer group closes last
    CHECK_FALSE(search("^b", "ab", r));
    REQUIRE(search("(?m)^b", "a\nb", r));
    CHECK(r.spans[0] == 2);
}

TEST_CASE("regex: syntax errors carry sre's message and position", "[lang][re]") {
    CHECK(errorOf("a(b") == "missing ), unterminated subpattern @1");
    CHECK(errorOf("a**") == "multiple repeat @2");
    CHECK(errorOf("[z-a]") == "bad character range z-a @1");
    CHECK(errorOf("(?<=a+)b") == "look-behind requires fixed-width pattern @-1");
    CHECK(errorOf("(a)(?<=\\1)") == "compiled"); // a backreference has its group's width
    CHECK(errorOf(std::string(2000, '(') + std::string(2000, ')')).rfind("maximum recursion depth exceeded", 0) == 0);
    CHECK(errorOf(std::string(500, '(') + std::string(500, ')')) == "compiled");
    CHECK_THROWS_AS(regex::compile(u32("a{4294967295}"), 0, false), regex::RepeatOverflow);
}

TEST_CASE("regex: a long subject is matched without native recursion", "[lang][re]") {
    std::string subject(2'000'000, 'a');
    subject += 'b';
    regex::MatchResult r;
    REQUIRE(search("(?:a|c)*b", subject, r)); // one choice point per character, on the explicit stack
    CHECK(r.spans[1] == int64_t(subject.size()));
    REQUIRE(search("(a)+b", subject, r));
    CHECK(r.spans[2] == int64_t(subject.size()) - 2);
    REQUIRE(search(".*?b", subject, r));
    CHECK(r.spans[1] == int64_t(subject.size()));
}

TEST_CASE("regex: catastrophic backtracking polls the budget, and the stack's charge is given back", "[lang][re]") {
    regex::Compiled c = regex::compile(u32("(a*)*c"), 0, false);
    std::string subject(40, 'a');
    Counting counting;
    counting.pollLimit = 50;
    regex::MatchResult r;
    CHECK_THROWS_WITH(regex::exec(c, std::string_view(subject), 0, int64_t(subject.size()), regex::Anchor::Search,
                                  false, Counting::budget(counting), r),
                      "stopped");
    CHECK(counting.polls == 50);
    CHECK(counting.charged == 0); // unwound: nothing stays charged

    Counting deep;
    regex::Compiled d = regex::compile(u32("(?:(a)|b)*c"), 0, false);
    std::string big(300'000, 'a');
    CHECK_FALSE(regex::exec(d, std::string_view(big), 0, int64_t(big.size()), regex::Anchor::Match, false,
                            Counting::budget(deep), r));
    CHECK(deep.peak > int64_t(big.size()) * 8); // the choice points were charged as the stack grew
    CHECK(deep.charged == 0);
}

TEST_CASE("re under the run's limits: step budget, timeout and memory cap stop a runaway match", "[lang][re][limits]") {
    Limits steps;
    steps.maxSteps = 100000;
    auto a =
        runPy("import re\ntry:\n    re.match(r'(a*)*c', 'a' * 40)\nexcept Exception:\n    print('caught')\n", &steps);
    CHECK_FALSE(a.result.ok);
    CHECK(a.out.empty());
    CHECK(lastLine(a.err).rfind("TimeoutError: step budget exceeded", 0) == 0);

    Limits clock;
    clock.timeoutSeconds = 0.5;
    auto start = std::chrono::steady_clock::now();
    auto b = runPy("import re\nre.search(r'(x+x+)+y', 'x' * 60)\n", &clock);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK_FALSE(b.result.ok);
    CHECK(secs < 5);

    Limits mem;
    mem.maxMemoryBytes = 64 << 20;
    auto m = runPy("import re\ns = 'ab' * 3000000\ntry:\n    re.match(r'(?:(a)|(b))*c', s)\nexcept MemoryError:\n"
                   "    print('MemoryError')\nprint(re.match('a', 'a').span())\n",
                   &mem);
    CHECK(m.out == "MemoryError\n(0, 1)\n");
}

TEST_CASE("re: a subject that is not ASCII is matched by code point", "[lang][re]") {
    auto c = runPy("import re\nprint(re.search('ö+', 'wörld wööö').span(), re.findall(r'\\w+', 'héllo wörld'))\n");
    CHECK(c.out == "(1, 2) ['héllo', 'wörld']\n");
}
