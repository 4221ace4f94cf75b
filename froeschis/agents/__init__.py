"""Players and the game loop: bots that decide from observations, and the driver of whole games."""
