# Checks: f-strings spanning concatenations and using different quotes.
a, b = 4, 5
msg = (f"a={a}, "
       f"b={b}, "
       "sum=" f"{a + b}")
print(msg)
print(f'single {a}')
print(f"""triple {a}
line two {b}""")
d = {"key": "value"}
print(f"{d['key']}")
print(f'{d["key"]}')
