# Checks: single inheritance, method overriding and super().
class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def describe(self):
        return f"{self.name} says {self.speak()}"
class Dog(Animal):
    def speak(self):
        return "woof"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + "!"
for a in [Animal("generic"), Dog("rex"), Puppy("bit", 1)]:
    print(a.describe())
print(Puppy("p", 2).age, isinstance(Puppy("p", 2), Animal))
