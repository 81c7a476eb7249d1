# os.path string operations: join, split, splitext, basename, dirname, normpath, relpath, isabs.
import os.path
from os import path as p

print(p.join("a", "b", "c.txt"), p.join("a/", "b"), p.join("a", "/b", "c"), p.join("", "x"), p.join("a", ""))
for s in ["a/b/c.txt", "/a/b/", "c.txt", "/", "", "//x", "a//b"]:
    print(repr(s), p.split(s), p.basename(s), repr(p.dirname(s)))
for s in ["x.tar.gz", ".bashrc", "a/.b", "a.b/c", "noext", "a/b.", "..", "a/..b"]:
    print(repr(s), p.splitext(s))
for s in ["a/./b/../c", "/../x", "../../y", "a/b/../../..", "//a//b", "///a", "", ".", "a/b/"]:
    print(repr(s), repr(p.normpath(s)))
print(p.isabs("/x"), p.isabs("x"), p.relpath("a/b/c", "a"), p.relpath("a", "a/b/c"), p.relpath("x", "x"))
print(p.commonprefix(["abcd", "abce", "abx"]), repr(p.commonprefix([])))
print(p.sep, os.sep, os.path.sep, repr(os.linesep), os.curdir, os.pardir, os.extsep, os.pathsep)
print(p.expanduser("no/tilde"), p.abspath("a/../b") == p.join(os.getcwd(), "b"))
print(p.basename(os.getcwd()), p.isabs(p.abspath("x")), p.normpath(p.abspath(".")) == os.getcwd())
try:
    p.join("a", 3)
except TypeError as e:
    print("TypeError", e)
