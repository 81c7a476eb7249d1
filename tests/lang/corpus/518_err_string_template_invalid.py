# string.Template.substitute with an invalid placeholder: ValueError with its line and column.
from string import Template

print(Template("cost: $$$amount").substitute(amount=3))
Template("first line\nprice: $5").substitute()
