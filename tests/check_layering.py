#!/usr/bin/env python3
"""Link-time layering check of GraphLens's static libraries.

Each library may take symbols only from the libraries below it in LAYERS (and, through them,
from what those may use). The check reads what the archives really define and need (nm), so an
upward or sideways call fails here even when CMake's link lines would hide it (static archives
link in any order once a target links the libraries together).

It also reads the sources (--sources ROOT): a folder's *_internal.h headers are its own, and no
file of another folder (tests included) includes one.

usage: check_layering.py [--sources ROOT] [--forbid LIB:DEP]... [--without LIB]... NAME=ARCHIVE...
  --forbid LIB:DEP  drop DEP from LIB's allowed set (used by the test that shows the check fails)
  --without LIB     LIB is not built here (views without the GUI)
"""
import os
import re
import subprocess
import sys

# What each folder's library may use directly; the closure of this table is what it may use.
# The layer order of core/README.md: app -> views -> profiler -> core.
LAYERS = {
    "util": [],
    "numeric": [],
    "tensor": [],
    "proto": [],
    "graph": ["proto", "util", "tensor"],
    "layout": ["graph"],
    "lang": ["util", "numeric"],
    "function": ["lang", "tensor"],
    "ops": ["tensor", "graph", "numeric", "util"],
    "exec": ["ops"],
    "passes": ["exec"],
    "eager": ["function", "passes"],
    "session": ["eager"],
    "profiler": ["util", "graph"],  # graph: XSpace through its protobuf reader; events link to nodes
    "views": ["profiler", "layout", "passes", "function"],
}

STRONG = set("TDBRGSC")  # defined here for good: text, data, bss, read-only, small data, common


def closure(table):
    allowed = {}

    def visit(name, stack):
        if name in allowed:
            return allowed[name]
        if name in stack:
            sys.exit(f"check_layering.py: LAYERS has a cycle through {name}")
        out = set()
        for dep in table.get(name, []):
            out.add(dep)
            out |= visit(dep, stack | {name})
        allowed[name] = out
        return out

    for name in table:
        visit(name, set())
    return allowed


def symbols(archive):
    """(strong definitions, undefined references) of an archive, mangled."""
    run = subprocess.run(["nm", "-g", "-P", archive], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"check_layering.py: nm failed on {archive}: {run.stderr.strip()}")
    defined, undefined = set(), set()
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2 or line.endswith(":"):
            continue  # "archive[member.o]:" headers
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind in STRONG:
            defined.add(name)
    return defined, undefined - defined


def demangle(names):
    run = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True)
    return run.stdout.splitlines() if run.returncode == 0 else list(names)


INTERNAL_INCLUDE = re.compile(r'^\s*#\s*include\s+"((core/[a-z_]+)/[A-Za-z0-9_/]*_internal\.h)"')


def internal_includes(root):
    """(file, line, header) for each include of a folder's *_internal.h from outside that folder."""
    found = []
    for top in ("core", "app", "views", "profiler", "tests"):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            rel_folder = os.path.relpath(folder, root)
            if rel_folder.startswith(os.path.join("tests", "oracle")):
                dirs[:] = []  # the oracle venv: TensorFlow's own headers
                continue
            for name in files:
                if not name.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INTERNAL_INCLUDE.match(line)
                        if m and not rel.startswith(m.group(2) + "/"):
                            found.append((rel, number, m.group(1)))
    return found


def main(argv):
    table = {k: list(v) for k, v in LAYERS.items()}
    archives = {}
    without = set()
    sources = None
    args = iter(argv)
    for arg in args:
        if arg == "--forbid":
            lib, dep = next(args).split(":")
            table[lib] = [d for d in table[lib] if d != dep]
        elif arg == "--sources":
            sources = next(args)
        elif arg == "--without":
            without.add(next(args))
        elif "=" in arg:
            name, path = arg.split("=", 1)
            if name not in LAYERS:
                sys.exit(f"check_layering.py: {name} is not in LAYERS; give it a place there")
            archives[name] = path
        else:
            sys.exit(__doc__)
    missing = sorted(set(LAYERS) - set(archives) - without)
    if missing:
        sys.exit(f"check_layering.py: no archive given for {', '.join(missing)}")

    allowed = closure(table)
    defs, undefs = {}, {}
    for name, path in archives.items():
        defs[name], undefs[name] = symbols(path)
    owner = {}
    for name, names in defs.items():
        for s in names:
            owner.setdefault(s, set()).add(name)

    violations = 0
    for name in sorted(archives):
        bad = {}
        for s in undefs[name]:
            owners = owner.get(s, set()) - {name}
            if owners and not owners & allowed[name]:
                bad.setdefault(", ".join(sorted(owners)), []).append(s)
        for dep, names in sorted(bad.items()):
            violations += len(names)
            shown = demangle(sorted(names)[:5])
            print(f"LAYERING: {name} uses {len(names)} symbol(s) of {dep}, which it may not depend on:")
            for s in shown:
                print(f"    {s}")
        used = sorted({d for s in undefs[name] for d in owner.get(s, set()) - {name}})
        print(f"ok   {name:9} uses {', '.join(used) or 'nothing of ours'}" if not bad else f"FAIL {name}")
    if sources:
        for rel, number, header in internal_includes(sources):
            violations += 1
            print(f"LAYERING: {rel}:{number} includes {header}, another folder's internals")
    if violations:
        print(f"{violations} symbol reference(s) or includes break the layering (tests/check_layering.py)")
        return 1
    print(f"{len(archives)} libraries, layering holds")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
