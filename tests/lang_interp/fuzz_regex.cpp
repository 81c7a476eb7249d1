// libFuzzer target for the re engine: the first byte picks flags, the bytes up to the first
// newline are the pattern, the rest the subject. Any pattern must compile or raise SyntaxError /
// RepeatOverflow; a match must have well-formed spans and be the same whether the subject is read
// as bytes or as code points; a run stops when its budget says so.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/lang/regex.h"

using namespace graphlens::lang;

namespace {

struct Spent {
    int polls = 0;
    int64_t charged = 0;
};

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "regex fuzz: %s\n", what);
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 4096) return 0;
    int flags = data[0] & (regex::kIgnoreCase | regex::kMultiline | regex::kDotAll | regex::kVerbose);
    if (data[0] & 1) flags |= regex::kAscii;
    std::string rest(reinterpret_cast<const char*>(data + 1), size - 1);
    size_t nl = rest.find('\n');
    std::string pattern = rest.substr(0, nl), subject = nl == std::string::npos ? "" : rest.substr(nl + 1);
    std::u32string pattern32(pattern.begin(), pattern.end());
    for (auto& c : pattern32) c = char32_t(uint8_t(c));
    regex::Compiled compiled;
    try {
        compiled = regex::compile(pattern32, flags, true);
    } catch (const regex::SyntaxError&) {
        return 0;
    } catch (const regex::RepeatOverflow&) {
        return 0;
    }
    std::u32string subject32;
    for (char c : subject) subject32 += char32_t(uint8_t(c));
    Spent spent;
    regex::Budget budget;
    budget.ctx = &spent;
    budget.poll = [](void* ctx) {
        if (++static_cast<Spent*>(ctx)->polls > 200) throw std::runtime_error("budget");
    };
    budget.charge = [](void* ctx, int64_t bytes) {
        auto* s = static_cast<Spent*>(ctx);
        s->charged += bytes;
        if (s->charged > (int64_t(64) << 20)) throw std::runtime_error("memory");
    };
    const int64_t n = int64_t(subject.size());
    for (regex::Anchor anchor : { regex::Anchor::Search, regex::Anchor::FullMatch }) {
        regex::MatchResult a, b;
        bool ma = false, mb = false;
        try {
            ma = regex::exec(compiled, std::string_view(subject), 0, n, anchor, false, budget, a);
            spent.polls = 0;
            mb = regex::exec(compiled, std::u32string_view(subject32), 0, n, anchor, false, budget, b);
        } catch (const std::runtime_error&) {
            check(spent.charged == 0, "the stack's charge was not given back");
            return 0;
        }
        check(spent.charged == 0, "the stack's charge was not given back");
        check(ma == mb, "bytes and code points disagree on whether it matched");
        if (!ma) continue;
        check(a.spans == b.spans && a.lastIndex == b.lastIndex, "bytes and code points disagree on the spans");
        check(a.spans.size() == size_t(2 * (compiled.groups + 1)), "span count");
        check(a.spans[0] >= 0 && a.spans[0] <= a.spans[1] && a.spans[1] <= n, "group 0 span");
        if (anchor == regex::Anchor::FullMatch) check(a.spans[0] == 0 && a.spans[1] == n, "fullmatch span");
        for (size_t g = 1; g <= size_t(compiled.groups); ++g) {
            int64_t s = a.spans[2 * g], e = a.spans[2 * g + 1];
            check((s < 0) == (e < 0), "a group with only one end set");
            if (s >= 0) check(s <= e && e <= n, "group span outside the subject");
        }
    }
    return 0;
}
