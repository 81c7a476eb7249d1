# operator: itemgetter / attrgetter / methodcaller (calls and reprs) and the function forms.
import operator
from operator import itemgetter, attrgetter, methodcaller

print(itemgetter(1)([4, 5]), itemgetter(0, 2)("abc"), itemgetter("k")({"k": 1}))
print(sorted([(1, "b"), (0, "c"), (1, "a")], key=itemgetter(0, 1)))


class P:
    def __init__(self, x, child=None):
        self.x = x
        self.child = child


p = P(1, P(2))
print(attrgetter("x")(p), attrgetter("child.x")(p), attrgetter("x", "child.x")(p))
print(repr(itemgetter(1, "a")), repr(attrgetter("a.b", "c")), repr(methodcaller("split", ",", maxsplit=1)))
print(methodcaller("split", ",")("a,b"), methodcaller("replace", "a", "o")("banana"))
print(operator.add(1, 2), operator.sub(5, 7), operator.mul("ab", 2), operator.truediv(7, 2), operator.floordiv(7, 2))
print(operator.mod(7, 3), operator.pow(2, 10), operator.neg(3), operator.pos(-3), operator.abs(-4), operator.inv(5))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 4), operator.rshift(32, 2))
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2), operator.ge(1, 2), operator.gt(3, 2))
print(operator.not_(0), operator.truth([]), operator.is_(None, None), operator.is_not(1, None))
print(operator.concat([1], [2]), operator.contains("abc", "b"), operator.countOf([1, 2, 1], 1), operator.indexOf("abc", "c"))
d = {"a": 1}
operator.setitem(d, "b", 2)
operator.delitem(d, "a")
print(d, operator.getitem([1, 2, 3], slice(1, None)), operator.index(7), operator.length_hint([1, 2]))
lst = [1]
print(operator.iadd(lst, [2]) is lst, lst, operator.iadd(1, 2), operator.imul("a", 3), operator.ipow(2, 3))
print(operator.__add__ is operator.add, operator.call(len, "abc"), operator.invert is operator.inv)
