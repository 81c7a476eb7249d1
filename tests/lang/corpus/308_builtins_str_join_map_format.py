# Checks: formatting a CSV-like output with map/str/format.
rows = [(1, 0.5, "a"), (22, 12.125, "bb"), (333, -1.0, "c")]
for row in rows:
    print(",".join(map(str, row)))
for n, x, s in rows:
    print(format(n, "04d"), format(x, "8.3f"), format(s, ">3"))
