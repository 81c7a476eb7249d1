// Parser tests: the AST for every node kind, compared with CPython 3.11's ast.dump (expected
// dumps generated at authoring time, see parser_cases.inc).
#include <catch2/catch.hpp>

#include "core/lang/parser.h"
#include "core/lang/printer.h"
#include "parser_cases.inc"

using namespace graphlens::lang;

TEST_CASE("parser: ASTs match CPython 3.11 for every node kind", "[lang][parser]") {
    for (const auto& [src, expected] : kParserCases) {
        INFO("source:\n" << src);
        std::shared_ptr<ParsedModule> pm;
        try {
            pm = parseModule(src, "t.py");
        } catch (const SyntaxError& e) {
            FAIL_CHECK("unexpected SyntaxError: " << e.what());
            continue;
        }
        CHECK(dumpAst(pm->module) == expected);
    }
}

TEST_CASE("parser: node kinds are all produced", "[lang][parser]") {
    std::string all;
    for (const auto& [src, expected] : kParserCases) all += expected;
    for (const char* kind : { "FunctionDef(",  "ClassDef(",
                              "Return(",       "Delete(",
                              "Assign(",       "AugAssign(",
                              "AnnAssign(",    "For(",
                              "While(",        "If(",
                              "With(",         "Raise(",
                              "Try(",          "Assert(",
                              "Import(",       "ImportFrom(",
                              "Global(",       "Expr(",
                              "Pass(",         "Break(",
                              "Continue(",     "BoolOp(",
                              "NamedExpr(",    "BinOp(",
                              "UnaryOp(",      "Lambda(",
                              "IfExp(",        "Dict(",
                              "Set(",          "ListComp(",
                              "SetComp(",      "DictComp(",
                              "GeneratorExp(", "Yield(",
                              "YieldFrom(",    "Compare(",
                              "Call(",         "FormattedValue(",
                              "JoinedStr(",    "Constant(",
                              "Attribute(",    "Subscript(",
                              "Starred(",      "Name(",
                              "List(",         "Tuple(",
                              "Slice(",        "Nonlocal(" }) {
        INFO(kind);
        CHECK(all.find(kind) != std::string::npos);
    }
}

TEST_CASE("parser: spans of nodes", "[lang][parser][spans]") {
    auto pm = parseModule("x = foo(a, b)\nif y:\n    z = [1,\n         2]\n", "t.py");
    const auto* assign = as<Assign>(pm->module->body[0]);
    CHECK(assign->span.line == 1);
    CHECK(assign->span.col == 0);
    CHECK(assign->span.endCol == 13);
    const auto* call = as<Call>(assign->value);
    CHECK(call->span.col == 4);
    CHECK(call->span.endCol == 13);
    CHECK(call->span.offset == 4);
    CHECK(call->span.endOffset == 13);
    CHECK(call->args[1]->span.col == 11);
    const auto* ifs = as<If>(pm->module->body[1]);
    CHECK(ifs->span.line == 2);
    CHECK(ifs->span.endLine == 4);
    const auto* inner = as<Assign>(ifs->body[0]);
    const auto* list = as<List>(inner->value);
    CHECK(list->span.line == 3);
    CHECK(list->span.col == 8);
    CHECK(list->span.endLine == 4);
    CHECK(list->span.endCol == 11);
    CHECK(as<Constant>(list->elts[1])->span.line == 4);
    CHECK(as<Constant>(list->elts[1])->span.col == 9);
}

TEST_CASE("parser: f-string expressions keep exact spans", "[lang][parser][spans]") {
    auto pm = parseModule("s = f'ab{xyz + 1}'\n", "t.py");
    const auto* js = as<JoinedStr>(as<Assign>(pm->module->body[0])->value);
    REQUIRE(js->values.size() == 2);
    const auto* fv = as<FormattedValue>(js->values[1]);
    const auto* bin = as<BinOp>(fv->value);
    CHECK(bin->span.col == 9);
    CHECK(bin->span.endCol == 16);
    CHECK(as<Name>(bin->left)->span.col == 9);
}

TEST_CASE("parser: literal values", "[lang][parser]") {
    auto value = [](const char* src) {
        auto pm = parseExpression(src);
        return *as<Constant>(as<ExprStmt>(pm->module->body[0])->value);
    };
    CHECK(value("0xff").i == 255);
    CHECK(value("0o17").i == 15);
    CHECK(value("0b101").i == 5);
    CHECK(value("1_000_000").i == 1000000);
    CHECK(value("9223372036854775807").value == ConstKind::Int);
    CHECK(value("9223372036854775808").value == ConstKind::BigInt);
    CHECK(value("9223372036854775808").s == "9223372036854775808");
    CHECK(value("0xffffffffffffffffffff").s == "1208925819614629174706175");
    CHECK(value("1.5e3").f == 1500.0);
    CHECK(value(".5").f == 0.5);
    CHECK(value("2j").value == ConstKind::Imag);
    CHECK(value("'\\x41\\u00e9\\101'").s ==
          "A\xC3\xA9"
          "A");
    CHECK(value("'\\N{GREEK SMALL LETTER ALPHA}'").s == "\xCE\xB1");
    CHECK(value("'\\U0001F600'").s == "\xF0\x9F\x98\x80");
    CHECK(value("r'\\n'").s == "\\n");
    CHECK(value("b'\\xff\\x00'").s == std::string("\xff\x00", 2));
    CHECK(value("'a' \"b\" '''c'''").s == "abc");
    CHECK(value("'''a\nb'''").s == "a\nb");
    CHECK(value("'a\\\nb'").s == "ab");
    CHECK(value("u'x'").s == "x");
}

TEST_CASE("parser: unsupported syntax is reported at its place", "[lang][parser][errors]") {
    struct Case {
        const char* src;
        const char* msg;
        uint32_t line, col;
    };
    const Case cases[] = {
        { "async def f():\n    pass\n", "'async def' is not supported by GraphLens", 1, 1 },
        { "x = 1\nawait y\n", "'await' is not supported by GraphLens", 2, 1 },
        { "def f():\n    return await g()\n", "'await' is not supported by GraphLens", 2, 12 },
        { "match x:\n    case 1:\n        pass\n", "the 'match' statement is not supported by GraphLens", 1, 1 },
        { "try:\n    pass\nexcept* E:\n    pass\n", "'except*' (exception groups) is not supported by GraphLens", 3,
          1 },
        { "def f():\n    async with a:\n        pass\n", "'async with' is not supported by GraphLens", 2, 5 },
        { "x = [a async for a in b]\n", "asynchronous comprehension is not supported by GraphLens", 1, 8 },
        { "type X = int\n", "the 'type' alias statement is not supported by GraphLens", 1, 1 },
    };
    for (const Case& c : cases) {
        INFO(c.src);
        try {
            parseModule(c.src, "t.py");
            FAIL_CHECK("no error");
        } catch (const SyntaxError& e) {
            CHECK(e.message() == c.msg);
            CHECK(e.line() == c.line);
            CHECK(e.column() == c.col);
        }
    }
    // soft keywords stay usable as names
    CHECK_NOTHROW(parseModule("match = 1\nmatch(x)\nmatch[1]\ntype = 2\nprint(type)\n"));
}

TEST_CASE("parser: SyntaxError formatting", "[lang][parser][errors]") {
    try {
        parseModule("x = 1\nif x\n    pass\n", "script.py");
        FAIL("no error");
    } catch (const SyntaxError& e) {
        CHECK(e.format() == "  File \"script.py\", line 2\n    if x\n        ^\nSyntaxError: expected ':'");
        CHECK(e.file() == "script.py");
        CHECK(e.sourceLine() == "if x");
    }
}
