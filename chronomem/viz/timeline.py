"""A Gantt-style chart of fact versions: one row per value, one bar per valid interval."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from chronomem.query.records import FactRecord
from chronomem.schema.vocabulary import CORE_VOCABULARY
from chronomem.viz._mpl import STATUS_ORDER, STATUS_STYLE, pyplot

if TYPE_CHECKING:
    from matplotlib.axes import Axes

BELIEVED = ("current", "ended", "future")
# Within a row (height 1): the believed version is a thick bar, expired versions a thin hatched
# bar just below it, so a correction or an older belief stays visible next to what we hold now.
THICK = (-0.36, 0.46)  # offset from the row centre, height
THIN = (0.14, 0.24)


def focal_entity(records: Sequence[FactRecord]) -> str | None:
    """The name most records share (as subject or object), if one is in at least half of them.

    >>> from datetime import datetime, timezone
    >>> t = datetime(2020, 1, 1, tzinfo=timezone.utc)
    >>> r = lambda s, o: FactRecord(id=s + o, subject=s, subject_id=s, predicate="LIVES_IN", object=o,
    ...                             object_id=o, statement="", valid_from=t, valid_to=None, recorded_at=t, expired_at=None)
    >>> focal_entity([r("Sam", "Lisbon"), r("Sam", "Toronto"), r("Emma", "Sam")])
    'Sam'
    """
    counts = Counter(n for r in records for n in {r.subject, r.object})
    if not counts:
        return None
    name, n = counts.most_common(1)[0]
    return name if n * 2 >= len(records) else None


def row_label(record: FactRecord, focal: str | None) -> str:
    """``LIVES_IN → Toronto`` for the focal entity's own facts, ``LEADS ← Tom`` for facts pointing at
    it, ``SIBLING_OF ↔ Emma`` for symmetric predicates of the core vocabulary."""
    symmetric = record.predicate in CORE_VOCABULARY and CORE_VOCABULARY[record.predicate].symmetric
    if focal is not None and record.subject == focal:
        return f"{record.predicate} {'↔' if symmetric else '→'} {record.object}"
    if focal is not None and record.object == focal:
        return f"{record.predicate} {'↔' if symmetric else '←'} {record.subject}"
    return f"{record.subject} {record.predicate} {record.object}"


def _rows(records: Sequence[FactRecord], focal: str | None) -> list[tuple[str, list[FactRecord]]]:
    """Rows grouped by predicate (in order of first start), values in order of their first start."""
    def start(r: FactRecord) -> datetime:
        return r.valid_from or datetime.min.replace(tzinfo=r.recorded_at.tzinfo)

    rows: dict[str, list[FactRecord]] = {}
    for r in sorted(records, key=lambda r: (start(r), r.recorded_at)):
        rows.setdefault(row_label(r, focal), []).append(r)
    first_of_predicate: dict[str, datetime] = {}
    for label, rs in rows.items():
        first_of_predicate.setdefault(rs[0].predicate, start(rs[0]))
    return sorted(rows.items(), key=lambda kv: (first_of_predicate[kv[1][0].predicate], kv[1][0].predicate, start(kv[1][0])))


def plot_timeline(records: Sequence[FactRecord], *, ax: Axes | None = None, title: str | None = None,
                  now: datetime | None = None) -> Axes:
    """Draw fact versions as a timeline: one row per value (``LIVES_IN → Toronto``), one bar per
    valid interval, coloured by status (current, ended, future, superseded, retracted).

    Superseded and retracted versions (``Memory.timeline(..., include_retracted=True)``) are thin
    hatched bars under the row's believed bar, so a corrected fact stays visible. Open-ended bars
    run to ``now`` (default: the latest date in ``records``) and end in an arrow; a bar with an
    unknown start fades in from the left edge, behind an arrow pointing left. Returns the axes.
    """
    plt = pyplot()
    import matplotlib.dates as mdates
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    records = list(records)
    rows = _rows(records, focal_entity(records))
    if ax is None:
        _, ax = plt.subplots(figsize=(10, max(2.6, 0.42 * len(rows) + 1.9)), layout="constrained")
    if title:
        ax.set_title(title, loc="left")
    if not records:
        ax.text(0.5, 0.5, "no facts", ha="center", va="center", transform=ax.transAxes)
        ax.set_yticks([])
        return ax

    dates = [d for r in records for d in (r.valid_from, r.valid_to, r.recorded_at) if d is not None]
    now = now or max(dates)
    lo, hi = min(dates + [now]), max(dates + [now])
    pad = max((hi - lo) * 0.04, timedelta(days=20))
    unknown_from = lo - pad * 2  # where bars with an unknown start begin (their arrow points further left)
    left_edge = unknown_from - pad if any(r.valid_from is None for r in records) else lo - pad

    seen: set[str] = set()
    open_end = unknown_start = False
    for y, (_, versions) in enumerate(rows):
        has_believed = any(r.status in BELIEVED for r in versions)
        for r in versions:
            style = STATUS_STYLE[r.status]
            seen.add(r.status)
            offset, height = THICK if r.status in BELIEVED else THIN
            start = r.valid_from or unknown_from
            if r.valid_to is not None:
                end = r.valid_to
            else:
                end = now if start < now else start + pad * 2
            x0, x1 = mdates.date2num(start), mdates.date2num(end)
            ax.barh(y + offset, max(x1 - x0, 0.5), left=x0, height=height, align="edge",
                    color=style["color"], hatch=style.get("hatch"), edgecolor="white" if "hatch" in style else style["color"],
                    linewidth=0.6, gid=f"fact:{r.id}", label=f"_{r.status}")
            mid = y + offset + height / 2
            if r.valid_to is None:
                open_end = True
                ax.plot([x1], [mid], marker=">", markersize=8, color=style["color"], clip_on=False, zorder=3)
            if r.valid_from is None:  # a faded lead-in from the left edge: "since before we know"
                unknown_start = True
                lead = mdates.date2num(left_edge + pad * 0.25)
                ax.barh(y + offset, x0 - lead, left=lead, height=height, align="edge", color=style["color"],
                        alpha=0.35, linewidth=0, gid=f"lead-in:{r.id}")
                ax.plot([lead], [mid], marker="<", markersize=8, color=style["color"], alpha=0.6, zorder=3)
            if r.status == "retracted" and r.expired_at is not None and not has_believed:
                late = start > lo + (hi - lo) * 0.6  # write the note leftwards from the bar's end
                ax.text(x1 if late else x0, y + THICK[0] + THICK[1] / 2 + 0.05,
                        f"withdrawn {r.expired_at.date().isoformat()} by a correction", fontsize=8,
                        fontstyle="italic", color=style["color"], va="center", ha="right" if late else "left")

    ax.axvline(mdates.date2num(now), color="#333333", linestyle="--", linewidth=0.9, zorder=0.5)
    ax.annotate("now", (mdates.date2num(now), 1.0), xycoords=("data", "axes fraction"), xytext=(0, 2),
                textcoords="offset points", ha="center", va="bottom", fontsize=8, color="#333333")
    ax.set_yticks(range(len(rows)), [label for label, _ in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlim(mdates.date2num(left_edge), mdates.date2num(hi + pad * 2.5))
    locator = mdates.AutoDateLocator(minticks=4, maxticks=10)
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    ax.set_xlabel("valid time")
    ax.grid(axis="x", color="#E5E5E5", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)

    handles: list[Any] = [Patch(facecolor=STATUS_STYLE[s]["color"], hatch=STATUS_STYLE[s].get("hatch"),
                                edgecolor="white", label=STATUS_STYLE[s]["label"]) for s in STATUS_ORDER if s in seen]
    if open_end:
        handles.append(Line2D([], [], marker=">", linestyle="", color="#555555", label="still true (open end)"))
    if unknown_start:
        handles.append(Line2D([], [], marker="<", linestyle="", color="#555555", label="start unknown"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -0.14), ncol=min(len(handles), 4),
              frameon=False, fontsize=8.5, handlelength=1.6)
    return ax
