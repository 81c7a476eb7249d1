# Checks: a small class-based program with validation and history.
class InsufficientFunds(Exception):
    pass
class Account:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.history = []
    def deposit(self, amount):
        self.balance += amount
        self.history.append(("deposit", amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"{self.owner} has {self.balance}, needs {amount}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
acct = Account("ann", 100)
acct.deposit(50)
for amt in (30, 500, 120):
    try:
        acct.withdraw(amt)
    except InsufficientFunds as e:
        print("refused:", e)
print(acct.balance, acct.history)
