# Error case: raise ... from prints both exceptions; last line is the outer one.
def load_config(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError("config is invalid") from e
print(load_config("5"))
load_config("five")
