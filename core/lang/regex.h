#pragma once
// The regular-expression engine behind the `re` module: CPython 3.11's syntax and matching rules
// (sre: backtracking, leftmost alternative first, groups keep their last value, an empty
// iteration ends a loop), compiled to a small program and run with an explicit backtrack stack, so
// neither a long subject nor a catastrophic pattern can overflow the native stack, and the run's
// limits are polled while it backtracks.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace graphlens::lang::regex {

// sre's flag bits (re.IGNORECASE, ...), as CPython numbers them.
enum Flag : int {
    kTemplate = 1,
    kIgnoreCase = 2,
    kLocale = 4,
    kMultiline = 8,
    kDotAll = 16,
    kUnicode = 32,
    kVerbose = 64,
    kDebug = 128,
    kAscii = 256,
};

// A pattern that does not compile: CPython's message and the code-point offset it names.
struct SyntaxError {
    std::string message;
    int64_t pos = 0;         // -1: no position (sre's compiler names none)
    bool valueError = false; // CPython raises ValueError, not re.error (flags that conflict)
};
// A repeat count past sre's MAXREPEAT (CPython raises OverflowError for it).
struct RepeatOverflow { };

struct Program;

struct Compiled {
    std::shared_ptr<const Program> program;
    int groups = 0;                                      // capturing groups
    std::vector<std::pair<std::string, int>> groupNames; // (?P<name>...) in order of definition
    int flags = 0;                                       // given flags | inline global flags
};

// Compiles a pattern given as code points (bytes as 0..255). Throws SyntaxError / RepeatOverflow.
Compiled compile(std::u32string_view pattern, int flags, bool bytesPattern);

enum class Anchor { Match, FullMatch, Search };

// What a run may spend: `poll` is called every few thousand steps (it may throw to stop the run);
// `charge` is told how many bytes the backtrack stack grows or shrinks by (it may throw).
struct Budget {
    void (*poll)(void* ctx) = nullptr;
    void (*charge)(void* ctx, int64_t bytes) = nullptr;
    void* ctx = nullptr;
};

struct MatchResult {
    std::vector<int64_t> spans; // 2 * (groups + 1): start, end per group, -1 when it did not take part
    int lastIndex = -1;         // the group that closed last (Match.lastindex), -1 for none
};

// Runs `c` on subject[pos, endpos) (characters before pos are still seen by lookbehind and \b;
// ^ and \A only match at 0). `mustAdvance`: a match starting at `pos` must not be empty (finditer
// and sub after an empty match). Returns whether it matched.
bool exec(const Compiled& c, std::u32string_view subject, int64_t pos, int64_t endpos, Anchor anchor, bool mustAdvance,
          const Budget& budget, MatchResult& out);
bool exec(const Compiled& c, std::string_view subject8, int64_t pos, int64_t endpos, Anchor anchor, bool mustAdvance,
          const Budget& budget, MatchResult& out); // bytes, or an ASCII str

} // namespace graphlens::lang::regex
