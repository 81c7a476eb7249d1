# re.error: CPython's messages, positions, lineno/colno; the TypeErrors and ValueErrors around it.
import re

bad = ['*a', 'a**', 'a+*', '[a', 'a)', ')', r'\q', '(?P<1>a)', '(?P=x)', '(?P<a>x)(?P<a>y)', 'a{3,2}', '(?<=a+)b',
       '(?i', 'a(?i)b', '(?x', '(?z)', '(?<x>a)', '(?P', '(?Px)', r'[z-a]', r'[\d-z]', r'\2(a)', r'(a)\2', '(a', 'a(b(c)',
       '(?', '(?#abc', '(?=a', '(?(1)a|b)', '(?(x)a)', '(?(1a)b)', '(?(0)a)', '(a)(?(1)a|b|c)', '\\', 'a\\', r'\x1', r'\u12',
       r'\N{NOPE}', r'\N', r'[\400]', r'\777', r'(a)(?<=\1)', '(?i-i:a)', '(?-:a)', '(?-a:x)', '(?au)', '(?L)a', '^*', r'\b+',
       r'(?P<>a)', '(?P<a', r'[a-\w]', '(?<=a|bc)', 'x{2}{3}', 'a??+', '(?:', 'ab\n(c', 'ab\ncd(?z)']
for p in bad:
    try:
        re.compile(p)
        print(repr(p), 'compiled')
    except re.error as e:
        print(repr(p), '->', e, '|', e.msg, e.pos, e.lineno, e.colno)
for p in [b'(', b'\\u1234', b'(?u)a']:
    try:
        re.compile(p)
    except re.error as e:
        print(p, '->', e, e.pattern)
for args in [('a', 5), (5, 'a'), ('a', b'a'), (b'a', 'a')]:
    try:
        re.match(*args)
    except TypeError as e:
        print('TypeError', e)
for f in [lambda: re.compile('a', re.L), lambda: re.compile('a', re.A | re.U), lambda: re.compile(b'a', re.U),
          lambda: re.compile(re.compile('a'), re.I), lambda: re.sub('a', 5, 'a'), lambda: re.sub('a', b'x', 'a')]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    re.compile('a{4294967296}')
except OverflowError as e:
    print('OverflowError', e)
for t in [r'\g<2>', r'\g<x>', r'\g<', r'\g<>', r'\g<a-b>', r'\g', r'\3', '\\', r'\q', r'\g<1', r'\400']:
    try:
        print(repr(re.sub('(a)', t, 'a')))
    except (re.error, IndexError) as e:
        print(repr(t), type(e).__name__, e)
e = re.error('boom', 'ab\ncd', 4)
print(e, e.msg, e.pattern, e.pos, e.lineno, e.colno, re.error('x').pos, str(re.error('plain')), issubclass(re.error, Exception))
print(re.PatternError is re.error if hasattr(re, 'PatternError') else 'no PatternError')
