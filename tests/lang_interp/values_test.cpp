// Value formatting, big integers, dict/set ordering and the MT19937 generator against CPython.
#include <catch2/catch.hpp>

#include "interp_test_util.h"

using namespace graphlens::lang;
using graphlens::lang::test::runPy;

TEST_CASE("float repr matches CPython", "[lang][values]") {
    struct Case {
        double d;
        const char* s;
    };
    const Case cases[] = {
        { 0.0, "0.0" },
        { -0.0, "-0.0" },
        { 1.0, "1.0" },
        { 100.0, "100.0" },
        { 0.1, "0.1" },
        { 1e16, "1e+16" },
        { 1e15, "1000000000000000.0" },
        { 1e-7, "1e-07" },
        { 0.0001, "0.0001" },
        { 1.5e300, "1.5e+300" },
        { 0.1 + 0.2, "0.30000000000000004" },
        { 1.0 / 3, "0.3333333333333333" },
        { 123456789.125, "123456789.125" },
        { 2.5e-5, "2.5e-05" },
        { -1.25, "-1.25" },
        { 5e-324, "5e-324" },
        { 1.7976931348623157e308, "1.7976931348623157e+308" },
    };
    for (const auto& c : cases) CHECK(floatRepr(c.d) == c.s);
    CHECK(floatRepr(1.0 / 0.0) == "inf");
    CHECK(floatRepr(-1.0 / 0.0) == "-inf");
    CHECK(floatRepr(0.0 / 0.0) == "nan");
}

TEST_CASE("big integers follow CPython", "[lang][values]") {
    auto c = runPy("print(2**100)\n"
                   "print(-(2**64) + 1)\n"
                   "print(10**30 // 7, 10**30 % 7, -(10**30) // 7, -(10**30) % 7)\n"
                   "print((2**70) * (3**40))\n"
                   "print(2**200 >> 150, 1 << 100, (2**100) & (2**99 + 5), (-(2**80)) | 3, (2**65) ^ (2**64))\n"
                   "print(9223372036854775807 + 1, -9223372036854775808 - 1)\n"
                   "print(int('123456789012345678901234567890'), int('-' + 'ff' * 10, 16))\n"
                   "print(hex(2**80), bin(2**66), 2**64 == 18446744073709551616, 2**64 > 2**63, hash(2**61))\n");
    REQUIRE(c.result.ok);
    CHECK(
        c.out ==
        "1267650600228229401496703205376\n"
        "-18446744073709551615\n"
        "142857142857142857142857142857 1 -142857142857142857142857142858 6\n"
        "14353237968448109868972222216943775514624\n"
        "1125899906842624 1267650600228229401496703205376 0 -1208925819614629174706173 55340232221128654848\n"
        "9223372036854775808 -9223372036854775809\n"
        "123456789012345678901234567890 -1208925819614629174706175\n"
        "0x100000000000000000000 0b1000000000000000000000000000000000000000000000000000000000000000000 True True 1\n");
}

TEST_CASE("dict keeps insertion order, sets follow CPython's table", "[lang][values]") {
    auto c = runPy("d = {'b': 1, 'a': 2}\nd['c'] = 3\ndel d['b']\nd['b'] = 4\nprint(d)\n"
                   "print({3, 1, 2}, {10, 5, 100, 7, 8}, set(range(20, 0, -3)))\n"
                   "s = {1, 9, 17}\nprint(s)\n"
                   "print(hash(1) == hash(1.0) == hash(True), hash(-1), {1: 'a', 1.0: 'b', True: 'c'})\n"
                   "print({(1, 2), (2, 1)} == {(2, 1), (1, 2)}, {-1, -2, 0})\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "{'a': 2, 'c': 3, 'b': 4}\n"
          "{1, 2, 3} {100, 5, 7, 8, 10} {2, 5, 8, 11, 14, 17, 20}\n"
          "{1, 9, 17}\n"
          "True -2 {1: 'c'}\n"
          "True {0, -1, -2}\n");
}

TEST_CASE("random is seeded exactly like CPython", "[lang][values]") {
    auto c = runPy("import random\nrandom.seed(42)\n"
                   "print(random.random())\nprint(random.random())\nprint(random.random())\n"
                   "random.seed(42)\nprint([random.randint(1, 10) for _ in range(5)])\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "0.6394267984578837\n0.025010755222666936\n0.27502931836911926\n"
          "[2, 1, 5, 4, 4]\n");
}

TEST_CASE("formatting and tracebacks", "[lang][values]") {
    auto c = runPy("print(f'{3.14159:.2f}|{42:>5}|{255:#x}|{1234567:,}', '%5.1f%%' % 12.34, repr('it\\'s'))\n"
                   "def f(a, b):\n    return a / b\nf(1, 0)\n");
    CHECK(c.out == "3.14|   42|0xff|1,234,567  12.3% \"it's\"\n");
    CHECK_FALSE(c.result.ok);
    CHECK(c.result.exitCode == 1);
    CHECK(c.err ==
          "Traceback (most recent call last):\n"
          "  File \"test.py\", line 4, in <module>\n"
          "    f(1, 0)\n"
          "  File \"test.py\", line 3, in f\n"
          "    return a / b\n"
          "ZeroDivisionError: division by zero\n");
}

TEST_CASE("generators suspend and resume", "[lang][values]") {
    auto c = runPy("def count(n):\n    i = 0\n    while i < n:\n        got = yield i\n        if got:\n            i "
                   "+= got\n        i += 1\n    return 'done'\n"
                   "g = count(10)\nprint(next(g), g.send(3), next(g))\n"
                   "print(list(count(3)), sum(x * x for x in range(5)), type(g).__name__)\n"
                   "def outer():\n    r = yield from count(2)\n    yield r\nprint(list(outer()))\n"
                   "def inf():\n    n = 0\n    while True:\n        yield n\n        n += 1\n"
                   "out = []\nfor v in inf():\n    if v > 4:\n        break\n    out.append(v)\nprint(out)\n");
    REQUIRE(c.result.ok);
    CHECK(c.out == "0 4 5\n[0, 1, 2] 30 generator\n[0, 1, 'done']\n[0, 1, 2, 3, 4]\n");
}

TEST_CASE("bytearray is a mutable type of its own", "[lang][values]") {
    auto c = runPy("ba = bytearray(b'abc')\nba[0] = 65\nba.append(100)\nba.extend([101, 102])\n"
                   "print(ba, len(ba), ba[1], ba[1:3], ba.pop(), ba == b'Abcde', bytes(ba))\n"
                   "ba[1:3] = b'XYZ'\ndel ba[0]\nba += b'!'\n"
                   "print(ba, list(ba), ba.decode(), ba.hex(), ba.upper(), isinstance(ba, bytes))\n"
                   "print(bytearray(2), bytearray('hi', 'utf-8'), bytearray([1, 255]))\n"
                   "try:\n    hash(ba)\nexcept TypeError as e:\n    print(e)\n"
                   "try:\n    ba[0] = 256\nexcept ValueError as e:\n    print(e)\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "bytearray(b'Abcde') 6 98 bytearray(b'bc') 102 True b'Abcde'\n"
          "bytearray(b'XYZde!') [88, 89, 90, 100, 101, 33] XYZde! 58595a646521 bytearray(b'XYZDE!') False\n"
          "bytearray(b'\\x00\\x00') bytearray(b'hi') bytearray(b'\\x01\\xff')\n"
          "unhashable type: 'bytearray'\n"
          "byte must be in range(0, 256)\n");
}

TEST_CASE("ranges with bounds beyond int64", "[lang][values]") {
    auto c = runPy("r = range(2**70, 2**70 + 10, 3)\n"
                   "print(r, r[1], r[-1], 2**70 + 3 in r, 2**70 + 4 in r, list(r), r[1:3], list(reversed(r)))\n"
                   "R = range(0, 2**100, 7)\n"
                   "print(R[10**20], R[-1], 14 in R, 15 in R, R.index(21), bool(R), R[::2**50])\n"
                   "try:\n    len(R)\nexcept OverflowError as e:\n    print(e)\n"
                   "print(len(range(-2**63, 2**63 - 1, 3)), range(2**70) == range(0, 2**70, 1))\n");
    REQUIRE(c.result.ok);
    CHECK(c.out ==
          "range(1180591620717411303424, 1180591620717411303434, 3) 1180591620717411303427 "
          "1180591620717411303433 True False [1180591620717411303424, 1180591620717411303427, "
          "1180591620717411303430, 1180591620717411303433] range(1180591620717411303427, "
          "1180591620717411303433, 3) [1180591620717411303433, 1180591620717411303430, "
          "1180591620717411303427, 1180591620717411303424]\n"
          "700000000000000000000 1267650600228229401496703205374 True False 3 True "
          "range(0, 1267650600228229401496703205381, 7881299347898368)\n"
          "Python int too large to convert to C ssize_t\n"
          "6148914691236517205 True\n");
}
