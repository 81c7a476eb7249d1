# Sandbox: a refused import inside a function fails when the function runs.
# expect: ModuleNotFoundError: No module named 'shutil'
def cleanup():
    import shutil
    shutil.rmtree("/tmp/x")
print("defined cleanup")
cleanup()
