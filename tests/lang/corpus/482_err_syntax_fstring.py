# Error case: SyntaxError inside an f-string expression.
value = 3
print(f"value={value}")
print(f"{value * 2}")
print(f"broken={value +}")
