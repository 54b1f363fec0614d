"""Drawing the graph around an entity with networkx and matplotlib, labels kept apart."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from chronomem.errors import InputError
from chronomem.schema.models import Fact
from chronomem.schema.vocabulary import CORE_VOCABULARY
from chronomem.time_args import when_or_now
from chronomem.viz._mpl import TYPE_COLOURS, pyplot

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from chronomem.memory import Memory

Position = dict[Any, tuple[float, float]]
# where along an edge (from its busier end) its label may sit, tried in order until it overlaps nothing
LABEL_SLOTS = (0.55, 0.45, 0.65, 0.35, 0.75, 0.25, 0.82, 0.18)


def _month(at: datetime | None, missing: str) -> str:
    return missing if at is None else at.strftime("%Y-%m")


def edge_text(data: dict[str, Any]) -> str:
    """``WORKS_AT\\n2023-09 → now``: an edge's predicate and valid interval (month precision).

    >>> from datetime import datetime, timezone
    >>> edge_text({"predicate": "WORKS_AT", "valid_from": datetime(2023, 9, 6, tzinfo=timezone.utc), "valid_to": None})
    'WORKS_AT\\n2023-09 → now'
    """
    return f"{data.get('predicate', '')}\n{_month(data.get('valid_from'), '?')} → {_month(data.get('valid_to'), 'now')}"


def graph_from_facts(memory: Memory, facts: Iterable[Fact], *, extra_nodes: Sequence[str] = (),
                     **graph_attrs: Any) -> nx.MultiDiGraph:
    """A MultiDiGraph of ``facts`` shaped like :meth:`Memory.to_networkx` (nodes: name, type;
    edges keyed by fact id with the fact's fields)."""
    import networkx as nx

    facts = list(facts)
    graph = nx.MultiDiGraph(group_id=memory.group, **graph_attrs)
    ids = [i for f in facts for i in (f.subject_id, f.object_id)] + list(extra_nodes)
    for e in memory.store.get_entities(memory.group, ids).values():
        graph.add_node(e.id, name=e.name, type=e.type, aliases=list(e.aliases))
    for f in facts:
        graph.add_edge(f.subject_id, f.object_id, key=f.id, predicate=f.predicate, statement=f.statement,
                       valid_from=f.valid_from, valid_to=f.valid_to, recorded_at=f.recorded_at,
                       expired_at=f.expired_at, sources=[s.turn_id or s.session_id for s in f.sources])
    return graph


def neighbourhood_graph(memory: Memory, entity: str, *, as_of: datetime | None = None,
                        known_at: datetime | None = None, depth: int = 2) -> nx.MultiDiGraph:
    """The facts within ``depth`` hops of ``entity`` valid at ``as_of`` (default: now), as believed
    at ``known_at``, as a MultiDiGraph (the as-of filter applies on every hop)."""
    found = memory.store.find_entities(memory.group, entity)
    if not found:
        raise InputError(f"no entity called {entity!r} in group {memory.group!r}")
    ids = [e.id for e in found]
    as_of = when_or_now(as_of, "as_of", memory.clock)
    facts = memory.store.neighbourhood(memory.group, ids, depth=depth, as_of=as_of, known_at=known_at)
    return graph_from_facts(memory, facts, extra_nodes=ids, as_of=as_of, known_at=known_at, center=ids[0])


def _box_sync(texts: list[Any]) -> Any:
    """An invisible artist drawn just before the arrows: it moves the node boxes' frames into
    place, so arrows clipped at those frames end at the boxes (text draws after the arrows)."""
    from matplotlib.artist import Artist

    class BoxSync(Artist):
        def draw(self, renderer: Any) -> None:
            for text in texts:
                text.update_bbox_position_size(renderer)

    sync = BoxSync()
    sync.set_zorder(4.5)
    return sync


def _find_center(graph: nx.MultiDiGraph, center: str | None) -> Any:
    if center is None:
        return graph.graph.get("center") if graph.graph.get("center") in graph else None
    if center in graph:
        return center
    wanted = center.casefold()
    for node, data in graph.nodes(data=True):
        if str(data.get("name", "")).casefold() == wanted:
            return node
    raise InputError(f"{center!r} is not a node of the graph (give a node id or an entity name)")


def subgraph_layout(graph: nx.MultiDiGraph, center: str | None = None) -> Position:
    """Node positions: rings by hop distance around ``center`` (each node next to its parent in
    the ring inside). Without a centre every connected part is laid out around its busiest node,
    the parts side by side. Deterministic.
    """
    import networkx as nx

    root = _find_center(graph, center)
    if root is not None:
        return _rings(graph, root)
    pos: Position = {}
    x = y = row_height = 0.0
    parts = sorted(nx.weakly_connected_components(graph), key=lambda c: (-len(c), min(_name(graph, n) for n in c)))
    for part in parts:
        sub = graph.subgraph(part)
        hub = max(sub, key=lambda n: (sub.degree(n), _name(graph, n)))
        local = _rings(sub, hub)
        xs = [p[0] for p in local.values()]
        ys = [p[1] for p in local.values()]
        width, height = max(xs) - min(xs) + 1.6, max(ys) - min(ys) + 1.2
        if x > 0 and x + width > 14:
            x, y, row_height = 0.0, y - row_height, 0.0
        for n, (px, py) in local.items():
            pos[n] = (x + px - min(xs), y + py - max(ys))
        x += width
        row_height = max(row_height, height)
    return pos


def _rings(graph: nx.MultiDiGraph, root: Any) -> Position:
    import networkx as nx

    undirected = nx.Graph(graph)
    dist = nx.single_source_shortest_path_length(undirected, root)
    pos: Position = {root: (0.0, 0.0)}
    angle: dict[Any, float] = {root: 0.0}
    radius, ring = 0.0, 1
    while True:
        shell = [n for n, d in dist.items() if d == ring]
        if not shell:
            break
        radius += max(1.0, len(shell) / 5)
        if ring == 1:
            shell.sort(key=lambda n: (_first_predicate(graph, root, n), _name(graph, n)))
            step = 2 * math.pi / len(shell)
            for i, n in enumerate(shell):
                angle[n] = math.pi / 2 + i * step
        else:
            # children sit in their parent's sector, fanned out around the parent's angle
            parents = sorted((n for n, d in dist.items() if d == ring - 1), key=lambda n: angle[n])
            sector = 2 * math.pi / len(parents)
            children: dict[Any, list] = {p: [] for p in parents}
            for n in sorted(shell, key=lambda n: _name(graph, n)):
                children[min((p for p in undirected[n] if dist.get(p) == ring - 1), key=lambda p: angle[p])].append(n)
            for p, kids in children.items():
                step = min(sector / max(len(kids), 1), 0.9 / ring)
                for i, n in enumerate(kids):
                    angle[n] = angle[p] + (i - (len(kids) - 1) / 2) * step
        for n in shell:
            pos[n] = (radius * math.cos(angle[n]), radius * math.sin(angle[n]))
        ring += 1
    others = [n for n in graph if n not in pos]  # not connected to the root
    for i, n in enumerate(sorted(others, key=lambda n: _name(graph, n))):
        pos[n] = (-radius + 0.8 * i, -radius - 1.0)
    return pos


def _name(graph: nx.MultiDiGraph, n: Any) -> str:
    return str(graph.nodes[n].get("name", n))


def _first_predicate(graph: nx.MultiDiGraph, a: Any, b: Any) -> str:
    """The alphabetically first predicate between ``a`` and ``b`` (either direction)."""
    return min((str(d.get("predicate", "")) for u, v, d in graph.edges([a, b], data=True) if {u, v} == {a, b}),
               default="")


def _pairs(graph: nx.MultiDiGraph) -> dict[frozenset, dict[str, Any]]:
    """Edges merged per unordered node pair: label lines (deduplicated) and directions."""
    pairs: dict[frozenset, dict[str, Any]] = {}
    for u, v, data in sorted(graph.edges(data=True), key=lambda e: (str(e[2].get("predicate")), str(e[0]), str(e[1]))):
        if u == v:
            continue
        p = pairs.setdefault(frozenset((u, v)), {"ends": (u, v), "lines": [], "forward": False, "backward": False,
                                                 "symmetric": True})
        spec = CORE_VOCABULARY[data["predicate"]] if data.get("predicate") in CORE_VOCABULARY else None
        p["symmetric"] = p["symmetric"] and spec is not None and spec.symmetric
        a, _ = p["ends"]
        p["forward" if u == a else "backward"] = True
        text = edge_text(data)
        if text not in p["lines"]:
            p["lines"].append(text)
    return pairs


def draw_subgraph(graph: nx.MultiDiGraph, center: str | None = None, *, ax: Axes | None = None,
                  title: str | None = None, pos: Position | None = None) -> Axes:
    """Draw a fact graph: entity names in boxes coloured by type, one arrow per related pair
    labelled ``PREDICATE\\n2023-05 → now`` (several facts between a pair share one label; a pair
    linked only by symmetric predicates such as SIBLING_OF gets a line without arrowheads).

    ``center`` (a node id or entity name) is drawn in the middle with its neighbours in rings;
    ``pos`` fixes the positions (to compare two dates with the same layout). Edge labels are
    slid along their edge until they overlap no other label. Returns the axes.
    """
    plt = pyplot()
    from matplotlib.patches import FancyArrowPatch, Patch

    if ax is None:
        grow = min(max(1.0, math.sqrt(graph.number_of_nodes() / 12)), 1.7)
        fig, ax = plt.subplots(figsize=(9 * grow, 7 * grow))
        fig.subplots_adjust(left=0.02, right=0.98, top=0.93, bottom=0.02)
    ax.set_axis_off()
    if title:
        ax.set_title(title, loc="left")
    if graph.number_of_nodes() == 0:
        ax.text(0.5, 0.5, "no facts", ha="center", va="center", transform=ax.transAxes)
        return ax
    root = _find_center(graph, center)
    pos = dict(pos) if pos is not None else subgraph_layout(graph, center)
    missing = [n for n in graph if n not in pos]
    if missing:
        pos.update(subgraph_layout(graph.subgraph(missing)))
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    ax.set_xlim(min(xs) - 0.22 * span, max(xs) + 0.22 * span)
    ax.set_ylim(min(ys) - 0.14 * span, max(ys) + 0.14 * span)

    boxes = {}
    types_seen: list[str] = []
    for n, data in graph.nodes(data=True):
        kind = str(data.get("type", "OTHER"))
        if kind not in types_seen:
            types_seen.append(kind)
        is_root = n == root
        boxes[n] = ax.text(*pos[n], _name(graph, n), ha="center", va="center", zorder=7,
                           fontsize=11 if is_root else 9.5, fontweight="bold" if is_root else "normal",
                           bbox={"boxstyle": "round,pad=0.4", "facecolor": TYPE_COLOURS.get(kind, "#DDDDDD"),
                                 "edgecolor": "#222222" if is_root else "#666666", "linewidth": 1.8 if is_root else 0.8})
    renderer = ax.figure.canvas.get_renderer()
    node_box = {n: _framed_extent(t, renderer) for n, t in boxes.items()}
    placed = list(node_box.values())

    for pair in _pairs(graph).values():
        a, b = pair["ends"]
        hub, leaf = (a, b) if (graph.degree(a), a == root) >= (graph.degree(b), b == root) else (b, a)
        if pair["symmetric"]:
            style = "-"
        else:
            style = "<|-|>" if pair["forward"] and pair["backward"] else ("-|>" if pair["forward"] else "<|-")
        ax.add_patch(FancyArrowPatch(pos[a], pos[b], arrowstyle=style, mutation_scale=12, color="#555555",
                                     linewidth=1.0, shrinkA=3, shrinkB=3, zorder=5,
                                     patchA=boxes[a].get_bbox_patch(), patchB=boxes[b].get_bbox_patch()))
        label = ax.text(0, 0, "\n".join(pair["lines"]), ha="center", va="center", fontsize=7.5, color="#222222",
                        zorder=6, linespacing=1.1,
                        bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none", "alpha": 0.9})
        label.set_position(_free_spot(label, node_box[hub], node_box[leaf], placed, renderer))
        placed.append(_framed_extent(label, renderer))

    ax.add_artist(_box_sync(list(boxes.values())))
    legend = [Patch(facecolor=TYPE_COLOURS.get(t, "#DDDDDD"), edgecolor="#666666", label=t.lower()) for t in sorted(types_seen)]
    ax.legend(handles=legend, loc="lower left", fontsize=8, frameon=False, ncol=len(legend), handlelength=1.2,
              bbox_to_anchor=(0.0, 0.0))
    return ax


def _free_spot(label: Any, start: Any, end: Any, placed: list, renderer: Any) -> tuple[float, float]:
    """Where ``label`` overlaps the fewest already placed boxes: on the visible part of the edge
    between the ``start`` and ``end`` node boxes, or beside it when the edge is too short to
    show both the label and the arrow."""
    to_data = label.get_transform().inverted()
    (sx, sy), (ex, ey) = _centre(start), _centre(end)
    length = math.hypot(ex - sx, ey - sy) or 1.0
    dx, dy = (ex - sx) / length, (ey - sy) / length
    a, b = _exit(start, dx, dy), length - _exit(end, -dx, -dy)  # visible part of the edge: [a, b]
    label.set_position(tuple(to_data.transform((sx, sy))))
    box = _framed_extent(label, renderer)
    along = abs(box.width * dx) + abs(box.height * dy)  # the label's extent along the edge
    beside = (abs(box.width * dy) + abs(box.height * dx)) / 2 + 3  # shift that clears the edge
    candidates = []
    if b - a > along * 1.6:
        candidates += [(a + t * (b - a), 0.0) for t in LABEL_SLOTS]
    mid = (a + b) / 2
    candidates += [(mid, side * beside) for side in (1, -1)]
    candidates += [(a + t * (b - a), side * (beside + 4)) for t in (0.25, 0.75) for side in (1, -1)]
    best, best_overlap = None, math.inf
    for at, shift in candidates:
        spot = tuple(to_data.transform((sx + at * dx - shift * dy, sy + at * dy + shift * dx)))
        label.set_position(spot)
        overlap = sum(_overlap(_framed_extent(label, renderer), other) for other in placed)
        if overlap < best_overlap:
            best, best_overlap = spot, overlap
        if overlap == 0:
            break
    return best


def _centre(box: Any) -> tuple[float, float]:
    return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2


def _exit(box: Any, dx: float, dy: float) -> float:
    """Distance from a box's centre to its border along the unit direction (dx, dy)."""
    half_w, half_h = box.width / 2, box.height / 2
    return min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)


def _framed_extent(text: Any, renderer: Any) -> Any:
    """The display extent of a text with its frame (the frame is padded beyond the glyphs)."""
    text.update_bbox_position_size(renderer)
    patch = text.get_bbox_patch()
    return patch.get_window_extent(renderer) if patch is not None else text.get_window_extent(renderer)


def _overlap(a: Any, b: Any) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0.0


def draw_as_of_pair(memory: Memory, entity: str, t1: datetime, t2: datetime, *, depth: int = 2,
                    known_at: datetime | None = None) -> Figure:
    """The graph around ``entity`` as of two dates, side by side, with the same layout so that
    what changed stands out. Returns the figure."""
    import networkx as nx

    plt = pyplot()
    graphs = [neighbourhood_graph(memory, entity, as_of=t, known_at=known_at, depth=depth) for t in (t1, t2)]
    union = nx.compose(graphs[0], graphs[1])
    union.graph["center"] = graphs[0].graph["center"]
    pos = subgraph_layout(union)
    fig, axes = plt.subplots(1, 2, figsize=(16, 7.5))
    fig.subplots_adjust(left=0.01, right=0.99, top=0.92, bottom=0.03, wspace=0.04)
    for ax, graph, t in zip(axes, graphs, (t1, t2)):
        draw_subgraph(graph, ax=ax, pos=pos, title=f"{entity} as of {t.date().isoformat()}")
    return fig
