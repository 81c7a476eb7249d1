# argparse as CPython 3.11: help and usage layout (wrapping, groups, exclusive groups, defaults
# formatter), actions, nargs, types, choices, abbreviations, negative numbers, and its errors
# (usage and message on stderr, exit status 2).
import os
os.environ["COLUMNS"] = "80"
import argparse
import sys


def run(parser, argv):
    try:
        print(parser.parse_args(argv))
    except SystemExit as e:
        print("exit", e.code)


p = argparse.ArgumentParser(prog="train.py", description="Train a model.")
p.add_argument("data")
p.add_argument("--epochs", type=int, default=10, help="passes over the data")
p.add_argument("--lr", type=float, default=1e-3)
p.add_argument("-v", "--verbose", action="store_true")
p.print_help()
run(p, ["d.csv", "--epochs", "3", "-v"])
run(p, ["--epochs=5", "d.csv", "--lr", "-1e-2"])
run(p, ["d.csv", "--ep", "7"])
run(p, ["--epochs", "x", "d.csv"])
run(p, [])
run(p, ["a", "b"])
run(p, ["a", "--nope"])
p2 = argparse.ArgumentParser(prog="t", description="A very long description that goes on and on and on beyond the "
                             "width of the terminal so it must wrap somewhere.", epilog="See the docs.")
p2.add_argument("--a-very-long-option-name", metavar="VALUE", help="some help text that is also quite long so that "
                "it wraps onto a second line in the help output")
p2.add_argument("--mode", choices=["fast", "slow"], default="fast", help="speed (default: %(default)s)")
p2.add_argument("files", nargs="+", help="input files")
p2.add_argument("-n", type=int, nargs=2, metavar=("W", "H"))
p2.add_argument("--tags", nargs="*")
p2.add_argument("-q", action="count", default=0)
p2.add_argument("--opt", nargs="?", const="C", default="D")
p2.print_help()
run(p2, ["x", "y", "-n", "3", "4", "--tags", "a", "b", "-qqq", "--mode", "slow", "--opt"])
run(p2, ["x", "--mode", "medium"])
run(p2, ["x", "-n", "3"])
run(p2, ["x", "--opt", "E", "--tags"])
g = argparse.ArgumentParser(prog="g")
grp = g.add_argument_group("model", "Model settings.")
grp.add_argument("--units", type=int, default=32, help="hidden units")
ex = g.add_mutually_exclusive_group()
ex.add_argument("--cpu", action="store_true")
ex.add_argument("--gpu", action="store_true")
g.add_argument("--append", action="append", type=int)
g.set_defaults(seed=7)
g.print_help()
run(g, ["--units", "64", "--append", "1", "--append", "2", "--cpu"])
run(g, ["--cpu", "--gpu"])
ns, extra = g.parse_known_args(["--units", "5", "--what", "x"])
print(ns, extra)
print(vars(g.parse_args([])), g.get_default("units"))
d = argparse.ArgumentParser(prog="d", formatter_class=argparse.ArgumentDefaultsHelpFormatter)
d.add_argument("--size", type=int, default=3, help="the size")
d.add_argument("--name", default="x", help="a name")
d.print_help()
print(argparse.Namespace(a=1, b="x"), argparse.Namespace(a=1) == argparse.Namespace(a=1))
run(argparse.ArgumentParser(prog="h"), ["-h"])
