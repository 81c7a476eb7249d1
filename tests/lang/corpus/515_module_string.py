# string: the constants, capwords and Template (substitute, safe_substitute, $$, ${name},
# keywords over the mapping, get_identifiers / is_valid, a subclass's delimiter).
import string
from string import Template

print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.punctuation), repr(string.whitespace), len(string.printable))
print(string.capwords(" hello   world  foo "), string.capwords("a-b-c", "-"))
t = Template("$who likes ${what}; $$5 and $who again")
print(t.substitute(who="tim", what="kung pao"))
print(t.substitute({"who": "a", "what": "b"}, who="kw"))
print(Template("$a $b ${c").safe_substitute(a=1), t.get_identifiers(), t.is_valid(), Template("$").is_valid())
for bad in ["$ x", "ab $", "a\n$", "x\ny ${1}", "${"]:
    try:
        Template(bad).substitute()
    except ValueError as e:
        print(e)
try:
    t.substitute(who="x")
except KeyError as e:
    print("KeyError", e)


class Pct(Template):
    delimiter = "%"


print(Pct("%x and %%").substitute(x=5), t.template)
