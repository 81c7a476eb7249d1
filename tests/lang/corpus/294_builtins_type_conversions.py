# Checks: int/float/str/bool/list/tuple/dict/set conversions.
print(int("42"), int(" -7 "), int(3.9), int(True), int("0x1f", 16), int("1010", 2))
print(float("3.5"), float(2), float("inf"), float("-inf"), float(" 1e3 "))
print(str(42), str(3.0), str([1, "a"]), str(None), str(b"x"))
print(bool(0), bool(3), bool(""), bool("False"), bool([]), bool(None))
print(list("ab"), list((1, 2)), list({"k": 0}), list(range(2)))
print(tuple([1]), tuple("xy"), dict([("a", 1)]), sorted(set("cba")))
print(int(), float(), str(), bool(), list(), tuple(), dict(), set())
