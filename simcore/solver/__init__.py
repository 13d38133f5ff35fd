"""Double-dummy solver for the trick games (draft)."""
