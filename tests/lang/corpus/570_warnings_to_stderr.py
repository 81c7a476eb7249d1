# warnings shown on stderr: file:line: Category: message and the source line, once per place
# for the default action; DeprecationWarning shown in __main__; stdout is unaffected.
import warnings

for i in range(2):
    warnings.warn("shown once")
print("between")
warnings.warn("old api", DeprecationWarning)
warnings.warn("fut", FutureWarning)
print("done")
