# textwrap: dedent (common margin, blank lines, mixed tabs) and indent (default and custom
# predicate).
import textwrap

print(repr(textwrap.dedent("    a\n      b\n\n    c\n")))
print(repr(textwrap.dedent("  x\n \ty\n")), repr(textwrap.dedent("\ta\n  \n\tb")))
print(repr(textwrap.dedent("no indent\n  x")), repr(textwrap.dedent("   \n  a\n   b   \n")))
code = """
    def f():
        return 1
"""
print(textwrap.dedent(code))
print(repr(textwrap.indent("a\n\nb\n  \nc", "> ")))
print(repr(textwrap.indent("a\nb", "+", lambda line: True)))
print(textwrap.indent(textwrap.fill("word " * 8, 12), "    "))
