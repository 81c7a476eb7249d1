#!/usr/bin/env python3
"""Record what real TensorFlow sees in every TF fixture (oracle for GraphLens tests).

Reads ../shared/fixtures/tf beside the checkout (or --root) using only TensorFlow's own proto
classes, tf.train.load_checkpoint and tf.compat.v1.io.tf_record_iterator -- no
GraphLens code -- and writes tests/data/expected/fixtures.json.

Run with the oracle venv:  tests/oracle/venv/bin/python tests/oracle/record_fixtures.py
See tests/oracle/README.md for the entry format.
"""

import argparse
import collections
import json
import math
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from google.protobuf import text_format  # noqa: E402
from tensorflow.core.framework import graph_pb2, types_pb2  # noqa: E402
from tensorflow.core.protobuf import (  # noqa: E402
    fingerprint_pb2,
    meta_graph_pb2,
    saved_model_pb2,
)
from tensorflow.core.util import event_pb2  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# The shared fixtures beside the checkout, as the build's GRAPHLENS_FIXTURES_DIR.
DEFAULT_ROOT = os.path.normpath(os.path.join(REPO, "..", "shared", "fixtures", "tf"))
DEFAULT_OUT = os.path.join(REPO, "tests", "data", "expected", "fixtures.json")

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
SHARD_RE = re.compile(r"-\d{5}-of-\d{5}$")
DATA_SHARD_RE = re.compile(r"\.data-\d{5}-of-\d{5}$")
EVENTS_RE = re.compile(r"(^|/)events\.out\.tfevents\.")


# ----------------------------------------------------------------------------
# small helpers


def err_text(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    return text.strip()


def dtype_name(enum_value):
    try:
        return types_pb2.DataType.Name(enum_value)
    except ValueError:
        return "DT_UNKNOWN_%d" % enum_value


def json_number(x):
    """JSON-safe number: non-finite floats become the strings nan/inf/-inf."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    if isinstance(x, complex) or np.iscomplexobj(x):
        return [json_number(float(np.real(x))), json_number(float(np.imag(x)))]
    f = float(x)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def shape_of(tensor_shape_proto):
    if tensor_shape_proto.unknown_rank:
        return None
    return [int(d.size) for d in tensor_shape_proto.dim]


def op_histogram(nodes):
    return dict(sorted(collections.Counter(n.op for n in nodes).items()))


def graph_summary(graph_def, full=True):
    """node_count/op_histogram/functions[/gradients]/producer of a GraphDef."""
    out = {
        "node_count": len(graph_def.node),
        "op_histogram": op_histogram(graph_def.node),
        "functions": dict(
            sorted((f.signature.name, len(f.node_def)) for f in graph_def.library.function)
        ),
        "producer": int(graph_def.versions.producer),
    }
    if full:
        # extra: op histogram over all FunctionDef bodies (where TF2 control flow lives)
        out["function_op_histogram"] = dict(sorted(collections.Counter(
            n.op for f in graph_def.library.function for n in f.node_def).items()))
        out["gradients"] = dict(
            sorted((g.function_name, g.gradient_func) for g in graph_def.library.gradient)
        )
    return out


def tensor_info(ti):
    encoding = ti.WhichOneof("encoding")
    out = {
        "dtype": dtype_name(ti.dtype),
        "shape": shape_of(ti.tensor_shape),
    }
    if encoding == "name" or encoding is None:
        out["name"] = ti.name
    elif encoding == "coo_sparse":
        out["name"] = None
        out["coo_sparse"] = {
            "values_tensor_name": ti.coo_sparse.values_tensor_name,
            "indices_tensor_name": ti.coo_sparse.indices_tensor_name,
            "dense_shape_tensor_name": ti.coo_sparse.dense_shape_tensor_name,
        }
    else:  # composite_tensor
        out["name"] = None
        out["composite_tensor_components"] = [
            tensor_info(c) for c in ti.composite_tensor.components
        ]
    return out


def signature_summary(sig):
    return {
        "method_name": sig.method_name,
        "inputs": {k: tensor_info(sig.inputs[k]) for k in sorted(sig.inputs)},
        "outputs": {k: tensor_info(sig.outputs[k]) for k in sorted(sig.outputs)},
    }


def meta_graph_summary(mg):
    info = mg.meta_info_def
    out = {
        "tags": list(info.tags),
        "tensorflow_version": info.tensorflow_version,
        "tensorflow_git_version": info.tensorflow_git_version,
    }
    out.update(graph_summary(mg.graph_def, full=True))
    out["signatures"] = {k: signature_summary(mg.signature_def[k]) for k in sorted(mg.signature_def)}
    out["object_graph_nodes"] = len(mg.object_graph_def.nodes)
    out["concrete_functions"] = len(mg.object_graph_def.concrete_functions)
    out["asset_files"] = [a.filename for a in mg.asset_file_def]
    out["collections"] = sorted(mg.collection_def.keys())
    return out


def pseudo_meta_graph(graph_def):
    out = {"tags": []}
    out.update(graph_summary(graph_def, full=False))
    return out


# ----------------------------------------------------------------------------
# checkpoints


def tensor_values(value, dtype_enum):
    arr = np.asarray(value)
    flat = arr.reshape(-1)
    if dtype_enum == types_pb2.DT_STRING:
        first = []
        for v in flat[:4]:
            if isinstance(v, (bytes, np.bytes_)):
                first.append(bytes(v).decode("utf-8", errors="backslashreplace"))
            else:
                first.append(str(v))
        return None, first
    if arr.dtype == object:
        return None, [str(v) for v in flat[:4]]
    if np.iscomplexobj(arr):
        total = complex(np.sum(arr.astype(np.complex128)))
        return json_number(total), [json_number(v) for v in flat[:4]]
    if arr.dtype == np.bool_:
        total = float(np.sum(arr.astype(np.float64)))
        return json_number(total), [bool(v) for v in flat[:4]]
    total = float(np.sum(arr.astype(np.float64)))
    first = []
    for v in flat[:4]:
        if np.issubdtype(arr.dtype, np.integer):
            first.append(int(v))
        else:
            first.append(json_number(float(v)))
    return json_number(total), first


def checkpoint_variables(prefix):
    """{name: {dtype, shape, sum, first}} as tf.train.load_checkpoint sees it."""
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    shapes = reader.get_variable_to_shape_map()
    out = {}
    for name in sorted(dtypes):
        dt = dtypes[name]
        dt_enum = dt.as_datatype_enum
        entry = {
            "dtype": dtype_name(dt_enum),
            "shape": [int(d) for d in shapes.get(name, [])],
        }
        if name == OBJECT_GRAPH_KEY:
            out[name] = entry
            continue
        try:
            value = reader.get_tensor(name)
            total, first = tensor_values(value, dt_enum)
            if total is not None:
                entry["sum"] = total
            entry["first"] = first
        except Exception as exc:  # record what TF does
            entry["error"] = err_text(exc)
        out[name] = entry
    return out


# ----------------------------------------------------------------------------
# per-kind readers


def read_text_or_binary(path, message_cls, text):
    msg = message_cls()
    with open(path, "rb") as f:
        data = f.read()
    if text:
        text_format.Parse(data.decode("utf-8"), msg)
    else:
        msg.ParseFromString(data)
    return msg


def read_fingerprint(path):
    fp = fingerprint_pb2.FingerprintDef()
    with open(path, "rb") as f:
        fp.ParseFromString(f.read())
    return {
        "saved_model_checksum": int(fp.saved_model_checksum),
        "graph_def_program_hash": int(fp.graph_def_program_hash),
        "signature_def_hash": int(fp.signature_def_hash),
        "saved_object_graph_hash": int(fp.saved_object_graph_hash),
        "checkpoint_hash": int(fp.checkpoint_hash),
        "uuid": fp.uuid,
        "version": {
            "producer": int(fp.version.producer),
            "min_consumer": int(fp.version.min_consumer),
            "bad_consumers": [int(b) for b in fp.version.bad_consumers],
        },
    }


def record_saved_model(dirpath):
    entry = {"kind": "saved_model"}
    pb = os.path.join(dirpath, "saved_model.pb")
    pbtxt = os.path.join(dirpath, "saved_model.pbtxt")
    try:
        if os.path.exists(pb):
            sm = read_text_or_binary(pb, saved_model_pb2.SavedModel, text=False)
            entry["format"] = "binary"
        else:
            sm = read_text_or_binary(pbtxt, saved_model_pb2.SavedModel, text=True)
            entry["format"] = "text"
        entry["saved_model_schema_version"] = int(sm.saved_model_schema_version)
        entry["meta_graphs"] = [meta_graph_summary(mg) for mg in sm.meta_graphs]
    except Exception as exc:
        entry["error"] = err_text(exc)
    prefix = os.path.join(dirpath, "variables", "variables")
    if os.path.exists(prefix + ".index"):
        try:
            entry["variables"] = checkpoint_variables(prefix)
        except Exception as exc:
            entry["variables_error"] = err_text(exc)
    fp = os.path.join(dirpath, "fingerprint.pb")
    if os.path.exists(fp):
        try:
            entry["fingerprint"] = read_fingerprint(fp)
        except Exception as exc:
            entry["fingerprint_error"] = err_text(exc)
    assets = os.path.join(dirpath, "assets")
    if os.path.isdir(assets) and os.listdir(assets):  # git drops empty dirs
        entry["assets_dir"] = sorted(os.listdir(assets))
    return entry


def looks_text(data):
    try:
        s = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c.isprintable() or c in "\n\r\t" for c in s[:4096])


def record_graph_or_meta(path):
    """GraphDef or MetaGraphDef, binary or text, decided by what parses."""
    with open(path, "rb") as f:
        data = f.read()
    is_meta_name = path.endswith(".meta")
    errors = []
    if looks_text(data):
        order = [(meta_graph_pb2.MetaGraphDef, "meta_graph"), (graph_pb2.GraphDef, "graph_def")]
        if not is_meta_name:
            order.reverse()
        for cls, kind in order:
            msg = cls()
            try:
                text_format.Parse(data.decode("utf-8"), msg)
            except Exception as exc:
                errors.append(err_text(exc))
                continue
            return build_graph_entry(msg, kind, "text")
    else:
        cls, kind = (
            (meta_graph_pb2.MetaGraphDef, "meta_graph") if is_meta_name
            else (graph_pb2.GraphDef, "graph_def")
        )
        msg = cls()
        try:
            msg.ParseFromString(data)
            return build_graph_entry(msg, kind, "binary")
        except Exception as exc:
            errors.append(err_text(exc))
    return {"kind": "meta_graph" if is_meta_name else "graph_def", "error": " | ".join(errors)}


def build_graph_entry(msg, kind, fmt):
    if kind == "meta_graph":
        return {"kind": kind, "format": fmt, "meta_graphs": [meta_graph_summary(msg)]}
    return {"kind": kind, "format": fmt, "meta_graphs": [pseudo_meta_graph(msg)]}


def record_events(path):
    entry = {"kind": "events"}
    counts = collections.Counter()
    first_graph = None
    first_meta = None
    last_graph = None
    last_meta = None
    file_version = None
    n = 0
    try:
        for raw in tf.compat.v1.io.tf_record_iterator(path):
            n += 1
            ev = event_pb2.Event()
            ev.ParseFromString(raw)
            what = ev.WhichOneof("what")
            if what is not None:
                counts[what] += 1
            if what == "file_version" and file_version is None:
                file_version = ev.file_version
            # TensorBoard shows the newest graph of a run; record the first and the last.
            if what == "graph_def":
                g = graph_pb2.GraphDef()
                g.ParseFromString(ev.graph_def)
                last_graph = graph_summary(g, full=True)
                if first_graph is None:
                    first_graph = last_graph
            if what == "meta_graph_def":
                m = meta_graph_pb2.MetaGraphDef()
                m.ParseFromString(ev.meta_graph_def)
                last_meta = graph_summary(m.graph_def, full=True)
                last_meta["tags"] = list(m.meta_info_def.tags)
                last_meta["tensorflow_version"] = m.meta_info_def.tensorflow_version
                if first_meta is None:
                    first_meta = last_meta
    except Exception as exc:
        entry["error"] = err_text(exc)
    entry["records"] = n
    entry["counts"] = {
        k: counts.get(k, 0)
        for k in (
            "file_version",
            "graph_def",
            "meta_graph_def",
            "summary",
            "session_log",
            "tagged_run_metadata",
            "log_message",
        )
    }
    entry["file_version"] = file_version
    entry["first_graph_def"] = first_graph
    entry["first_meta_graph_def"] = first_meta
    entry["last_graph_def"] = last_graph
    entry["last_meta_graph_def"] = last_meta
    return entry


def record_checkpoint(prefix):
    entry = {"kind": "checkpoint"}
    try:
        entry["variables"] = checkpoint_variables(prefix)
    except Exception as exc:
        entry["error"] = err_text(exc)
    return entry


def record_checkpoint_state(path):
    """The text `checkpoint` file (CheckpointState), as tf.train.get_checkpoint_state reads it."""
    entry = {"kind": "checkpoint_state"}
    try:
        state = tf.train.get_checkpoint_state(os.path.dirname(path))
        if state is None:
            entry["error"] = "tf.train.get_checkpoint_state returned None"
        else:
            base = os.path.dirname(path)
            rel = lambda p: os.path.relpath(p, base) if os.path.isabs(p) else p  # noqa: E731
            entry["model_checkpoint_path"] = rel(state.model_checkpoint_path)
            entry["all_model_checkpoint_paths"] = [rel(p) for p in state.all_model_checkpoint_paths]
    except Exception as exc:
        entry["error"] = err_text(exc)
    return entry


# ----------------------------------------------------------------------------
# tree walk


def classify_tree(root):
    """Returns ({key: (kind, abs_path)}, [uncovered files])."""
    items = {}
    covered = set()
    all_files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in filenames:
            all_files.append(os.path.join(dirpath, fn))
    all_files.sort()

    # 1. SavedModel directories swallow everything below them.
    sm_dirs = sorted(
        {os.path.dirname(p) for p in all_files
         if os.path.basename(p) in ("saved_model.pb", "saved_model.pbtxt")}
    )
    for d in sm_dirs:
        items[os.path.relpath(d, root)] = ("saved_model", d)
        for p in all_files:
            if p.startswith(d + os.sep):
                covered.add(p)

    for p in all_files:
        if p in covered:
            continue
        rel = os.path.relpath(p, root)
        base = os.path.basename(p)
        if base == "SOURCES.tsv":
            covered.add(p)
        elif p.endswith(".index"):
            prefix = p[: -len(".index")]
            items[os.path.relpath(prefix, root)] = ("checkpoint", prefix)
            covered.add(p)
            for q in all_files:
                if q.startswith(prefix + ".data-"):
                    covered.add(q)
        elif EVENTS_RE.search(rel):
            items[rel] = ("events", p)
            covered.add(p)
        elif base == "checkpoint":
            items[rel] = ("checkpoint_state", p)
            covered.add(p)
        elif p.endswith((".pb", ".pbtxt", ".meta")):
            items[rel] = ("graph", p)
            covered.add(p)
    # V1 checkpoints: sharded files without an .index sibling.
    for p in all_files:
        if p in covered:
            continue
        if SHARD_RE.search(p) and not DATA_SHARD_RE.search(p):
            items[os.path.relpath(p, root)] = ("checkpoint", p)
            covered.add(p)
    uncovered = [os.path.relpath(p, root) for p in all_files if p not in covered]
    return items, uncovered


def record_item(kind, path):
    if kind == "saved_model":
        return record_saved_model(path)
    if kind == "checkpoint":
        return record_checkpoint(path)
    if kind == "events":
        return record_events(path)
    if kind == "checkpoint_state":
        return record_checkpoint_state(path)
    if kind == "graph":
        try:
            return record_graph_or_meta(path)
        except Exception as exc:
            return {"kind": "graph_def", "error": err_text(exc)}
    raise ValueError(kind)


def record_tree(root, only=None):
    items, uncovered = classify_tree(root)
    out = {}
    for key in sorted(items):
        if only is not None and key not in only:
            continue
        kind, path = items[key]
        print("  %-70s %s" % (key, kind), file=sys.stderr)
        out[key] = record_item(kind, path)
    return out, uncovered


def oracle_header():
    return {
        "tensorflow_version": tf.__version__,
        "tensorflow_git_version": tf.version.GIT_VERSION,
        "protobuf_version": __import__("google.protobuf").protobuf.__version__,
    }


def write_json(obj, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=True, ensure_ascii=False, allow_nan=False)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=DEFAULT_ROOT)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    entries, uncovered = record_tree(args.root)
    if uncovered:
        print("not recorded (no entry kind):", uncovered, file=sys.stderr)
    write_json(entries, args.out)
    header = oracle_header()
    # Relative to the checkout ("../shared/fixtures/tf"): the recording names no path of this machine.
    header["fixtures_root"] = os.path.relpath(os.path.abspath(args.root), REPO)
    header["not_recorded"] = uncovered
    write_json(header, os.path.join(os.path.dirname(args.out), "oracle.json"))
    print("wrote %s (%d entries)" % (args.out, len(entries)), file=sys.stderr)


if __name__ == "__main__":
    main()
