# Error case: calling a function that was never defined.
def setup():
    print("setup done")
setup()
initialize_everything()
