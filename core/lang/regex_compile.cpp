// Parses a pattern with CPython 3.11's sre_parse rules (same messages, same error positions) and
// generates the program regex_exec.cpp runs.
#include <algorithm>
#include <memory>
#include <string>

#include "core/lang/literals.h"
#include "core/lang/regex_internal.h"

namespace graphlens::lang::regex {

namespace {

constexpr int kMaxGroups = 100000;
constexpr int kMaxNesting = 1000;
constexpr int kGlobalFlags = kDebug | kTemplate;
constexpr int kTypeFlags = kAscii | kLocale | kUnicode;

struct Node;
using NodeP = std::unique_ptr<Node>;

struct Node {
    enum Kind { Empty, Lit, Any, Set, Cat, Alt, Group, Repeat, Assert, Backref, Look, Atomic, Cond } kind = Empty;
    uint32_t ch = 0;
    bool icase = false, ascii = false, dotall = false;
    int set = -1;
    int group = -1; // Group: its number (-1: none); Backref, Cond: the group referred to
    std::vector<NodeP> kids;
    uint32_t min = 0, max = 0;
    bool greedy = true, possessive = false, behind = false, negative = false;
    AssertKind assertKind = AssertKind::BeginString;
};

// Minimum and maximum width (kMaxRepeat: unbounded) of what a node matches.
std::pair<uint64_t, uint64_t> width(const Node& n);

NodeP node(Node::Kind k) {
    auto n = std::make_unique<Node>();
    n->kind = k;
    return n;
}

bool isAsciiLetter(uint32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDec(uint32_t c) {
    return c >= '0' && c <= '9';
}
bool isOct(uint32_t c) {
    return c >= '0' && c <= '7';
}
bool isHex(uint32_t c) {
    return isDec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

std::string utf8(std::u32string_view s) {
    std::string out;
    for (char32_t c : s) appendUtf8(out, uint32_t(c));
    return out;
}

// A group name is valid when it is a Python identifier (ASCII rules plus any non-ASCII letter).
bool isIdentifier(std::u32string_view s) {
    if (s.empty()) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        char32_t c = s[i];
        bool ok = c == '_' || isAsciiLetter(c) || c >= 0x80 || (i > 0 && isDec(c));
        if (!ok) return false;
    }
    return true;
}

// Python's repr of a short str, for messages such as "unknown group name 'x'".
std::string pyRepr(std::u32string_view s) {
    std::string body = utf8(s);
    bool hasSingle = body.find('\'') != std::string::npos, hasDouble = body.find('"') != std::string::npos;
    char q = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, q);
    for (char ch : body) {
        if (ch == q || ch == '\\') out += '\\';
        if (ch == '\n') out += "\\n";
        else if (ch == '\t') out += "\\t";
        else if (ch == '\r') out += "\\r";
        else out += ch;
    }
    return out + q;
}

int flagBit(uint32_t c) {
    switch (c) {
    case 'i':
        return kIgnoreCase;
    case 'L':
        return kLocale;
    case 'm':
        return kMultiline;
    case 's':
        return kDotAll;
    case 'x':
        return kVerbose;
    case 'a':
        return kAscii;
    case 't':
        return kTemplate;
    case 'u':
        return kUnicode;
    default:
        return 0;
    }
}

class Parser {
public:
    Parser(std::u32string_view p, int flags, bool bytes, std::vector<CharSet>& sets)
        : m_p(p)
        , m_bytes(bytes)
        , m_flags(flags)
        , m_sets(sets) { }

    NodeP parse() {
        NodeP root = parseSub(m_flags & kVerbose, 0, m_flags);
        fixFlags();
        if (m_i < m_p.size()) error("unbalanced parenthesis", m_i);
        for (auto [g, pos] : m_condRefs)
            if (g > groups()) error("invalid group reference " + std::to_string(g), pos);
        return root;
    }
    int flags() const { return m_flags; }
    int groups() const { return int(m_groupClosed.size()); }
    const std::vector<std::pair<std::string, int>>& names() const { return m_names; }

private:
    [[noreturn]] void error(std::string msg, size_t pos) { throw SyntaxError{ std::move(msg), int64_t(pos) }; }
    [[noreturn]] void valueError(std::string msg) { throw SyntaxError{ std::move(msg), -1, true }; }

    // sre's fix_flags, on the given flags and the inline ones.
    void fixFlags() {
        if (!m_bytes) {
            if (m_flags & kLocale) valueError("cannot use LOCALE flag with a str pattern");
            if (!(m_flags & kAscii)) m_flags |= kUnicode;
            else if (m_flags & kUnicode) valueError("ASCII and UNICODE flags are incompatible");
        } else {
            if (m_flags & kUnicode) valueError("cannot use UNICODE flag with a bytes pattern");
            if ((m_flags & kLocale) && (m_flags & kAscii)) valueError("ASCII and LOCALE flags are incompatible");
        }
    }

    bool atEnd() const { return m_i >= m_p.size(); }
    int64_t peek() const { return atEnd() ? -1 : int64_t(m_p[m_i]); }
    bool match(char32_t c) {
        if (!atEnd() && m_p[m_i] == c) {
            ++m_i;
            return true;
        }
        return false;
    }
    // The position of the next token's start (sre's tell()).
    size_t tell() const { return m_i; }

    // One token: a character, or a backslash and the character after it (escapeLen 2).
    struct Token {
        uint32_t c = 0;
        bool escape = false;
        size_t pos = 0;
    };
    bool get(Token& t) {
        if (atEnd()) return false;
        t.pos = m_i;
        if (m_p[m_i] == '\\') {
            if (m_i + 1 >= m_p.size()) error("bad escape (end of pattern)", m_p.size() - 1);
            t.c = m_p[m_i + 1];
            t.escape = true;
            m_i += 2;
        } else {
            t.c = m_p[m_i];
            t.escape = false;
            m_i += 1;
        }
        return true;
    }
    std::string tokenText(const Token& t) const {
        std::u32string s;
        if (t.escape) s += U'\\';
        s += char32_t(t.c);
        return utf8(s);
    }

    // sre's getuntil: the text up to `term` (consumed); errors name `what`.
    std::u32string getUntil(char32_t term, const char* what) {
        std::u32string out;
        for (;;) {
            Token t;
            if (!get(t)) {
                if (out.empty()) error(std::string("missing ") + what, tell());
                error(std::string("missing ") + char(term) + ", unterminated name", tell() - out.size());
            }
            if (!t.escape && t.c == term) {
                if (out.empty()) error(std::string("missing ") + what, tell() - 1);
                break;
            }
            if (t.escape) out += U'\\';
            out += char32_t(t.c);
        }
        return out;
    }

    bool groupClosed(int g) const { return g >= 1 && g <= int(m_groupClosed.size()) && m_groupClosed[g - 1]; }
    void checkLookbehindGroup(int g, size_t errPos) {
        if (m_lookbehindGroups < 0) return;
        if (!groupClosed(g)) error("cannot refer to an open group", errPos);
        if (g >= m_lookbehindGroups) error("cannot refer to group defined in the same lookbehind subpattern", errPos);
    }

    NodeP literal(uint32_t c, int flags) {
        NodeP n = node(Node::Lit);
        n->ascii = m_bytes || (flags & (kAscii | kLocale));
        n->icase = flags & kIgnoreCase;
        n->ch = n->icase ? foldChar(c, n->ascii) : c;
        return n;
    }
    NodeP category(uint8_t cat, int flags) {
        CharSet s;
        s.categories = cat;
        s.ascii = m_bytes || (flags & (kAscii | kLocale));
        m_sets.push_back(std::move(s));
        NodeP n = node(Node::Set);
        n->set = int(m_sets.size()) - 1;
        return n;
    }
    NodeP backref(int g, int flags) {
        NodeP n = node(Node::Backref);
        n->group = g;
        n->icase = flags & kIgnoreCase;
        n->ascii = m_bytes || (flags & (kAscii | kLocale));
        n->min = uint32_t(m_groupWidths[size_t(g - 1)].first);
        n->max = uint32_t(m_groupWidths[size_t(g - 1)].second);
        return n;
    }
    NodeP assertion(AssertKind k, int flags) {
        NodeP n = node(Node::Assert);
        n->assertKind = k;
        n->ascii = m_bytes || (flags & (kAscii | kLocale));
        return n;
    }

    static int categoryOf(uint32_t c) {
        switch (c) {
        case 'd':
            return kDigit;
        case 'D':
            return kNotDigit;
        case 's':
            return kSpace;
        case 'S':
            return kNotSpace;
        case 'w':
            return kWord;
        case 'W':
            return kNotWord;
        default:
            return 0;
        }
    }
    static int64_t simpleEscape(uint32_t c) {
        switch (c) {
        case 'a':
            return 7;
        case 'f':
            return 12;
        case 'n':
            return 10;
        case 'r':
            return 13;
        case 't':
            return 9;
        case 'v':
            return 11;
        case '\\':
            return '\\';
        default:
            return -1;
        }
    }

    // \x \u \U \N: the code point, or -1 when `t` is none of them.
    int64_t numericEscape(const Token& t) {
        auto hexRun = [&](size_t want, const char* tag) -> uint32_t {
            size_t start = m_i;
            while (m_i < m_p.size() && m_i - start < want && isHex(m_p[m_i])) ++m_i;
            std::u32string esc = U"\\";
            esc += char32_t(tag[0]);
            esc += m_p.substr(start, m_i - start);
            if (m_i - start != want) error("incomplete escape " + utf8(esc), t.pos);
            return uint32_t(std::stoul(utf8(m_p.substr(start, want)), nullptr, 16));
        };
        if (t.c == 'x') return hexRun(2, "x");
        if (m_bytes) return -1;
        if (t.c == 'u') return hexRun(4, "u");
        if (t.c == 'U') {
            uint32_t v = hexRun(8, "U");
            if (v > 0x10FFFF) error("bad escape " + utf8(m_p.substr(t.pos, m_i - t.pos)), t.pos);
            return v;
        }
        if (t.c == 'N') {
            if (!match('{')) error("missing {", tell());
            std::u32string name = getUntil('}', "character name");
            std::string upper;
            for (char ch : utf8(name)) upper += char(ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
            uint32_t cp = 0;
            if (!lookupUnicodeName(upper, cp)) error("undefined character name " + pyRepr(name), t.pos);
            return cp;
        }
        return -1;
    }

    NodeP escape(const Token& t, int flags) {
        if (int cat = categoryOf(t.c)) return category(uint8_t(cat), flags);
        switch (t.c) {
        case 'A':
            return assertion(AssertKind::BeginString, flags);
        case 'Z':
            return assertion(AssertKind::EndString, flags);
        case 'b':
            return assertion(AssertKind::Boundary, flags);
        case 'B':
            return assertion(AssertKind::NonBoundary, flags);
        default:
            break;
        }
        if (int64_t e = simpleEscape(t.c); e >= 0) return literal(uint32_t(e), flags);
        if (int64_t v = numericEscape(t); v >= 0) return literal(uint32_t(v), flags);
        if (t.c == '0') {
            uint32_t v = 0;
            for (int k = 0; k < 2 && isOct(uint32_t(peek())); ++k) v = v * 8 + (m_p[m_i++] - '0');
            return literal(v, flags);
        }
        if (isDec(t.c)) {
            std::u32string digits(1, char32_t(t.c));
            if (isDec(uint32_t(peek()))) {
                digits += m_p[m_i++];
                if (isOct(digits[0]) && isOct(digits[1]) && isOct(uint32_t(peek()))) {
                    digits += m_p[m_i++];
                    uint32_t v = uint32_t(std::stoul(utf8(digits), nullptr, 8));
                    if (v > 0377) error("octal escape value \\" + utf8(digits) + " outside of range 0-0o377", t.pos);
                    return literal(v, flags);
                }
            }
            int g = std::stoi(utf8(digits));
            if (g <= groups()) {
                if (!groupClosed(g)) error("cannot refer to an open group", t.pos);
                checkLookbehindGroup(g, tell());
                return backref(g, flags);
            }
            error("invalid group reference " + std::to_string(g), t.pos + 1);
        }
        if (isAsciiLetter(t.c)) error("bad escape " + tokenText(t), t.pos);
        return literal(t.c, flags);
    }

    // An escape inside [...]: a literal (returns true with `c` set) or a category (`cat` set).
    bool classEscape(const Token& t, uint32_t& c, int& cat) {
        cat = 0;
        if (int64_t e = simpleEscape(t.c); e >= 0) {
            c = uint32_t(e);
            return true;
        }
        if (t.c == 'b') {
            c = 8;
            return true;
        }
        if (int k = categoryOf(t.c)) {
            cat = k;
            return false;
        }
        if (int64_t v = numericEscape(t); v >= 0) {
            c = uint32_t(v);
            return true;
        }
        if (isOct(t.c)) {
            std::u32string digits(1, char32_t(t.c));
            for (int k = 0; k < 2 && isOct(uint32_t(peek())); ++k) digits += m_p[m_i++];
            uint32_t v = uint32_t(std::stoul(utf8(digits), nullptr, 8));
            if (v > 0377) error("octal escape value \\" + utf8(digits) + " outside of range 0-0o377", t.pos);
            c = v;
            return true;
        }
        if (isDec(t.c) || isAsciiLetter(t.c)) error("bad escape " + tokenText(t), t.pos);
        c = t.c;
        return true;
    }

    NodeP charClass(size_t here, int flags) {
        CharSet set;
        set.ascii = m_bytes || (flags & (kAscii | kLocale));
        set.icase = flags & kIgnoreCase;
        set.negated = match('^');
        bool any = false;
        for (;;) {
            Token t;
            if (!get(t)) error("unterminated character set", here);
            if (!t.escape && t.c == ']' && any) break;
            uint32_t lo = t.c;
            int cat = 0;
            bool isLit = true;
            if (t.escape) isLit = classEscape(t, lo, cat);
            if (match('-')) {
                Token u;
                if (!get(u)) error("unterminated character set", here);
                if (!u.escape && u.c == ']') {
                    if (isLit) set.ranges.push_back({ lo, lo });
                    else set.categories |= uint8_t(cat);
                    set.ranges.push_back({ '-', '-' });
                    break;
                }
                uint32_t hi = u.c;
                int cat2 = 0;
                bool isLit2 = true;
                if (u.escape) isLit2 = classEscape(u, hi, cat2);
                std::string text = "bad character range " + tokenText(t) + "-" + tokenText(u);
                if (!isLit || !isLit2 || hi < lo) error(text, t.pos);
                set.ranges.push_back({ lo, hi });
            } else if (isLit) {
                set.ranges.push_back({ lo, lo });
            } else {
                set.categories |= uint8_t(cat);
            }
            any = true;
        }
        m_sets.push_back(std::move(set));
        NodeP n = node(Node::Set);
        n->set = int(m_sets.size()) - 1;
        return n;
    }

    // sre's _parse_flags after "(?" and the first flag character `c`. Returns false for global
    // flags ("(?i)", applied to m_flags), true for a scoped "(?i-m:" with add/del set.
    bool parseFlags(uint32_t c, int& add, int& del) {
        add = del = 0;
        Token t;
        if (c != '-') {
            for (;;) {
                int bit = flagBit(c);
                if (!m_bytes && c == 'L') error("bad inline flags: cannot use 'L' flag with a str pattern", tell());
                if (m_bytes && c == 'u') error("bad inline flags: cannot use 'u' flag with a bytes pattern", tell());
                add |= bit;
                if ((bit & kTypeFlags) && (add & kTypeFlags) != bit)
                    error("bad inline flags: flags 'a', 'u' and 'L' are incompatible", tell());
                if (!get(t)) error("missing -, : or )", tell());
                c = t.c;
                if (!t.escape && (c == ')' || c == '-' || c == ':')) break;
                if (t.escape || !flagBit(c))
                    error(!t.escape && isAsciiLetter(c) ? "unknown flag" : "missing -, : or )", t.pos);
            }
        }
        if (c == ')') {
            m_flags |= add;
            return false;
        }
        if (add & kGlobalFlags) error("bad inline flags: cannot turn on global flag", tell() - 1);
        if (c == '-') {
            if (!get(t)) error("missing flag", tell());
            c = t.c;
            if (t.escape || !flagBit(c)) error(!t.escape && isAsciiLetter(c) ? "unknown flag" : "missing flag", t.pos);
            for (;;) {
                int bit = flagBit(c);
                if (bit & kTypeFlags) error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", tell());
                del |= bit;
                if (!get(t)) error("missing :", tell());
                c = t.c;
                if (!t.escape && c == ':') break;
                if (t.escape || !flagBit(c)) error(!t.escape && isAsciiLetter(c) ? "unknown flag" : "missing :", t.pos);
            }
        }
        if (del & kGlobalFlags) error("bad inline flags: cannot turn off global flag", tell() - 1);
        if (add & del) error("bad inline flags: flag turned on and off", tell() - 1);
        return true;
    }

    NodeP parseSub(bool verbose, int nested, int flags) {
        if (nested > kMaxNesting) error("maximum recursion depth exceeded", tell());
        std::vector<NodeP> alts;
        for (;;) {
            // at the top, alternatives after the first read with the global flags the first set
            if (nested == 0) {
                flags |= m_flags;
                verbose = verbose || (m_flags & kVerbose);
            }
            alts.push_back(parseSeq(verbose, nested + 1, flags, nested == 0 && alts.empty()));
            if (!match('|')) break;
        }
        if (alts.size() == 1) return std::move(alts[0]);
        NodeP n = node(Node::Alt);
        n->kids = std::move(alts);
        return n;
    }

    NodeP parseSeq(bool verbose, int nested, int flags, bool first) {
        std::vector<NodeP> items;
        for (;;) {
            int64_t nx = peek();
            if (nx < 0 || nx == '|' || nx == ')') break;
            Token t;
            get(t);
            if (verbose && !t.escape) {
                uint32_t c = t.c;
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') continue;
                if (c == '#') {
                    while (!atEnd() && m_p[m_i] != '\n') ++m_i;
                    if (!atEnd()) ++m_i;
                    continue;
                }
            }
            if (t.escape) {
                items.push_back(escape(t, flags));
                continue;
            }
            switch (t.c) {
            case '[':
                items.push_back(charClass(t.pos, flags));
                break;
            case '?':
            case '*':
            case '+':
            case '{':
                repeat(t, items, flags);
                break;
            case '.': {
                NodeP n = node(Node::Any);
                n->dotall = flags & kDotAll;
                items.push_back(std::move(n));
                break;
            }
            case '(': {
                bool global = false;
                if (NodeP g = group(t.pos, verbose, nested, flags, first && items.empty(), global))
                    items.push_back(std::move(g));
                if (global) { // (?x) changes how the rest reads, (?i) how it matches
                    verbose = m_flags & kVerbose;
                    flags |= m_flags;
                }
                break;
            }
            case '^':
                items.push_back(
                    assertion((flags & kMultiline) ? AssertKind::BeginLine : AssertKind::BeginString, flags));
                break;
            case '$':
                items.push_back(
                    assertion((flags & kMultiline) ? AssertKind::EndLine : AssertKind::EndOrFinalNewline, flags));
                break;
            default:
                items.push_back(literal(t.c, flags));
                break;
            }
        }
        if (items.size() == 1) return std::move(items[0]);
        NodeP n = node(items.empty() ? Node::Empty : Node::Cat);
        n->kids = std::move(items);
        return n;
    }

    void repeat(const Token& t, std::vector<NodeP>& items, int flags) {
        size_t here = t.pos;
        uint32_t lo = 0, hi = kMaxRepeat;
        if (t.c == '?') hi = 1;
        else if (t.c == '+') lo = 1;
        else if (t.c == '{') {
            size_t save = m_i;
            if (peek() == '}') {
                items.push_back(literal('{', flags));
                return;
            }
            std::u32string a, b;
            while (isDec(uint32_t(peek()))) a += m_p[m_i++];
            bool comma = match(',');
            if (comma)
                while (isDec(uint32_t(peek()))) b += m_p[m_i++];
            else b = a;
            if (!match('}')) {
                m_i = save;
                items.push_back(literal('{', flags));
                return;
            }
            auto number = [](const std::u32string& d) -> uint64_t {
                uint64_t v = 0;
                for (char32_t ch : d) {
                    v = v * 10 + (ch - '0');
                    if (v >= kMaxRepeat) throw RepeatOverflow{};
                }
                return v;
            };
            if (!a.empty()) lo = uint32_t(number(a));
            if (!b.empty()) hi = uint32_t(number(b));
            if (!b.empty() && hi < lo) error("min repeat greater than max repeat", save);
        }
        if (items.empty() || items.back()->kind == Node::Assert) error("nothing to repeat", here);
        if (items.back()->kind == Node::Repeat) error("multiple repeat", here);
        NodeP n = node(Node::Repeat);
        n->min = lo;
        n->max = hi;
        if (match('?')) n->greedy = false;
        else if (match('+')) n->possessive = true;
        n->kids.push_back(std::move(items.back()));
        items.back() = std::move(n);
    }

    // After "(" at `start`. Returns null for "(?#...)" comments and global flags (`global` set).
    NodeP group(size_t start, bool verbose, int nested, int flags, bool first, bool& global) {
        bool capture = true, atomic = false;
        std::u32string name;
        int add = 0, del = 0;
        if (match('?')) {
            Token t;
            if (!get(t)) error("unexpected end of pattern", tell());
            uint32_t c = t.escape ? 0x110000 : t.c;
            if (c == 'P') {
                if (match('<')) {
                    name = getUntil('>', "group name");
                    if (!isIdentifier(name))
                        error("bad character in group name " + pyRepr(name), tell() - name.size() - 1);
                } else if (match('=')) {
                    name = getUntil(')', "group name");
                    size_t namePos = tell() - name.size() - 1;
                    if (!isIdentifier(name)) error("bad character in group name " + pyRepr(name), namePos);
                    int gid = -1;
                    std::string nm = utf8(name);
                    for (auto& [n, g] : m_names)
                        if (n == nm) gid = g;
                    if (gid < 0) error("unknown group name " + pyRepr(name), namePos);
                    if (!groupClosed(gid)) error("cannot refer to an open group", namePos);
                    checkLookbehindGroup(gid, tell());
                    return backref(gid, flags);
                } else {
                    Token u;
                    if (!get(u)) error("unexpected end of pattern", tell());
                    error("unknown extension ?P" + tokenText(u), u.pos - 2);
                }
            } else if (c == ':') {
                capture = false;
            } else if (c == '#') {
                for (;;) {
                    if (atEnd()) error("missing ), unterminated comment", start);
                    Token u;
                    get(u);
                    if (!u.escape && u.c == ')') break;
                }
                return nullptr;
            } else if (c == '=' || c == '!' || c == '<') {
                bool behind = false;
                if (c == '<') {
                    Token u;
                    if (!get(u)) error("unexpected end of pattern", tell());
                    if (u.escape || (u.c != '=' && u.c != '!')) error("unknown extension ?<" + tokenText(u), u.pos - 2);
                    c = u.c;
                    behind = true;
                }
                int saved = m_lookbehindGroups;
                if (behind && m_lookbehindGroups < 0) m_lookbehindGroups = groups() + 1;
                NodeP p = parseSub(verbose, nested + 1, flags);
                if (behind) m_lookbehindGroups = saved;
                if (!match(')')) error("missing ), unterminated subpattern", start);
                NodeP n = node(Node::Look);
                n->behind = behind;
                n->negative = c == '!';
                n->kids.push_back(std::move(p));
                return n;
            } else if (c == '(') {
                std::u32string cond = getUntil(')', "group name");
                size_t condPos = tell() - cond.size() - 1;
                int gid = -1;
                if (isIdentifier(cond)) {
                    std::string nm = utf8(cond);
                    for (auto& [n, g] : m_names)
                        if (n == nm) gid = g;
                    if (gid < 0) error("unknown group name " + pyRepr(cond), condPos);
                } else {
                    bool digits =
                        !cond.empty() && std::all_of(cond.begin(), cond.end(), [](char32_t d) { return isDec(d); });
                    if (!digits) error("bad character in group name " + pyRepr(cond), condPos);
                    if (cond.size() > 9) error("invalid group reference " + utf8(cond), condPos);
                    gid = std::stoi(utf8(cond));
                    if (gid == 0) error("bad group number", condPos);
                    m_condRefs.emplace_back(gid, condPos); // may name a group defined later
                }
                checkLookbehindGroup(gid, tell());
                NodeP yes = parseSeq(verbose, nested + 1, flags, false);
                NodeP no;
                if (match('|')) {
                    no = parseSeq(verbose, nested + 1, flags, false);
                    if (peek() == '|') error("conditional backref with more than two branches", tell());
                }
                if (!match(')')) error("missing ), unterminated subpattern", start);
                NodeP n = node(Node::Cond);
                n->group = gid;
                n->kids.push_back(std::move(yes));
                n->kids.push_back(no ? std::move(no) : node(Node::Empty));
                return n;
            } else if (c == '>') {
                capture = false;
                atomic = true;
            } else if (flagBit(c) || c == '-') {
                if (!parseFlags(c, add, del)) {
                    if (!first) error("global flags not at the start of the expression", start);
                    global = true;
                    return nullptr;
                }
                capture = false;
            } else {
                error("unknown extension ?" + tokenText(t), t.pos - 1);
            }
        }
        int gid = -1;
        if (capture) {
            if (groups() >= kMaxGroups) error("too many groups", start);
            gid = groups() + 1;
            if (!name.empty()) {
                std::string nm = utf8(name);
                for (auto& [n, g] : m_names)
                    if (n == nm)
                        error("redefinition of group name " + pyRepr(name) + " as group " + std::to_string(gid) +
                                  "; was group " + std::to_string(g),
                              tell() - name.size() - 1);
                m_names.emplace_back(nm, gid);
            }
            m_groupClosed.push_back(false);
            m_groupWidths.push_back({ 0, kMaxRepeat });
        }
        bool subVerbose = (verbose || (add & kVerbose)) && !(del & kVerbose);
        int subFlags = (flags | add) & ~del;
        NodeP p = parseSub(subVerbose, nested + 1, subFlags);
        if (!match(')')) error("missing ), unterminated subpattern", start);
        if (gid > 0) {
            m_groupClosed[gid - 1] = true;
            m_groupWidths[size_t(gid - 1)] = width(*p);
        }
        NodeP n = node(atomic ? Node::Atomic : Node::Group);
        n->group = gid;
        n->kids.push_back(std::move(p));
        return n;
    }

    std::u32string_view m_p;
    size_t m_i = 0;
    bool m_bytes;
    int m_flags;
    std::vector<CharSet>& m_sets;
    std::vector<bool> m_groupClosed;                          // per group (1-based minus one): its ")" was seen
    std::vector<std::pair<uint64_t, uint64_t>> m_groupWidths; // per group: min and max width, once closed
    std::vector<std::pair<std::string, int>> m_names;         // (?P<name>...) in order
    int m_lookbehindGroups = -1;                              // groups() + 1 when the outermost lookbehind began
    std::vector<std::pair<int, size_t>> m_condRefs;           // (?(N)...): N and where it was written
};

std::pair<uint64_t, uint64_t> width(const Node& n) {
    constexpr uint64_t inf = kMaxRepeat;
    auto cap = [](uint64_t v) { return std::min<uint64_t>(v, uint64_t(kMaxRepeat)); };
    switch (n.kind) {
    case Node::Lit:
    case Node::Any:
    case Node::Set:
        return { 1, 1 };
    case Node::Empty:
    case Node::Assert:
    case Node::Look:
        return { 0, 0 };
    case Node::Backref:
        return { n.min, n.max }; // the referred group's width (set when parsed)
    case Node::Group:
    case Node::Atomic:
        return width(*n.kids[0]);
    case Node::Cat: {
        uint64_t lo = 0, hi = 0;
        for (auto& k : n.kids) {
            auto [a, b] = width(*k);
            lo = cap(lo + a);
            hi = cap(hi + b);
        }
        return { lo, hi };
    }
    case Node::Alt:
    case Node::Cond: {
        uint64_t lo = inf, hi = 0;
        for (auto& k : n.kids) {
            auto [a, b] = width(*k);
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
        return { lo, hi };
    }
    case Node::Repeat: {
        auto [a, b] = width(*n.kids[0]);
        uint64_t hi = n.max == kMaxRepeat ? (b ? inf : 0) : cap(b * n.max);
        return { cap(a * n.min), hi };
    }
    }
    return { 0, inf };
}

class Generator {
public:
    explicit Generator(Program& p)
        : m_p(p) { }

    void emit(const Node& n) {
        switch (n.kind) {
        case Node::Empty:
            return;
        case Node::Lit: {
            Inst i;
            i.op = Op::Char;
            i.c = n.ch;
            i.icase = n.icase;
            i.ascii = n.ascii;
            push(i);
            return;
        }
        case Node::Any: {
            Inst i;
            i.op = n.dotall ? Op::AnyAll : Op::Any;
            push(i);
            return;
        }
        case Node::Set: {
            Inst i;
            i.op = Op::Set;
            i.c = uint32_t(n.set);
            push(i);
            return;
        }
        case Node::Cat:
            for (auto& k : n.kids) emit(*k);
            return;
        case Node::Alt: {
            std::vector<size_t> jumps;
            for (size_t k = 0; k < n.kids.size(); ++k) {
                if (k + 1 < n.kids.size()) {
                    size_t split = push(inst(Op::Split));
                    m_p.code[split].x = int32_t(split + 1);
                    emit(*n.kids[k]);
                    jumps.push_back(push(inst(Op::Jmp)));
                    m_p.code[split].y = int32_t(here());
                } else {
                    emit(*n.kids[k]);
                }
            }
            for (size_t j : jumps) m_p.code[j].x = int32_t(here());
            return;
        }
        case Node::Group: {
            if (n.group > 0) save(uint32_t(2 * n.group));
            emit(*n.kids[0]);
            if (n.group > 0) save(uint32_t(2 * n.group + 1));
            return;
        }
        case Node::Assert: {
            Inst i = inst(Op::Assert);
            i.kind = n.assertKind;
            i.ascii = n.ascii;
            push(i);
            return;
        }
        case Node::Backref: {
            Inst i = inst(Op::Backref);
            i.c = uint32_t(n.group);
            i.icase = n.icase;
            i.ascii = n.ascii;
            push(i);
            return;
        }
        case Node::Look: {
            Inst i = inst(Op::Look);
            i.neg = n.negative;
            i.behind = n.behind;
            if (n.behind) {
                auto [lo, hi] = width(*n.kids[0]);
                if (lo != hi) throw SyntaxError{ "look-behind requires fixed-width pattern", -1 };
                i.min = uint32_t(lo);
            }
            subProgram(i, *n.kids[0]);
            return;
        }
        case Node::Atomic: {
            subProgram(inst(Op::Atomic), *n.kids[0]);
            return;
        }
        case Node::Cond: {
            Inst i = inst(Op::Cond);
            i.c = uint32_t(n.group);
            size_t at = push(i);
            emit(*n.kids[0]);
            size_t j = push(inst(Op::Jmp));
            m_p.code[at].x = int32_t(here());
            emit(*n.kids[1]);
            m_p.code[j].x = int32_t(here());
            return;
        }
        case Node::Repeat:
            repeat(n);
            return;
        }
    }

    size_t here() const { return m_p.code.size(); }
    size_t push(const Inst& i) {
        m_p.code.push_back(i);
        return m_p.code.size() - 1;
    }
    static Inst inst(Op op) {
        Inst i;
        i.op = op;
        return i;
    }
    // Records the position in a group's start (2g) or end (2g + 1) slot.
    void save(uint32_t slot) {
        Inst s = inst(Op::Save);
        s.c = slot;
        push(s);
    }

private:
    void subProgram(Inst head, const Node& body) {
        size_t at = push(head);
        emit(body);
        push(inst(Op::Succeed));
        m_p.code[at].x = int32_t(here());
    }

    static bool singleChar(const Node& n) { return n.kind == Node::Lit || n.kind == Node::Any || n.kind == Node::Set; }

    void repeat(const Node& n) {
        const Node& body = *n.kids[0];
        if (n.max == 0) return;
        if (singleChar(body)) {
            Inst r = inst(Op::RepeatOne);
            r.min = n.min;
            r.max = n.max;
            r.greedy = n.greedy;
            r.possessive = n.possessive;
            size_t at = push(r);
            emit(body);
            m_p.code[at].x = int32_t(here());
            return;
        }
        if (n.possessive) {
            // x*+ is (?>x*)
            Node inner;
            inner.kind = Node::Repeat;
            inner.min = n.min;
            inner.max = n.max;
            size_t at = push(inst(Op::Atomic));
            emitRepeat(inner, body);
            push(inst(Op::Succeed));
            m_p.code[at].x = int32_t(here());
            return;
        }
        emitRepeat(n, body);
    }

    void emitRepeat(const Node& n, const Node& body) {
        if (n.min == 0 && n.max == 1) {
            size_t split = push(inst(Op::Split));
            if (n.greedy) {
                m_p.code[split].x = int32_t(split + 1);
                emit(body);
                m_p.code[split].y = int32_t(here());
            } else {
                m_p.code[split].y = int32_t(split + 1);
                emit(body);
                m_p.code[split].x = int32_t(here());
            }
            return;
        }
        bool nullable = width(body).first == 0;
        int k = m_p.counters++;
        Inst init = inst(Op::RepInit);
        init.c = uint32_t(k);
        push(init);
        Inst loop = inst(Op::RepLoop);
        loop.c = uint32_t(k);
        loop.min = n.min;
        loop.max = n.max;
        loop.greedy = n.greedy;
        size_t loopAt = push(loop);
        if (nullable) {
            Inst mark = inst(Op::RepMark);
            mark.c = uint32_t(k);
            push(mark);
        }
        emit(body);
        Inst end = inst(Op::RepEnd);
        end.c = uint32_t(k);
        end.min = n.min;
        end.x = int32_t(loopAt);
        end.neg = nullable; // checks for an empty iteration
        size_t endAt = push(end);
        m_p.code[loopAt].x = int32_t(here());
        m_p.code[endAt].y = int32_t(here());
    }

    Program& m_p;
};

} // namespace

Compiled compile(std::u32string_view pattern, int flags, bool bytesPattern) {
    auto program = std::make_shared<Program>();
    Parser parser(pattern, flags, bytesPattern, program->sets);
    NodeP root = parser.parse();
    Compiled out;
    out.flags = parser.flags();
    out.groups = parser.groups();
    out.groupNames = parser.names();
    program->groups = out.groups;

    Generator gen(*program);
    gen.save(0);
    gen.emit(*root); // a variable-width lookbehind throws with no position, as sre's compiler does
    gen.save(1);
    gen.push(Generator::inst(Op::Match));

    // What a search can skip to: the literal (or start anchor) every match begins with.
    const Node* first = root.get();
    while (first && (first->kind == Node::Cat || (first->kind == Node::Group && first->group > 0)) &&
           !first->kids.empty())
        first = first->kids[0].get();
    if (first && first->kind == Node::Assert && first->assertKind == AssertKind::BeginString)
        program->anchoredStart = true;
    if (first && first->kind == Node::Lit && !first->icase) program->firstChar = first->ch;
    out.program = std::move(program);
    return out;
}

} // namespace graphlens::lang::regex
