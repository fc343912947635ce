"""Tests of firebreak.cli on the toy game."""
