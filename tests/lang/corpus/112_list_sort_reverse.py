# Checks: list.sort and sorted with key/reverse; reverse().
nums = [5, 2, 9, 1, 5, 6]
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
words = ["kiwi", "Banana", "apple", "Cherry"]
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=len, reverse=True))
words.reverse()
print(words)
print(sorted([3, 1, 2], reverse=True))
print(sorted((2, 1)), sorted("bca"), sorted({3: 'a', 1: 'b'}))
