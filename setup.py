"""Build hook for the games' compiled twins (everything else is in pyproject.toml).

Each ``src/firebreak/games/<game>/_encode.c`` becomes the extension ``firebreak.games.<game>._encode`` (the
observation writers), and the rules' hot paths theirs: the Great Fire's ``_fire.c`` (fire moves and action menu),
the Brigade's ``_brigade.c`` (the Action menu) and Catan's ``_catan.c`` (the main phase's moves, a roll's payout,
Longest Road). They are optional: where there is no C compiler or no Python headers, pip prints a warning and
installs firebreak without them, and the games use their Python paths (the same numbers and moves, slower).
"""

from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
CORE = "src/firebreak/core"

extensions = [
    Extension(
        f"firebreak.games.{source.parent.name}.{source.stem}",
        [str(source.relative_to(HERE))],
        include_dirs=[CORE],
        depends=[f"{CORE}/encode_c.h"],
        optional=True,
        extra_compile_args=["-Wall", "-Wextra", "-Wno-unused-parameter"],
    )
    for source in sorted((HERE / "src/firebreak/games").glob("*/_encode.c"))
    + sorted((HERE / "src/firebreak/games").glob("*/_fire.c"))  # the Great Fire's fire moves, in C
    + sorted((HERE / "src/firebreak/games").glob("*/_brigade.c"))  # the Brigade's Action menu, in C
    + sorted((HERE / "src/firebreak/games").glob("*/_catan.c"))  # Catan's main phase, payout and Longest Road, in C
]

setup(ext_modules=extensions)
