"""Time-blind baselines on the synthetic temporal benchmark: how often is the answer stale?

The same generated conversations and structured questions as ``bench/temporal_bench.py``
(``bench.temporal.generate``), answered by chronomem (``Memory.facts`` as of T) and by two
memories that ignore valid time, the common approach:

* **latest state** - every statement is kept in arrival order and a question is answered with
  the most recently ingested value of the subject's predicate (a later "stopped"/"left"
  statement removes it; a correction replaces it). It knows only the current belief, so it
  answers every as-of question with today's value.
* **vector top-k** - every turn is embedded (MiniLM all-MiniLM-L6-v2); the question, with its
  date ("Where did Ana live in March 2021?"), retrieves the k most similar turns of the group;
  a perfect reader takes the subject's value from the best-ranked retrieved turn that states
  it (``many`` predicates: every value stated in the top k). No intervals, no as-of filter.

Each memory is fed the same claims, twice: the generator's gold claims (a perfect extractor,
so only the memory differs) and the claims the default spaCy extractor produced during
chronomem's own ingest. Scoring is the temporal benchmark's: accuracy (answer set equals the
expected set) and the stale-answer rate (among questions whose subject had an earlier value
that no longer holds, how often that earlier value is returned).

Run ``python -m bench.timeblind_bench [--quick] [--seeds 11,12,13] [--k 10]``; writes
``bench/results/timeblind[_quick].{json,md}``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import write_result  # noqa: E402

QUESTIONS = {
    "LIVES_IN": "Where does {s} live", "WORKS_AT": "Where does {s} work", "HAS_ROLE": "What is {s}'s job",
    "REPORTS_TO": "Who does {s} report to", "LEADS": "Who leads {s}", "USES": "What does {s} use",
    "HAS_PET": "What pet does {s} have", "PARTNER_OF": "Who is {s}'s partner", "MARRIED_TO": "Who is {s} married to",
}


@dataclass(frozen=True)
class Statement:
    """One claim as a time-blind memory sees it: names, no intervals, in arrival order."""

    group: str
    turn_id: str
    kind: str  # assert | end | correct | retract
    subject: str
    predicate: str
    object: str
    replaces: str | None = None


def question(subject: str, predicate: str, as_of: Any) -> str:
    """The natural-language form of a probe for the vector memory.

    >>> from datetime import datetime, timezone
    >>> question("user", "LIVES_IN", datetime(2021, 3, 5, tzinfo=timezone.utc))
    'Where does user live in March 2021?'
    >>> question("the platform team", "LEADS", None)
    'Who leads the platform team now?'
    """
    base = QUESTIONS.get(predicate, "What about {s} " + predicate.lower().replace("_", " ")).format(s=subject)
    return base + (f" in {as_of:%B %Y}?" if as_of is not None else " now?")


# ------------------------------------------------------------------------ statements
def gold_statements(bench: Any) -> list[Statement]:
    """The generator's gold claims, in arrival order."""
    out = []
    for session in bench.sessions:
        for turn in session.turns:
            u = bench.utterances.get(turn.id)
            for c in (u.claims if u is not None else ()):
                out.append(Statement(session.group_id, turn.id, c.kind, c.subject, c.predicate, c.object, c.replaces))
    return out


def extracted_statements(bench: Any, recorder: Any, store: Any) -> list[Statement]:
    """The claims the extractor produced during chronomem's ingest, with entity names, in arrival order."""
    out = []
    for session in bench.sessions:
        result = recorder.results.get(session.session_id)
        if result is None:
            continue
        names = {e.id: e.name for e in result.entities}
        missing = {i for c in result.claims for i in (c.subject_id, c.object_id, c.replaces_object_id) if i and i not in names}
        if missing:
            names.update((i, e.name) for i, e in store.get_entities(session.group_id, list(missing)).items())
        for c in result.claims:
            turn = c.sources[0].turn_id if c.sources and c.sources[0].turn_id else f"{session.session_id}:?"
            out.append(Statement(session.group_id, turn, c.kind, names.get(c.subject_id, c.subject_id), c.predicate,
                                 names.get(c.object_id, c.object_id),
                                 names.get(c.replaces_object_id, c.replaces_object_id) if c.replaces_object_id else None))
    return out


# ----------------------------------------------------------------------------- memories
def _key(name: str) -> str:
    from chronomem.schema.models import normalize_name

    return normalize_name(name)


def _spec(predicate: str) -> Any:
    from chronomem.schema.vocabulary import CORE_VOCABULARY

    return CORE_VOCABULARY[predicate] if predicate in CORE_VOCABULARY else None


def _value_sides(st: Statement) -> list[tuple[str, str]]:
    """(who the question is about, the value) pairs a statement answers, as the store files them."""
    spec = _spec(st.predicate)
    if spec is None:
        return []
    if spec.cardinality == "one_per_object":
        return [(st.object, st.subject)]  # LEADS is asked from the team's side
    pairs = [(st.subject, st.object)]
    if spec.symmetric:
        pairs.append((st.object, st.subject))
    return pairs


class LatestState:
    """Every statement in arrival order; the answer is the latest value, whatever the question's date."""

    def __init__(self, statements: Iterable[Statement]) -> None:
        self.state: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        for st in statements:
            spec = _spec(st.predicate)
            if spec is None:
                continue
            for who, value in _value_sides(st):
                key = (st.group, st.predicate, _key(who))
                values = self.state[key]
                if st.kind in ("assert", "correct"):
                    if st.kind == "correct" and st.replaces:  # the wrong value goes
                        values[:] = [v for v in values if _key(v) != _key(st.replaces)]
                    if spec.cardinality == "many":
                        values[:] = [v for v in values if _key(v) != _key(value)] + [value]
                    else:
                        values[:] = [value]
                elif st.kind in ("end", "retract"):
                    values[:] = [v for v in values if _key(v) != _key(value)]

    def answer(self, probe: Any) -> set[str]:
        return set(self.state.get((probe.group, probe.predicate, _key(probe.subject)), []))


class VectorTopK:
    """Top-k turns by cosine similarity to the question (per group); a perfect reader of them."""

    def __init__(self, bench: Any, statements: Iterable[Statement], vectors: dict[str, Any], embed: Callable, k: int) -> None:
        import numpy as np

        self.k, self.embed = k, embed
        self.by_turn: dict[str, list[Statement]] = defaultdict(list)
        for st in statements:
            self.by_turn[st.turn_id].append(st)
        self.groups: dict[str, tuple[list[str], Any]] = {}
        turns: dict[str, list[str]] = defaultdict(list)
        for session in bench.sessions:
            turns[session.group_id].extend(t.id for t in session.turns)
        for group, ids in turns.items():
            self.groups[group] = (ids, np.stack([vectors[i] for i in ids]))

    def answer(self, probe: Any, qvec: Any) -> set[str]:
        import numpy as np

        ids, matrix = self.groups[probe.group]
        scores = matrix @ qvec
        top = np.argsort(-scores, kind="stable")[: self.k]
        spec = _spec(probe.predicate)
        found: list[str] = []
        for row in top:
            for st in self.by_turn.get(ids[row], ()):
                if st.predicate != probe.predicate or st.kind not in ("assert", "correct"):
                    continue
                found.extend(value for who, value in _value_sides(st) if _key(who) == _key(probe.subject))
            if found and spec is not None and spec.cardinality != "many":
                return {found[0]}
        return set(found)


# ------------------------------------------------------------------------------ running
def _scoped(probe: Any, got: Iterable[str], scopes: dict[tuple, frozenset[str]]) -> frozenset[str]:
    """Canonical values, with the tool-family scope filter of ``bench.temporal.scorer.answer``."""
    from bench.temporal.model import canon

    values = {canon(v) for v in got}
    if probe.scope is not None:
        every = scopes.get((probe.group, probe.subject, probe.predicate), frozenset())
        values = {v for v in values if v in probe.scope or v not in every}
    return frozenset(values)


def _embedder(kind: str) -> Any:
    from chronomem.graph.embedders import HashingEmbedder, installed_minilm, require_minilm

    if kind == "minilm":
        return require_minilm()
    return (installed_minilm() if kind == "auto" else None) or HashingEmbedder(dim=384)


def evaluate(seed: int, worlds: int, *, k: int, embedder: Any) -> tuple[dict[str, list[Any]], dict[str, Any]]:
    """Answers of every system on one seed: ``{system: [Answer]}`` and run info."""
    from bench.temporal.generator import generate
    from bench.temporal.scorer import Answer, run

    bench = generate(seed, worlds=worlds)
    scopes: dict[tuple, set[str]] = defaultdict(set)
    for slot in bench.slots:
        if slot.scope:
            scopes[(slot.group, slot.subject, slot.predicate)] |= slot.scope
    frozen = {key: frozenset(v) for key, v in scopes.items()}
    info: dict[str, Any] = {"turns": bench.turns, "probes": len(bench.probes)}
    systems: dict[str, list[Any]] = {}

    started = time.perf_counter()
    oracle = run(bench, mode="oracle")
    extract = run(bench, mode="extract")
    info["chronomem_s"] = round(time.perf_counter() - started, 1)
    systems["chronomem, gold claims"] = oracle.answers
    systems["chronomem, extractor"] = extract.answers
    store = next(iter(extract.memories.values())).store
    claims = {"gold claims": gold_statements(bench), "extractor": extracted_statements(bench, extract.recorder, store)}

    for label, statements in claims.items():
        latest = LatestState(statements)
        systems[f"latest state, {label}"] = [Answer(p, _scoped(p, latest.answer(p), frozen)) for p in bench.probes]

    started = time.perf_counter()
    turn_ids = [t.id for s in bench.sessions for t in s.turns]
    texts = [t.text for s in bench.sessions for t in s.turns]
    vectors = dict(zip(turn_ids, embedder.embed(texts)))
    qvecs = embedder.embed([question(p.subject, p.predicate, p.as_of) for p in bench.probes])
    info["embed_s"] = round(time.perf_counter() - started, 1)
    for label, statements in claims.items():
        vec = VectorTopK(bench, statements, vectors, embedder.embed, k)
        systems[f"vector top-{k}, {label}"] = [Answer(p, _scoped(p, vec.answer(p, q), frozen))
                                              for p, q in zip(bench.probes, qvecs)]
    return systems, info


def _pct(x: float) -> float:
    return float("nan") if x is None or (isinstance(x, float) and math.isnan(x)) else round(100 * x, 1)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.timeblind_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed, 2 worlds")
    parser.add_argument("--seeds", help="comma-separated seeds (default 11,12,13; quick 11)")
    parser.add_argument("--worlds", type=int, help="worlds per seed (default 12; quick 2)")
    parser.add_argument("--k", type=int, default=10, help="turns the vector memory retrieves (default 10)")
    parser.add_argument("--embedder", choices=("auto", "minilm", "hashing"), default="auto",
                        help="auto: MiniLM when its files are found, else HashingEmbedder(384)")
    args = parser.parse_args(argv)
    from bench.temporal.scorer import metrics

    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else ([11] if args.quick else [11, 12, 13])
    worlds = args.worlds or (2 if args.quick else 12)
    embedder = _embedder(args.embedder)
    pooled: dict[str, list[Any]] = defaultdict(list)
    infos = {}
    started = time.perf_counter()
    for seed in seeds:
        systems, info = evaluate(seed, worlds, k=args.k, embedder=embedder)
        infos[seed] = info
        for name, answers in systems.items():
            pooled[name].extend(answers)
        print(f"seed {seed}: {info}", file=sys.stderr, flush=True)

    rows = []
    for name, answers in pooled.items():
        m = metrics(answers)
        rows.append({
            "memory": name,
            "as-of accuracy %": _pct(m["as-of accuracy (all non-abstention)"]["accuracy"]),
            "current %": _pct(m.get("current", {}).get("accuracy", float("nan"))),
            "past %": _pct(m.get("past", {}).get("accuracy", float("nan"))),
            "after switch %": _pct(m.get("after_switch", {}).get("accuracy", float("nan"))),
            "stale-answer rate %": _pct(m["overall"]["stale"]),
            "abstention accuracy %": _pct(m["abstention accuracy"]["accuracy"]),
            "overall accuracy %": _pct(m["overall"]["accuracy"]),
        })
    n = metrics(next(iter(pooled.values())))
    given = list(sys.argv[1:] if argv is None else argv)
    name = "timeblind_quick" if args.quick else "timeblind"
    write_result(name, rows, command="python -m bench.timeblind_bench" + (" " + " ".join(given) if given else ""),
                 title="Time-blind memories vs chronomem (synthetic temporal benchmark)",
                 meta={"seeds": seeds, "worlds": worlds, "k": args.k, "embedder": getattr(embedder, "name", "?"),
                       "per_seed": infos, "seconds": round(time.perf_counter() - started, 1)})
    from bench._report import result_path

    note = (f"\nSeeds {', '.join(map(str, seeds))}, {worlds} worlds each: {sum(i['turns'] for i in infos.values()):,} turns, "
            f"{sum(i['probes'] for i in infos.values()):,} questions ({int(n['overall']['stale_n']):,} with an earlier value "
            f"that no longer holds: the stale-rate denominator). Vector memory: {getattr(embedder, 'name', '?')}, top-{args.k} "
            "turns, a perfect reader of the retrieved turns' claims. \"gold claims\" feeds every memory the generator's "
            "claims (only the memory differs); \"extractor\" feeds it what the spaCy extractor produced.\n")
    with result_path(f"{name}.md").open("a", encoding="utf-8") as fh:
        fh.write(note)
    print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
