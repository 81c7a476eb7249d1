# re.sub/subn/split with templates, callables, counts, empty matches and groups.
import re

print(re.sub(r'\s+', ' ', 'a   b \n c'), re.subn('a', 'b', 'aaa', 2), re.subn('a', 'b', 'aaa'))
print(re.sub('x*', '-', 'abxd'), re.sub('', '-', 'abc'), re.sub('a|', '-', 'bab'))
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@home x@y'), re.sub(r'(?P<w>\w+)', r'<\g<w>>', 'a bc'))
print(re.sub(r'(a)|b', r'[\1]', 'ab'), re.sub('(b)', r'\g<1>0 \g<0>!', 'abc'), re.sub('a', r'\n\t\\', 'xa'))
print(re.sub('a', lambda m: m.group().upper(), 'banana'), re.sub(r'\d', lambda m: str(int(m.group()) * 2), 'a1b2c3'))
print(re.compile(r'\d').sub('#', 'a1b2', count=1), re.sub('a', 'b', 'aaa', 0), re.sub('a', r'\&', 'a'))
print(re.sub(r'(\d+)', r'\1\1', 'x12y'), re.sub('a', r'\101', 'a'), re.sub('a', r'\0', 'a') == '\x00')
print(re.split(r'\s+', '  a b   c '), re.split(r',', 'a,b,c', maxsplit=1), re.split(r'\b', 'hi there'))
print(re.split(r'(,)?', 'a,b'), re.split(r'(-)|(\+)', '1-2+3'), re.split('x*', 'axbc'), re.split('', 'ab'))
print(re.split(r'[;,]\s*', 'a; b,c ,d'), re.split(r'(\W+)', 'Words, words, words.'), re.split('z', 'abc'))
print(re.split(r'\d', 'a1b2c3', 2), re.split('a', ''), re.split('', ''), re.split(r'\s', 'x', maxsplit=-1))
m = re.match(r'(?P<first>\w+) (?P<last>\w+)', 'Jane Doe')
print(m.expand(r'\g<last>, \g<first>'), m.expand(r'\2 \1'), m.expand('literal'))
text = "The year 1999 and 2024; also 15."
print(re.sub(r'\b(\d{4})\b', lambda m: str(int(m.group(1)) + 1), text))
print(re.sub(r'([.?!])\s*', r'\1\n', 'One. Two? Three!'))
print(re.sub(r'[^a-z0-9 ]', '', 'Hello, World! 123'.lower()), re.sub(r'(?m)^', '> ', 'a\nb'))
print(re.sub(b'a', b'b', b'banana'), re.split(rb'\s', b'a b'), re.sub(rb'(a)', rb'[\1]', b'ca'))
