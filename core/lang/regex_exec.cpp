// Runs a compiled pattern: a backtracking machine whose choice points and undo records live on one
// explicit stack (charged to the run's memory budget), polling the run's limits as it goes.
#include <algorithm>
#include <cstring>

#include "core/lang/literals.h"
#include "core/lang/regex_internal.h"

namespace graphlens::lang::regex {

bool isDigitChar(uint32_t c, bool ascii) {
    if (c < 128 || ascii) return c >= '0' && c <= '9';
    // Unicode decimal digits (category Nd) of the scripts programs meet most
    static const uint32_t zeros[] = { 0x660,   0x6F0,   0x7C0,   0x966,   0x9E6,  0xA66,  0xAE6,  0xB66,
                                      0xBE6,   0xC66,   0xCE6,   0xD66,   0xDE6,  0xE50,  0xED0,  0xF20,
                                      0x1040,  0x1090,  0x17E0,  0x1810,  0x1946, 0x19D0, 0xFF10, 0x104A0,
                                      0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6 };
    for (uint32_t z : zeros)
        if (c >= z && c <= z + 9) return true;
    return false;
}

bool isSpaceChar(uint32_t c, bool ascii) {
    if (c < 128 || ascii) return c == ' ' || (c >= 9 && c <= 13) || (!ascii && c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
        c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isWordChar(uint32_t c, bool ascii) {
    if (c < 128 || ascii) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    // str.isalnum() for the rest, approximated by blocks: letters, marks and digits are word
    // characters; Latin-1 punctuation, general punctuation, symbols and spaces are not.
    if (c < 0x100)
        return c == 0xAA || c == 0xB2 || c == 0xB3 || c == 0xB5 || c == 0xB9 || c == 0xBA || (c >= 0xBC && c <= 0xBE) ||
            (c >= 0xC0 && c != 0xD7 && c != 0xF7);
    if (isSpaceChar(c, false)) return false;
    if (c >= 0x2000 && c <= 0x2BFF) return (c >= 0x2070 && c <= 0x209F) || (c >= 0x2150 && c <= 0x218F);
    if (c >= 0x3000 && c <= 0x303F) return c == 0x3005 || c == 0x3006 || c == 0x3007;
    if (c >= 0xFE30 && c <= 0xFE4F) return false;
    if (c >= 0xFF00 && c <= 0xFF0F) return false;
    if (c >= 0xFF1A && c <= 0xFF20) return false;
    if (c >= 0x1F000 && c <= 0x1FAFF) return false;
    if (c >= 0xE000 && c <= 0xF8FF) return false;
    return true;
}

uint32_t foldChar(uint32_t c, bool ascii) {
    if (ascii) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    return cpLower(c);
}

uint32_t upperChar(uint32_t c, bool ascii) {
    if (ascii) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    return cpUpper(c);
}

namespace {

bool inSet(const CharSet& s, uint32_t c) {
    for (auto [lo, hi] : s.ranges)
        if (c >= lo && c <= hi) return true;
    if (uint8_t k = s.categories) {
        if ((k & kDigit) && isDigitChar(c, s.ascii)) return true;
        if ((k & kNotDigit) && !isDigitChar(c, s.ascii)) return true;
        if ((k & kSpace) && isSpaceChar(c, s.ascii)) return true;
        if ((k & kNotSpace) && !isSpaceChar(c, s.ascii)) return true;
        if ((k & kWord) && isWordChar(c, s.ascii)) return true;
        if ((k & kNotWord) && !isWordChar(c, s.ascii)) return true;
    }
    return false;
}

} // namespace

bool setContains(const CharSet& s, uint32_t c) {
    bool in = inSet(s, c);
    if (!in && s.icase) {
        uint32_t lo = foldChar(c, s.ascii), up = upperChar(c, s.ascii);
        in = (lo != c && inSet(s, lo)) || (up != c && inSet(s, up));
    }
    return in != s.negated;
}

namespace {

enum class Entry : uint8_t { Branch, Slot, Counter, Mark, LastIndex, RepGreedy, RepLazy };

struct Frame {
    Entry kind;
    int32_t pc;  // Branch: where to resume; Rep*: the RepeatOne instruction; else the register
    int64_t pos; // Branch: position; Rep*: where the repeat began; else the old value
    int64_t n;   // Rep*: characters matched so far
};

template<class Ch> class Machine {
public:
    Machine(const Program& p, const Ch* s, int64_t end, const Budget& b)
        : m_p(p)
        , m_s(s)
        , m_end(end)
        , m_budget(b)
        , m_slots(size_t(2 * (p.groups + 1)), -1)
        , m_counters(size_t(p.counters), 0)
        , m_marks(size_t(p.counters), -1) { }
    ~Machine() {
        if (m_charged && m_budget.charge) m_budget.charge(m_budget.ctx, -m_charged);
    }

    bool matchAt(int64_t start, bool full, bool mustAdvance, MatchResult& out) {
        m_full = full;
        m_mustAdvance = mustAdvance;
        m_start = start;
        int64_t endPos = 0;
        bool ok = run(0, start, endPos);
        if (ok) {
            out.spans = m_slots;
            out.lastIndex = m_lastIndex;
        }
        unwindTo(0);
        return ok;
    }

private:
    uint32_t at(int64_t i) const { return uint32_t(m_s[i]); }

    void tick() {
        if (++m_ticks >= 4096) {
            m_ticks = 0;
            if (m_budget.poll) m_budget.poll(m_budget.ctx);
        }
    }

    void push(Entry k, int32_t pc, int64_t pos, int64_t n = 0) {
        if (m_stack.size() == m_stack.capacity()) grow();
        m_stack.push_back(Frame{ k, pc, pos, n });
    }
    void grow() {
        size_t want = std::max<size_t>(64, m_stack.capacity() * 2);
        int64_t extra = int64_t((want - m_stack.capacity()) * sizeof(Frame));
        if (m_budget.charge) m_budget.charge(m_budget.ctx, extra);
        m_charged += extra;
        m_stack.reserve(want);
    }

    void setSlot(uint32_t slot, int64_t pos) {
        push(Entry::Slot, int32_t(slot), m_slots[slot]);
        m_slots[slot] = pos;
        if ((slot & 1) && slot > 1) {
            push(Entry::LastIndex, 0, m_lastIndex);
            m_lastIndex = int(slot / 2);
        }
    }
    void undo(const Frame& f) {
        switch (f.kind) {
        case Entry::Slot:
            m_slots[size_t(f.pc)] = f.pos;
            break;
        case Entry::Counter:
            m_counters[size_t(f.pc)] = f.pos;
            break;
        case Entry::Mark:
            m_marks[size_t(f.pc)] = f.pos;
            break;
        case Entry::LastIndex:
            m_lastIndex = int(f.pos);
            break;
        default:
            break;
        }
    }
    void unwindTo(size_t base) {
        while (m_stack.size() > base) {
            undo(m_stack.back());
            m_stack.pop_back();
        }
    }
    // Drops the choice points above `base` and keeps the undo records, so that what a sub-match
    // set stays set and is still undone when the caller backtracks past it.
    void commit(size_t base) {
        size_t w = base;
        for (size_t r = base; r < m_stack.size(); ++r) {
            Entry k = m_stack[r].kind;
            if (k == Entry::Branch || k == Entry::RepGreedy || k == Entry::RepLazy) continue;
            m_stack[w++] = m_stack[r];
        }
        m_stack.resize(w);
    }

    bool one(const Inst& in, int64_t pos) const {
        uint32_t c = at(pos);
        switch (in.op) {
        case Op::Char:
            return (in.icase ? foldChar(c, in.ascii) : c) == in.c;
        case Op::Any:
            return c != '\n';
        case Op::AnyAll:
            return true;
        case Op::Set:
            return setContains(m_p.sets[in.c], c);
        default:
            return false;
        }
    }

    bool word(int64_t i, bool ascii) const { return i >= 0 && i < m_end && isWordChar(at(i), ascii); }

    bool assertion(const Inst& in, int64_t pos) const {
        switch (in.kind) {
        case AssertKind::BeginString:
            return pos == 0;
        case AssertKind::BeginLine:
            return pos == 0 || at(pos - 1) == '\n';
        case AssertKind::EndString:
            return pos == m_end;
        case AssertKind::EndLine:
            return pos == m_end || at(pos) == '\n';
        case AssertKind::EndOrFinalNewline:
            return pos == m_end || (pos + 1 == m_end && at(pos) == '\n');
        case AssertKind::Boundary:
            if (m_end == 0) return false;
            return word(pos - 1, in.ascii) != word(pos, in.ascii);
        case AssertKind::NonBoundary:
            if (m_end == 0) return false;
            return word(pos - 1, in.ascii) == word(pos, in.ascii);
        }
        return false;
    }

    // Runs the code from `pc` at `pos` until Match or Succeed; on success the stack above the
    // entry depth holds the choice points left (the caller commits or unwinds them).
    bool run(int32_t pc, int64_t pos, int64_t& endPos) {
        const size_t base = m_stack.size();
        const Inst* code = m_p.code.data();
        for (;;) {
            tick();
            const Inst& in = code[pc];
            switch (in.op) {
            case Op::Char:
            case Op::Any:
            case Op::AnyAll:
            case Op::Set:
                if (pos < m_end && one(in, pos)) {
                    ++pos;
                    ++pc;
                    continue;
                }
                goto fail;
            case Op::Split:
                push(Entry::Branch, in.y, pos);
                pc = in.x;
                continue;
            case Op::Jmp:
                pc = in.x;
                continue;
            case Op::Save:
                setSlot(in.c, pos);
                ++pc;
                continue;
            case Op::Assert:
                if (!assertion(in, pos)) goto fail;
                ++pc;
                continue;
            case Op::Backref: {
                int64_t s = m_slots[2 * in.c], e = m_slots[2 * in.c + 1];
                if (s < 0 || e < 0) goto fail;
                int64_t len = e - s;
                if (pos + len > m_end) goto fail;
                bool same = true;
                for (int64_t k = 0; k < len && same; ++k) {
                    uint32_t a = at(s + k), b = at(pos + k);
                    same = in.icase ? foldChar(a, in.ascii) == foldChar(b, in.ascii) : a == b;
                }
                if (!same) goto fail;
                pos += len;
                ++pc;
                continue;
            }
            case Op::Look: {
                size_t mark = m_stack.size();
                int64_t from = pos;
                bool ok;
                if (in.behind) {
                    from = pos - int64_t(in.min);
                    ok = false;
                    if (from >= 0) { // of fixed width, so every match from there ends here
                        int64_t sub = 0;
                        ok = run(pc + 1, from, sub);
                    }
                } else {
                    int64_t sub = 0;
                    ok = run(pc + 1, from, sub);
                }
                if (ok && in.neg) {
                    unwindTo(mark);
                    goto fail;
                }
                if (!ok && !in.neg) goto fail;
                if (ok) commit(mark);
                pc = in.x;
                continue;
            }
            case Op::Atomic: {
                size_t mark = m_stack.size();
                int64_t sub = 0;
                if (!run(pc + 1, pos, sub)) goto fail;
                commit(mark);
                pos = sub;
                pc = in.x;
                continue;
            }
            case Op::Cond:
                if (m_slots[2 * in.c] >= 0 && m_slots[2 * in.c + 1] >= 0) ++pc;
                else pc = in.x;
                continue;
            case Op::RepInit:
                push(Entry::Counter, int32_t(in.c), m_counters[in.c]);
                m_counters[in.c] = 0;
                ++pc;
                continue;
            case Op::RepLoop: {
                uint32_t n = uint32_t(m_counters[in.c]);
                if (n < in.min) {
                    ++pc;
                    continue;
                }
                if (n >= in.max) {
                    pc = in.x;
                    continue;
                }
                if (in.greedy) {
                    push(Entry::Branch, in.x, pos);
                    ++pc;
                } else {
                    push(Entry::Branch, pc + 1, pos);
                    pc = in.x;
                }
                continue;
            }
            case Op::RepMark:
                push(Entry::Mark, int32_t(in.c), m_marks[in.c]);
                m_marks[in.c] = pos;
                ++pc;
                continue;
            case Op::RepEnd: {
                push(Entry::Counter, int32_t(in.c), m_counters[in.c]);
                int64_t n = ++m_counters[in.c];
                if (in.neg && pos == m_marks[in.c] && n >= int64_t(in.min)) pc = in.y; // an empty iteration ends it
                else pc = in.x;
                continue;
            }
            case Op::RepeatOne: {
                const Inst& item = code[pc + 1];
                int64_t room = m_end - pos;
                int64_t max = std::min<int64_t>(int64_t(in.max), room);
                int64_t n = 0;
                if (in.greedy) {
                    while (n < max && one(item, pos + n)) {
                        ++n;
                        if ((n & 4095) == 0) tick();
                    }
                    if (n < int64_t(in.min)) goto fail;
                    if (!in.possessive && n > int64_t(in.min)) push(Entry::RepGreedy, pc, pos, n);
                } else {
                    while (n < int64_t(in.min) && n < max && one(item, pos + n)) ++n;
                    if (n < int64_t(in.min)) goto fail;
                    if (n < max) push(Entry::RepLazy, pc, pos, n);
                }
                pos += n;
                pc = in.x;
                continue;
            }
            case Op::Match:
                if ((m_full && pos != m_end) || (m_mustAdvance && pos == m_start)) goto fail;
                endPos = pos;
                return true;
            case Op::Succeed:
                endPos = pos;
                return true;
            }
        fail:
            for (;;) {
                if (m_stack.size() == base) return false;
                Frame f = m_stack.back();
                m_stack.pop_back();
                if (f.kind == Entry::Branch) {
                    pc = f.pc;
                    pos = f.pos;
                    break;
                }
                if (f.kind == Entry::RepGreedy) {
                    const Inst& r = code[f.pc];
                    int64_t n = f.n - 1;
                    if (n > int64_t(r.min)) push(Entry::RepGreedy, f.pc, f.pos, n);
                    pos = f.pos + n;
                    pc = r.x;
                    break;
                }
                if (f.kind == Entry::RepLazy) {
                    const Inst& r = code[f.pc];
                    int64_t p = f.pos + f.n;
                    if (p >= m_end || !one(code[f.pc + 1], p)) continue;
                    int64_t n = f.n + 1;
                    if (n < int64_t(r.max) && f.pos + n < m_end) push(Entry::RepLazy, f.pc, f.pos, n);
                    pos = f.pos + n;
                    pc = r.x;
                    break;
                }
                undo(f);
            }
        }
    }

    const Program& m_p;
    const Ch* m_s;
    int64_t m_end;
    const Budget& m_budget;
    std::vector<int64_t> m_slots;
    std::vector<int64_t> m_counters;
    std::vector<int64_t> m_marks;
    std::vector<Frame> m_stack;
    int m_lastIndex = -1;
    int64_t m_charged = 0;
    int m_ticks = 0;
    bool m_full = false, m_mustAdvance = false;
    int64_t m_start = 0;
};

template<class Ch>
bool execOn(const Compiled& c, const Ch* s, int64_t n, int64_t pos, int64_t endpos, Anchor anchor, bool mustAdvance,
            const Budget& budget, MatchResult& out) {
    const Program& p = *c.program;
    int64_t end = std::clamp<int64_t>(endpos, 0, n);
    if (pos < 0) pos = 0;
    if (pos > end) return false;
    Machine<Ch> m(p, s, end, budget);
    if (anchor != Anchor::Search) return m.matchAt(pos, anchor == Anchor::FullMatch, mustAdvance, out);
    if (p.anchoredStart) return pos == 0 && m.matchAt(0, false, mustAdvance, out);
    for (int64_t start = pos; start <= end; ++start) {
        if (p.firstChar >= 0) {
            while (start < end && uint32_t(s[start]) != uint32_t(p.firstChar)) ++start;
            if (start >= end) return false;
        }
        if (m.matchAt(start, false, mustAdvance && start == pos, out)) return true;
    }
    return false;
}

} // namespace

bool exec(const Compiled& c, std::u32string_view subject, int64_t pos, int64_t endpos, Anchor anchor, bool mustAdvance,
          const Budget& budget, MatchResult& out) {
    return execOn(c, subject.data(), int64_t(subject.size()), pos, endpos, anchor, mustAdvance, budget, out);
}

bool exec(const Compiled& c, std::string_view subject8, int64_t pos, int64_t endpos, Anchor anchor, bool mustAdvance,
          const Budget& budget, MatchResult& out) {
    return execOn(c, reinterpret_cast<const unsigned char*>(subject8.data()), int64_t(subject8.size()), pos, endpos,
                  anchor, mustAdvance, budget, out);
}

} // namespace graphlens::lang::regex
