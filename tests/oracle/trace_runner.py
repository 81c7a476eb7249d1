#!/usr/bin/env python3
"""Run one corpus script under real TensorFlow and log every tf.function trace it makes.

    trace_runner.py SCRIPT.py      (env GRAPHLENS_TRACE_OUT=FILE: one JSON object per line)

The script runs as __main__ through runpy, so its stdout, stderr, exit status and the last line of
an uncaught exception's traceback are what `python SCRIPT.py` gives (only the traceback's middle
gains runpy frames, and the corpus compares just its last line). TensorFlow is not imported
here: an import hook patches tracing_compilation when the script itself imports TensorFlow, so a
script that never does runs exactly as before.

The hook wraps tracing_compilation._create_concrete_function, the step that turns one traced
FuncGraph into a ConcreteFunction: it runs once per trace (also for get_concrete_function and for
the second trace of a first call that creates variables) and not for cond/while branch graphs,
which are FuncGraphs of their own but no traces. A trace that raises logs nothing. Traces of
Python functions defined outside the script (tf.data's map wrapper, Keras's train/predict steps)
are not logged: the corpus is about the user's functions. Each line is

    {"function": __name__, "qualname": __qualname__,
     "ops": {op type: count} over the traced graph's own nodes (GraphDef.node),
     "library": {op type: count} over the nodes of every function in its library, flattened
                (If/While branches, nested tf.function calls, their own nested functions)}

written when the trace finishes, so a nested tf.function's trace comes before its caller's. With
GRAPHLENS_TRACE_SHAPES=1 in the environment each line also has

     "shapes": {node name: {"op": op type, "inputs": [its data inputs' tensor names, "x:0"],
                "shapes": [the static shape of each output: a list of dims (null where unknown), or
                null for an unknown rank]}} over the graph's own nodes

(record_shapes.py keeps them for the static-shape audit).
"""
import collections
import importlib.abc
import importlib.util
import json
import os
import runpy
import sys

TARGET = "tensorflow.python.eager.polymorphic_function.tracing_compilation"


def _unwrap(fn):
    seen = set()
    while id(fn) not in seen:
        seen.add(id(fn))
        if hasattr(fn, "__func__"):
            fn = fn.__func__
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        else:
            break
    return fn


def _op_counts(nodes):
    return dict(sorted(collections.Counter(n.op for n in nodes).items()))


def _shape_json(shape):
    return None if shape.rank is None else [d for d in shape.as_list()]


def _node_shapes(graph):
    return {op.name: {"op": op.type, "inputs": [t.name for t in op.inputs],
                      "shapes": [_shape_json(t.shape) for t in op.outputs]}
            for op in graph.get_operations()}


def _library_counts(graph_def):
    counts = collections.Counter()
    for fdef in graph_def.library.function:
        counts.update(n.op for n in fdef.node_def)
    return dict(sorted(counts.items()))


def _install(module, out_path, script_dir):
    original = module._create_concrete_function

    def create_concrete_function(function_type, type_context, func_graph, tracing_options):
        concrete = original(function_type, type_context, func_graph, tracing_options)
        fn = _unwrap(tracing_options.python_function)
        code = getattr(fn, "__code__", None)
        if code is None or os.path.dirname(os.path.abspath(code.co_filename)) != script_dir:
            return concrete
        graph_def = concrete.graph.as_graph_def()
        entry = {"function": getattr(fn, "__name__", str(fn)),
                 "qualname": getattr(fn, "__qualname__", ""),
                 "ops": _op_counts(graph_def.node),
                 "library": _library_counts(graph_def)}
        if os.environ.get("GRAPHLENS_TRACE_SHAPES") == "1":
            entry["shapes"] = _node_shapes(concrete.graph)
        with open(out_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")
        return concrete

    module._create_concrete_function = create_concrete_function


class _PatchOnImport(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, out_path, script_dir):
        self.out_path, self.script_dir = out_path, script_dir
        self.spec = None

    def find_spec(self, name, path=None, target=None):
        if name != TARGET or self.spec is not None:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        sys.meta_path.insert(0, self)
        if spec is None:
            return None
        self.spec = spec
        self.real_loader = spec.loader
        spec.loader = self
        return spec

    def create_module(self, spec):
        return self.real_loader.create_module(spec)

    def exec_module(self, module):
        self.real_loader.exec_module(module)
        _install(module, self.out_path, self.script_dir)


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: trace_runner.py SCRIPT.py [args...]")
    script = sys.argv[1]
    out_path = os.environ.get("GRAPHLENS_TRACE_OUT")
    if out_path:
        script_dir = os.path.dirname(os.path.abspath(script))
        sys.meta_path.insert(0, _PatchOnImport(os.path.abspath(out_path), script_dir))
    sys.argv = sys.argv[1:]
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    # By its absolute path, as `python SCRIPT.py` names its main code (tracebacks, TF's "in user
    # code:" frames).
    runpy.run_path(os.path.abspath(script), run_name="__main__")


if __name__ == "__main__":
    main()
