#pragma once
// The compiled form shared by regex_compile.cpp (parser and code generator) and regex_exec.cpp.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/lang/regex.h"

namespace graphlens::lang::regex {

constexpr uint32_t kMaxRepeat = 4294967295u; // sre's MAXREPEAT: an open upper bound

enum class Op : uint8_t {
    Char,      // c (folded when icase)
    Any,       // any character but \n
    AnyAll,    // any character (DOTALL)
    Set,       // sets[c]
    Split,     // try x, on failure y
    Jmp,       // x
    Save,      // slot c = position
    Assert,    // kind: AssertKind
    Backref,   // group c
    Look,      // sub-program at pc+1 (ends in Succeed); continue at x. neg, behind (width in min)
    Atomic,    // sub-program at pc+1; continue at x with its first match, never backtracking into it
    Cond,      // group c matched ? pc+1 : x
    RepInit,   // counter c = 0
    RepLoop,   // counter c against min/max: enter the body at pc+1 or leave to x (greedy: body first)
    RepMark,   // mark c = position (where this iteration began)
    RepEnd,    // counter c += 1; an empty iteration past min leaves to y, else back to x
    RepeatOne, // the one-character test at pc+1, min..max times (greedy or lazy, possessive); then x
    Match,     // the whole pattern matched
    Succeed,   // a sub-program matched
};

enum class AssertKind : uint8_t {
    BeginString,       // ^ (no MULTILINE), \A
    BeginLine,         // ^ with MULTILINE
    EndString,         // \Z
    EndLine,           // $ with MULTILINE
    EndOrFinalNewline, // $ without MULTILINE
    Boundary,
    NonBoundary,
};

// Category bits of a set (\d \D \s \S \w \W), matched in ASCII or Unicode terms per `ascii`.
enum Category : uint8_t {
    kDigit = 1,
    kNotDigit = 2,
    kSpace = 4,
    kNotSpace = 8,
    kWord = 16,
    kNotWord = 32,
};

struct CharSet {
    std::vector<std::pair<uint32_t, uint32_t>> ranges; // inclusive
    uint8_t categories = 0;
    bool negated = false;
    bool icase = false;
    bool ascii = false;
};

struct Inst {
    Op op = Op::Match;
    bool icase = false;      // Char, Backref, Set via CharSet
    bool neg = false;        // Look: negative
    bool behind = false;     // Look: lookbehind
    bool greedy = true;      // RepLoop, RepeatOne
    bool possessive = false; // RepeatOne
    bool ascii = false;      // Assert (\b), Char/Backref folding
    AssertKind kind = AssertKind::BeginString;
    int32_t x = 0, y = 0;
    uint32_t c = 0;
    uint32_t min = 0, max = 0;
};

struct Program {
    std::vector<Inst> code;
    std::vector<CharSet> sets;
    int counters = 0;
    int groups = 0;             // capturing groups (slots: 2 * (groups + 1))
    bool anchoredStart = false; // begins with \A or ^ (no MULTILINE): only position 0 can match
    int64_t firstChar = -1;     // a literal every match begins with (not folded), or -1
};

// Character classes as CPython's sre sees them (Unicode: str.isdigit/isspace/isalnum-like).
bool isDigitChar(uint32_t c, bool ascii);
bool isSpaceChar(uint32_t c, bool ascii);
bool isWordChar(uint32_t c, bool ascii);
uint32_t foldChar(uint32_t c, bool ascii); // lower case, as IGNORECASE compares
uint32_t upperChar(uint32_t c, bool ascii);
bool setContains(const CharSet& s, uint32_t c);

} // namespace graphlens::lang::regex
