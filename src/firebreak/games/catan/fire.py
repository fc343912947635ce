"""The spread of the firestorm (the Fire Stations variant).

"Furthermore the fire expands to adjacent settlements/cities (adjacent = anything on the same hex)."
"Additionally the firestorm expands over streets ... Each affected player loses a resource card to the bank for
each settlement/city which directly connects to the original 'firestorm' hex via roads."
"The 'firestorm' thus propagates from the original hex only to the 1st secure settlement/city."

Rulings (docs/rulings/catan.md): the fire starts at each unsecured building on the hex and travels along its
owner's roads only; a secured building (one with a fire station) neither burns nor passes the fire on; a rival's
building on a node stops the fire like it breaks a road; a city counts as one building; every building burns at
most once.
"""

from __future__ import annotations

from .topology import Topology


def burning_buildings(
    topo: Topology, hex_: int, node_owner: list[int], station: list[int], edge_owner: list[int]
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
    for p in sorted(starts):
        burning = sorted(starts[p])
        seen = set(burning)
        stack = list(burning)
        while stack:
            u = stack.pop(0)
            for e in node_edges[u]:
                if edge_owner[e] != p:
                    continue
                a, b = edge_nodes[e]
                v = b if a == u else a
                if v in seen:
                    continue
                seen.add(v)
                owner = node_owner[v]
                if owner == -1:
                    stack.append(v)  # the fire runs along the road through an empty crossing
                elif owner != p or station[v]:
                    continue  # a rival's building or a fire station stops it
                else:
                    burning.append(v)
                    stack.append(v)
        out[p] = burning
    return out
