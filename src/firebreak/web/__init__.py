"""Static pages of the play server (lobby, game, replay): plain HTML, CSS and JavaScript, no build step."""
