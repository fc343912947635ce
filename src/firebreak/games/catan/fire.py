"""The spread of the firestorm (the Fire Stations variant).

"Furthermore the fire expands to adjacent settlements/cities (adjacent = anything on the same hex)."
"Additionally the firestorm expands over streets ... Each affected player loses a resource card to the bank for
each settlement/city which directly connects to the original 'firestorm' hex via roads."
"The 'firestorm' thus propagates from the original hex only to the 1st secure settlement/city."

"Additionally the firestorm expands over streets and ships." On the Seafarers board the fire runs along the
owner's ships as along roads, passing between a road and a ship only at a settlement or city (ruling S8).

Rulings (docs/rulings/catan.md): the fire starts at each unsecured building on the hex and travels along its
owner's roads only; a secured building (one with a fire station) neither burns nor passes the fire on; a rival's
building on a node stops the fire like it breaks a road; a city counts as one building; every building burns at
most once.
"""

from __future__ import annotations

from .topology import Topology


def burning_buildings(
    topo: Topology,
    hex_: int,
    node_owner: list[int],
    station: list[int],
    edge_owner: list[int],
    edge_ship: list[int] | None = None,
) -> dict[int, list[int]]:
    """Per player, the nodes of their buildings that burn when the firestorm lands on ``hex_``.

    The list for each player starts with their unsecured buildings on the hex (in node order), then those the
    fire reaches along that player's roads (in the order reached).
    """
    starts: dict[int, list[int]] = {}
    for n in topo.hex_nodes[hex_]:
        p = node_owner[n]
        if p >= 0 and not station[n]:
            starts.setdefault(p, []).append(n)
    out: dict[int, list[int]] = {}
    node_edges = topo.node_edges
    edge_nodes = topo.edge_nodes
    ship = edge_ship or [0] * len(edge_nodes)
    for p in sorted(starts):
        burning = sorted(starts[p])
        # The fire's front: (crossing, kind of piece it arrived along: 0 road, 1 ship, -1 from a building).
        seen: set[tuple[int, int]] = {(n, -1) for n in burning}
        stack = [(n, -1) for n in burning]
        lit = set(burning)
        while stack:
            u, kind = stack.pop(0)
            for e in node_edges[u]:
                if edge_owner[e] != p:
                    continue
                k = ship[e]
                if kind >= 0 and k != kind:
                    continue  # from road to ship (or back) only at a settlement or city
                a, b = edge_nodes[e]
                v = b if a == u else a
                owner = node_owner[v]
                if owner == -1:
                    if (v, k) not in seen:
                        seen.add((v, k))
                        stack.append((v, k))  # the fire runs on through an empty crossing
                elif owner != p or station[v]:
                    continue  # a rival's building or a fire station stops it
                elif v not in lit:
                    lit.add(v)
                    burning.append(v)
                    seen.add((v, -1))
                    stack.append((v, -1))
        out[p] = burning
    return out
