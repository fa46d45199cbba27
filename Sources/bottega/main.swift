print("bottega")
