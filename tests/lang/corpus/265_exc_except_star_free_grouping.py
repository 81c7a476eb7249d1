# Checks: collecting multiple errors into one summary exception.
def validate(record):
    problems = []
    if not record.get("name"):
        problems.append("name missing")
    if record.get("age", 0) < 0:
        problems.append("negative age")
    if problems:
        raise ValueError("; ".join(problems))
    return "ok"
for rec in [{"name": "a", "age": 1}, {"age": -3}, {"name": "", "age": 2}]:
    try:
        print(validate(rec))
    except ValueError as e:
        print("invalid:", e)
