"""Tests of firebreak.agents on the toy game."""
