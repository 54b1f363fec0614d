"""chronomem.viz: charts rendered with Agg and inspected, tables with and without pandas."""

import sys
from datetime import datetime, timezone
from itertools import combinations

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.patches import FancyArrowPatch, Rectangle  # noqa: E402

from chronomem import Claim, ConfigError, Entity, FixedClock, InputError, Memory, Source, WriteBatch  # noqa: E402
from chronomem.query.records import FactRecord  # noqa: E402
from chronomem.schema.models import entity_id  # noqa: E402
from chronomem.viz import (  # noqa: E402
    STATUS_STYLE,
    belief_diff,
    diff_table,
    draw_as_of_pair,
    draw_subgraph,
    facts_table,
    neighbourhood_graph,
    plot_timeline,
    row_label,
    subgraph_layout,
)
from chronomem.viz.tables import BELIEF_COLUMNS, DIFF_COLUMNS, FACT_COLUMNS  # noqa: E402


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


NOW = d(2024, 6)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def write_story(m):
    """The example story, written as claims (no extractor needed): Sam moves Lisbon → Toronto →
    Vancouver, leaves Shopify, says Stripe and corrects it to Plaid; Emma is Sam's sister."""
    g = m.group
    kinds = {"Sam": "PERSON", "Emma": "PERSON", "Lisbon": "PLACE", "Toronto": "PLACE", "Vancouver": "PLACE",
             "Zurich": "PLACE", "Shopify": "ORG", "Stripe": "ORG", "Plaid": "ORG", "Google": "ORG"}
    ents = {n: Entity(id=entity_id(g, n), group_id=g, name=n, type=t) for n, t in kinds.items()}

    def c(s, p, o, at, said, kind="assert", replaces=None):
        return Claim(group_id=g, subject_id=ents[s].id, predicate=p, object_id=ents[o].id, kind=kind, at=at,
                     said_at=said, replaces_object_id=ents[replaces].id if replaces else None,
                     statement=m.store.vocabulary.statement(p, s, o), sources=[Source(session_id=f"s{said.date()}", turn_id=f"s{said.date()}:1")])  # noqa: E501

    history = [
        (d(2023, 1, 15), [c("Sam", "LIVES_IN", "Toronto", d(2023, 1, 15), d(2023, 1, 15)),
                          c("Sam", "WORKS_AT", "Shopify", d(2023, 1, 15), d(2023, 1, 15))]),
        (d(2023, 9, 5), [c("Sam", "LIVES_IN", "Vancouver", d(2023, 8, 29), d(2023, 9, 5)),
                         c("Sam", "WORKS_AT", "Shopify", d(2023, 8, 31), d(2023, 9, 5), kind="end")]),
        (d(2023, 9, 20), [c("Sam", "WORKS_AT", "Stripe", d(2023, 9, 6), d(2023, 9, 20))]),
        (d(2023, 10, 2), [c("Sam", "WORKS_AT", "Plaid", None, d(2023, 10, 2), kind="correct", replaces="Stripe")]),
        (d(2024, 2, 10), [c("Sam", "SIBLING_OF", "Emma", d(2024, 2, 10), d(2024, 2, 10)),
                          c("Emma", "WORKS_AT", "Google", d(2024, 2, 10), d(2024, 2, 10)),
                          c("Emma", "LIVES_IN", "Zurich", d(2024, 1, 1), d(2024, 2, 10))]),
        (d(2021, 5, 1), [c("Sam", "LIVES_IN", "Lisbon", d(2021, 5, 1), d(2021, 5, 1))]),
    ]
    for at, claims in history:
        used = {i for cl in claims for i in (cl.subject_id, cl.object_id, cl.replaces_object_id) if i}
        m.store.write(WriteBatch(g, entities=[e for e in ents.values() if e.id in used], claims=claims), recorded_at=at)
    return m


@pytest.fixture
def mem():
    m = write_story(Memory.open(":memory:", clock=FixedClock(NOW)))
    yield m
    m.close()


def bars(ax):
    return [p for p in ax.patches if isinstance(p, Rectangle) and str(p.get_gid()).startswith("fact:")]


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


# -- plot_timeline -------------------------------------------------------------------------------

def test_timeline_draws_one_bar_per_version_coloured_by_status(mem):
    records = mem.timeline("Sam", include_retracted=True)
    ax = plot_timeline(records, title="Sam", now=NOW)
    drawn = {p.get_gid(): p for p in bars(ax)}
    assert len(drawn) == len(records)
    for r in records:
        assert to_hex(drawn[f"fact:{r.id}"].get_facecolor()) == STATUS_STYLE[r.status]["color"].lower()
    statuses = {r.status for r in records}
    assert {"current", "ended", "superseded", "retracted"} <= statuses
    labels = legend_texts(ax)
    for status in statuses:
        assert STATUS_STYLE[status]["label"] in labels
    assert "still true (open end)" in labels
    assert ax.get_title(loc="left") == "Sam"


def test_timeline_rows_are_values_grouped_by_predicate(mem):
    ax = plot_timeline(mem.timeline("Sam", include_retracted=True), now=NOW)
    rows = [t.get_text() for t in ax.get_yticklabels()]
    assert rows == ["LIVES_IN → Lisbon", "LIVES_IN → Toronto", "LIVES_IN → Vancouver", "WORKS_AT → Shopify",
                    "WORKS_AT → Stripe", "WORKS_AT → Plaid", "SIBLING_OF ↔ Emma"]


def test_corrected_version_is_thin_hatched_and_annotated(mem):
    records = mem.timeline("Sam", predicate="WORKS_AT", include_retracted=True)
    ax = plot_timeline(records, now=NOW)
    by_status = {}
    for r in records:
        by_status.setdefault(r.status, []).append(next(p for p in bars(ax) if p.get_gid() == f"fact:{r.id}"))
    retracted, current = by_status["retracted"][0], by_status["current"][0]
    assert retracted.get_hatch() and not current.get_hatch()
    assert retracted.get_height() < current.get_height()
    assert any("withdrawn 2023-10-02" in t.get_text() for t in ax.texts)


def test_timeline_x_axis_shows_dates_and_open_bars_end_now(mem):
    import matplotlib.dates as mdates

    records = mem.timeline("Sam")
    ax = plot_timeline(records, now=NOW)
    assert isinstance(ax.xaxis.get_major_formatter(), mdates.ConciseDateFormatter)
    ax.figure.canvas.draw()
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert "2022" in ticks and "2023" in ticks
    now_x = mdates.date2num(NOW)
    for r in records:
        bar = next(p for p in bars(ax) if p.get_gid() == f"fact:{r.id}")
        if r.valid_to is None:
            assert bar.get_x() + bar.get_width() == pytest.approx(now_x)
        else:
            assert bar.get_x() + bar.get_width() == pytest.approx(mdates.date2num(r.valid_to))


def record(subject, obj, start, end=None, *, predicate="LEADS", status="current"):
    return FactRecord(id=f"{subject}-{obj}-{start}", subject=subject, subject_id=subject, predicate=predicate,
                      object=obj, object_id=obj, statement="", valid_from=start, valid_to=end,
                      recorded_at=d(2024), expired_at=None, status=status)


def test_timeline_marks_unknown_starts_and_future_values():
    records = [record("Tom", "platform team", None, d(2024, 4)), record("Priya", "platform team", d(2024, 4), status="ended"),
               record("Ana", "platform team", d(2025, 1), status="future")]
    ax = plot_timeline(records, now=NOW)
    labels = legend_texts(ax)
    assert "start unknown" in labels and STATUS_STYLE["future"]["label"] in labels
    rows = [t.get_text() for t in ax.get_yticklabels()]
    assert rows == ["LEADS ← Tom", "LEADS ← Priya", "LEADS ← Ana"]
    tom, priya = (next(p for p in bars(ax) if p.get_gid() == f"fact:{r.id}") for r in records[:2])
    assert ax.get_xlim()[0] < tom.get_x() < priya.get_x()


def test_row_labels_for_unrelated_facts_name_both_ends():
    r = record("Tom", "platform team", d(2020))
    assert row_label(r, None) == "Tom LEADS platform team"
    assert row_label(r, "platform team") == "LEADS ← Tom"


def test_empty_timeline_says_so():
    ax = plot_timeline([])
    assert [t.get_text() for t in ax.texts] == ["no facts"]


def test_drawing_without_matplotlib_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ConfigError, match=r'pip install -e "\.\[viz\]"'):
        plot_timeline([])


# -- subgraphs -----------------------------------------------------------------------------------

def framed_boxes(ax):
    ax.figure.canvas.draw()
    renderer = ax.figure.canvas.get_renderer()
    return [(t.get_text(), t.get_bbox_patch().get_window_extent(renderer)) for t in ax.texts if t.get_bbox_patch()]


def overlapping(boxes):
    return [(a, b) for (a, ba), (b, bb) in combinations(boxes, 2) if ba.overlaps(bb)]


def test_subgraph_labels_nodes_and_edges_without_overlaps(mem):
    graph = neighbourhood_graph(mem, "Sam", depth=2)
    ax = draw_subgraph(graph, "Sam", title="Sam now")
    texts = [t.get_text() for t in ax.texts]
    assert {"Sam", "Vancouver", "Plaid", "Emma", "Google", "Zurich"} <= set(texts)
    assert "Stripe" not in texts and "Toronto" not in texts
    assert "WORKS_AT\n2023-09 → now" in texts and "LIVES_IN\n2024-01 → now" in texts
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(arrows) == 5
    styles = sorted(type(a.get_arrowstyle()).__name__ for a in arrows)
    assert styles == ["Curve", "CurveFilledB", "CurveFilledB", "CurveFilledB", "CurveFilledB"]  # SIBLING_OF: no head
    assert overlapping(framed_boxes(ax)) == []


def test_layout_puts_the_centre_in_the_middle_and_children_next_to_parents(mem):
    graph = neighbourhood_graph(mem, "Sam", depth=2)
    names = {data["name"]: n for n, data in graph.nodes(data=True)}
    pos = subgraph_layout(graph, "sam")
    assert pos[names["Sam"]] == (0.0, 0.0)
    emma, zurich, plaid = pos[names["Emma"]], pos[names["Zurich"]], pos[names["Plaid"]]

    def dist(a, b):
        return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
    assert dist(zurich, emma) < dist(zurich, plaid)
    assert subgraph_layout(graph, "Sam") == pos


def test_unknown_centre_or_entity_is_an_input_error(mem):
    graph = neighbourhood_graph(mem, "Sam")
    with pytest.raises(InputError, match="not a node"):
        draw_subgraph(graph, "Nobody")
    with pytest.raises(InputError, match="no entity called"):
        neighbourhood_graph(mem, "Nobody")


def test_as_of_pair_shows_both_dates_with_the_same_layout(mem):
    fig = draw_as_of_pair(mem, "Sam", d(2023, 6), d(2024, 6))
    left, right = fig.axes[:2]
    assert left.get_title(loc="left") == "Sam as of 2023-06-01"
    assert right.get_title(loc="left") == "Sam as of 2024-06-01"
    before = {t.get_text(): t.get_position() for t in left.texts}
    after = {t.get_text(): t.get_position() for t in right.texts}
    assert {"Toronto", "Shopify"} <= before.keys() and not {"Vancouver", "Plaid"} & before.keys()
    assert {"Vancouver", "Plaid", "Emma"} <= after.keys() and not {"Toronto", "Stripe"} & after.keys()
    assert before["Sam"] == after["Sam"]
    assert left.get_xlim() == right.get_xlim()


def test_views_agree_on_every_backend(store, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    m = write_story(Memory(store, group=store.test_group, clock=FixedClock(NOW)))
    changes = [(r["at"], r["change"], r["object"]) for r in diff_table(m, d(2023, 8), d(2023, 11))]
    assert ("2023-10-02", "corrected", "Stripe") in changes and ("2023-09-06", "began", "Plaid") in changes
    beliefs = {r["object"]: r["change"] for r in belief_diff(m, "Sam", d(2023, 9, 25), d(2023, 10, 1), d(2023, 10, 3))}
    assert beliefs == {"Vancouver": "kept", "Stripe": "withdrawn", "Plaid": "added"}
    fig = draw_as_of_pair(m, "Sam", d(2023, 6), d(2024, 6))
    assert {"Vancouver", "Plaid", "Emma", "Zurich"} <= {t.get_text() for t in fig.axes[1].texts}
    ax = plot_timeline(m.timeline("Sam", include_retracted=True), now=NOW)
    assert len(bars(ax)) == len(m.timeline("Sam", include_retracted=True))


def test_thirty_edges_keep_their_labels_apart():
    m = Memory.open(":memory:", clock=FixedClock(NOW))
    tools = ["Redis", "Postgres", "Kafka", "Airflow", "dbt", "Snowflake", "Terraform", "Kubernetes", "Grafana", "Sentry"]
    rows = [{"subject": "Acme", "predicate": "USES", "object": t, "valid_from": f"20{18 + i % 6}-0{1 + i % 9}-01"}
            for i, t in enumerate(tools)]
    for i, p in enumerate(["Tom", "Priya", "Ana", "Luis", "Mei", "Omar", "Zoe", "Ivan"]):
        rows.append({"subject": p, "predicate": "WORKS_AT", "object": "Acme", "valid_from": f"20{17 + i % 7}-03-01"})
        rows.append({"subject": p, "predicate": "LIVES_IN", "object": ["Berlin", "Toronto", "Lisbon", "Austin"][i % 4],
                     "valid_from": "2020-01-01"})
    rows += [{"subject": "Acme", "predicate": "LIVES_IN", "object": "Berlin", "valid_from": "2015-01-01"},
             {"subject": "Priya", "predicate": "LEADS", "object": "platform team", "valid_from": "2024-04-01"}]
    m.import_facts(rows)
    graph = neighbourhood_graph(m, "Acme", depth=2)
    assert graph.number_of_edges() >= 28
    ax = draw_subgraph(graph, "Acme")
    assert overlapping(framed_boxes(ax)) == []
    ax = draw_subgraph(m.to_networkx())  # no centre: each part around its busiest node
    assert overlapping(framed_boxes(ax)) == []


def test_empty_graph_says_so(mem):
    import networkx as nx

    ax = draw_subgraph(nx.MultiDiGraph())
    assert [t.get_text() for t in ax.texts] == ["no facts"]


# -- tables --------------------------------------------------------------------------------------

def test_facts_table_is_a_dataframe_with_pandas(mem):
    pd = pytest.importorskip("pandas")
    table = facts_table(mem.timeline("Sam", predicate="WORKS_AT", include_retracted=True))
    assert isinstance(table, pd.DataFrame)
    assert list(table.columns) == list(FACT_COLUMNS)
    stripe = table[table["object"] == "Stripe"].iloc[0]
    assert (stripe["status"], stripe["valid"], stripe["believed"]) == ("retracted", "2023-09-06 → now", "2023-09-20 → 2023-10-02")


def test_tables_are_lists_of_dicts_without_pandas(mem, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    table = facts_table(mem.facts("Sam"))
    assert isinstance(table, list) and all(list(row) == list(FACT_COLUMNS) for row in table)
    assert sorted(row["object"] for row in table) == ["Emma", "Plaid", "Vancouver"]
    diff = diff_table(mem, d(2023, 9), d(2023, 11))
    assert isinstance(diff, list) and list(diff[0]) == list(DIFF_COLUMNS)
    beliefs = belief_diff(mem, "Sam", d(2023, 9, 25), d(2023, 10, 1), d(2023, 10, 3))
    assert isinstance(beliefs, list) and list(beliefs[0]) == list(BELIEF_COLUMNS)


def test_diff_table_lists_beginnings_endings_and_corrections(mem, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    rows = diff_table(mem, d(2023, 8), d(2023, 11))
    seen = [(r["at"], r["change"], r["object"]) for r in rows]
    assert ("2023-08-29", "began", "Vancouver") in seen
    assert ("2023-08-31", "ended", "Shopify") in seen
    assert ("2023-09-06", "began", "Plaid") in seen
    assert ("2023-10-02", "corrected", "Stripe") in seen
    assert [r["at"] for r in rows] == sorted(r["at"] for r in rows)


def test_belief_diff_shows_what_the_correction_changed(mem, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    rows = belief_diff(mem, "Sam", d(2023, 9, 25), d(2023, 10, 1), d(2023, 10, 3))
    changes = {(r["predicate"], r["object"]): r["change"] for r in rows}
    assert changes == {("LIVES_IN", "Vancouver"): "kept", ("WORKS_AT", "Stripe"): "withdrawn",
                       ("WORKS_AT", "Plaid"): "added"}
    stripe = next(r for r in rows if r["object"] == "Stripe")
    assert (stripe["before"], stripe["after"]) == ("2023-09-06 → now", "—")
