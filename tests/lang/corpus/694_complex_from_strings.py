# complex() from strings: spaces, parentheses, signs, exponents, inf/nan, underscores (CPython's
# rules for where they may stand, and its two error messages)
cases = ["1_0j", "1__0j", "_1j", "1_j", "1_0+2_5j", "1e1_0j", "1_e10", "inf+infj", "-nanj", "1e", "1e+", ".j",
         "+.5j", "(j)", "( 1+2j )", " (1-j) ", "infinityj", "-Infinity-INFj", "1.e5j", "0x1j", "1e-400+1e400j",
         "+j", "--1j", "1+-2j", "1+2J", "J", "1.5e+3-2.5E-3j", "()", "(1", "1)", "1j1", "nan", "-0", "-0-0j", "1 j",
         "1+2j ", "\t3\n", "1_", "_", "(_1)"]
for c in cases:
    try:
        print(repr(c), repr(complex(c)))
    except ValueError as e:
        print(repr(c), "ValueError", e)
