# The re module: match/search/fullmatch, findall/finditer, Match objects and their reprs.
import re

print(repr(re.match(r'a+', 'caaab')), repr(re.search(r'a+', 'caaab')))
print(re.fullmatch(r'\w+', 'abc'), re.fullmatch(r'\w+', 'abc!'), re.fullmatch(r'a|ab', 'ab'))
m = re.search(r'(\d+)-(\d+)', 'tel 555-1234 end')
print(m.group(), m.group(1, 2), m.group(0, 1), m.span(2), m.start(), m.end(1), m[0], m[2])
print(m.groups(), m.regs, m.lastindex, m.lastgroup, m.pos, m.endpos, m.string, m.re)
print(bool(m), type(m).__name__, type(m).__module__, type(re.compile('x')).__name__)
print(re.findall(r'\d+', 'a12b345c6'), re.findall(r'(a)(b)?', 'abac'), re.findall(r'(\w)=(\d)', 'a=1, b=2'))
print([m.span() for m in re.finditer(r'\w+', 'ab cd  ef')], [m.group() for m in re.finditer('x*', 'axb')])
print(re.findall(r'', 'abc'), re.findall(r'a*', 'baaac'), re.findall(r'a*?', 'aa'))
p = re.compile(r'(?P<key>\w+)\s*:\s*(?P<value>[^;]+)')
print(p.pattern, p.flags, p.groups, p.groupindex, dict(p.groupindex), p.groupindex['key'])
for m in p.finditer('name: Ada; lang :Python;x:1'):
    print(m.group('key'), m['value'], m.groupdict(), m.span('value'), m.lastgroup, m.lastindex)
print(p.match('   a:b'), p.search('   a:b'), p.match('   a:b', 3), p.search('ab:cd', 0, 3))
print(re.compile(r'^a').search('ba', 1), re.compile(r'a$').search('ab', 0, 1), re.compile(r'\bb').search('ab', 1))
print(re.match(r'(a)|(b)', 'b').groups(), re.match(r'(a)|(b)', 'b').groups('-'), re.match(r'(a)?b', 'b').groupdict())
m = re.match(r'((a)(b))', 'ab')
print(m.lastindex, m.regs, m.span(3), m.start(2))
print(re.match(r'(a|)*', 'aa').groups(), re.match(r'(?:(a)|b)*', 'ab').groups(), re.match(r'(a*)+', 'b').groups())
print(re.match(r'(a)(?:b(c))*', 'abcbc').groups(), re.match(r'(?:(a)|(b))+', 'ab').groups())
print(repr(re.compile('a+')), repr(re.compile('a+', re.I | re.M)), repr(re.compile(b'x', re.I)), repr(re.compile('a' * 300)))
print(re.compile('ab') == re.compile('ab'), re.compile('ab') == re.compile('ab', re.I), hash(re.compile('q')) == hash(re.compile('q')))
print(re.compile(re.compile('z')).pattern, re.match(re.compile('z'), 'z'))
try:
    m.group(4)
except IndexError as e:
    print('IndexError', e)
try:
    m.group('nope')
except IndexError as e:
    print('IndexError', e)
print(re.escape('a.b*c?(d) [e]{f} ^$|\\ #&~-'), re.escape('hello_world 42'), re.escape(b'a.b'))
print(re.search(r'\d{3}-\d{4}', 'call 555-1234 now').group(), re.match(r'.*?(\d+)$', 'item 42').group(1))
sc = re.compile(r'\s*(\d+|[-+*/()])').scanner('1 + (23*4)')
toks = []
while True:
    m = sc.match()
    if not m:
        break
    toks.append(m.group(1))
print(toks)
