"""The terminal front end (``firebreak`` console script): play, simulate, replay, list games."""
