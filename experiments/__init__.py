"""What to run and how: experiment specs, the study runner and the command line."""
