# Checks: a recursive-descent evaluator for + - * / and parentheses.
def evaluate(expr):
    tokens = expr.replace("(", " ( ").replace(")", " ) ").split()
    pos = 0
    def peek():
        return tokens[pos] if pos < len(tokens) else None
    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]
    def atom():
        t = take()
        if t == "(":
            v = expr_()
            take()
            return v
        return float(t)
    def term():
        v = atom()
        while peek() in ("*", "/"):
            v = v * atom() if take() == "*" else v / atom()
        return v
    def expr_():
        v = term()
        while peek() in ("+", "-"):
            v = v + term() if take() == "+" else v - term()
        return v
    return expr_()
for e in ["1 + 2 * 3", "( 1 + 2 ) * 3", "10 / 4 - 1", "2 * ( 3 + ( 4 - 1 ) ) / 3"]:
    print(e, "=", evaluate(e))
