# Error case: ValueError not enough values to unpack.
record = "name,age"
name, age, city = record.split(",")
print(record.split(","))
print(name)
