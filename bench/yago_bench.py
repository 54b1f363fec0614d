"""YAGO11k as-of benchmark: real career and marriage timelines told as dated sentences.

The timelines of ``playsFor``, ``worksAt``, ``isAffiliatedTo`` and ``isMarriedTo`` from YAGO11k
(Dasgupta et al., HyTE, EMNLP 2018; CC BY; read from ``--data``, never copied into the repo) are
told as one session per person ("In 2011 X joined Y.", "X left Y in 2014.", "X married Y in
1990.", "X played for Y from 2008 to 2010."), ingested with ``Memory.ingest`` (the default
extractor), and asked as-of questions at dates strictly inside the intervals (never within the
precision of a date: with year dates, only in the years strictly between) plus abstention in
gaps and before the first fact.

Vocabularies (``--vocab``): ``core`` maps playsFor/worksAt/isAffiliatedTo onto WORKS_AT and
isMarriedTo onto MARRIED_TO, both ``one``: a person has one value at a time, so people whose
intervals overlap (a club and a national team, two parties) cannot be represented and are left
out (counted in the table). ``custom`` registers PLAYS_FOR and AFFILIATED_WITH with ``many``
cardinality in a copy of the vocabulary and keeps everyone whose intervals overlap only across
different objects.

Modes: ``extract`` (default), ``oracle`` (gold claims through the same ingest path) and
``import`` (``Memory.import_facts`` of the structured facts: the reference upper bound).

Run ``python -m bench.yago_bench [--quick] [--mode extract|oracle|import] [--vocab core|custom]``;
writes ``bench/results/yago[_<mode>][_<vocab>][_quick].{json,md}`` and ``yago_failures*.txt``.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, result_path, shared_data, write_result  # noqa: E402
from bench.temporal.model import Benchmark, Boundary, GoldClaim, Slot, Stint, Utterance  # noqa: E402
from bench.temporal.probes import ABSTAIN, make_probes  # noqa: E402
from bench.temporal.scorer import Answer, check_claims, claim_summary, run, score, write_failures  # noqa: E402
from bench.temporal.timephrases import MONTHS, next_month  # noqa: E402
from chronomem.clock import FixedClock  # noqa: E402
from chronomem.memory import Memory  # noqa: E402
from chronomem.schema.models import Session, Turn  # noqa: E402
from chronomem.schema.timeutil import UTC  # noqa: E402
from chronomem.schema.vocabulary import CORE_VOCABULARY, PredicateSpec, Vocabulary  # noqa: E402

DEFAULT_DATA = shared_data("yago11k")
RELATIONS = ("playsFor", "worksAt", "isAffiliatedTo", "isMarriedTo")
GROUP = "yago"
NOW = datetime(2020, 1, 1, tzinfo=UTC)
SESSION_DAY = datetime(2019, 6, 1, 9, tzinfo=UTC)
MAPPING = {
    "core": {"playsFor": "WORKS_AT", "worksAt": "WORKS_AT", "isAffiliatedTo": "WORKS_AT", "isMarriedTo": "MARRIED_TO"},
    "custom": {"playsFor": "PLAYS_FOR", "worksAt": "WORKS_AT", "isAffiliatedTo": "AFFILIATED_WITH", "isMarriedTo": "MARRIED_TO"},
}


def vocabulary_for(vocab: str) -> Vocabulary:
    """The core vocabulary, or a copy with PLAYS_FOR and AFFILIATED_WITH registered as ``many``."""
    v = CORE_VOCABULARY.copy()
    if vocab == "custom":
        v.register(PredicateSpec(name="PLAYS_FOR", cardinality="many", phrase="plays for",
                                 description="a sports club or national team an athlete plays for"))
        v.register(PredicateSpec(name="AFFILIATED_WITH", cardinality="many", phrase="is affiliated with",
                                 description="a political party or organisation a person belongs to"))
    return v


# ---- reading ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class When:
    day: date
    precision: str  # year | month | day

    def period(self) -> tuple[date, date]:
        if self.precision == "year":
            return date(self.day.year, 1, 1), date(self.day.year + 1, 1, 1)
        if self.precision == "month":
            return self.day, next_month(self.day)
        return self.day, self.day + timedelta(days=1)

    def text(self, *, bare: bool = False) -> str:
        """``in 2011`` / ``in May 2011`` / ``on May 27, 2011`` (``bare``: without the preposition)."""
        if self.precision == "year":
            core, prep = str(self.day.year), "in"
        elif self.precision == "month":
            core, prep = f"{MONTHS[self.day.month - 1]} {self.day.year}", "in"
        else:
            core, prep = f"{MONTHS[self.day.month - 1]} {self.day.day}, {self.day.year}", "on"
        return core if bare else f"{prep} {core}"


def parse_when(text: str) -> When | None:
    """``YYYY``, ``YYYY_MM``, ``YYYY_MM_DD`` (parsed explicitly: ``int("1913_05_27")`` is 19130527).

    >>> parse_when("1913_05_27"), parse_when("None")
    (When(day=datetime.date(1913, 5, 27), precision='day'), None)
    """
    if text == "None":
        return None
    parts = text.split("_")
    if not all(p.isdigit() for p in parts) or int(parts[0]) < 1:
        raise ValueError(text)
    y = int(parts[0])
    m = int(parts[1]) if len(parts) > 1 else 1
    d = int(parts[2]) if len(parts) > 2 else 1
    return When(date(y, m, d), ("year", "month", "day")[len(parts) - 1])


def clean_name(raw: str) -> str:
    """``<Mike_Newell_(footballer)>`` → ``Mike Newell``."""
    name = raw.strip("<>").replace("_", " ")
    return re.sub(r"\s*\([^)]*\)$", "", name).strip()


@dataclass
class Row:
    subject: str
    relation: str
    object: str
    start: When
    end: When | None


def read_rows(data: Path, stats: Counter) -> list[Row]:
    entities = dict(line.rstrip("\n").split("\t") for line in open(data / "entities.dict", encoding="utf-8"))
    relations = {k: v.strip("<>") for k, v in (line.rstrip("\n").split("\t") for line in open(data / "relations.dict", encoding="utf-8"))}
    raw = [line.rstrip("\n").split("\t") for line in open(data / "temporal", encoding="utf-8")]
    raw = [r for r in raw if relations[r[1]] in RELATIONS]
    by_clean: dict[str, set[str]] = defaultdict(set)
    for r in raw:
        for e in (r[0], r[2]):
            by_clean[clean_name(entities[e])].add(e)

    def name(e: str) -> str:
        short = clean_name(entities[e])
        return short if len(by_clean[short]) == 1 else entities[e].strip("<>").replace("_", " ")

    rows, seen = [], set()
    for s, rel, o, a, b in raw:
        relation = relations[rel]
        stats[f"{relation}: rows"] += 1
        try:
            start, end = parse_when(a), parse_when(b)
        except ValueError:
            stats[f"{relation}: dropped, unreadable or BC date"] += 1
            continue
        if start is None:
            stats[f"{relation}: dropped, no start"] += 1
            continue
        if end is not None and end.period()[1] <= start.period()[0]:
            stats[f"{relation}: dropped, ends before it starts"] += 1
            continue
        if clean_name(entities[o]).lower() in ("independent politician", "independent (politician)"):
            stats[f"{relation}: dropped, 'Independent politician' is no organisation"] += 1
            continue
        subj, obj = name(s), name(o)
        pair = tuple(sorted((subj, obj))) if relation == "isMarriedTo" else (subj, obj)
        key = (relation, pair, start, end)
        if key in seen:
            stats[f"{relation}: dropped, duplicate"] += 1
            continue
        seen.add(key)
        rows.append(Row(subj, relation, obj, start, end))
    return _merge_same_pair(rows, stats)


def _merge_same_pair(rows: list[Row], stats: Counter) -> list[Row]:
    """Rows of one pair whose intervals overlap ("married 1974" and "married 1975", both open) are
    one fact with the earliest start and the latest end; separate intervals (a remarriage) stay."""
    groups: dict[tuple, list[Row]] = defaultdict(list)
    for r in rows:
        pair = tuple(sorted((r.subject, r.object))) if r.relation == "isMarriedTo" else (r.subject, r.object)
        groups[(r.relation, pair)].append(r)
    out = []
    for rs in groups.values():
        rs.sort(key=lambda r: r.start.day)
        merged = [rs[0]]
        for r in rs[1:]:
            last = merged[-1]
            if last.end is None or r.start.period()[0] < last.end.period()[1]:
                end = None if last.end is None or r.end is None else max(last.end, r.end, key=lambda w: w.day)
                merged[-1] = Row(last.subject, last.relation, last.object, last.start, end)
                stats[f"{r.relation}: merged, same pair with overlapping dates"] += 1
            else:
                merged.append(r)
        out.extend(merged)
    return out


# ---- selecting timelines ------------------------------------------------------------------------
def _end(r: Row, closes: dict[tuple[int, str], When], person: str) -> When | None:
    return r.end or closes.get((id(r), person))


def _overlap(a: Row, b: Row, ea: When | None, eb: When | None) -> bool:
    """True when one interval certainly begins before the other has ended (``ea``/``eb``: their ends)."""
    (first, fe), (second, _) = sorted(((a, ea), (b, eb)), key=lambda x: x[0].start.day)
    return fe is None or second.start.period()[1] <= fe.period()[0]


def _timelines(rows: list[Row], mapping: dict[str, str]) -> dict[tuple[str, str], list[Row]]:
    out: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in rows:
        pred = mapping[r.relation]
        out[(r.subject, pred)].append(r)
        if r.relation == "isMarriedTo":
            out[(r.object, pred)].append(r)
    for rs in out.values():
        rs.sort(key=lambda r: (r.start.day, r.object))
    return out


def _closures_and_overlaps(rows: list[Row], mapping: dict[str, str], vocabulary: Vocabulary, stats: Counter):
    timelines = _timelines(rows, mapping)
    closes: dict[tuple[int, str], When] = {}
    for (person, pred), rs in timelines.items():
        if vocabulary[pred].cardinality != "one":
            continue
        for n, r in enumerate(rs):
            if r.end is None:
                later = [o for o in rs[n + 1:] if o.start.period()[0] >= r.start.period()[1]]
                if later:
                    closes[(id(r), person)] = later[0].start
    bad: set[tuple[str, str]] = set()
    for key, rs in timelines.items():
        one = vocabulary[key[1]].cardinality == "one"
        ends = [_end(r, closes, key[0]) for r in rs]
        pairs = [(a, b) for i, a in enumerate(rs) for k, b in enumerate(rs[i + 1:], start=i + 1)
                 if (one or a.object == b.object) and _overlap(a, b, ends[i], ends[k])]
        if pairs:
            bad.add(key)
            stats[f"overlapping timelines: {key[1]} ({'/'.join(sorted({r.relation for r in rs}))})"] += 1
            stats[f"overlapping interval pairs: {key[1]}"] += len(pairs)
    return closes, bad


def select(rows: list[Row], vocab: str, stats: Counter) -> tuple[list[Row], dict[tuple[int, str], When]]:
    """Close open ends of ``one`` timelines by the next value; leave out timelines that still overlap.

    A ``one`` predicate holds one value at a time (DESIGN rule 1): "X married A in 1950. X married B
    in 1960." closes A in 1960 for X. Timelines whose intervals overlap even so (a club and a
    national team, explicit dates that overlap) cannot be held by a ``one`` slot and are counted and
    left out; for ``many`` predicates only overlaps of the same object are left out.
    Returns the kept rows and the closures ``(id(row), person) → end``.
    """
    mapping, vocabulary = MAPPING[vocab], vocabulary_for(vocab)
    kept, first = list(rows), True
    while True:  # leaving a timeline out can change another person's closures: repeat until stable
        closes, bad = _closures_and_overlaps(kept, mapping, vocabulary, stats if first else Counter())
        if not bad:
            break
        left = []
        for r in kept:
            pred = mapping[r.relation]
            if (r.subject, pred) in bad or (r.relation == "isMarriedTo" and (r.object, pred) in bad):
                stats[f"{r.relation}: left out (overlapping timeline)"] += 1
                continue
            left.append(r)
        kept, first = left, False
    stats["open ends closed by the person's next value (one)"] += len(closes)
    for r in kept:
        stats[f"{r.relation}: kept"] += 1
        if r.end is not None and r.end.period()[0] < r.start.period()[1]:
            stats[f"{r.relation}: kept, starts and ends within one date's precision"] += 1
    return kept, closes


# ---- telling ------------------------------------------------------------------------------------
PHRASES = {
    "playsFor": {"start": ("{When}, {X} joined {Y}.", "{X} signed for {Y} {when}.", "{X} joined {Y} {when}.", "{X} signed with {Y} {when}."),  # noqa: E501
                 "end": ("{X} left {Y} {when}.", "{When}, {X} left {Y}.", "{X} departed {Y} {when}."),
                 "range": ("{X} played for {Y} from {a} to {b}.", "Between {a} and {b}, {X} played for {Y}.",
                           "From {a} to {b}, {X} was at {Y}."),
                 "since": ("{X} has played for {Y} since {a}.",)},
    "worksAt": {"start": ("{When}, {X} joined {Y}.", "{X} joined {Y} {when}.", "{X} started working at {Y} {when}.",
                          "{X} was hired by {Y} {when}."),
                "end": ("{X} left {Y} {when}.", "{When}, {X} left {Y}.", "{X} stopped working at {Y} {when}."),
                "range": ("{X} worked at {Y} from {a} to {b}.", "From {a} to {b}, {X} worked at {Y}.",
                          "{X} was employed by {Y} between {a} and {b}."),
                "since": ("{X} has worked at {Y} since {a}.",)},
    "isAffiliatedTo": {"start": ("{X} joined {Y} {when}.", "{When}, {X} joined {Y}."),
                       "end": ("{X} left {Y} {when}.", "{When}, {X} left {Y}."),
                       "range": ("{X} was with {Y} from {a} to {b}.", "From {a} to {b}, {X} belonged to {Y}."),
                       "since": ("{X} has been with {Y} since {a}.",)},
    "isMarriedTo": {"start": ("{X} married {Y} {when}.", "{When}, {X} married {Y}.", "{X} and {Y} got married {when}."),
                    "end": ("{X} and {Y} divorced {when}.", "{X}'s marriage to {Y} ended {when}.", "{When}, {X} and {Y} divorced."),
                    "range": ("{X} was married to {Y} from {a} to {b}.",),
                    "since": ("{X} has been married to {Y} since {a}.",)},
}
# With the core vocabulary a party is told as joining and leaving only ("was with", "belonged to"
# and "has been with" say membership, which WORKS_AT does not claim to hold).
CORE_AFFILIATION = {"start": PHRASES["isAffiliatedTo"]["start"], "end": PHRASES["isAffiliatedTo"]["end"],
                    "range": (), "since": ()}
_THE = re.compile(r"(\bteam\b|^(?:University|Party|Institute|Academy|League|Society) of\b|\bParty\b)", re.I)


def with_article(name: str) -> str:
    """``the Liberal Party``, ``the Spain national under-21 football team``; clubs stay bare."""
    return f"the {name}" if _THE.search(name) and not name.lower().startswith("the ") else name


def _fill(tpl: str, **f: str) -> str:
    f["When"] = f.get("when", "")[:1].upper() + f.get("when", "")[1:]
    out = tpl.format(**f)
    return out[:1].upper() + out[1:]


def sample(rows: list[Row], *, seed: int, facts: int) -> list[Row]:
    """The rows of randomly chosen people (as subjects) until about ``facts`` rows."""
    rng = random.Random(f"yago-sample:{seed}")
    subjects = sorted({r.subject for r in rows})
    rng.shuffle(subjects)
    per = Counter(r.subject for r in rows)
    chosen, n = set(), 0
    for s in subjects:
        if n >= facts:
            break
        chosen.add(s)
        n += per[s]
    return [r for r in rows if r.subject in chosen]


def build(rows: list[Row], vocab: str, *, seed: int, closes: dict[tuple[int, str], When] | None = None) -> Benchmark:
    """Sessions (one per person), gold claims, slots and probes from the selected rows."""
    rng = random.Random(f"yago:{seed}")
    closes = closes or {}
    mapping, vocabulary = MAPPING[vocab], vocabulary_for(vocab)
    subjects = sorted({r.subject for r in rows})
    slots: dict[tuple[str, str], Slot] = {}
    labels: dict[tuple[str, str], set[str]] = defaultdict(set)
    sessions, utterances, records = [], {}, []

    def slot(person: str, pred: str) -> Slot:
        card = vocabulary[pred].cardinality
        return slots.setdefault((person, pred), Slot(GROUP, person, pred, card, "yago"))

    by_subject: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        by_subject[r.subject].append(r)
    for k, subject in enumerate(subjects):
        sid = f"yago-{k:05d}"
        started = SESSION_DAY + timedelta(minutes=k)
        turns = []
        lines: list[tuple[date, int, str, str, list[GoldClaim], list[Boundary]]] = []
        for r in sorted(by_subject[subject], key=lambda r: (r.start.day, r.object)):
            pred = mapping[r.relation]
            start = Boundary(r.start.day, [r.start.period()])
            end = Boundary(r.end.day, [r.end.period()]) if r.end else None
            st_type, ot = "PERSON", "PERSON" if r.relation == "isMarriedTo" else "ORG"
            slot(r.subject, pred).stints.append(_stint(r, r.object, start, end, r.subject, r.object, closes))
            if r.end is None or r.end.period()[0] > r.start.period()[0]:  # import rejects empty intervals
                records.append({"subject": r.subject, "predicate": pred, "object": r.object, "subject_type": st_type,
                                "object_type": ot, "valid_from": r.start.period()[0].isoformat(),
                                "valid_to": r.end.period()[0].isoformat() if r.end else None})
            labels[(r.subject, pred)].add(r.relation)
            if r.relation == "isMarriedTo":
                slot(r.object, pred).stints.append(_stint(r, r.subject, start, end, r.object, r.subject, closes))
                labels[(r.object, pred)].add(r.relation)
            ph = CORE_AFFILIATION if vocab == "core" and r.relation == "isAffiliatedTo" else PHRASES[r.relation]
            f = {"X": r.subject, "Y": with_article(r.object)}
            a_lo, a_hi = r.start.period()
            assert_claim = GoldClaim("assert", r.subject, pred, r.object, a_lo, a_hi, r.start.precision,
                                     subject_type=st_type, object_type=ot)
            if r.end is None:
                closed = (id(r), r.subject) in closes or (id(r), r.object) in closes
                form = "start" if closed or not ph["since"] else rng.choice(("start", "start", "since"))
                text = _fill(rng.choice(ph[form]), when=r.start.text(), a=r.start.text(bare=True), **f)
                lines.append((r.start.day, 0, text, f"yago.{r.relation}.{form}", [assert_claim], [start]))
                continue
            e_lo, e_hi = r.end.period()
            end_claim = GoldClaim("end", r.subject, pred, r.object, e_lo, e_hi, r.end.precision,
                                  subject_type=st_type, object_type=ot)
            if ph["range"] and rng.random() < 0.4:
                text = _fill(rng.choice(ph["range"]), a=r.start.text(bare=True), b=r.end.text(bare=True), **f)
                lines.append((r.start.day, 0, text, f"yago.{r.relation}.range", [assert_claim, end_claim], [start, end]))
            else:
                lines.append((r.start.day, 0, _fill(rng.choice(ph["start"]), when=r.start.text(), **f),
                              f"yago.{r.relation}.start", [assert_claim], [start]))
                lines.append((r.end.day, 1, _fill(rng.choice(ph["end"]), when=r.end.text(), **f),
                              f"yago.{r.relation}.end", [end_claim], [end]))
        lines.sort(key=lambda x: (x[0], x[1]))
        for n, (_, _, text, tpl, claims, bounds) in enumerate(lines, start=1):
            uid = f"{sid}:{n}"
            turns.append(Turn(id=uid, speaker="user", text=text))
            utterances[uid] = Utterance(uid, GROUP, sid, "user", text, tpl, "event", started, claims)
            for b in bounds:
                b.reports.append(uid)
        sessions.append(Session(session_id=sid, group_id=GROUP, started_at=started, turns=turns))
    rng.shuffle(sessions)
    probes = []
    for n, (key, s) in enumerate(sorted(slots.items())):
        s.kind = "/".join(sorted(labels[key]))
        for p in make_probes(s, now=NOW, rng=random.Random(f"yago-probes:{seed}:{n}")):
            p.id = f"q{len(probes)}"
            probes.append(p)
    return Benchmark(seed, sessions, utterances, list(slots.values()), probes, NOW,
                     stats={"facts": len(records), "records": records})


def _stint(r: Row, value: str, start: Boundary, end: Boundary | None, person: str, other: str,
           closes: dict[tuple[int, str], When]) -> Stint:
    """The stint ``person`` holds; an open end closed by the next value is certain for the person
    whose timeline closed it and unknown (fuzzy) for the other side of a marriage."""
    if end is not None:
        return Stint(value, start, end)
    if (id(r), person) in closes:
        w = closes[(id(r), person)]
        return Stint(value, start, Boundary(w.day, [w.period()]))
    if (id(r), other) in closes:
        w = closes[(id(r), other)]
        return Stint(value, start, Boundary(w.day, [w.period()]), end_fuzzy=True)
    return Stint(value, start, None)


# ---- scoring --------------------------------------------------------------------------------------
def import_memory(bench: Benchmark, vocabulary: Vocabulary) -> dict[str, Memory]:
    """``Memory.import_facts`` of the structured facts (ends at the first day of their period)."""
    mem = Memory.open(":memory:", group=GROUP, clock=FixedClock(NOW), vocabulary=vocabulary)
    mem.import_facts(bench.stats["records"], recorded_at=SESSION_DAY)
    return {GROUP: mem}


def relation_rows(answers: list[Answer], slots: dict[str, Slot]) -> list[dict]:
    groups: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        label = slots[a.probe.slot].kind
        label = label if "/" not in label else "mixed"
        groups[label].append(a)
        groups["overall"].append(a)
    rows = []
    for label in [*RELATIONS, "mixed", "overall"]:
        if label not in groups:
            continue
        g = groups[label]
        as_of = [a for a in g if a.probe.category not in ABSTAIN]
        ab = [a for a in g if a.probe.category in ABSTAIN]
        elig = [a for a in g if a.stale_eligible]
        rows.append({"relation": label, "as-of probes": len(as_of),
                     "as-of accuracy (%)": _pct(sum(a.correct for a in as_of), len(as_of)),
                     "abstention probes": len(ab), "abstention accuracy (%)": _pct(sum(a.correct for a in ab), len(ab)),
                     "stale rate (%)": _pct(sum(a.stale for a in elig), len(elig)),
                     "accuracy (%)": _pct(sum(a.correct for a in g), len(g))})
    return rows


def _pct(k: int, n: int) -> float:
    return round(100 * k / n, 2) if n else float("nan")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the YAGO11k directory (default ../shared/data/yago11k)")
    parser.add_argument("--quick", action="store_true", help="about 300 facts")
    parser.add_argument("--mode", choices=("extract", "oracle", "import"), default="extract")
    parser.add_argument("--vocab", choices=("core", "custom"), default="core")
    parser.add_argument("--seed", type=int, default=1, help="phrasing and sampling seed")
    args = parser.parse_args(argv)
    if not (args.data / "temporal").exists():
        return data_missing(args.data, "YAGO11k (entities.dict, relations.dict, temporal; pass --data DIR)")

    stats: Counter = Counter()
    rows = read_rows(args.data, stats)
    if args.quick:  # the counts describe the whole data; the run uses a sample of people
        select(rows, args.vocab, stats)
        rows = sample(rows, seed=args.seed, facts=300)
        rows, closes = select(rows, args.vocab, Counter())
    else:
        rows, closes = select(rows, args.vocab, stats)
    bench = build(rows, args.vocab, seed=args.seed, closes=closes)
    vocabulary = vocabulary_for(args.vocab)
    started = time.perf_counter()
    if args.mode == "import":
        memories = import_memory(bench, vocabulary)
        result = score(bench, memories, None, time.perf_counter() - started)
    else:
        result = run(bench, mode=args.mode, vocabulary=vocabulary)
    told = sum(len(u.claims) for u in bench.utterances.values())
    table = relation_rows(result.answers, {s.key: s for s in bench.slots})
    print(f"{len(bench.sessions)} sessions, {bench.turns} sentences, {told} gold claims, {len(bench.probes)} probes, "
          f"{result.seconds_ingest:.1f} s", file=sys.stderr)
    suffix = ("" if args.mode == "extract" else f"_{args.mode}") + ("" if args.vocab == "core" else f"_{args.vocab}") + \
        ("_quick" if args.quick else "")
    command = "python -m bench.yago_bench " + " ".join(argv if argv is not None else sys.argv[1:])
    meta = {"mode": args.mode, "vocab": args.vocab, "mapping": MAPPING[args.vocab], "sessions": len(bench.sessions),
            "sentences": bench.turns, "facts": bench.stats["facts"],
            "data": {k: v for k, v in sorted(stats.items())}}
    if result.recorder is not None and args.mode == "extract":
        preds = set(MAPPING[args.vocab].values())
        checks = check_claims(bench, result.recorder, predicates=preds, vocabulary=vocabulary)
        meta["claims"] = claim_summary(checks)
        table.append({"relation": "sentences with all claims right (%)",
                      "accuracy (%)": round(100 * meta["claims"]["turns with facts: all claims right"], 2)})
        path = result_path(f"yago_failures{suffix}.txt")
        write_failures(path, [result], {args.seed: checks}, title="YAGO11k benchmark: failures")
        print(f"failures: {path}", file=sys.stderr)
    write_result(f"yago{suffix}", table, command=command.strip(),
                 title=f"YAGO11k as-of benchmark ({args.mode}, {args.vocab} vocabulary)", meta=meta)
    for k, v in sorted(stats.items()):
        if any(w in k for w in ("overlapping", "left out", "dropped", "closed", "kept")):
            print(f"  {k}: {v}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
