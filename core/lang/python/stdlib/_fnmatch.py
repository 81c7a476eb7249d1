# Shell-style wildcard matching (`*`, `?`, `[seq]`, `[!seq]`) for fnmatch, glob and pathlib.
# There is no `re` here, so a pattern is compiled to a list of one-character tests and stars and
# matched directly; the bracket rules (a `]` first in the set is literal, an unclosed `[` is a
# literal `[`, ranges whose ends are reversed are dropped) are CPython 3.11's fnmatch.translate.

_STAR = 0
_ANY = 1
_LIT = 2
_SET = 3


def _parse_set(pat, i, j):
    # pat[i:j] is what lies between `[` and `]`; returns (negated, literal chars, ranges)
    if '-' not in pat[i:j]:
        chunks = [pat[i:j]]
    else:
        # a `-` right after `[` or `[!` is a literal; each later one joins the neighbouring
        # characters into a range, and the one after a range's end starts a new chunk
        chunks = []
        k = i + 2 if pat[i] == '!' else i + 1
        lo = i
        while True:
            k = pat.find('-', k, j)
            if k < 0:
                break
            chunks.append(pat[lo:k])
            lo = k + 1
            k = k + 3
        last = pat[lo:j]
        if last:
            chunks.append(last)
        else:
            chunks[-1] += '-'
        k = len(chunks) - 1
        while k > 0:
            if chunks[k - 1] and chunks[k] and chunks[k - 1][-1] > chunks[k][0]:
                chunks[k - 1] = chunks[k - 1][:-1] + chunks[k][1:]
                del chunks[k]
            k -= 1
    # a `!` first in what is left negates, even one that a dropped range brought there
    neg = bool(chunks) and chunks[0][:1] == '!'
    if neg:
        chunks[0] = chunks[0][1:]
    # read left to right as a regular expression's class reads `a-z`: chunk ends meet in a range
    seq = []
    for n, chunk in enumerate(chunks):
        if n:
            seq.append(None)
        seq.extend(chunk)
    chars = set()
    ranges = []
    k = 0
    while k < len(seq):
        if (k + 2 < len(seq) and seq[k] is not None and seq[k + 1] is None
                and seq[k + 2] is not None):
            ranges.append((seq[k], seq[k + 2]))
            k += 3
        else:
            chars.add('-' if seq[k] is None else seq[k])
            k += 1
    return neg, chars, ranges


def compile_pattern(pat):
    """The pattern as a list of tokens for match_tokens()."""
    out = []
    i = 0
    n = len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not out or out[-1] is not _STAR:
                out.append(_STAR)
        elif c == '?':
            out.append((_ANY,))
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                out.append((_LIT, '['))
            else:
                neg, chars, ranges = _parse_set(pat, i, j)
                out.append((_SET, neg, chars, ranges))
                i = j + 1
        else:
            out.append((_LIT, c))
    return out


def _one(tok, ch):
    kind = tok[0]
    if kind == _LIT:
        return tok[1] == ch
    if kind == _ANY:
        return True
    hit = ch in tok[2]
    if not hit:
        for lo, hi in tok[3]:
            if lo <= ch <= hi:
                hit = True
                break
    return hit != tok[1]


def match_tokens(tokens, name):
    """Whether the whole of `name` matches (stars backtrack to the latest one)."""
    t = 0
    s = 0
    star_t = -1
    star_s = 0
    nt = len(tokens)
    ns = len(name)
    while s < ns:
        if t < nt and tokens[t] is _STAR:
            star_t = t
            star_s = s
            t += 1
        elif t < nt and _one(tokens[t], name[s]):
            t += 1
            s += 1
        elif star_t >= 0:
            star_s += 1
            s = star_s
            t = star_t + 1
        else:
            return False
    while t < nt and tokens[t] is _STAR:
        t += 1
    return t == nt


_cache = {}


def matcher(pat):
    tokens = _cache.get(pat)
    if tokens is None:
        if len(_cache) >= 256:
            _cache.clear()
        tokens = _cache[pat] = compile_pattern(pat)
    return tokens


def fnmatchcase(name, pat):
    return match_tokens(matcher(pat), name)


def has_magic(s):
    for c in s:
        if c == '*' or c == '?' or c == '[':
            return True
    return False
