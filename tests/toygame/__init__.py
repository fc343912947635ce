"""A toy hidden-information game registered only by the tests (never shipped in the package)."""
