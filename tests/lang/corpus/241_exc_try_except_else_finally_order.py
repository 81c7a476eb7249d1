# Checks: execution order of try/except/else/finally with and without errors.
def run(fail):
    log = []
    try:
        log.append("try")
        if fail:
            raise ValueError("boom")
        log.append("try-end")
    except ValueError:
        log.append("except")
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log
print(run(False))
print(run(True))
