# Error case: opening a file that does not exist.
print("opening")
with open("no_such_file_566.txt") as f:
    print(f.read())
