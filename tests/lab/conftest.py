"""Share the toy-game fixtures."""

from toygame.conftest import bare_toy, peek_toy, toy  # noqa: F401
