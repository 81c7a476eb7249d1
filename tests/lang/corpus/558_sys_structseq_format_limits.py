# sys's struct sequences (int_info, float_info, version_info: reprs, fields, tuple behaviour) and
# the limits of format widths and precisions and of expandtabs' tab size.
import sys

print(sys.int_info)
print(sys.float_info)
print(sys.version_info[:2], sys.version_info.major, sys.version_info.minor, sys.version_info.releaselevel)
print(sys.int_info.default_max_str_digits, sys.float_info.mant_dig, len(sys.float_info), sys.float_info[7])
print(type(sys.int_info).__name__, isinstance(sys.float_info, tuple))
for f in [lambda: "a\tb".expandtabs(10**12), lambda: "a\tb".expandtabs(-10**12), lambda: format(1, "1" * 30),
          lambda: format(1.5, ".99999999999f"), lambda: "{:.3000000000f}".format(1.5),
          lambda: format(1, "9" * 19), lambda: len(format(7, "12")), lambda: len("a\tb".expandtabs(40))]:
    try:
        print("ok", f())
    except (OverflowError, ValueError, MemoryError) as e:
        print(type(e).__name__, e)
