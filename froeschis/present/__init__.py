"""What a person sees: text and SVG pictures of states, events in words."""
