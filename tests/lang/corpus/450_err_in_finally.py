# Error case: exception raised from a finally block.
def cleanup():
    try:
        print("doing work")
        return "ok"
    finally:
        raise OSError("cleanup failed")
cleanup()
