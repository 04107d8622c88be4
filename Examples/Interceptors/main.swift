print("recipe")
