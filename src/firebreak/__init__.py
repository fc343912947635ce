"""firebreak: fire-fighting board games to play, watch and study.

Layers (dependencies point one way): ``cli``/``lab`` -> ``agents`` -> ``games`` -> ``core``.
"""

__version__ = "0.1.0"
