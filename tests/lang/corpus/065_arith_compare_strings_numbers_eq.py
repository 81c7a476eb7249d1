# Checks: equality between unrelated types is False, not an error.
print(1 == '1', '1' == 1)
print([] == (), [1] == (1,))
print(None == 0, None == False)
print({} == [], 'a' != 1)
print(1 != 1.0, (1, 2) != [1, 2])
print(0 == -0.0, '' == b'')
