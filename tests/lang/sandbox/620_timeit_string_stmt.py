# Sandbox: timeit cannot run a statement given as text (GraphLens has no compile/exec); a
# callable works.
# expect: NotImplementedError: GraphLens cannot compile the stmt string 'x = sum(range(10))'
import timeit
print(timeit.timeit(lambda: sum(range(10)), number=10) >= 0)
timeit.timeit("x = sum(range(10))", number=10)
