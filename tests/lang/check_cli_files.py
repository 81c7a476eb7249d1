#!/usr/bin/env python3
"""graphlens-cli run and files: a script writes and reads back a file in its own folder (run from
another working directory), sees its temporary folder go when it ends, and cannot leave its
folder through `..`, an absolute path or a symbolic link that points outside (open(), and
tf.saved_model.save's directories and files, tf.train.Checkpoint's save and restore).

    check_cli_files.py --cli build/dev/app/graphlens-cli
"""
import argparse
import os
import subprocess
import sys
import tempfile

SCRIPT = r'''
import os, tempfile
print(os.getcwd() == os.path.dirname(os.path.abspath(__file__)))
with open("written.txt", "w") as f:
    f.write("hello from the script\n")
with open("written.txt") as f:
    print(f.read().strip())
print(sorted(os.listdir(".")))
print(tempfile.gettempdir())
for p in ["../outside/secret.txt", OUTSIDE_ABS, "escape/secret.txt"]:
    try:
        open(p).read()
        print("READ", p)
    except PermissionError as e:
        print("refused", e.filename == p)
import tensorflow as tf


class Scale(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def f(self, x):
        return x * 2.0


for p in ["../outside/saved", OUTSIDE_DIR + "/saved", "escape/saved"]:
    try:
        tf.saved_model.save(Scale(), p)
        print("WROTE", p)
    except PermissionError:
        print("refused saved_model")
for p in ["../outside/model", OUTSIDE_DIR + "/model", "escape/model"]:
    try:
        tf.saved_model.load(p)
        print("LOADED", p)
    except PermissionError:
        print("refused load")
ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
for p in ["../outside/ck/c", OUTSIDE_DIR + "/ck/c", "escape/ck/c"]:
    try:
        ckpt.save(p)
        print("WROTE", p)
    except PermissionError:
        print("refused checkpoint")
for p in ["../outside/model/variables/variables", OUTSIDE_DIR + "/model/variables/variables", "escape/ck2/c"]:
    try:
        ckpt.restore(p)
        print("RESTORED", p)
    except PermissionError:
        print("refused restore")
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    cli = os.path.abspath(ap.parse_args().cli)
    problems = []
    with tempfile.TemporaryDirectory(prefix="graphlens-cli-files-") as top:
        folder = os.path.join(top, "scripts")
        outside = os.path.join(top, "outside")
        os.makedirs(folder)
        os.makedirs(outside)
        secret = os.path.join(outside, "secret.txt")
        with open(secret, "w") as f:
            f.write("secret")
        os.makedirs(os.path.join(outside, "model", "variables"))
        with open(os.path.join(outside, "model", "saved_model.pb"), "wb") as f:
            f.write(b"")
        with open(os.path.join(outside, "model", "variables", "variables.index"), "wb") as f:
            f.write(b"")
        os.makedirs(os.path.join(outside, "ck2"))
        with open(os.path.join(outside, "ck2", "c.index"), "wb") as f:
            f.write(b"")
        os.symlink(outside, os.path.join(folder, "escape"))
        with open(os.path.join(folder, "run_me.py"), "w") as f:
            f.write(SCRIPT.replace("OUTSIDE_ABS", repr(secret)).replace("OUTSIDE_DIR", repr(outside)))
        # run from the top folder: the script's folder, not the working directory, is what it reaches
        proc = subprocess.run([cli, "run", os.path.join("scripts", "run_me.py")], cwd=top,
                              capture_output=True, text=True, timeout=60)
        lines = proc.stdout.splitlines()
        if proc.returncode != 0:
            problems.append(f"exit code {proc.returncode}: {proc.stderr.strip()[-400:]}")
        expected_head = ["True", "hello from the script", "['escape', 'run_me.py', 'written.txt']"]
        if lines[:3] != expected_head:
            problems.append(f"output {lines[:3]!r}, expected {expected_head!r}")
        if lines[4:] != (["refused True"] * 3 + ["refused saved_model"] * 3 + ["refused load"] * 3 +
                         ["refused checkpoint"] * 3 + ["refused restore"] * 3):
            problems.append(f"escapes: {lines[4:]!r}")
        if sorted(os.listdir(outside)) != ["ck2", "model", "secret.txt"]:
            problems.append(f"tf.saved_model.save wrote outside: {sorted(os.listdir(outside))}")
        written = os.path.join(folder, "written.txt")
        if not os.path.isfile(written) or open(written).read() != "hello from the script\n":
            problems.append("written.txt is not in the script's folder")
        if len(lines) > 3 and os.path.exists(lines[3]):
            problems.append(f"the run's temporary folder {lines[3]} is still there")
        if open(secret).read() != "secret":
            problems.append("the file outside changed")
    for p in problems:
        print("FAIL:", p)
    print("ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
