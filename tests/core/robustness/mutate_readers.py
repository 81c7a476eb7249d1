#!/usr/bin/env python3
"""Mutation run over every reader, through `graphlens-cli inspect` (issue #18).

Takes one real fixture of each kind (GraphDef .pb and .pbtxt, SavedModel, MetaGraph .meta, event file,
checkpoint .index/.data, a plain TFRecord built here), makes deterministic mutants of it in a temporary
folder (bit flips, truncations, inserted and duplicated chunks, huge varints and lengths), and runs
`graphlens-cli inspect` and `inspect --json` on each under an address-space limit and a timeout.

Fails on: a signal or abort, a timeout, std::bad_alloc (the memory limit reached), an exit code outside
{0, 1, 2}, stdout of --json that is not strict JSON (or not valid UTF-8), an error (exit 2) whose message
does not name the file it read, whose message names no place (byte, record, line, key, field ...), or a
line protobuf printed itself ("[libprotobuf ...").

Profiles (issue #22) go through `graphlens-cli timeline` the same way: a Kineto trace as plain JSON and
gzipped, and an XSpace, from --profiles DIR.

usage: mutate_readers.py --cli PATH --fixtures DIR [--profiles DIR] [--jobs N] [--mutants-per-file N] [--keep DIR]
       mutate_readers.py --self-test   (each kind of failure above, from a fake CLI, is caught)
"""
import argparse
import gzip
import json
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

MEMORY_LIMIT = 4 << 30  # RLIMIT_AS for each run
TIMEOUT_S = 20

# (label, fixture path relative to the fixtures folder, what to mutate: None = the path itself, or the
# member of a directory, extra sibling files to copy next to the mutant)
CASES = [
    ("graphdef-pb", "tf2onnx_regression/graphdef/frozen.pb", None, []),
    ("graphdef-pb", "rust_addition/model.pb", None, []),
    ("graphdef-pbtxt", "cr_examples_graph_pair/graph.pbtxt", None, []),
    ("graphdef-pbtxt", "tf_grappler_pbtxt/while_loop.pbtxt", None, []),
    ("savedmodel", "tf2onnx_regression/saved_model", "saved_model.pb", []),
    ("savedmodel-index", "tf2onnx_regression/saved_model", "variables/variables.index", []),
    ("savedmodel-fingerprint", "serving_half_plus_two_tf2_cpu", "fingerprint.pb", []),
    ("savedmodel-pbtxt", "tf_half_plus_two_pbtxt", "saved_model.pbtxt", []),
    ("metagraph", "tfnet_meta_graphs/cond_test.meta", None, []),
    ("metagraph+ckpt", "tf2onnx_regression/checkpoint/model.meta", None,
     ["model.index", "model.data-00000-of-00001"]),
    ("events", "speech_commands_conv_ckpt/validation/events.out.tfevents.1511484802.bladerunner", None, []),
    ("checkpoint-index", "serving_saved_model_counter/variables/variables.index", None,
     ["variables.data-00000-of-00001"]),
    ("checkpoint-index", "tf_bundle_old_string_tensors/foo.index", None, ["foo.data-00000-of-00001"]),
    ("checkpoint-data", "tf_bundle_old_string_tensors/foo.data-00000-of-00001", None, ["foo.index"]),
    ("tfrecord", None, None, []),  # built below
]

# (label, file relative to the profiles folder, decompress first): read by `graphlens-cli timeline`.
PROFILE_CASES = [
    ("kineto-json", "hta_cuda_event_sync_multi_stream/event_sync_trace.json.gz", True),
    ("kineto-json-gz", "hta_cuda_event_sync_multi_stream/event_sync_trace.json.gz", False),
    ("xspace", "tfprof_gpu_multi_worker/34.83.195.179_6003.xplane.pb", False),
]

# Words that say where in the input an error is. An error must carry one of them after the file name.
PLACE = re.compile(
    r"byte \d+|offset \d+|record \d+|line \d+|column \d+|block at|key \"|tensor \"|field \d+|footer|"
    r"shard|meta graph \d+|node \d+|node \"|function \"|entry|index block|header|size|bytes|empty|no such file|"
    r"directory|saved_model|over the limit")


# ---- crc32c (Castagnoli), for the TFRecord fixture ----
def _crc_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def masked(data):
    c = crc32c(data)
    return ((((c >> 15) | (c << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def tfrecord(payloads):
    out = b""
    for p in payloads:
        header = struct.pack("<Q", len(p))
        out += header + struct.pack("<I", masked(header)) + p + struct.pack("<I", masked(p))
    return out


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def plain_tfrecord():
    # Event{wall_time=1, file_version="brain.Event:2"} then records that are not Events: a TFRecord
    # file whose later records the event reader must refuse or skip with a place.
    event = b"\x09" + struct.pack("<d", 1.0) + b"\x1a" + varint(13) + b"brain.Event:2"
    return tfrecord([event, b"not an event record \x00\x01", b"\xff" * 40, event])


# ---- mutations ----
def mutants(data, rng, count):
    n = len(data)
    out = []
    for cut in sorted({0, 1, 7, n // 3, n // 2, n - 1, max(0, n - 4), max(0, n - 16)}):
        if cut < n:
            out.append(("truncated to %d bytes" % cut, data[:cut]))
    huge = [varint(1 << 62), varint(0xFFFFFFFF), b"\xff" * 10, varint(1 << 31), struct.pack("<Q", 1 << 60)]
    while len(out) < count and n:
        kind = rng.randrange(6)
        pos = rng.randrange(n)
        if kind == 0:
            bit = rng.randrange(8)
            m = bytearray(data)
            m[pos] ^= 1 << bit
            out.append(("bit %d of byte %d flipped" % (bit, pos), bytes(m)))
        elif kind == 1:
            k = rng.randrange(1, 9)
            m = bytearray(data)
            for i in range(pos, min(n, pos + k)):
                m[i] = rng.randrange(256)
            out.append(("%d random bytes at %d" % (k, pos), bytes(m)))
        elif kind == 2:
            length = rng.randrange(1, 64)
            chunk = data[pos:pos + length]
            at = rng.randrange(n + 1)
            out.append(("%d bytes from %d duplicated at %d" % (len(chunk), pos, at), data[:at] + chunk + data[at:]))
        elif kind == 3:
            chunk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 32)))
            out.append(("%d random bytes inserted at %d" % (len(chunk), pos), data[:pos] + chunk + data[pos:]))
        elif kind == 4:
            h = rng.choice(huge)
            out.append(("huge varint/length %s written at %d" % (h.hex(), pos), data[:pos] + h + data[pos + len(h):]))
        else:
            # A length-delimited field header with a huge length, inserted where a field may start.
            h = bytes([rng.choice([0x0A, 0x12, 0x1A, 0x22, 0x2A])]) + rng.choice(huge[:4])
            out.append(("field with huge length %s inserted at %d" % (h.hex(), pos), data[:pos] + h + data[pos:]))
    return out[:count]


def limit_resources():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_cli(cli, target, json_mode, command="inspect"):
    args = [cli, command, target] + (["--json"] if json_mode else [])
    start = time.monotonic()
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT_S,
                           preexec_fn=limit_resources)
    except subprocess.TimeoutExpired:
        return None, b"", b"", time.monotonic() - start
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


SHOW_ERRORS = False


def check(cli, target, named, label, json_mode, command="inspect"):
    """Returns a list of problems (empty when the run is fine)."""
    rc, out, err, seconds = run_cli(cli, target, json_mode, command)
    if SHOW_ERRORS and rc == 2 and not json_mode:
        print("ERROR %s: %s" % (label, err.decode("utf-8", "replace").strip()))
    what = "%s%s" % (label, " --json" if json_mode else "")
    if rc is None:
        return ["%s: timed out after %d s" % (what, TIMEOUT_S)]
    problems = []
    text = err.decode("utf-8", "replace")
    if rc < 0:
        problems.append("%s: killed by signal %d\n%s" % (what, -rc, text[-2000:]))
    elif rc not in (0, 1, 2):
        problems.append("%s: exit code %d\n%s" % (what, rc, text[-2000:]))
    if "bad_alloc" in text or "std::length_error" in text:
        problems.append("%s: allocation failure under the %d GiB limit: %s" % (what, MEMORY_LIMIT >> 30, text[:500]))
    if "[libprotobuf" in text:
        problems.append("%s: protobuf printed its own log line: %s" % (what, text[:500]))
    if rc == 2:
        if named not in text:
            problems.append("%s: error does not name the file %s: %s" % (what, named, text[:500]))
        else:
            after = text[text.find(named) + len(named):]
            if not PLACE.search(after):
                problems.append("%s: error names no place: %s" % (what, text[:500]))
        if out:
            problems.append("%s: exit 2 but wrote to stdout" % what)
    if json_mode and rc == 0:
        try:
            decoded = out.decode("utf-8", "strict")
            json.loads(decoded)
        except (UnicodeDecodeError, ValueError) as e:
            problems.append("%s: invalid JSON on stdout: %s" % (what, e))
    return problems


FAKE_CLIS = {
    # what the fake does -> the words check() must report
    "kill -SEGV $$": "killed by signal 11",
    "exit 3": "exit code 3",
    "sleep 5": "timed out",
    'echo "graphlens-cli: std::bad_alloc" >&2; exit 2': "allocation failure",
    'echo "[libprotobuf ERROR x.cc:1] y" >&2; echo "graphlens-cli: $2: byte 1: z" >&2; exit 2': "protobuf printed",
    'echo "graphlens-cli: some file: byte 1: z" >&2; exit 2': "does not name the file",
    'echo "graphlens-cli: $2: it is broken" >&2; exit 2': "names no place",
    'if [ "$3" = --json ]; then printf \'{"a": "\\234"}\'; fi': "invalid JSON",
    'if [ "$3" = --json ]; then printf \'{"a": 1,}\'; fi': "invalid JSON",
}


def self_test():
    global TIMEOUT_S
    TIMEOUT_S = 2
    tmp = tempfile.mkdtemp(prefix="graphlens_mutate_self_")
    missed = 0
    try:
        target = os.path.join(tmp, "model.pb")
        open(target, "wb").close()
        for i, (script, expected) in enumerate(FAKE_CLIS.items()):
            fake = os.path.join(tmp, "fake%d.sh" % i)
            with open(fake, "w") as f:
                f.write("#!/bin/sh\n" + script + "\n")
            os.chmod(fake, 0o755)
            problems = check(fake, target, target, "fake", False) + check(fake, target, target, "fake", True)
            if not any(expected in p for p in problems):
                print("MISSED %r: expected %r, got %r" % (script, expected, problems))
                missed += 1
        good = os.path.join(tmp, "good.sh")
        with open(good, "w") as f:
            f.write('#!/bin/sh\nif [ "$3" = --json ]; then echo \'{"a": "\\ufffd"}\'; fi\n')
        os.chmod(good, 0o755)
        problems = check(good, target, target, "good", False) + check(good, target, target, "good", True)
        if problems:
            print("FALSE ALARM for a well-behaved CLI: %r" % problems)
            missed += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("self-test: %d of %d checks work" % (len(FAKE_CLIS) + 1 - missed, len(FAKE_CLIS) + 1))
    return 1 if missed else 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--profiles", help="the profile fixtures (../shared/fixtures/profiles)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mutants-per-file", type=int, default=24)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--keep", help="write failing mutants here")
    ap.add_argument("--show-errors", action="store_true", help="print every error message (exit 2)")
    args = ap.parse_args()
    global SHOW_ERRORS
    SHOW_ERRORS = args.show_errors

    tmp = tempfile.mkdtemp(prefix="graphlens_mutate_")
    tasks = []  # (target to read, file that must be named, label, mutant path, command)
    try:
        for index, (kind, rel, member, siblings) in enumerate(CASES):
            case_dir = os.path.join(tmp, "case%02d" % index)
            os.makedirs(case_dir)
            if rel is None:
                original = plain_tfrecord()
                name = "records.tfrecord"
                source_dir = None
            elif member:
                source_dir = os.path.join(args.fixtures, rel)
                name = member
                with open(os.path.join(source_dir, member), "rb") as f:
                    original = f.read()
            else:
                source_dir = os.path.dirname(os.path.join(args.fixtures, rel))
                name = os.path.basename(rel)
                with open(os.path.join(args.fixtures, rel), "rb") as f:
                    original = f.read()
            rng = random.Random("%d:%s:%s:%s" % (args.seed, kind, rel, member))
            for m, (how, data) in enumerate(mutants(original, rng, args.mutants_per_file)):
                mdir = os.path.join(case_dir, "m%03d" % m)
                if member:
                    shutil.copytree(source_dir, mdir)
                    path = os.path.join(mdir, member)
                    target = mdir
                else:
                    os.makedirs(mdir)
                    for s in siblings:
                        shutil.copy(os.path.join(source_dir, s), mdir)
                    path = os.path.join(mdir, name)
                    target = path
                with open(path, "wb") as f:
                    f.write(data)
                # A SavedModel's errors may name the directory or the member; both start with the folder.
                tasks.append((target, mdir, "%s %s: %s" % (kind, rel or name, how), path, "inspect"))
        for index, (kind, rel, decompress) in enumerate(PROFILE_CASES if args.profiles else []):
            case_dir = os.path.join(tmp, "profile%02d" % index)
            os.makedirs(case_dir)
            with open(os.path.join(args.profiles, rel), "rb") as f:
                original = f.read()
            name = os.path.basename(rel)
            if decompress:
                original = gzip.decompress(original)
                name = name[:-3]
            rng = random.Random("%d:%s:%s" % (args.seed, kind, rel))
            for m, (how, data) in enumerate(mutants(original, rng, args.mutants_per_file)):
                path = os.path.join(case_dir, "m%03d_%s" % (m, name))
                with open(path, "wb") as f:
                    f.write(data)
                tasks.append((path, path, "%s %s: %s" % (kind, rel, how), path, "timeline"))

        def one(task):
            target, named, label, path, command = task
            return task, (check(args.cli, target, named, label, False, command) +
                          check(args.cli, target, named, label, True, command))

        start = time.monotonic()
        failures = []
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for task, problems in pool.map(one, tasks):
                if problems:
                    failures.append((task, problems))
        seconds = time.monotonic() - start
        for (target, named, label, path, command), problems in failures:
            for p in problems:
                print("FAIL " + p)
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                shutil.copy(path, os.path.join(args.keep, re.sub(r"[^A-Za-z0-9_.-]+", "_", label)[:150]))
        print("%d mutants of %d fixtures, %d runs in %.1f s: %d failing" %
              (len(tasks), len(CASES) + (len(PROFILE_CASES) if args.profiles else 0), 2 * len(tasks), seconds,
               len(failures)))
        return 1 if failures else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
