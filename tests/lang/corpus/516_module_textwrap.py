# textwrap: wrap / fill at several widths (hyphenated words, em-dashes, long words), the
# TextWrapper options, shorten and max_lines with the placeholder.
import textwrap

s = ("The quick brown fox jumps over the lazy dog. Hello there -- you goof-ball, use the -b "
     "option! A very-long-hyphenated-word-here and supercalifragilisticexpialidocious.")
for w in (10, 15, 20, 33, 40):
    print(textwrap.wrap(s, w))
print(textwrap.wrap(s, 12, break_on_hyphens=False))
print(textwrap.wrap(s, 12, break_long_words=False))
print(textwrap.fill(s, 30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("a\tb\nc  d", 5), textwrap.wrap("  lead  ", 3))
print(textwrap.wrap("a\tb\nc  d", 5, replace_whitespace=False, expand_tabs=False))
print(textwrap.wrap("Hi there. Ok! Yes.", 40, fix_sentence_endings=True), textwrap.wrap("", 5), textwrap.wrap("   ", 5))
print(textwrap.shorten("Hello  world!", width=12), textwrap.shorten("Hello world!", width=11))
print(textwrap.shorten("Hello world", 11, placeholder="..."))
print(textwrap.wrap(s, 20, max_lines=3), textwrap.wrap(s, 20, max_lines=1, placeholder=" ~"))
print(textwrap.wrap("abcdefghij" * 3, 7), textwrap.wrap("aaa--bbb-ccc---ddd e--f -- g", 4))
w = textwrap.TextWrapper(width=8, drop_whitespace=False)
print(w.wrap("one two  three"), w.width)
