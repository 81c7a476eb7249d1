# textwrap.wrap with a width of 0: ValueError.
import textwrap

print(textwrap.wrap("some words here", 5))
print(textwrap.fill("x", width=0))
