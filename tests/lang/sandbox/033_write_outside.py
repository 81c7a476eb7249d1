# Sandbox: writing outside the script's folder and the run's temporary folder is refused.
# expect: PermissionError: Permission denied: '/tmp/graphlens-sandbox-escape.txt'
with open("/tmp/graphlens-sandbox-escape.txt", "w") as f:
    f.write("escaped")
