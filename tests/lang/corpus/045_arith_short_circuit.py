# Checks: and/or short-circuit and skip evaluating the right side.
log = []
def t(tag):
    log.append(tag)
    return True
def f(tag):
    log.append(tag)
    return False
print(f('a') and t('b'))
print(t('c') or f('d'))
print(t('e') and f('f') and t('g'))
print(f('h') or f('i') or t('j'))
print(log)
