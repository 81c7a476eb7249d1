# Checks: repr of self-referencing containers.
a = [1, 2]
a.append(a)
print(a)
d = {'name': 'root'}
d['self'] = d
print(d)
b = [a, a]
print(len(b))
outer = [[0]]
outer[0].append(outer)
print(outer)
