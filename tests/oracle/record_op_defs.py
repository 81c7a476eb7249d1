"""Records TensorFlow's registered op definitions as a binary OpList (descriptions stripped).

GraphLens compiles the result into core (core/graph/data/tf_op_defs.binpb) to know each op's
inputs, outputs and attributes for files that carry no stripped_op_list (frozen GraphDefs).
Run with the oracle venv: tests/oracle/venv/bin/python tests/oracle/record_op_defs.py
"""
import os
import sys

import tensorflow as tf  # noqa: F401  (registers the ops)
from tensorflow.core.framework import op_def_pb2

out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "..", "core", "graph", "data", "tf_op_defs.binpb")

from tensorflow.python.client import pywrap_tf_session  # noqa: E402

ops = op_def_pb2.OpList()
buf = pywrap_tf_session.TF_GetAllOpList()
all_ops = op_def_pb2.OpList()
all_ops.ParseFromString(pywrap_tf_session.TF_GetBuffer(buf))
pywrap_tf_session.TF_DeleteBuffer(buf)
for op in sorted(all_ops.op, key=lambda o: o.name):
    op.ClearField("summary")
    op.ClearField("description")
    for arg in list(op.input_arg) + list(op.output_arg):
        arg.ClearField("description")
    for attr in op.attr:
        attr.ClearField("description")
    ops.op.append(op)
with open(out_path, "wb") as f:
    f.write(ops.SerializeToString(deterministic=True))
print(f"{len(ops.op)} ops, {os.path.getsize(out_path)} bytes -> {out_path}", file=sys.stderr)
