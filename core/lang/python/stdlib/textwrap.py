# The `textwrap` module: wrap, fill, shorten, dedent, indent and TextWrapper, written from the
# documented behaviour of CPython 3.11's textwrap. The text is cut into chunks by hand (there is
# no `re`), with the same chunk boundaries as CPython's word-separator pattern.

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '
_ws = frozenset(_whitespace)
_word_punct_extra = frozenset('!"\'&.,?')


def _is_word(c):
    return c.isalnum() or c == '_'


def _is_letter(c):
    return _is_word(c) and not c.isdecimal()


def _is_word_punct(c):
    return _is_word(c) or c in _word_punct_extra


def _dash_run(text, i):
    # Length of a run of 2+ hyphens at i that is followed by a word character, else 0.
    n = len(text)
    j = i
    while j < n and text[j] == '-':
        j += 1
    if j - i >= 2 and j < n and _is_word(text[j]):
        return j - i
    return 0


def _split_hyphenated(text):
    # Whitespace runs, em-dashes between words ("--" after a word character, before a word
    # character) and words, which break after a hyphen between letters ("goof-" + "ball").
    chunks = []
    n = len(text)
    i = 0

    def letter_at(k):
        return 0 <= k < n and _is_letter(text[k])

    while i < n:
        c = text[i]
        if c in _ws:
            j = i + 1
            while j < n and text[j] in _ws:
                j += 1
        elif c == '-' and i > 0 and _is_word_punct(text[i - 1]) and _dash_run(text, i):
            j = i + _dash_run(text, i)
        else:
            e = i + 1
            while True:
                if e < n and text[e] in _ws or e == n:
                    j = e
                    break
                if text[e] == '-' and text[e - 1] not in _ws:
                    behind = (letter_at(e - 2) and letter_at(e - 1)) or \
                        (letter_at(e - 3) and text[e - 2] == '-' and letter_at(e - 1))
                    ahead = letter_at(e + 1) and (letter_at(e + 2) or
                                                  (e + 2 < n and text[e + 2] == '-' and letter_at(e + 3)))
                    if behind and ahead:
                        j = e + 1
                        break
                if _is_word_punct(text[e - 1]) and _dash_run(text, e):
                    j = e
                    break
                e += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _split_simple(text):
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        ws = text[i] in _ws
        j = i + 1
        while j < n and (text[j] in _ws) == ws:
            j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _ends_sentence(chunk):
    # [a-z][.!?]["']? at the end of the chunk
    k = len(chunk) - 1
    if k >= 0 and chunk[k] in '"\'':
        k -= 1
    return k >= 1 and chunk[k] in '.!?' and 'a' <= chunk[k - 1] <= 'z'


class TextWrapper:
    """Object for wrapping/filling text."""

    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = ''.join([' ' if c in _ws else c for c in text])
        return text

    def _split(self, text):
        if self.break_on_hyphens is True:
            return _split_hyphenated(text)
        return _split_simple(text)

    def _fix_sentence_endings(self, chunks):
        for i in range(len(chunks) - 1):
            if chunks[i + 1] == ' ' and _ends_sentence(chunks[i]):
                chunks[i + 1] = '  '

    def _handle_long_word(self, chunks, pos, cur_line, cur_len, width):
        # chunks[pos] does not fit on any line: break it (at the last hyphen that fits, if
        # any), or put it whole on an empty line. Returns the new pos.
        space_left = 1 if width < 1 else width - cur_len
        chunk = chunks[pos]
        if self.break_long_words:
            end = space_left
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            chunks[pos] = chunk[end:]
        elif not cur_line:
            cur_line.append(chunk)
            pos += 1
        return pos

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        placeholder = self.placeholder
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(indent) + len(placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        pos, n = 0, len(chunks)
        while pos < n:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            # a line does not start with whitespace, except the first one
            if self.drop_whitespace and lines and chunks[pos].strip() == '':
                pos += 1
                if pos == n:
                    break
            while pos < n and cur_len + len(chunks[pos]) <= width:
                cur_line.append(chunks[pos])
                cur_len += len(chunks[pos])
                pos += 1
            if pos < n and len(chunks[pos]) > width:
                pos = self._handle_long_word(chunks, pos, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if not cur_line:
                continue
            rest_blank = pos == n or (self.drop_whitespace and pos == n - 1 and not chunks[pos].strip())
            if self.max_lines is None or len(lines) + 1 < self.max_lines or (rest_blank and cur_len <= width):
                lines.append(indent + ''.join(cur_line))
                continue
            # the last line allowed: end it with the placeholder
            while cur_line:
                if cur_line[-1].strip() and cur_len + len(placeholder) <= width:
                    cur_line.append(placeholder)
                    lines.append(indent + ''.join(cur_line))
                    break
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            else:
                if lines:
                    prev_line = lines[-1].rstrip()
                    if len(prev_line) + len(placeholder) <= self.width:
                        lines[-1] = prev_line + placeholder
                        break
                lines.append(indent + placeholder.lstrip())
            break
        return lines

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    def wrap(self, text):
        """Reformat the single paragraph in 'text' so it fits in lines of no more than
        'self.width' columns, and return a list of wrapped lines."""
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """Reformat the single paragraph in 'text' to fit in lines of no more than 'self.width'
        columns, and return a new string containing the entire wrapped paragraph."""
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    """Wrap a single paragraph of text, returning a list of wrapped lines."""
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    """Fill a single paragraph of text, returning a new string."""
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    """Collapse and truncate the given text to fit in the given width."""
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    """Remove any common leading whitespace from every line in `text`."""
    lines = text.split('\n')
    margin = None
    for i, line in enumerate(lines):
        body = line.lstrip(' \t')
        if not body:
            # lines of only blanks become empty; they do not count for the margin
            lines[i] = ''
            continue
        indent = line[:len(line) - len(body)]
        if margin is None or indent.startswith(margin):
            if margin is None:
                margin = indent
        elif margin.startswith(indent):
            margin = indent
        else:
            k = 0
            while k < len(margin) and k < len(indent) and margin[k] == indent[k]:
                k += 1
            margin = margin[:k]
    if margin:
        cut = len(margin)
        lines = [line[cut:] if line.startswith(margin) else line for line in lines]
    return '\n'.join(lines)


def indent(text, prefix, predicate=None):
    """Adds 'prefix' to the beginning of selected lines in 'text'."""
    out = []
    for line in text.splitlines(True):
        if (line.strip() if predicate is None else predicate(line)):
            out.append(prefix + line)
        else:
            out.append(line)
    return ''.join(out)
