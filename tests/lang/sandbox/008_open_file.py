# Sandbox: open() does not exist; files are reachable only through the TF APIs GraphLens implements.
# expect: NameError: name 'open' is not defined
print("reading data")
with open("data.csv") as f:
    print(f.read())
