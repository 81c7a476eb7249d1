# Sandbox: a refused import inside a function fails when the function runs.
# expect: ModuleNotFoundError: No module named 'subprocess'
def cleanup():
    import subprocess
    subprocess.run(["rm", "-rf", "/tmp/x"])
print("defined cleanup")
cleanup()
