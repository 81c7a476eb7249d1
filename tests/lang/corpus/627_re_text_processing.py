# re as TF input pipelines and scripts use it: cleaning text, tokenising, parsing log lines.
import re

corpus = ["Hello, World! It's 2024.", "  TensorFlow   2.21 — fast & <b>bold</b>  ", "e-mail: a.b@c.io; tel +1 (555) 010-9999"]
for line in corpus:
    s = line.lower()
    s = re.sub(r'<[^>]+>', ' ', s)
    s = re.sub(r"[^a-z0-9' ]+", ' ', s)
    s = re.sub(r'\s+', ' ', s).strip()
    print(repr(s), s.split())
TOKEN = re.compile(r"""
    (?P<NUMBER>\d+(?:\.\d*)?)
  | (?P<NAME>[A-Za-z_]\w*)
  | (?P<OP>[-+*/=()])
  | (?P<SKIP>\s+)
  | (?P<MISMATCH>.)
""", re.VERBOSE)
for mo in TOKEN.finditer('x = 3.5 * (y + 42) $'):
    kind = mo.lastgroup
    if kind != 'SKIP':
        print(kind, repr(mo.group()), mo.start())
LOG = re.compile(r'^(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>[\d:.]+) (?P<level>[A-Z]+)\s+\[(?P<src>[^\]]+)\] (?P<msg>.*)$', re.M)
log = """2026-12-02 12:00:01.5 INFO  [trainer] epoch 1 loss=0.6931 acc=0.50
2026-12-02 12:00:02.7 WARNING [data] retracing: shape (None, 28)
garbage line
2026-12-02 12:00:03.0 INFO  [trainer] epoch 2 loss=0.4512 acc=0.81"""
for m in LOG.finditer(log):
    d = m.groupdict()
    nums = {k: float(v) for k, v in re.findall(r'(\w+)=([\d.]+)', d['msg'])}
    print(d['level'], d['src'], nums or d['msg'])
print(re.findall(r'(?i)\b[a-z]+ing\b', 'Training and testing, then Serving INGESTING'))
versions = ['2.21.0', '2.9.1rc0', '3.15.1', 'nightly']
print(sorted(v for v in versions if re.fullmatch(r'\d+\.\d+\.\d+', v)), [re.sub(r'rc\d+$', '', v) for v in versions])
name = 'dense_1/kernel:0'
print(re.sub(r':\d+$', '', name), re.split(r'[/:]', name), re.match(r'(\w+?)_(\d+)/', name).groups())
print(re.sub(r'(?<!^)(?=[A-Z])', '_', 'MyDenseLayerV2').lower(), re.sub(r'_([a-z])', lambda m: m.group(1).upper(), 'snake_case_name'))
words = re.findall(r"\w+(?:'\w+)?", "don't stop; it's fine, isn't it?")
print(words, len(words), re.compile(r'\s+').split('a \t b\nc'))
