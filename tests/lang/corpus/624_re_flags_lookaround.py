# Flags (re.I/M/S/X/A, inline and scoped), RegexFlag reprs, lookarounds and conditionals.
import re

print(repr(re.I), str(re.I), repr(re.I | re.M), str(re.S | re.X), format(re.I), int(re.I | re.S), re.A, re.NOFLAG)
print(repr(re.I | re.DEBUG), repr(~re.I), re.IGNORECASE == re.I, re.I | 0, type(re.I).__name__, int(re.M) + 0)
print(re.compile('a').flags, re.compile(b'a').flags, re.compile('(?i)a').flags, re.compile('a', re.A).flags, re.compile('(?s)(?m)a').flags)
print(re.findall(r'(?i)hello', 'Hello HELLO hello'), re.findall('hello', 'Hello HELLO', re.IGNORECASE), re.findall('[a-c]+', 'ABCd', re.I))
print(re.findall(r'^\w+', 'one\ntwo\nthree', re.M), re.findall(r'.+', 'a\nb'), re.findall(r'.+', 'a\nb', re.S), re.findall(r'^\w', 'a\nb'))
print(re.match(r'''(?x) (\d+)   # number
                  \s* ([a-z]+)  # unit
              ''', '12 kg').groups(), re.match('a b', 'ab', re.X), re.match(r'a\ b[ ]c', 'a b c', re.X), re.match('(?x)a#c', 'a'))
print(re.match('(?i:a)b', 'Ab'), re.match('(?i:a)b', 'AB'), re.match('(?-i:a)b', 'aB', re.I), re.match('(?i)(?-i:a)', 'A'))
print(re.match('(?s:.)', '\n'), re.match('(?m:^b)', 'a\nb'), re.search('(?m:^b)', 'a\nb'), re.search('(?a:\\w+)', 'é a'))
print(re.findall(r'\w+', 'héllo wörld', re.A), re.findall(r'\w+', 'héllo wörld'), re.findall(r'\d', '٣3'), re.findall(r'\d', '٣3', re.A))
print(re.match('É', 'é', re.I), re.match('straße', 'STRASSE', re.I), re.match('[à-ö]', 'Ä', re.I), re.findall('ω', 'Ω', re.I))
print(re.sub(r'(?<=a)b', 'X', 'abcab'), re.sub(r'(?<!a)b', 'X', 'abcb'), re.findall(r'\w+(?=!)', 'hi! yo ok!'), re.findall(r'\w+(?!\w|!)', 'hi! yo'))
print(re.findall(r'(?<=\$)\d+', 'cost $30 or $45'), re.findall(r'(?<![\d.])\d+(?![\d.])', '1 2.5 33'), re.search(r'(?<=ab|cd)e', 'cde'))
print(re.match(r'(a)?(?(1)b|c)', 'ab'), re.match(r'(a)?(?(1)b|c)', 'c'), re.match(r'(?P<o><)?\w+(?(o)>)', '<tag>'), re.match(r'(a)?(?(1)b)', 'x'))
print(re.match(r'(?(1)a|b)(c)?', 'b'), re.findall(r'(<)?(\w+@\w+(?:\.\w+)+)(?(1)>|$)', '<user@host.com> x@y.org'))
print(re.search('^b', 'a\nb'), re.search('^b', 'a\nb', flags=re.M), re.split('(?m)^', 'a\nb\nc'), re.match(r'\Aa', 'a', re.M))
