"""Ingest a generated benchmark into a Memory, ask the probes, score the answers.

Modes: ``extract`` (the default extractor on the generated sessions), ``oracle`` (a perfect
extractor that returns the generator's gold claims, through the same ingest path — it must
score 100%, which validates the ground truth and the scorer) and ``stale`` (the gold claims
without endings on an all-``many`` vocabulary: nothing is ever closed, so old values leak).

Metrics: *accuracy* (the answer set equals the expected set), *stale rate* (among probes whose
slot had an earlier value that no longer holds, how often that value is returned) and
*abstention accuracy* (no answer when none is expected).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bench.temporal.model import Benchmark, GoldClaim, Probe, Utterance, canon
from bench.temporal.probes import ABSTAIN
from chronomem.clock import FixedClock
from chronomem.memory import Memory
from chronomem.schema.models import Claim, Entity, ExtractionResult, Session, Source, entity_id
from chronomem.schema.timeutil import UTC
from chronomem.schema.vocabulary import CORE_VOCABULARY, PredicateSpec, Vocabulary

SCORED = {"LIVES_IN", "WORKS_AT", "HAS_ROLE", "REPORTS_TO", "LEADS", "USES", "HAS_PET", "PARTNER_OF", "MARRIED_TO"}
CATEGORY_ORDER = ("current", "past", "after_switch", "lead", "out_of_order", "before_correction", "after_correction",
                  "abstain_before", "abstain_gap", "abstain_distractor")


@dataclass
class Answer:
    probe: Probe
    got: frozenset[str]

    @property
    def correct(self) -> bool:
        return self.got == self.probe.expected

    @property
    def stale_eligible(self) -> bool:
        return bool(self.probe.expected) and bool(self.probe.earlier) and "correction" not in self.probe.category

    @property
    def stale(self) -> bool:
        return self.stale_eligible and bool(self.got & self.probe.earlier)


# ---- extractors --------------------------------------------------------------------------------
def _dt(d) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


class OracleExtractor:
    """Returns the gold claims of each turn: a perfect extractor for this benchmark."""

    def __init__(self, bench: Benchmark, *, drop_endings: bool = False, jitter: bool = False) -> None:
        self.utterances = bench.utterances
        self.drop_endings = drop_endings
        self.jitter = jitter  # place each dated claim on a random day of its period, not its first

    def extract_many(self, sessions: Iterable[Session]) -> Iterator[tuple[Session, ExtractionResult]]:
        for session in sessions:
            yield session, self.extract(session)

    def extract(self, session: Session) -> ExtractionResult:
        g = session.group_id
        rng = random.Random(session.session_id)
        entities: dict[str, Entity] = {}
        claims: list[Claim] = []

        def ent(name: str, typ: str) -> str:
            eid = entity_id(g, name)
            entities.setdefault(eid, Entity(id=eid, group_id=g, name=name, type=typ))
            return eid

        for turn in session.turns:
            u = self.utterances.get(turn.id)
            if u is None:
                continue
            for c in u.claims:
                if self.drop_endings and c.kind == "end":
                    continue
                sid, oid = ent(c.subject, c.subject_type), ent(c.object, c.object_type)
                at = turn.at if c.observed or c.lo is None else _dt(c.lo)
                if self.jitter and not c.observed and c.lo is not None:
                    at = _dt(c.lo + timedelta(days=rng.randrange((c.hi - c.lo).days)))
                claims.append(Claim(
                    group_id=g, kind=c.kind, subject_id=sid, predicate=c.predicate, object_id=oid,
                    replaces_object_id=ent(c.replaces, c.object_type) if c.replaces else None,
                    statement=u.text, at=at, at_precision="day" if c.observed else c.precision, observed=c.observed,
                    said_at=turn.at, sources=[Source(session_id=session.session_id, turn_id=turn.id)]))
        return ExtractionResult(entities=list(entities.values()), claims=claims)


class RecordingExtractor:
    """Wraps an extractor and keeps what it returned per session (for claim-level diagnostics)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.results: dict[str, ExtractionResult] = {}

    def extract_many(self, sessions: Iterable[Session]) -> Iterator[tuple[Session, ExtractionResult]]:
        for session, result in self.inner.extract_many(sessions):
            self.results[session.session_id] = result
            yield session, result


def stale_vocabulary() -> Vocabulary:
    """Every predicate ``many``: nothing closes another value."""
    return Vocabulary(PredicateSpec(name=s.name, cardinality="many", symmetric=s.symmetric, phrase=s.phrase)
                      for s in CORE_VOCABULARY)


# ---- running ---------------------------------------------------------------------------------
@dataclass
class Run:
    bench: Benchmark
    answers: list[Answer]
    recorder: RecordingExtractor | None = None
    memories: dict[str, Memory] = field(default_factory=dict)
    seconds_ingest: float = 0.0


def ingest(bench: Benchmark, *, mode: str = "extract", extractor=None, store: str = ":memory:",
           vocabulary: Vocabulary | None = None) -> tuple[dict[str, Memory], RecordingExtractor | None, float]:
    """One Memory per world (group) on a shared store, sessions ingested in arrival order."""
    import time

    clock = FixedClock(bench.now)
    vocabulary = stale_vocabulary() if mode == "stale" else vocabulary
    if mode in ("oracle", "stale", "oracle_jitter"):
        inner = OracleExtractor(bench, drop_endings=mode == "stale", jitter=mode == "oracle_jitter")
    else:
        inner = extractor
    first = Memory.open(store, clock=clock, vocabulary=vocabulary, extractor=inner)
    if inner is None:
        inner = first.extractor  # the default extractor, loaded once
    recorder = RecordingExtractor(inner)
    by_group: dict[str, list[Session]] = defaultdict(list)
    for s in bench.sessions:
        by_group[s.group_id].append(s)
    memories = {}
    started = time.perf_counter()
    for g, sessions in by_group.items():
        mem = Memory(first.store, group=g, clock=clock, extractor=recorder)
        mem.ingest(sessions, recorded_at="session")
        memories[g] = mem
    return memories, recorder, time.perf_counter() - started


def answer(mem: Memory, probe: Probe, scopes: dict[tuple, frozenset[str]]) -> frozenset[str]:
    """Ask ``probe`` and return the canonical answer set."""
    records = mem.facts(probe.subject, predicate=probe.predicate, as_of=probe.as_of, known_at=probe.known_at)
    ids = {e.id for e in mem.store.find_entities(mem.group, probe.subject)}
    if probe.side == "object":
        got = {canon(r.subject) for r in records if r.object_id in ids and r.subject_id not in ids}
    else:
        got = {canon(r.object, (r.qualifiers or {}).get("version")) for r in records if r.subject_id in ids}
    if probe.scope is not None:
        every = scopes.get((probe.group, probe.subject, probe.predicate), frozenset())
        got = {v for v in got if v in probe.scope or v not in every}
    return frozenset(got)


def run(bench: Benchmark, *, mode: str = "extract", extractor=None, vocabulary: Vocabulary | None = None) -> Run:
    memories, recorder, seconds = ingest(bench, mode=mode, extractor=extractor, vocabulary=vocabulary)
    return score(bench, memories, recorder, seconds)


def score(bench: Benchmark, memories: dict[str, Memory], recorder: RecordingExtractor | None = None,
          seconds: float = 0.0) -> Run:
    """Ask every probe of ``bench`` of the memory of its group."""
    scopes: dict[tuple, set[str]] = defaultdict(set)
    for slot in bench.slots:
        if slot.scope:
            scopes[(slot.group, slot.subject, slot.predicate)] |= slot.scope
    frozen = {k: frozenset(v) for k, v in scopes.items()}
    answers = [Answer(p, answer(memories[p.group], p, frozen)) for p in bench.probes]
    return Run(bench, answers, recorder, memories, seconds)


# ---- metrics ---------------------------------------------------------------------------------
def metrics(answers: list[Answer]) -> dict[str, dict[str, float]]:
    """Per category and summary: n, accuracy, stale rate (with its denominator)."""
    groups: dict[str, list[Answer]] = defaultdict(list)
    for a in answers:
        groups[a.probe.category].append(a)
    out: dict[str, dict[str, float]] = {}
    for cat in [c for c in CATEGORY_ORDER if c in groups] + sorted(set(groups) - set(CATEGORY_ORDER)):
        out[cat] = _summary(groups[cat])
    as_of = [a for a in answers if a.probe.category not in ABSTAIN]
    abstain = [a for a in answers if a.probe.category in ABSTAIN]
    out["as-of accuracy (all non-abstention)"] = _summary(as_of)
    out["abstention accuracy"] = _summary(abstain)
    out["overall"] = _summary(answers)
    return out


def _summary(answers: list[Answer]) -> dict[str, float]:
    n = len(answers)
    eligible = [a for a in answers if a.stale_eligible]
    return {"n": n, "accuracy": sum(a.correct for a in answers) / n if n else float("nan"),
            "stale": sum(a.stale for a in eligible) / len(eligible) if eligible else float("nan"),
            "stale_n": len(eligible)}


# ---- claim-level diagnostics -------------------------------------------------------------------
@dataclass
class TurnCheck:
    utterance: Utterance
    missing: list[GoldClaim]
    wrong_time: list[tuple[GoldClaim, Claim]]
    spurious: list[Claim]
    names: dict[str, str] = field(default_factory=dict)  # entity id → name, for reports

    @property
    def ok(self) -> bool:
        return not (self.missing or self.wrong_time or self.spurious)


def _in_period(at: datetime | None, c: GoldClaim, said_at: datetime | None) -> bool:
    if c.observed or c.lo is None:
        return at is None or said_at is None or abs((at - said_at).total_seconds()) <= 2 * 86400
    return at is not None and _dt(c.lo) <= at < _dt(c.hi)


def check_claims(bench: Benchmark, recorder: RecordingExtractor, *, predicates: Iterable[str] = SCORED,
                 vocabulary: Vocabulary = CORE_VOCABULARY) -> list[TurnCheck]:
    """Compare each turn's extracted claims (scored predicates only) with its gold claims."""
    predicates = set(predicates)
    checks = []
    for session in bench.sessions:
        result = recorder.results.get(session.session_id)
        if result is None:
            continue
        names = {e.id: e.name for e in result.entities}
        by_turn: dict[str, list[Claim]] = defaultdict(list)
        for c in result.claims:
            if c.predicate in predicates:
                for s in c.sources[:1]:
                    by_turn[s.turn_id or ""].append(c)
        for turn in session.turns:
            u = bench.utterances[turn.id]
            got = list(by_turn.get(turn.id, []))
            missing, wrong_time = [], []
            for g in u.claims:
                match = _find(g, got, names, turn.at, vocabulary)
                if match is None:
                    missing.append(g)
                    continue
                claim, timely = match
                got.remove(claim)
                if not timely:
                    wrong_time.append((g, claim))
            spurious = [c for c in got if (c.predicate, canon(names.get(c.object_id, c.object_id))) not in u.allowed]
            checks.append(TurnCheck(u, missing, wrong_time, spurious, names))
    return checks


def _find(g: GoldClaim, got: list[Claim], names: dict[str, str], said_at: datetime | None,
          vocabulary: Vocabulary = CORE_VOCABULARY) -> tuple[Claim, bool] | None:
    def same(a: str, b: str) -> bool:
        return canon(names.get(a, a)) == canon(b)

    best = None
    for c in got:
        if c.predicate != g.predicate:
            continue
        pair = same(c.subject_id, g.subject) and same(c.object_id, g.object)
        spec = vocabulary[g.predicate]
        if not pair and spec.symmetric:
            pair = same(c.subject_id, g.object) and same(c.object_id, g.subject)
        if not pair:
            continue
        if g.kind == "correct":
            if c.kind == "correct" and c.replaces_object_id and same(c.replaces_object_id, g.replaces or ""):
                return c, True
            continue
        if g.kind == "end":
            if c.kind == "end":
                return c, _in_period(c.at, g, said_at)
            if c.kind == "assert" and c.until is not None:
                return c, _in_period(c.until, g, said_at)
            continue
        if c.kind == "assert":
            timely = _in_period(c.at, g, said_at) or (g.observed and c.observed)
            if timely:
                return c, True
            best = best or (c, False)
    return best


def write_failures(path, runs: list[Run], checks_by_seed: dict[int, list[TurnCheck]], *, limit: int = 20,
                   title: str = "chronomem temporal benchmark: failures") -> None:
    """Sentence → expected vs got, grouped by template; then failed probes with their evidence."""
    lines: list[str] = []
    lines.append(f"# {title}\n")
    lines.append("Part 1 lists, per template, turns whose extracted claims differ from the gold claims")
    lines.append("(scored predicates only). Part 2 lists failed probes with the sentences that carry the answer.\n")
    by_tpl: dict[str, list[TurnCheck]] = defaultdict(list)
    totals: dict[str, int] = defaultdict(int)
    for checks in checks_by_seed.values():
        for c in checks:
            tpl = c.utterance.template
            totals[tpl] += 1
            if not c.ok:
                by_tpl[tpl].append(c)
    lines.append("## Part 1: claims per sentence\n")
    lines.append("By event kind (template family): turns whose claims are not all right, and why.\n")
    lines.append(f"{'family':28} {'failed':>7} {'of':>6} {'missing':>8} {'wrong time':>11} {'spurious':>9}")
    fam_tot: dict[str, int] = defaultdict(int)
    fam_why: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for tpl, n in totals.items():
        fam_tot[tpl.rsplit(".", 1)[0]] += n
    for tpl, fails in by_tpl.items():
        why = fam_why[tpl.rsplit(".", 1)[0]]
        for c in fails:
            why[0] += 1
            why[1] += bool(c.missing)
            why[2] += bool(c.wrong_time)
            why[3] += bool(c.spurious)
    for fam in sorted(fam_why, key=lambda f: -fam_why[f][0]):
        f, m, t, sp = fam_why[fam]
        lines.append(f"{fam:28} {f:7d} {fam_tot[fam]:6d} {m:8d} {t:11d} {sp:9d}")
    lines.append("")
    lines.append("By template (worst first):\n")
    lines.append(f"{'template':36} {'failed':>7} {'of':>6}")
    for tpl in sorted(by_tpl, key=lambda t: (-len(by_tpl[t]) / totals[t], t)):
        lines.append(f"{tpl:36} {len(by_tpl[tpl]):7d} {totals[tpl]:6d}")
    lines.append("")
    for tpl in sorted(by_tpl):
        lines.append(f"### {tpl} ({len(by_tpl[tpl])} of {totals[tpl]} turns)")
        for c in by_tpl[tpl][:limit]:
            u = c.utterance
            lines.append(f"- [{u.at.date() if u.at else ''} {u.speaker}] {u.text}")
            for g in c.missing:
                lines.append(f"    missing: {_gold(g)}")
            for g, got in c.wrong_time:
                lines.append(f"    wrong time: expected {_gold(g)}; got {got.kind} at={_d(got.at)} until={_d(got.until)}")
            for s in c.spurious:
                subj, obj = c.names.get(s.subject_id, s.subject_id), c.names.get(s.object_id, s.object_id)
                lines.append(f"    spurious: {s.kind} {subj} {s.predicate} {obj} at={_d(s.at)} until={_d(s.until)}")
        lines.append("")
    lines.append("## Part 2: failed probes\n")
    for r in runs:
        failed = [a for a in r.answers if not a.correct]
        by_cat: dict[str, list[Answer]] = defaultdict(list)
        for a in failed:
            by_cat[a.probe.category].append(a)
        lines.append(f"### seed {r.bench.seed}: {len(failed)} of {len(r.answers)} probes failed")
        for cat in CATEGORY_ORDER:
            for a in by_cat.get(cat, [])[:limit]:
                p = a.probe
                when = "now" if p.as_of is None else p.as_of.date().isoformat()
                known = f" known_at={p.known_at.date()}" if p.known_at else ""
                stale = " STALE" if a.stale else ""
                lines.append(f"- [{cat}] {p.group} {p.subject} {p.predicate} as_of={when}{known}: expected "
                             f"{sorted(p.expected) or '(nothing)'}, got {sorted(a.got) or '(nothing)'}{stale}")
                for uid in p.evidence:
                    u = r.bench.utterances[uid]
                    lines.append(f"    [{u.at.date() if u.at else ''} {u.speaker}] {u.text}")
        lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _d(x: datetime | None) -> str:
    return "-" if x is None else x.date().isoformat()


def _gold(g: GoldClaim) -> str:
    when = "observed (said as current)" if g.observed else f"in [{g.lo}, {g.hi})"
    repl = f" replacing {g.replaces}" if g.replaces else ""
    return f"{g.kind} {g.subject} {g.predicate} {g.object}{repl} {when}"


def claim_summary(checks: list[TurnCheck]) -> dict[str, float]:
    gold_turns = [c for c in checks if c.utterance.claims]
    quiet = [c for c in checks if not c.utterance.claims]
    return {"turns with facts: all claims right": sum(c.ok for c in gold_turns) / len(gold_turns) if gold_turns else float("nan"),
            "turns without facts: nothing extracted": sum(not c.spurious for c in quiet) / len(quiet) if quiet else float("nan"),
            "distractor turns: nothing extracted": _rate([c for c in quiet if c.utterance.kind == "distractor"])}


def _rate(checks: list[TurnCheck]) -> float:
    return sum(not c.spurious for c in checks) / len(checks) if checks else float("nan")


__all__ = ["Answer", "OracleExtractor", "RecordingExtractor", "Run", "answer", "check_claims", "claim_summary",
           "ingest", "metrics", "run", "stale_vocabulary", "write_failures"]
