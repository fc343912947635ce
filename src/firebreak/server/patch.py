"""Board patches: an update carries only the parts of the SVG board that changed since the client's last one.

A Great Fire board is ~60 KB of SVG and one action changes a few districts of it, yet every seat and spectator
was sent the whole board on every action: encoding, sending and parsing it was a large part of the server's time
under load (and most of each client's). The SVG is cut before every ``<g`` (a group: a district, a building, a
panel; ~60 pieces of ~1 KB), and an update says how to turn the pieces the client holds into the new ones:
``svg_patch`` is a list of ``[at, delete, [pieces to insert]]``, applied in order, exactly JavaScript's
``pieces.splice(at, delete, ...insert)``; then ``pieces.join("<g")`` is the new board (a board without groups is
one piece, resent whole when it changes). Cutting at groups rather than at every tag makes patches a few KB
instead of one or two, but cutting and comparing costs a fifth as much (0.12 ms a board), which is what a busy
server is short of. Found in linear time (no general diff: equal runs skipped, resynchronising after a few
pieces inserted or deleted).
"""

from __future__ import annotations

from operator import eq
from typing import Any

SEP = "<g"

Ops = list[list[Any]]


def split(svg: str) -> list[str]:
    return svg.split(SEP)


def join(pieces: list[str]) -> str:
    return SEP.join(pieces)


def diff(old: list[str], new: list[str]) -> Ops:
    """The splice operations that turn ``old`` into ``new`` (applied in order, indices in the list as it is then)."""
    n_old, n_new = len(old), len(new)
    if n_old == n_new:
        ops: Ops = []
        for i in [i for i, (a, b) in enumerate(zip(old, new)) if a is not b and a != b]:
            if ops and ops[-1][0] + ops[-1][1] == i:  # extend the run of changed pieces
                ops[-1][1] += 1
                ops[-1][2].append(new[i])
            else:
                ops.append([i, 1, [new[i]]])
        if any(op[1] >= _LOOKAHEAD for op in ops):  # a long run: maybe pieces inserted here, deleted there
            first, last = ops[0], ops[-1]
            return _middle(old, new, first[0], last[0] + last[1], last[0] + last[1])
        return ops
    m = min(n_old, n_new)
    start = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), m)
    end = next((k for k, (a, b) in enumerate(zip(reversed(old), reversed(new))) if a != b), m)
    end = min(end, m - start)  # the equal runs at both ends must not overlap
    return _middle(old, new, start, n_old - end, n_new - end)


def _middle(old: list[str], new: list[str], i: int, i_end: int, j_end: int) -> Ops:
    """Ops for ``old[i:i_end]`` -> ``new[i:j_end]``: walk both, resynchronising after a few pieces inserted or
    deleted (a token added to the board), replacing where no resynchronisation is near. Equal runs are skipped at
    C speed: pieces are compared a whole alignment at a time (``map(eq)``), again only when the alignment shifts."""
    ops: Ops = []
    j = i
    shift = None  # j - i for which ``same`` was computed, from old index ``base``
    same: list[bool] = []
    base = 0
    while i < i_end and j < j_end:
        if shift != j - i:
            shift, base = j - i, i
            same = list(map(eq, old[i:i_end], new[j:j_end]))
        k = i - base
        try:
            run = same.index(False, k) - k
        except ValueError:
            run = len(same) - k
        i += run
        j += run
        if i >= i_end or j >= j_end:
            break
        at = j  # the position in the list being patched (earlier ops already applied)
        k = i - base
        try:
            differ = same.index(True, k) - k  # pieces that differ at this alignment
        except ValueError:
            differ = len(same) - k
        if differ >= _LOOKAHEAD:  # a long run: maybe a few pieces inserted or deleted shifted the rest
            for n in range(1, _LOOKAHEAD):
                if i + n < i_end and old[i + n] == new[j]:  # n pieces deleted
                    ops.append([at, n, []])
                    i += n
                    break
                if j + n < j_end and new[j + n] == old[i]:  # n pieces inserted
                    ops.append([at, 0, new[j : j + n]])
                    j += n
                    break
            else:
                differ = 1
            if differ != 1:
                continue
        ops.append([at, differ, new[j : j + differ]])  # replaced
        i += differ
        j += differ
    if i < i_end or j < j_end:
        ops.append([j, i_end - i, new[j:j_end]])
    return ops


_LOOKAHEAD = 8


def apply(pieces: list[str], ops: Ops) -> list[str]:
    """What a client does with ``svg_patch`` (in place; returns ``pieces``)."""
    for at, delete, insert in ops:
        pieces[at : at + delete] = insert
    return pieces


def size(ops: Ops) -> int:
    """Characters of SVG the patch carries (to prefer the whole board when a patch is not much smaller)."""
    return sum(len(p) + 1 for _, _, insert in ops for p in insert)


VIEW_DEPTH = 3
"""How deep :func:`view_diff` looks before replacing a whole value (a view is a few levels of dicts and lists)."""


def view_diff(old: Any, new: Any) -> Ops:
    """The changes that turn JSON value ``old`` into ``new``: ``[path, value]`` sets (the root when ``path`` is
    empty), ``[path]`` deletes a key. Lists are compared element by element when their lengths match, else
    replaced. Equal parts are skipped with one comparison each (``==`` in C), so a view that changed in three
    districts costs three small entries, not 14 KB."""
    out: Ops = []
    _view_diff(old, new, [], out)
    return out


def _view_diff(old: Any, new: Any, path: list[Any], out: Ops) -> None:
    if old == new:
        return
    if len(path) < VIEW_DEPTH and type(old) is dict and type(new) is dict:
        for k, v in new.items():
            if k not in old:
                out.append([[*path, k], v])
            elif old[k] != v:
                _view_diff(old[k], v, [*path, k], out)
        out.extend([[*path, k]] for k in old if k not in new)
    elif len(path) < VIEW_DEPTH and type(old) is list and type(new) is list and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            if a != b:
                _view_diff(a, b, [*path, i], out)
    else:
        out.append([path, new])


def view_apply(root: Any, ops: Ops) -> Any:
    """What a client does with ``view_patch``; returns the new root (changed in place where it can be)."""
    for op in ops:
        path = op[0]
        if not path:
            root = op[1]
            continue
        node = root
        for k in path[:-1]:
            node = node[k]
        if len(op) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = op[1]
    return root
