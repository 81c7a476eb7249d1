# Checks: partition/rpartition and parsing key=value lines.
print("key=value=more".partition("="))
print("key=value=more".rpartition("="))
print("novalue".partition("="))
print("novalue".rpartition("="))
config = "lr=0.01\nepochs=5\nname=mlp"
settings = {}
for line in config.splitlines():
    k, _, v = line.partition("=")
    settings[k] = v
print(settings)
