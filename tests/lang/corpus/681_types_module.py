# The types module: SimpleNamespace, the type names (FunctionType, MethodType, ...),
# MappingProxyType read-only views, GenericAlias built directly, new_class.
import types, sys
ns = types.SimpleNamespace(a=1, b="x")
ns.c = [1]
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b="x", c=[1]), ns != types.SimpleNamespace())
print(types.SimpleNamespace(), vars(types.SimpleNamespace(z=2)))
def f():
    pass
class C:
    def m(self):
        pass
def g():
    yield 1
print(isinstance(f, types.FunctionType), isinstance(lambda: 0, types.LambdaType), isinstance(C().m, types.MethodType))
print(isinstance(len, types.BuiltinFunctionType), isinstance(g(), types.GeneratorType), isinstance(sys, types.ModuleType))
print(types.NoneType is type(None), isinstance(None, types.NoneType), type(...) is types.EllipsisType)
mp = types.MappingProxyType({"k": 1})
print(mp["k"], len(mp), list(mp), "k" in mp, mp.get("z", 0), dict(mp.items()), mp.copy())
try:
    mp["k"] = 2
except TypeError as e:
    print("TypeError", e)
ga = types.GenericAlias(list, (int,))
print(ga, ga == list[int], type(ga).__name__)
Made = types.new_class("Made", (C,), {}, lambda ns: ns.update({"v": 3}))
print(Made.v, Made.__bases__ == (C,), Made.__name__)
