"""The menu of one decision at the terminal, built from a game's grouped :class:`ActionChoice` list.

Rules a player can rely on for the whole decision (until an action is played):

- Every entry that plays something has one number, given once when the decision starts, and it means the same
  choice wherever it is typed: at the top level, inside any group, after ``back``. Each decision numbers its
  entries from 1, as a player expects of every question (a Catan set-up road is "1", not "55"). A number typed
  for an earlier question must then not answer this one: the session shows each question's number range at
  its prompt and drops lines typed before the question was shown (see :mod:`firebreak.cli.typeahead`).
- Groups are opened by letters (``a``, ``b``, ... ``z``, ``aa``, ...), also fixed for the whole decision.
- Entries that end the player's turn while something else could still be done ("end turn", "end actions") are
  listed last, with the highest numbers, so the first number is never the one that gives the turn away.
- No listing shows more than :data:`MAX_ENTRIES` lines: a level with more entries than that (a game without
  grouping, or a large group) is split into consecutive parts, each opened like a group.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from string import ascii_lowercase

from firebreak.core import ActionChoice
from firebreak.core.text import plural

MAX_ENTRIES = 30
"""The most lines one listing shows."""
PART_SIZE = 20
"""How many entries go into one part when a level is split because it is too long."""
MAX_PINNED = 3
"""The most turn-ending entries kept at the end of a level when the rest is split into parts."""


@dataclass
class Entry:
    """One playable entry: its fixed number, the game's choice and whether it ends the turn early."""

    number: int
    choice: ActionChoice
    ends_turn: bool = False

    @property
    def label(self) -> str:
        return self.choice.label


@dataclass
class Group:
    """A menu level: the game's group (or a part of a long level), opened by its ``key``."""

    title: str
    items: list[Entry | Group] = field(default_factory=list)
    key: str = ""
    parent: Group | None = None

    def entries(self) -> list[Entry]:
        """Every playable entry under this group, at any depth."""
        out: list[Entry] = []
        for item in self.items:
            out.extend(item.entries() if isinstance(item, Group) else [item])
        return out

    @property
    def path(self) -> str:
        """The titles from the top, for the heading inside the group."""
        parts = []
        node: Group | None = self
        while node is not None and node.parent is not None:
            parts.append(node.title)
            node = node.parent
        return " / ".join(reversed(parts))


def group_key(index: int) -> str:
    """``0 -> "a"``, ``25 -> "z"``, ``26 -> "aa"``: a letter name that never looks like a number."""
    key = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        key = ascii_lowercase[rest] + key
    return key


@dataclass
class Menu:
    """One decision's menu: the tree, and the fixed numbers and letters that reach into it."""

    root: Group
    numbers: dict[int, Entry]
    groups: dict[str, Group]

    @property
    def enders(self) -> list[Entry]:
        return [e for e in self.numbers.values() if e.ends_turn]

    def find_label(self, text: str) -> Entry | None:
        """The entry whose label is ``text`` (case and spacing forgiven), if exactly one has it."""
        key = " ".join(text.lower().split())
        hits = [e for e in self.numbers.values() if " ".join(e.label.lower().split()) == key]
        return hits[0] if len(hits) == 1 else None


def build_menu(choices: Iterable[ActionChoice], ends_turn: Iterable[int] = ()) -> Menu:
    """Lay the choices out as a menu (see the module's rules), numbered from 1.

    ``ends_turn`` lists the actions of entries that end the turn early.
    """
    enders = set(ends_turn)
    root = Group("")
    subgroups: dict[tuple[str, ...], Group] = {(): root}
    for choice in choices:
        parent = root
        for depth in range(1, len(choice.group) + 1):
            path = choice.group[:depth]
            if path not in subgroups:
                subgroups[path] = Group(path[-1], parent=parent)
                parent.items.append(subgroups[path])
            parent = subgroups[path]
        parent.items.append(Entry(0, choice, choice.action in enders))
    _tidy(root)
    while len(root.items) == 1 and isinstance(root.items[0], Group):  # one group only: open it at once
        only = root.items[0]
        root.title = f"{root.title}: {only.title}" if root.title else only.title
        root.items = only.items
        for item in root.items:
            if isinstance(item, Group):
                item.parent = root
    groups: dict[str, Group] = {}
    order: list[Entry] = []
    _order(root, order, groups)
    order += [e for e in root.entries() if e.ends_turn]
    numbers: dict[int, Entry] = {}
    for number, entry in enumerate(order, 1):
        entry.number = number
        numbers[number] = entry
    return Menu(root, numbers, groups)


def _tidy(group: Group) -> None:
    """Merge single-child groups into their parent's line, put turn-enders last and split long levels."""
    for item in group.items:
        if isinstance(item, Group):
            _tidy(item)
    merged: list[Entry | Group] = []
    for item in group.items:
        while isinstance(item, Group) and len(item.items) == 1 and isinstance(item.items[0], Group):
            inner = item.items[0]
            inner.title = f"{item.title}: {inner.title}"
            inner.parent = group
            item = inner
        merged.append(item)
    leaves = [i for i in merged if isinstance(i, Entry) and not i.ends_turn]
    subs = [i for i in merged if isinstance(i, Group)]
    enders = [i for i in merged if isinstance(i, Entry) and i.ends_turn]
    body: list[Entry | Group] = [*leaves, *subs]
    if len(enders) > MAX_PINNED:  # too many to keep out of the parts: they go last inside them
        body, enders = [*body, *enders], []
    room = MAX_ENTRIES - len(enders)
    while len(body) > room:
        parts = []
        count = -(-len(body) // PART_SIZE)
        size = -(-len(body) // count)  # parts of even size
        for start in range(0, len(body), size):
            chunk = body[start : start + size]
            part = Group(_part_title(chunk), chunk, parent=group)
            for item in chunk:
                if isinstance(item, Group):
                    item.parent = part
            parts.append(part)
        body = list(parts)
    group.items = [*body, *enders]


def _part_title(chunk: list[Entry | Group]) -> str:
    first, last = chunk[0], chunk[-1]

    def name(i: Entry | Group) -> str:
        return i.title if isinstance(i, Group) else i.label

    return f"{name(first)} ... {name(last)}" if len(chunk) > 1 else name(first)


def _order(group: Group, order: list[Entry], groups: dict[str, Group]) -> None:
    """List the entries in numbering order: this level's own, then each subgroup's, depth first (turn-enders
    are left out, they come last). Groups are lettered level by level, so the top level reads a, b, c."""
    for item in group.items:
        if isinstance(item, Entry) and not item.ends_turn:
            order.append(item)
    for item in group.items:
        if isinstance(item, Group):
            _order(item, order, groups)
    if group.parent is None:
        level = [group]
        while level:
            below = [item for g in level for item in g.items if isinstance(item, Group)]
            for item in below:
                item.key = group_key(len(groups))
                groups[item.key] = item
            level = below


def entry_line(entry: Entry) -> str:
    """One numbered line: the label, the outcome in words where the game gives it."""
    note = f" - {entry.choice.note}" if entry.choice.note else ""
    return f"{entry.number:>3}. {entry.label}{note}"


def group_line(group: Group) -> str:
    """One lettered line: the group's title and how many choices it holds."""
    numbers = sorted(e.number for e in group.entries())
    if len(numbers) == 1:
        span = f", {numbers[0]}"
    elif numbers[-1] - numbers[0] == len(numbers) - 1:
        span = f", {numbers[0]}-{numbers[-1]}"
    else:
        span = ""
    return f"{group.key:>3}. {group.title} ({plural(len(numbers), 'choice')}{span})"


def listing(group: Group) -> list[str]:
    """The lines of one level, in menu order."""
    return [group_line(i) if isinstance(i, Group) else entry_line(i) for i in group.items]
