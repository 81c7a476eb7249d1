# json: dumps (separators, indent as int and str, sort_keys, ensure_ascii, non-str keys, floats,
# default, the errors, circular references), loads (numbers, escapes and surrogate pairs,
# constants, object_hook, every decode error with line/column), dump/load through a file, and
# the built-in types' own __repr__.
import json
print(json.dumps({"a": 1, "b": [1.5, True, None, "x\n\"y\"", float("inf")], 3: "k", 2.5: 1, None: 2, False: 3}))
print(json.dumps([1, {"z": 2, "a": [3, {"q": []}], "e": {}}], indent=2, sort_keys=True))
print(json.dumps({"a": [1, 2]}, indent="\t"))
print(json.dumps({"a": [1, 2]}, separators=(",", ":")))
print(json.dumps("héllo ☃ \U0001F600 \x01"), json.dumps("héllo ☃", ensure_ascii=False))
print(json.dumps((1, 2)), json.dumps(1e100), json.dumps(0.1), json.dumps(-0.0), json.dumps(12345678901234567890))
print(json.dumps([], indent=2), json.dumps({}, indent=2), json.dumps([[]], indent=1))
print(json.dumps({"x": object()}, default=lambda o: "obj"))
for bad in [lambda: json.dumps({(1, 2): 3}), lambda: json.dumps(object()), lambda: json.dumps(float("nan"), allow_nan=False)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
l = []
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print("ValueError", e)
print(json.loads('{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d\\n\\u00e9\\ud83d\\ude00"}}'))
print(json.loads("[NaN, Infinity, -Infinity]"), json.loads(' 42 '), json.loads('"s"'), type(json.loads("1.0")).__name__)
print(json.loads('{"a": 1}', object_hook=lambda d: sorted(d.items())))
for doc in ["", "[1,]", "{'a': 1}", '{"a" 1}', "[1 2]", "[1] x", '"abc', '"\\q"', "tru", '{"a":1,}', "[\"\x01\"]", '"\\u12"']:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(doc), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
print(json.loads('\n\n  [1,\n  oops]') if False else "")
try:
    json.loads('\n\n  [1,\n  oops]')
except ValueError as e:
    print(type(e).__name__, e)
import os
os.makedirs("_tmp_559", exist_ok=True)
with open("_tmp_559/h.json", "w") as f:
    json.dump({"loss": [0.5, 0.25], "epochs": 2}, f, indent=1)
with open("_tmp_559/h.json") as f:
    print(json.load(f))
with open("_tmp_559/h.json") as f:
    print(f.read())
os.remove("_tmp_559/h.json")
os.rmdir("_tmp_559")
print(int.__repr__(5), float.__repr__(0.1), str.__repr__("a"), list.__repr__([1]), bool.__repr__(True))
