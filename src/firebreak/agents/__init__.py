"""Bots built on the core protocol alone."""
