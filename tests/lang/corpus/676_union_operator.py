# X | Y of types (PEP 604): types.UnionType with its repr, flattening and deduplication, None as
# NoneType, isinstance/issubclass, equality with typing.Union, in annotations and signatures,
# errors for non-types.
import types, typing, inspect
u = int | str
print(u, type(u) is types.UnionType, u.__args__, int | None, None | int, int | str | int, (int | str) | float)
print(list[int] | None, int | list[str], u == (str | int), u == typing.Union[int, str], hash(u) == hash(str | int))
print(isinstance(3, u), isinstance(3.0, u), isinstance(None, int | None), issubclass(bool, int | str))
print(typing.get_origin(u) is types.UnionType, typing.get_args(int | None), typing.Union[int | str, bytes])
def f(x: int | None = None, *, y: "str | None" = None) -> list[int] | None:
    return None
print(f.__annotations__, inspect.signature(f))
class A:
    pass
print(A | None, typing.Optional[A] == (A | None))
for bad in (3, "str"):
    try:
        int | bad
    except TypeError as e:
        print("TypeError", e)
try:
    isinstance([], list[int] | None)
except TypeError as e:
    print("TypeError", e)
print(int | typing.List[int], typing.List[int] | None)
