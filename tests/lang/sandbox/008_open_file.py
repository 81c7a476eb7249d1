# Sandbox: open() reaches only the script's folder and the run's temporary folder.
# expect: PermissionError: [Errno 13] Permission denied: '/etc/passwd'
print("reading data")
with open("/etc/passwd") as f:
    print(f.read())
