# copy: the __copy__ / __deepcopy__ hooks, __getstate__ / __setstate__ and __reduce__.
import copy


class C:
    def __copy__(self):
        return "shallow hook"

    def __deepcopy__(self, memo):
        return "deep hook " + type(memo).__name__


class S:
    def __init__(self):
        self.v = 1

    def __getstate__(self):
        return {"v": self.v * 10}

    def __setstate__(self, st):
        self.__dict__.update(st, restored=True)


class R:
    def __init__(self, a):
        self.a = a

    def __reduce__(self):
        return (R, (self.a + 1,))


print(copy.copy(C()), copy.deepcopy([C()]), copy.deepcopy(S()).__dict__, copy.copy(S()).__dict__)
print(copy.copy(R(1)).a, copy.deepcopy(R(5)).a)
memo = {}
x = [1]
y = copy.deepcopy([x, x], memo)
print(y[0] is y[1], memo[id(x)] is y[0])
