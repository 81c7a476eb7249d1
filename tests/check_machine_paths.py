#!/usr/bin/env python3
"""Fails if a tracked text file names an absolute path of the machine it was made on.

Usage: check_machine_paths.py SOURCE_DIR

Scans every file `git ls-files` lists (every file under SOURCE_DIR but build/ and .git/ where it
is not a git checkout) for the home and workspace prefixes in PREFIXES (home, root, Users, work
as top-level folders) and for SOURCE_DIR's own absolute path. Recordings must name paths
relative to the checkout or with a placeholder ("<fixtures>/...", "<scripts>/..."). Binary files
(a NUL byte in their first 8 KiB) are not scanned: the real TensorFlow files among the test data
keep the paths TensorFlow wrote into them, as their upstream projects published them.
"""
import os
import re
import subprocess
import sys

# Spelled in pieces so that this file does not name them itself.
PREFIXES = ["/" + p + "/" for p in ("home", "root", "Users", "work")]
SKIPPED_DIRS = {".git", "build", "__pycache__", "venv"}


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        names = [n for n in out.decode("utf-8", "surrogateescape").split("\0") if n]
        if names:
            return names
    except (OSError, subprocess.CalledProcessError):
        pass
    names = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIPPED_DIRS and not d.startswith("build-")]
        names += [os.path.relpath(os.path.join(dirpath, f), root) for f in filenames]
    return names


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    root = os.path.abspath(sys.argv[1])
    prefixes = list(PREFIXES)
    # The checkout's own path, wherever it is (when it is specific enough not to match by chance).
    for form in {root, os.path.realpath(root)}:
        if form.count("/") >= 2:
            prefixes.append(form + "/")
    # A path starts the string or follows something that cannot be part of a relative path
    # (a folder "work" inside the checkout is not the machine's top-level one).
    pattern = re.compile(r"(?<![\w.~/\-])(" + "|".join(re.escape(p) for p in prefixes) + ")")

    files = tracked_files(root)
    if not files:
        raise SystemExit(f"no files found under {root}")
    found = []
    scanned = 0
    for name in files:
        path = os.path.join(root, name)
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data[:8192]:
            continue
        scanned += 1
        text = data.decode("utf-8", "replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            m = pattern.search(line)
            if m:
                start = max(0, m.start() - 40)
                found.append(f"{name}:{lineno}: {line[start:m.end() + 60].strip()}")
    for f in found:
        print(f)
    if found:
        print(f"{len(found)} line(s) name an absolute path of a machine; make them relative to the checkout "
              f"or use a placeholder (<fixtures>/...)")
        return 1
    print(f"{scanned} text files name no absolute machine path")
    return 0


if __name__ == "__main__":
    sys.exit(main())
