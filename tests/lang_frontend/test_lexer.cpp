// Lexer tests: literal forms, INDENT/DEDENT, line joining, spans.
#include <catch2/catch.hpp>

#include "core/lang/lexer.h"

using namespace graphlens::lang;

namespace {
std::vector<Token> lex(const SourceFile& src) {
    Lexer lx(src);
    std::vector<Token> out;
    for (;;) {
        out.push_back(lx.next());
        if (out.back().kind == Tok::EndMarker) return out;
    }
}
std::string kinds(const std::string& text) {
    SourceFile src("t.py", text);
    std::string s;
    for (const Token& t : lex(src)) {
        if (!s.empty()) s += ' ';
        s += t.kind == Tok::Name || t.kind == Tok::Number || t.kind == Tok::String ? std::string(t.text)
                                                                                   : tokName(t.kind);
    }
    return s;
}
} // namespace

TEST_CASE("lexer: indentation", "[lang][lexer]") {
    CHECK(kinds("if x:\n    y\nz\n") == "if x : NEWLINE INDENT y NEWLINE DEDENT z NEWLINE ENDMARKER");
    CHECK(kinds("if a:\n  if b:\n    c\nd") ==
          "if a : NEWLINE INDENT if b : NEWLINE INDENT c NEWLINE DEDENT DEDENT d NEWLINE ENDMARKER");
    CHECK(kinds("if a:\n  b\n\n  # comment\n      \n  c\n") ==
          "if a : NEWLINE INDENT b NEWLINE c NEWLINE DEDENT ENDMARKER");
    CHECK(kinds("if a:\n\tb\n\tc\n") == "if a : NEWLINE INDENT b NEWLINE c NEWLINE DEDENT ENDMARKER");
    CHECK(kinds("if a:\n  b") == "if a : NEWLINE INDENT b NEWLINE DEDENT ENDMARKER");
    CHECK(kinds("") == "ENDMARKER");
    CHECK(kinds("# only a comment\n") == "ENDMARKER");
}

TEST_CASE("lexer: line joining", "[lang][lexer]") {
    CHECK(kinds("x = (1,\n     2)\n") == "x = ( 1 , 2 ) NEWLINE ENDMARKER");
    CHECK(kinds("x = [\n  1,\n]\n") == "x = [ 1 , ] NEWLINE ENDMARKER");
    CHECK(kinds("x = 1 + \\\n    2\n") == "x = 1 + 2 NEWLINE ENDMARKER");
    CHECK(kinds("x = {  # comment\n 'a': 1}\n") == "x = { 'a' : 1 } NEWLINE ENDMARKER");
    CHECK(kinds("x = 1\r\ny = 2\r\n") == "x = 1 NEWLINE y = 2 NEWLINE ENDMARKER");
}

TEST_CASE("lexer: number literal forms", "[lang][lexer]") {
    CHECK(kinds("0 00 0_0 123 1_000 0xFF 0x_f 0o17 0O7 0b101 0B1_0") ==
          "0 00 0_0 123 1_000 0xFF 0x_f 0o17 0O7 0b101 0B1_0 NEWLINE ENDMARKER");
    CHECK(kinds("1.5 .5 5. 1e10 1E-5 1.5e+3 1_0.0_1e1_0 09.5") ==
          "1.5 .5 5. 1e10 1E-5 1.5e+3 1_0.0_1e1_0 09.5 NEWLINE ENDMARKER");
    CHECK(kinds("2j 1.5J .5j 1e3j") == "2j 1.5J .5j 1e3j NEWLINE ENDMARKER");
    CHECK(kinds("123456789012345678901234567890") == "123456789012345678901234567890 NEWLINE ENDMARKER");
    CHECK(kinds("1if x else 2") == "1 if x else 2 NEWLINE ENDMARKER");
    CHECK(kinds("x.real 1 .real") == "x . real 1 . real NEWLINE ENDMARKER");
}

TEST_CASE("lexer: string literal forms", "[lang][lexer]") {
    CHECK(kinds(R"('a' "b" '''c''' """d""")") == R"('a' "b" '''c''' """d""" NEWLINE ENDMARKER)");
    CHECK(kinds(R"(r'\d' b'x' rb'y' Br'z' f'{a}' rf'{b}' FR'c' u'd' R"e")") ==
          R"(r'\d' b'x' rb'y' Br'z' f'{a}' rf'{b}' FR'c' u'd' R"e" NEWLINE ENDMARKER)");
    CHECK(kinds(R"('it\'s' "say \"hi\"")") == R"('it\'s' "say \"hi\"" NEWLINE ENDMARKER)");
    CHECK(kinds("'''a\nb'''") == "'''a\nb''' NEWLINE ENDMARKER");
    CHECK(kinds("f'{x:{w}.{p}}'") == "f'{x:{w}.{p}}' NEWLINE ENDMARKER");
    CHECK(kinds("rb = 1") == "rb = 1 NEWLINE ENDMARKER");
}

TEST_CASE("lexer: operators and keywords", "[lang][lexer]") {
    CHECK(kinds("a**=b//=c>>=d<<=e->f:=g...h!=i@=j") ==
          "a **= b //= c >>= d <<= e -> f := g ... h != i @= j NEWLINE ENDMARKER");
    CHECK(kinds("not in is lambda yield") == "not in is lambda yield NEWLINE ENDMARKER");
}

TEST_CASE("lexer: token spans", "[lang][lexer][spans]") {
    SourceFile src("t.py", "x = 'é' + 10\n  \ny2 = \"\"\"a\nb\"\"\"\n");
    auto toks = lex(src);
    // x
    CHECK(toks[0].span.line == 1);
    CHECK(toks[0].span.col == 0);
    CHECK(toks[0].span.endCol == 1);
    // 'é' is 4 bytes
    CHECK(toks[2].kind == Tok::String);
    CHECK(toks[2].span.col == 4);
    CHECK(toks[2].span.endCol == 8);
    CHECK(toks[2].span.offset == 4);
    CHECK(toks[2].span.endOffset == 8);
    CHECK(toks[4].text == "10");
    CHECK(toks[4].span.col == 11);
    // triple-quoted string across lines
    const Token& tq = toks[8];
    CHECK(tq.kind == Tok::String);
    CHECK(tq.span.line == 3);
    CHECK(tq.span.col == 5);
    CHECK(tq.span.endLine == 4);
    CHECK(tq.span.endCol == 4);
    CHECK(src.text.substr(tq.span.offset, tq.span.endOffset - tq.span.offset) == "\"\"\"a\nb\"\"\"");
}

TEST_CASE("lexer: errors", "[lang][lexer][errors]") {
    auto err = [](const std::string& text) -> std::string {
        SourceFile src("t.py", text);
        try {
            lex(src);
        } catch (const SyntaxError& e) {
            return std::string(e.typeName()) + ": " + e.message() + " @" + std::to_string(e.line()) + ":" +
                std::to_string(e.column());
        }
        return "no error";
    };
    CHECK(err("if x:\n    a\n  b\n") == "IndentationError: unindent does not match any outer indentation level @3:4");
    CHECK(err("if x:\n\ta\n        b\n") == "TabError: inconsistent use of tabs and spaces in indentation @3:1");
    CHECK(err("s = 'abc\n") == "SyntaxError: unterminated string literal (detected at line 1) @1:5");
    CHECK(err("s = \"\"\"abc\n\nx") ==
          "SyntaxError: unterminated triple-quoted string literal (detected at line 3) @1:5");
    CHECK(err("x = 1abc") == "SyntaxError: invalid decimal literal @1:5");
    CHECK(err("x = 0b102") == "SyntaxError: invalid digit '2' in binary literal @1:9");
    CHECK(err("x = )") == "SyntaxError: unmatched ')' @1:5");
    CHECK(err("x = (]") == "SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' @1:6");
    CHECK(err("x = a\xc2\xa0"
              "b") == "SyntaxError: invalid non-printable character U+00A0 @1:6");
    CHECK(err("x = \xe2\x82\xac") == "SyntaxError: invalid character '\xe2\x82\xac' (U+20AC) @1:5");
    CHECK(err("x = 1 \\ 2") == "SyntaxError: unexpected character after line continuation character @1:8");
}
