"""Reading and writing: the JSON forms of rules, actions, states and game records; the JSON Schemas."""
