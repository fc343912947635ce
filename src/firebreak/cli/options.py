"""Generic game options on the command line, parsed against the game's own :class:`OptionSpec` list.

Every game declares its options in its spec, so the CLI needs no per-game code: ``--hand-size 3``,
``--hand-size=3``, ``--open-hands`` / ``--no-open-hands`` (booleans are flags), with dashes and underscores
interchangeable.
"""

from __future__ import annotations

from typing import Any

from firebreak.core import ChoiceLimit, GameSpec, OptionError, OptionSpec
from firebreak.core.text import join_words, plural


def flag_name(option: OptionSpec) -> str:
    return "--" + option.name.replace("_", "-")


def describe_option(option: OptionSpec) -> str:
    """One line of help for an option, in the form it is typed."""
    if option.type is bool:
        form = f"{flag_name(option)} / --no-{option.name.replace('_', '-')}"
    else:
        form = f"{flag_name(option)} <{option.type.__name__}>"
    choices = f" (one of {', '.join(map(str, option.choices))})" if option.choices else ""
    if option.minimum is not None and option.maximum is not None:
        choices += f" ({option.minimum} to {option.maximum})"
    elif option.minimum is not None or option.maximum is not None:
        choices += f" (at least {option.minimum})" if option.minimum is not None else f" (at most {option.maximum})"
    limits = "; ".join(limit_text(limit) for limit in option.unavailable)
    if limits:
        choices = f"{choices[:-1]}; {limits})" if choices.endswith(")") else f"{choices} ({limits})"
    needs = [_needs_text(name, values) for name, values in option.only_when]
    if needs:
        only = f"only with {join_words(needs)}"
        choices = f"{choices[:-1]}; {only})" if choices.endswith(")") else f"{choices} ({only})"
    return f"{form}: {option.help}{choices} [default: {option.default}]"


def _needs_text(name: str, values: tuple[Any, ...]) -> str:
    """Another option's values as typed: "--board seafarers", "--player-trades" (a yes-or-no one by its flag)."""
    flag = name.replace("_", "-")
    if all(isinstance(v, bool) for v in values):
        return join_words([f"--{flag}" if v else f"--no-{flag}" for v in values], "or")
    return f"--{flag} {join_words([str(v) for v in values], 'or')}"


def limit_text(limit: ChoiceLimit) -> str:
    """When a choice cannot be used, as typed: "beginner not for 5-6 players with --board base"."""
    parts = [f"{limit.choice} not"]
    if limit.players is not None:
        low, high = limit.players
        parts.append(f"for {plural(low, 'player')}" if low == high else f"for {low}-{high} players")
    for name, values in limit.when:
        parts.append(f"with --{name.replace('_', '-')} {join_words(map(str, values), 'or')}")
    if len(parts) == 1:
        parts.append("available")
    return " ".join(parts)


def known_options_text(spec: GameSpec) -> str:
    return ", ".join(flag_name(o) for o in spec.options) or "none"


def _find(spec: GameSpec, name: str) -> OptionSpec | None:
    key = name.replace("-", "_").lower()
    for option in spec.options:
        if option.name.lower() == key:
            return option
    return None


def parse_game_options(spec: GameSpec, args: list[str]) -> dict[str, Any]:
    """Turn leftover command-line arguments into validated option values. Raises :class:`OptionError`."""
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if not token.startswith("--") or token == "--":
            raise OptionError(f"unexpected argument {token!r} (game options look like --name value)")
        name, eq, raw = token[2:].partition("=")
        option = _find(spec, name)
        if option is None and not eq and name.replace("_", "-").lower().startswith("no-"):
            negated = _find(spec, name[3:])
            if negated is not None and negated.type is bool:
                out[negated.name] = False
                continue
        if option is None:
            typed = token.split("=")[0]
            raise OptionError(f"{spec.title} has no option {typed!r} (its options: {known_options_text(spec)})")
        if eq:
            value: Any = raw
        elif option.type is bool:
            value = True
        else:
            if i >= len(args):
                raise OptionError(f"option {flag_name(option)} needs a value")
            value = args[i]
            i += 1
        out[option.name] = option.coerce(value)
    return out
