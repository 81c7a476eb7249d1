# Checks: ord/chr conversions and a Caesar cipher.
print(ord("A"), ord("a"), ord("0"), ord(" "))
print(chr(65), chr(97), chr(8364))
def caesar(text, shift):
    out = []
    for ch in text:
        if ch.isalpha() and ch.islower():
            out.append(chr((ord(ch) - ord("a") + shift) % 26 + ord("a")))
        else:
            out.append(ch)
    return "".join(out)
enc = caesar("hello world", 3)
print(enc)
print(caesar(enc, -3))
