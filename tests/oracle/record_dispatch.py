#!/usr/bin/env python3
"""Record how real TensorFlow 2.21 dispatches tf.function calls, for core/function's dispatch table.

Writes tests/function/dispatch/cases.json: for each case (a Python function, tf.function options
and a sequence of calls) and each call, what TF decided:

    {"name", "params": "x, n=3", "make_variable": bool (the body creates a tf.Variable once), "options": {"reduce_retracing": bool, "input_signature": [enc]},
     "calls": [{"op": "call" | "gcf",                  # f(...) or f.get_concrete_function(...)
                "request": [{"name", "kind", "value": enc, "type": str}],   # canonical binding
                "request_text": str,                   # str(FunctionType) of the request, no output
                "traced": int,                         # experimental_get_tracing_count() delta
                "served": int | null,                  # which trace (0-based, in order) ran the call
                "new_targets": [{"params": [{"name", "kind", "type"}], "text": str,
                                 "repr": str,         # repr(FunctionType): "Input Parameters: ..."
                                 "structured": str}], # repr(ConcreteFunction.structured_input_signature)
                "error": str | null,                   # the exception's "Type: message", if any
                "warning": str | null}]}               # the retrace warning this call logged

An argument encoding `enc` describes a value without Python: {"t": "tensor", "shape", "dtype"},
{"t": "spec", "shape", "dtype", "name"} (a TensorSpec), {"t": "var", "shape", "dtype",
"trainable", "alias"}, {"t": "lit", "py": "int"|"float"|"bool"|"none"|"str"|"bytes", "v"},
{"t": "list"|"tuple", "items"}, {"t": "dict", "items": [[key enc, value enc]]},
{"t": "nt", "name", "fields", "items"}, {"t": "obj", "id", "repr"} (a plain object, by identity).
Shapes are lists with null for an unknown dimension, or null for an unknown rank.

Also writes tests/function/dispatch/warnings.json: the retrace warning (_FrequentTracingDetector)
for call sequences, as logged by TF: per sequence the calls (traced or not, which Python function
code) and the calls after which a warning was logged, with its text ("at 0x..." normalised).

    TF_CPP_MIN_LOG_LEVEL=3 CUDA_VISIBLE_DEVICES=-1 tests/oracle/venv/bin/python tests/oracle/record_dispatch.py
"""
import collections
import inspect
import json
import logging
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")
import tensorflow as tf  # noqa: E402
from tensorflow.core.function.polymorphism import function_type as function_type_lib  # noqa: E402

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "function", "dispatch")

P = collections.namedtuple("P", ["a", "b"])
Q = collections.namedtuple("Q", ["a", "c"])


class Obj:
    def __init__(self, tag):
        self.tag = tag

    def __repr__(self):
        return f"Obj({self.tag})"


# ---- value specifications (what a call passes), built into real values per case ----
def T(shape, dtype="float32"):
    return ("tensor", shape, dtype)


def S(shape, dtype="float32", name=None):
    return ("spec", shape, dtype, name)


def V(k, shape=(2,), dtype="float32", trainable=True):
    return ("var", k, tuple(shape), dtype, trainable)


def O(k):  # noqa: E743
    return ("obj", k)


def build(spec, objects, variables):
    if isinstance(spec, tuple) and spec and spec[0] == "tensor":
        _, shape, dtype = spec
        if dtype == "string":
            return tf.fill(shape, "")
        return tf.zeros(shape, dtype=dtype)
    if isinstance(spec, tuple) and spec and spec[0] == "spec":
        _, shape, dtype, name = spec
        return tf.TensorSpec(shape, dtype, name=name)
    if isinstance(spec, tuple) and spec and spec[0] == "var":
        _, k, shape, dtype, trainable = spec
        if k not in variables:
            variables[k] = tf.Variable(tf.zeros(shape, dtype), trainable=trainable)
        return variables[k]
    if isinstance(spec, tuple) and spec and spec[0] == "obj":
        if spec[1] not in objects:
            objects[spec[1]] = Obj(spec[1])
        return objects[spec[1]]
    if isinstance(spec, tuple) and spec and spec[0] == "tuple":
        return tuple(build(s, objects, variables) for s in spec[1])
    if isinstance(spec, tuple) and spec and spec[0] in ("P", "Q"):
        cls = P if spec[0] == "P" else Q
        return cls(*(build(s, objects, variables) for s in spec[1]))
    if isinstance(spec, list):
        return [build(s, objects, variables) for s in spec]
    if isinstance(spec, dict):
        return {k: build(v, objects, variables) for k, v in spec.items()}
    return spec


def Tup(*items):
    return ("tuple", items)


def NT(cls, *items):
    return (cls, items)


def shape_enc(shape):
    return None if shape.rank is None else [d for d in shape.as_list()]


def encode(value, objects, aliases):
    if isinstance(value, tf.Variable):
        handle = id(value)
        if handle not in aliases:
            aliases[handle] = len(aliases)
        return {"t": "var", "shape": shape_enc(value.shape), "dtype": value.dtype.name,
                "trainable": value.trainable, "alias": aliases[handle]}
    if isinstance(value, tf.Tensor):
        return {"t": "tensor", "shape": shape_enc(value.shape), "dtype": value.dtype.name}
    if isinstance(value, tf.TensorSpec):
        return {"t": "spec", "shape": shape_enc(value.shape), "dtype": value.dtype.name, "name": value.name}
    if value is None:
        return {"t": "lit", "py": "none", "v": None}
    if isinstance(value, bool):
        return {"t": "lit", "py": "bool", "v": value}
    if isinstance(value, int):
        return {"t": "lit", "py": "int", "v": value}
    if isinstance(value, float):
        return {"t": "lit", "py": "float", "v": value if value == value else "nan"}
    if isinstance(value, str):
        return {"t": "lit", "py": "str", "v": value}
    if isinstance(value, bytes):
        return {"t": "lit", "py": "bytes", "v": value.decode("latin-1")}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"t": "nt", "name": type(value).__name__, "fields": list(value._fields),
                "items": [encode(v, objects, aliases) for v in value]}
    if isinstance(value, tuple):
        return {"t": "tuple", "items": [encode(v, objects, aliases) for v in value]}
    if isinstance(value, list):
        return {"t": "list", "items": [encode(v, objects, aliases) for v in value]}
    if isinstance(value, dict):
        return {"t": "dict", "items": [[encode(k, objects, aliases), encode(v, objects, aliases)]
                                       for k, v in value.items()]}
    for k, o in objects.items():
        if o is value:
            return {"t": "obj", "id": k, "repr": repr(o)}
    raise TypeError(f"cannot encode {value!r}")


def kind_name(kind):
    return str(kind)


def type_text(ft):
    """str(FunctionType) without the '-> output' part."""
    text = str(ft)
    return text.split(") -> ")[0] + ")" if ") -> " in text else text


def params_of(ft):
    return [{"name": p.name, "kind": kind_name(p.kind), "type": normalise(str(p.type_constraint))}
            for p in ft.parameters.values()]


def canonical_binding(pyfunc, args, kwargs, objects):
    """The bound arguments as TF canonicalises them (defaults injected, *args/**kwargs expanded)."""
    sig = inspect.signature(pyfunc)
    bound = sig.bind(*args, **kwargs)
    bound.apply_defaults()
    has_var_positional = any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values())
    aliases = {}
    out = []
    for name, value in bound.arguments.items():
        p = sig.parameters[name]
        if p.kind is p.VAR_POSITIONAL:
            for i, v in enumerate(value):
                out.append((f"{name}_{i}", "POSITIONAL_ONLY", encode(v, objects, aliases)))
        elif p.kind is p.VAR_KEYWORD:
            for k in sorted(value):
                out.append((k, "KEYWORD_ONLY", encode(value[k], objects, aliases)))
        elif has_var_positional and p.kind is p.POSITIONAL_OR_KEYWORD:
            out.append((name, "POSITIONAL_ONLY", encode(value, objects, aliases)))
        else:
            out.append((name, kind_name(p.kind), encode(value, objects, aliases)))
    return out


def run_case(case, capture):
    serial = []
    # The docstring makes each case's code object distinct: TF keys the retrace-warning detector
    # by the code object, and equal code objects (same text) would share one.
    src = f"def fn({case['params']}):\n    {case['name']!r}\n    serial.append(1)\n    return tf.constant(len(serial) - 1)\n"
    if case.get("make_variable"):
        src = (f"def fn({case['params']}):\n    {case['name']!r}\n    serial.append(1)\n    if not made:\n"
               "        made.append(tf.Variable(1.0))\n    return tf.constant(len(serial) - 1)\n")
    scope = {"tf": tf, "serial": serial, "made": []}
    exec(src, scope)
    pyfunc = scope["fn"]
    options = dict(case.get("options", {}))
    objects, variables = {}, {}
    sig_specs = options.get("input_signature")
    kw = {}
    if options.get("reduce_retracing"):
        kw["reduce_retracing"] = True
    if sig_specs is not None:
        kw["input_signature"] = [build(s, objects, variables) for s in sig_specs]
    f = tf.function(pyfunc, **kw)
    record = {"name": case["name"], "params": case["params"], "make_variable": bool(case.get("make_variable")),
              "options": {"reduce_retracing": bool(options.get("reduce_retracing")),
                          "input_signature": None if sig_specs is None else
                          [encode(s, objects, {}) for s in kw["input_signature"]]},
              "calls": []}
    for call in case["calls"]:
        op = call[0]
        args = [build(a, objects, variables) for a in call[1]]
        kwargs = {k: build(v, objects, variables) for k, v in (call[2] if len(call) > 2 else {}).items()}
        entry = {"op": op}
        try:
            # The request as an unconstrained function would see it (input_signature's casting
            # of Python values to tensors happens after this).
            request, _ = function_type_lib.canonicalize_to_monomorphic(
                args, kwargs, f._default_values, collections.OrderedDict(),
                function_type_lib.FunctionType.from_callable(pyfunc))
            binding = canonical_binding(pyfunc, args, kwargs, objects)
            names = [p.name for p in request.parameters.values()]
            assert names == [b[0] for b in binding], (names, binding)
            entry["request"] = [{"name": b[0], "kind": b[1], "value": b[2], "type": normalise(str(p.type_constraint))}
                                for b, p in zip(binding, request.parameters.values())]
            entry["request_text"] = normalise(type_text(request))
        except Exception as e:  # noqa: BLE001
            entry["request"] = None
            entry["request_text"] = f"{type(e).__name__}: {e}"
        capture.messages.clear()
        before_keys = list(f._function_cache._primary.keys())
        before = f.experimental_get_tracing_count()
        entry["served"] = None
        entry["error"] = None
        try:
            if op == "call":
                out = f(*args, **kwargs)
                entry["served"] = int(out.numpy())
            else:
                cf = f.get_concrete_function(*args, **kwargs)
                for i, key in enumerate(f._function_cache._primary.keys()):
                    if f._function_cache._primary[key] is cf:
                        entry["served"] = i
        except Exception as e:  # noqa: BLE001
            entry["error"] = re.sub(r" at 0x[0-9a-f]+", " at 0x...", f"{type(e).__name__}: {e}")
        entry["traced"] = f.experimental_get_tracing_count() - before
        entry["warning"] = normalise(capture.messages[0]) if capture.messages else None
        new_keys = [k for k in f._function_cache._primary.keys() if k not in before_keys]
        entry["new_targets"] = [{"params": params_of(k[1]), "text": normalise(type_text(k[1])),
                                 "repr": normalise(repr(k[1])),
                                 "structured": normalise(repr(f._function_cache._primary[k].structured_input_signature))}
                                for k in new_keys]
        record["calls"].append(entry)
    return record


C, G = "call", "gcf"
CASES = [
    {"name": "shapes", "params": "x", "calls": [
        (C, [T([2])]), (C, [T([2])]), (C, [T([3])]), (C, [T([2, 1])]), (C, [T([])]), (C, [T([3])])]},
    {"name": "dtypes", "params": "x", "calls": [
        (C, [T([2], "int32")]), (C, [T([2], "float32")]), (C, [T([2], "int32")]), (C, [T([2], "float64")]),
        (C, [T([2], "bool")]), (C, [T([2], "string")]), (C, [T([2], "int64")])]},
    {"name": "python_numbers", "params": "x, n", "calls": [
        (C, [T([2]), 3]), (C, [T([2]), 3]), (C, [T([2]), 5]), (C, [T([2]), 3.0]), (C, [T([2]), True]),
        (C, [T([2]), 1]), (C, [T([2]), 1.0]), (C, [T([2]), 2.5]), (C, [T([2]), -7]), (C, [T([2]), float("nan")]),
        (C, [T([2]), float("nan")]), (C, [T([2]), 1e300]), (C, [T([2]), False]), (C, [T([2]), 0])]},
    {"name": "python_other_literals", "params": "x, s", "calls": [
        (C, [T([]), None]), (C, [T([]), "abc"]), (C, [T([]), "abc"]), (C, [T([]), "it's"]), (C, [T([]), b"by"]),
        (C, [T([]), "by"]), (C, [T([]), None]), (C, [T([]), 'q"uote']), (C, [T([]), "tab\tnl\n"])]},
    {"name": "tensor_vs_python", "params": "x", "calls": [
        (C, [T([])]), (C, [2]), (C, [T([])]), (C, [2.0]), (C, [T([], "int32")])]},
    {"name": "lists_tuples", "params": "xs", "calls": [
        (C, [[T([2]), T([2])]]), (C, [[T([2]), T([2])]]), (C, [[T([2]), T([2]), T([2])]]),
        (C, [Tup(T([2]), T([2]))]), (C, [[1, 2]]), (C, [[2, 1]]), (C, [[1, 2]]), (C, [[]]), (C, [Tup()]),
        (C, [Tup(1, "a", None)]), (C, [[T([2]), [T([3]), 4]]]), (C, [[T([2]), [T([3]), 5]]])]},
    {"name": "dicts", "params": "d", "calls": [
        (C, [{"a": T([2]), "b": 1}]), (C, [{"b": 1, "a": T([2])}]), (C, [{"a": T([3]), "b": 1}]),
        (C, [{"a": T([2]), "c": 1}]), (C, [{"a": T([2])}]), (C, [{1: 2, 3: 4}]), (C, [{3: 4, 1: 2}]),
        (C, [{"a": T([2]), "b": 1, "z": [1, T([1], "int32")]}])]},
    {"name": "namedtuples", "params": "p", "calls": [
        (C, [NT("P", T([2]), 1)]), (C, [NT("P", T([2]), 1)]), (C, [NT("P", T([3]), 1)]), (C, [NT("Q", T([2]), 1)]),
        (C, [Tup(T([2]), 1)]), (C, [NT("P", T([2]), 2)])]},
    {"name": "objects", "params": "o, x", "calls": [
        (C, [O(1), T([])]), (C, [O(1), T([])]), (C, [O(2), T([])]), (C, [O(1), T([])]), (C, [O(3), T([2])])]},
    {"name": "variables", "params": "a, b", "calls": [
        (C, [V(1), V(2)]), (C, [V(1), V(2)]), (C, [V(1), V(1)]), (C, [V(2), V(1)]), (C, [V(3, (3,)), V(1)]),
        (C, [V(4, (2,), "float32", False), V(1)]), (C, [V(5, (2,), "int32"), V(1)])]},
    {"name": "defaults_varargs_kwargs", "params": "x, n=3, *args, **kw", "calls": [
        (C, [T([2])]), (C, [T([2]), 3]), (C, [T([2]), 4]), (C, [T([2]), 3, T([1])]), (C, [T([2]), 3, T([1])], {"zz": 1, "aa": "s"}),
        (C, [T([2]), 3, T([1])], {"aa": "s", "zz": 1}), (C, [T([2])], {"aa": T([3])})]},
    {"name": "keyword_only", "params": "x, *, k=1, j", "calls": [
        (C, [T([2])], {"j": 2}), (C, [T([2])], {"j": 2, "k": 1}), (C, [T([2])], {"k": 5, "j": 2})]},
    {"name": "subtype_dispatch", "params": "x", "calls": [
        (G, [S([None])]), (C, [T([2])]), (C, [T([3])]), (G, [S([2])]), (C, [T([2])]), (C, [T([3])]),
        (G, [S(None)]), (C, [T([2, 2])]), (C, [T([5])]), (G, [S([None], "int32")]), (C, [T([4], "int32")])]},
    {"name": "subtype_tie_insertion_order", "params": "x, y", "calls": [
        (G, [S([None]), S([2])]), (G, [S([2]), S([None])]), (C, [T([2]), T([2])]), (C, [T([3]), T([2])]),
        (C, [T([2]), T([3])]), (G, [S([2]), S([2])]), (C, [T([2]), T([2])])]},
    {"name": "cached_non_exact_then_better_target", "params": "x", "calls": [
        (G, [S(None)]), (C, [T([2, 3])]), (C, [T([2, 3])]), (G, [S([None, None])]), (C, [T([2, 3])]),
        (C, [T([7])])]},
    {"name": "gcf_named_specs", "params": "x", "calls": [
        (G, [S([2], "float32", "x")]), (C, [T([2])]), (G, [S([2], "float32", "other")]), (G, [S([2])]),
        (C, [T([2])])]},
    {"name": "gcf_python_args", "params": "x, n", "calls": [
        (G, [S([None]), 3]), (C, [T([2]), 3]), (C, [T([2]), 4]), (G, [S([None]), 4]), (C, [T([7]), 4])]},
    {"name": "reduce_retracing_shapes", "params": "x", "options": {"reduce_retracing": True}, "calls": [
        (C, [T([2])]), (C, [T([3])]), (C, [T([4])]), (C, [T([2])]), (C, [T([2, 2])]), (C, [T([3, 2])]),
        (C, [T([3, 3])]), (C, [T([])]), (C, [T([1, 1, 1])]), (C, [T([5], "int32")]), (C, [T([6], "int32")])]},
    {"name": "reduce_retracing_literals", "params": "x, n", "options": {"reduce_retracing": True}, "calls": [
        (C, [T([2]), 1]), (C, [T([3]), 1]), (C, [T([4]), 2]), (C, [T([5]), 2]), (C, [T([6]), 1]), (C, [T([2, 2]), 1])]},
    {"name": "reduce_retracing_containers", "params": "xs", "options": {"reduce_retracing": True}, "calls": [
        (C, [[T([2]), T([2])]]), (C, [[T([3]), T([2])]]), (C, [[T([3]), T([3])]]), (C, [[T([3])]]),
        (C, [[T([4])]]), (C, [{"a": T([1])}]), (C, [{"a": T([2])}]), (C, [{"a": T([2, 1])}])]},
    # TF 2.21 raises IndexError when a request has more parameters than an existing target.
    {"name": "reduce_retracing_varargs_length", "params": "*args", "options": {"reduce_retracing": True}, "calls": [
        (C, [T([2])]), (C, [T([3]), T([2])]), (C, [T([4])]), (C, [T([5]), T([2])]), (C, [T([5])])]},
    {"name": "input_signature", "params": "x", "options": {"input_signature": [S([None])]}, "calls": [
        (C, [T([2])]), (C, [T([3])]), (C, [[1.0, 2.0]]), (C, [T([2, 2])]), (C, [T([2], "int32")]), (G, []),
        (G, [S([None])]), (C, [T([5])])]},
    {"name": "input_signature_two", "params": "x, y", "options": {"input_signature": [S([None, 2]), S([], "int32")]},
     "calls": [(C, [T([1, 2]), T([], "int32")]), (C, [T([4, 2]), 3]), (C, [T([4, 3]), 3])]},
    {"name": "first_call_creates_variables", "params": "x", "make_variable": True, "calls": [
        (C, [T([2])]), (C, [T([2])]), (C, [T([3])]), (C, [T([3])])]},
]


# ---- the retrace warning ----
class Capture(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, rec):
        self.messages.append(rec.getMessage())


def normalise(text):
    return re.sub(r" at 0x[0-9a-f]+", " at 0x...", text)


def warning_sequences():
    """Each sequence: a list of steps ("t" = a call that traces, "n" = a call that does not)."""
    return {
        "every_call_retraces_12": "tttttttttttt",
        "retrace_every_other": "tntntntntntntntntntn",
        "two_then_many_hits": "ttnnnnnnnnnnttttt",
        "bursts_spread_out": "ttttnnnnnnnnnnnttttnnnnnnnnnnnntttt",
        "five_in_ten": "tnnntnntnntnnnnt",
        "five_in_eleven": "tnnnnntnnnttt",
        "slow_drift": "tnnnnnnnnnntnnnnnnnnnntnnnnnnnnnt",
        "gcf_then_calls": "gnnnnttttt",
        "many_30": "t" * 30,
    }


def run_warning_sequence(name, steps, capture):
    """Calls one tf.function; 't' passes a new Python int (retrace), 'n' repeats the last one,
    'g' calls get_concrete_function first (traces without counting as a call)."""
    scope = {}
    exec(f"def f(x):\n    {name!r}\n    return x\n", scope)  # a code object of its own: detectors are per code
    f = tf.function(scope["f"])
    capture.messages.clear()
    value = 0
    events = []
    for i, step in enumerate(steps):
        if step == "t":
            value += 1
            f(value)
        elif step == "n":
            f(value)
        else:
            f.get_concrete_function(value)
        if capture.messages:
            events.append({"after_step": i, "text": normalise(capture.messages[0])})
            capture.messages.clear()
    return events


def run_loop_case(capture, n=8):
    """tf.function created anew in a loop from one def: the detector is keyed by the code object."""
    capture.messages.clear()
    events = []
    for i in range(n):
        @tf.function
        def g(x):
            return x + 1
        g(tf.constant(1.0))
        if capture.messages:
            events.append({"after_step": i, "text": normalise(capture.messages[0])})
            capture.messages.clear()
    return events


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    capture = Capture()
    tf.get_logger().addHandler(capture)
    tf.get_logger().propagate = False
    cases = [run_case(c, capture) for c in CASES]
    meta = {"tensorflow": tf.__version__, "python": sys.version.split()[0]}
    with open(os.path.join(OUT_DIR, "cases.json"), "w") as out:
        json.dump({"oracle": meta, "cases": cases}, out, indent=1, sort_keys=False)
        out.write("\n")

    sequences = []
    for name, steps in warning_sequences().items():
        sequences.append({"name": name, "steps": steps, "warnings": run_warning_sequence(name, steps, capture)})
    loop = {"name": "tf_function_in_loop", "steps": "t" * 8, "warnings": run_loop_case(capture)}
    sequences.append(loop)
    with open(os.path.join(OUT_DIR, "warnings.json"), "w") as out:
        json.dump({"oracle": meta, "sequences": sequences}, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
