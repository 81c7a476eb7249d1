# Error case: got multiple values for argument.
def connect(host, port=80):
    return f"{host}:{port}"
print(connect("a"))
connect("a", host="b")
