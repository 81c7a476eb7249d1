# bytes.decode checks its input: UTF-8 (strict, replace, ignore; CPython's messages for a bad start
# byte, a bad continuation, a cut-off sequence, a surrogate), latin-1, ascii, utf-8-sig, an unknown
# encoding, keyword arguments.
for data, args in [(b"abc", ()), (b"caf\xc3\xa9", ()), (b"\xff", ()), (b"a\xe2\x82", ()), (b"\xe2\x28\xa1", ()),
                   (b"\xff x", ("utf-8", "replace")), (b"\xff x", ("utf-8", "ignore")), (b"\xe9", ("latin-1",)),
                   (b"\xe9", ("ascii",)), (b"\xef\xbb\xbfhi", ("utf-8-sig",)), (b"x", ("nope",)), (b"\xed\xa0\x80", ()),
                   (b"a\xf0\x9f\x98", ("utf-8", "replace"))]:
    try:
        print(repr(data.decode(*args)))
    except (UnicodeDecodeError, LookupError) as e:
        print(type(e).__name__, e)
print(b"\xc3\xa9".decode(errors="strict"), b"\xc3\xa9".decode(encoding="utf-8"))
