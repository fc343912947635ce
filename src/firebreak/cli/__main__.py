"""``python -m firebreak.cli`` runs the same app as the ``firebreak`` console script."""

from .main import app

app(prog_name="firebreak")
