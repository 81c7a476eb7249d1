# Checks: nested loops implementing matrix multiply and transpose.
A = [[1, 2, 3], [4, 5, 6]]
B = [[7, 8], [9, 10], [11, 12]]
def matmul(X, Y):
    return [[sum(X[i][k] * Y[k][j] for k in range(len(Y))) for j in range(len(Y[0]))]
            for i in range(len(X))]
print(matmul(A, B))
print([list(row) for row in zip(*A)])
I = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
print(matmul(A, I) == A)
