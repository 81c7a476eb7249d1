# Checks: a hand-written tokenizer for arithmetic expressions.
def tokenize(src):
    tokens, i = [], 0
    while i < len(src):
        ch = src[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            tokens.append(("NUM", float(src[i:j]) if "." in src[i:j] else int(src[i:j])))
            i = j
        elif ch in "+-*/()":
            tokens.append(("OP", ch))
            i += 1
        else:
            raise SyntaxError(f"unexpected {ch!r} at {i}")
    return tokens
print(tokenize("12 + 3.5*(4 - 1)"))
try:
    tokenize("2 $ 3")
except SyntaxError as e:
    print("SyntaxError:", e)
