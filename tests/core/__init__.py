"""Tests of firebreak.core on the toy game."""
