// f-string bodies (CPython 3.11 rules): literal text with {{ }}, replacement fields
// {expr[=][!conv][:spec]} whose spec may hold nested fields.
#include <algorithm>

#include "core/lang/literals.h"
#include "core/lang/parser_internal.h"

namespace graphlens::lang {

namespace {
void positionOf(const SourceFile& src, uint32_t offset, uint32_t& line, uint32_t& col) {
    auto it = std::upper_bound(src.lineStarts.begin(), src.lineStarts.end(), offset);
    size_t idx = size_t(it - src.lineStarts.begin()); // 1-based line
    line = uint32_t(idx);
    col = offset - src.lineStarts[idx - 1];
}
} // namespace

Expr* Parser::parseFStringField() {
    while (at(Tok::Newline)) advance();
    Expr* e = at(Tok::KwYield) ? parseYield() : parseStarExpressions();
    if (!at(Tok::EndMarker)) {
        checkNoAdjacentExpression(e);
        failInvalid();
    }
    return e;
}

// Parses source.text[begin, end). When depth > 0 this is a format spec that stops at the
// closing '}' of its field; *stopAt receives its offset.
void Parser::parseFStringBody(uint32_t begin, uint32_t end, bool raw, const Span& tokSpan, ExprList& out, int depth,
                              uint32_t* stopAt) {
    const std::string& s = m_src.text;
    std::string literal;
    uint32_t runStart = begin;
    auto errAt = [&](const std::string& msg, uint32_t offset) {
        // CPython 3.11 reports f-string errors at the end of the string token
        (void)offset;
        raiseSyntaxError(m_src, SyntaxErrorKind::SyntaxError, msg, tokSpan.endLine, tokSpan.endCol, tokSpan.endLine,
                         tokSpan.endCol);
    };
    auto flushRun = [&](uint32_t upto) {
        if (upto > runStart) {
            if (raw) literal += s.substr(runStart, upto - runStart);
            else literal += decodeEscapes(m_src, runStart, upto, false, tokSpan);
        }
    };
    auto flushLiteral = [&]() {
        if (!literal.empty()) {
            Constant* c = make<Constant>(tokSpan);
            c->value = ConstKind::Str;
            c->s = std::move(literal);
            literal.clear();
            out.push_back(c);
        }
    };
    uint32_t i = begin;
    while (i < end) {
        char c = s[i];
        if (c == '\\' && !raw) {
            // keep escapes in the run; \N{...} contains braces
            if (i + 1 < end && s[i + 1] == 'N' && i + 2 < end && s[i + 2] == '{') {
                uint32_t j = i + 3;
                while (j < end && s[j] != '}') ++j;
                i = j < end ? j + 1 : end;
            } else {
                // a backslash does not protect a brace: `\{` is a backslash then a field
                i += (i + 1 < end && (s[i + 1] == '{' || s[i + 1] == '}')) ? 1 : 2;
            }
            continue;
        }
        if (c == '{') {
            if (depth == 0 && i + 1 < end && s[i + 1] == '{') {
                flushRun(i + 1);
                i += 2;
                runStart = i;
                continue;
            }
            flushRun(i);
            // --- a replacement field (the literal before it is flushed with the `=` debug text,
            // which CPython merges into the same Constant)
            if (depth >= 2) errAt("f-string: expressions nested too deeply", i);
            uint32_t exprBegin = i + 1;
            uint32_t j = exprBegin;
            int nest = 0;
            uint32_t debugEnd = 0; // offset after '=' when the debug specifier is present
            for (;;) {
                if (j >= end) errAt("f-string: expecting '}'", j > begin ? j - 1 : j);
                char d = s[j];
                if (d == '\\') errAt("f-string expression part cannot include a backslash", j);
                if (d == '#') errAt("f-string expression part cannot include '#'", j);
                if (d == '\'' || d == '"') {
                    bool triple = j + 2 < end && s[j + 1] == d && s[j + 2] == d;
                    uint32_t k = j + (triple ? 3 : 1);
                    for (;;) {
                        if (k >= end) errAt("f-string: unterminated string", j);
                        if (s[k] == d && (!triple || (k + 2 < end && s[k + 1] == d && s[k + 2] == d))) {
                            k += triple ? 3 : 1;
                            break;
                        }
                        ++k;
                    }
                    j = k;
                    continue;
                }
                if (d == '(' || d == '[' || d == '{') {
                    ++nest;
                    ++j;
                    continue;
                }
                if (d == ')' || d == ']') {
                    if (nest == 0) errAt(std::string("f-string: unmatched '") + d + "'", j);
                    --nest;
                    ++j;
                    continue;
                }
                if (d == '}') {
                    if (nest == 0) break;
                    --nest;
                    ++j;
                    continue;
                }
                if (nest == 0) {
                    bool nextEq = j + 1 < end && s[j + 1] == '=';
                    if ((d == '=' || d == '!' || d == '<' || d == '>') && nextEq) {
                        j += 2;
                        continue;
                    }
                    if (d == '!' || d == ':') break;
                    if (d == '=') {
                        debugEnd = j + 1;
                        ++j;
                        break;
                    }
                }
                ++j;
            }
            uint32_t exprEnd = debugEnd ? debugEnd - 1 : j;
            bool blank = true;
            for (uint32_t k = exprBegin; k < exprEnd; ++k)
                if (s[k] != ' ' && s[k] != '\t' && s[k] != '\n' && s[k] != '\r' && s[k] != '\f') blank = false;
            if (blank) errAt("f-string: empty expression not allowed", exprEnd);
            FormattedValue* fv = make<FormattedValue>(tokSpan);
            {
                uint32_t line, col;
                positionOf(m_src, exprBegin, line, col);
                Parser sub(m_src, m_arena, Lexer(m_src, exprBegin, exprEnd, line, col, true), true);
                sub.intMaxStrDigits = intMaxStrDigits;
                fv->value = sub.parseFStringField();
            }
            if (debugEnd) {
                // the text up to and including '=', plus following whitespace
                while (j < end && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) ++j;
                literal += s.substr(exprBegin, j - exprBegin);
            }
            flushLiteral();
            if (j < end && s[j] == '!') {
                ++j;
                if (j >= end || s[j] == '}' || s[j] == ':')
                    errAt("f-string: missing conversion character", j < end ? j : end - 1);
                char conv = s[j];
                if (conv != 's' && conv != 'r' && conv != 'a')
                    errAt("f-string: invalid conversion character: expected 's', 'r', or 'a'", j + 1 < end ? j + 1 : j);
                fv->conversion = conv;
                ++j;
                if (j >= end || (s[j] != '}' && s[j] != ':')) errAt("f-string: expecting '}'", j < end ? j : end - 1);
            }
            if (j < end && s[j] == ':') {
                JoinedStr* spec = make<JoinedStr>(tokSpan);
                ExprList specParts;
                uint32_t stop = end;
                parseFStringBody(j + 1, end, raw, tokSpan, specParts, depth + 1, &stop);
                spec->values = std::move(specParts);
                fv->formatSpec = spec;
                j = stop;
            }
            if (debugEnd && fv->conversion == -1 && !fv->formatSpec) fv->conversion = 'r';
            if (j >= end || s[j] != '}') errAt("f-string: expecting '}'", j < end ? j : end - 1);
            out.push_back(fv);
            i = j + 1;
            runStart = i;
            continue;
        }
        if (c == '}') {
            if (depth > 0) {
                flushRun(i);
                flushLiteral();
                *stopAt = i;
                return;
            }
            if (i + 1 < end && s[i + 1] == '}') {
                flushRun(i + 1);
                i += 2;
                runStart = i;
                continue;
            }
            errAt("f-string: single '}' is not allowed", i);
        }
        ++i;
    }
    if (depth > 0) errAt("f-string: expecting '}'", end > begin ? end - 1 : end);
    flushRun(end);
    flushLiteral();
}

} // namespace graphlens::lang
