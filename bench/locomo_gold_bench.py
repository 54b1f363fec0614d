"""Extraction quality on real conversations: precision and recall against hand-annotated gold facts.

The gold set (``bench/gold/locomo/*.json``, rules in ``bench/gold/GUIDELINES.md``) lists, turn by
turn, every fact a block of consecutive LoCoMo sessions states explicitly: subject, predicate
(the vocabulary, or ``RELATED_TO`` with a relation phrase), object, when. It holds turn ids and
short triples only; the conversations (CC BY-NC 4.0, evaluation only) are read from
``../shared/data/locomo`` (relative to the repository root) or ``--data``.

Each annotated block is extracted as dated sessions (turn id = ``dia_id``; photo captions left
out, the gold does not count facts only a caption implies). An extracted claim (``assert``,
``correct`` or ``end``) *matches* a gold fact of the same turn when

* the subjects name the same entity (case-insensitive; a first name matches a full name;
  ``"Jon's dog"`` matches ``"Jon's dog"``), symmetric predicates in either direction;
* the objects share most content words: at least half of the gold object's (or one of its
  ``object_alt``'s) content words, and at least half of the extracted object's (so a bare head
  noun does not match a longer phrase: "sound" ≠ "sound of rain on the roof");
* the predicates are compatible: equal, or either side is the open ``RELATED_TO`` (counted as
  found; ``exact predicate`` reports how many of the matches also agree on the predicate).

Precision is the share of extracted facts that match a gold fact (durable or event: events are
true, only not required); recall the share of durable gold facts matched, overall and per
predicate. Junk entities are extracted names that are not names: interjections and greetings
("Wow", "Congrats Mia"), pronouns, or a capitalised word that the same conversations otherwise
write in lower case (a sentence-initial common word). Facts per 100 turns counts extracted facts.

Run ``python -m bench.locomo_gold_bench [--quick] [--data DIR] [--gold DIR] [--misses FILE]``;
writes ``bench/results/locomo_gold.{json,md}`` (``locomo_gold_quick`` with ``--quick``: the first
four sessions of each block).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, shared_data, write_result  # noqa: E402
from bench._words import WORD, content_words  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = shared_data("locomo")
DEFAULT_GOLD = ROOT / "bench" / "gold" / "locomo"
SYMMETRIC = frozenset({"MARRIED_TO", "PARTNER_OF", "ENGAGED_TO", "SIBLING_OF", "FRIEND_OF"})
OPEN = "RELATED_TO"
# Words of interjections and greetings (the benchmark's own list, independent of the extractor's).
INTERJECTIONS = frozenset(
    "hi hey hello hiya yo bye goodbye thanks thank thx congrats congratulations wow whoa woah omg yay yeah "
    "yep yup nope nah ok okay oh ah aw aww awww haha hahaha lol hmm hm um uh wow cool great awesome sure "
    "cheers welcome sorry please dear gosh geez jeez ugh oops phew hooray woohoo wohoo good morning night "
    "evening afternoon".split())
PRONOUNS = frozenset("i me my mine we us our you your he him his she her they them their it its".split())


# ----------------------------------------------------------------------------- matching
def objects_match(extracted: str, gold: str, alts: Sequence[str] = ()) -> bool:
    """Most content words shared both ways, against the gold object or one of its alternatives.

    >>> objects_match("sound", "sound of rain on the roof")
    False
    >>> objects_match("painting", "abstract painting"), objects_match("pottery classes", "pottery")
    (True, True)
    >>> objects_match("cat", "Luna", ["cat"]), objects_match("Luna", "dog")
    (True, False)
    """
    ext = content_words(extracted)
    if not ext:
        return False
    for candidate in (gold, *alts):
        ref = content_words(candidate)
        common = len(ext & ref)
        if ref and common * 2 >= len(ref) and common * 2 >= len(ext):
            return True
    return False


def same_entity(extracted: str, gold: str) -> bool:
    """Names of one entity: equal ignoring case, or a first name against a full name.

    >>> same_entity("Jon", "jon"), same_entity("Rachel Green", "Rachel"), same_entity("Jon's dog", "Jon")
    (True, True, False)
    """
    a, b = extracted.strip().lower(), gold.strip().lower()
    if a == b:
        return True
    if "'" in a or "'" in b:
        return content_words(a) == content_words(b)
    wa, wb = a.split(), b.split()
    return bool(wa and wb) and (wa[0] == wb[0]) and (len(wa) == 1 or len(wb) == 1)


def predicates_compatible(extracted: str, gold: str) -> bool:
    """Equal, or either side the open ``RELATED_TO``; ``LIKES`` and ``PREFERS`` agree.

    >>> predicates_compatible("LIKES", "PREFERS"), predicates_compatible("RELATED_TO", "HAS_PET")
    (True, True)
    >>> predicates_compatible("LIVES_IN", "WORKS_AT")
    False
    """
    pair = {extracted, gold}
    return extracted == gold or OPEN in pair or pair == {"LIKES", "PREFERS"}


@dataclass(frozen=True)
class Triple:
    """A fact of one turn, extracted or gold."""

    turn: str
    subject: str
    predicate: str
    object: str
    relation: str = ""
    alts: tuple[str, ...] = ()
    kind: str = "durable"
    valid_from: str | None = None


def triples_match(ext: Triple, gold: Triple) -> bool:
    """Same turn, compatible predicates, same subject and object (either way when symmetric).

    >>> g = Triple("D1:2", "Ana", "SIBLING_OF", "Tom")
    >>> triples_match(Triple("D1:2", "Tom", "SIBLING_OF", "Ana"), g), triples_match(Triple("D1:3", "Ana", "SIBLING_OF", "Tom"), g)
    (True, False)
    """
    if ext.turn != gold.turn or not predicates_compatible(ext.predicate, gold.predicate):
        return False
    if same_entity(ext.subject, gold.subject) and objects_match(ext.object, gold.object, gold.alts):
        return True
    symmetric = gold.predicate in SYMMETRIC or ext.predicate in SYMMETRIC
    return symmetric and same_entity(ext.object, gold.subject) and objects_match(ext.subject, gold.object, gold.alts)


@dataclass
class Score:
    """Matching of extracted triples against gold triples."""

    extracted: int = 0
    correct: int = 0
    gold_durable: int = 0
    found_durable: int = 0
    exact_predicate: int = 0
    time_given: int = 0
    time_right: int = 0
    per_predicate: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    wrong: list[Triple] = field(default_factory=list)
    missed: list[Triple] = field(default_factory=list)


def score(extracted: Iterable[Triple], gold: Sequence[Triple]) -> Score:
    """Precision counts (``correct``/``extracted``) and recall counts over durable gold facts.

    >>> gold = [Triple("t1", "Ana", "LIVES_IN", "Lisbon"), Triple("t1", "Ana", "LIKES", "jazz", kind="event")]
    >>> s = score([Triple("t1", "Ana", "LIVES_IN", "Lisbon"), Triple("t1", "Ana", "LIKES", "Hey")], gold)
    >>> (s.correct, s.extracted, s.found_durable, s.gold_durable)
    (1, 2, 1, 1)
    """
    by_turn: dict[str, list[Triple]] = defaultdict(list)
    for g in gold:
        by_turn[g.turn].append(g)
    result = Score()
    found: set[int] = set()
    for ext in extracted:
        result.extracted += 1
        hits = [g for g in by_turn.get(ext.turn, ()) if triples_match(ext, g)]
        if not hits:
            result.wrong.append(ext)
            continue
        result.correct += 1
        for g in hits:
            if id(g) not in found and g.kind == "durable":
                found.add(id(g))
                result.exact_predicate += ext.predicate == g.predicate or {ext.predicate, g.predicate} == {"LIKES", "PREFERS"}
                if g.valid_from:
                    result.time_given += 1
                    result.time_right += bool(ext.valid_from) and ext.valid_from.startswith(g.valid_from[:7])
    for g in gold:
        if g.kind != "durable":
            continue
        result.gold_durable += 1
        counts = result.per_predicate[g.predicate]
        counts[1] += 1
        if id(g) in found:
            result.found_durable += 1
            counts[0] += 1
        else:
            result.missed.append(g)
    return result


def is_junk_name(name: str, lowercase_words: set[str]) -> bool:
    """A name that is not a name: an interjection or greeting (also glued to a name), a pronoun, or
    a capitalised common word (one the conversations otherwise write in lower case).

    >>> is_junk_name("Congrats Mia", set()), is_junk_name("Wow", set()), is_junk_name("Mia", set())
    (True, True, False)
    >>> is_junk_name("Awesome", {"awesome"}), is_junk_name("Paris", {"paris"})
    (True, True)
    """
    words = WORD.findall(name.lower())
    if not words:
        return True
    if words[0] in INTERJECTIONS or words[-1] in INTERJECTIONS or all(w in PRONOUNS for w in words):
        return True
    return len(words) == 1 and name[:1].isupper() and words[0] in lowercase_words


# ----------------------------------------------------------------------------- data
def load_gold(gold_dir: Path) -> list[dict]:
    """The gold files, checked: turns inside their block, known predicates, kinds."""
    files = sorted(gold_dir.glob("*.json"))
    out = []
    for path in files:
        data = json.loads(path.read_text())
        if not {"conversation", "sessions", "facts"} <= data.keys():
            raise ValueError(f"{path}: not a gold file (needs conversation, sessions, facts)")
        out.append(data)
    return out


def gold_triples(block: dict, first_sessions: int | None = None) -> list[Triple]:
    """A block's facts as triples (``first_sessions``: only facts from its first N sessions)."""
    low = block["sessions"][0]
    out = []
    for f in block["facts"]:
        session = int(f["turn"].split(":")[0].lstrip("D"))
        if first_sessions is not None and session >= low + first_sessions:
            continue
        out.append(Triple(f["turn"], f["subject"], f["predicate"], f["object"], f.get("relation", ""),
                          tuple(f.get("object_alt") or ()), f.get("kind", "durable"), f.get("valid_from")))
    return out


def block_sessions(sample: dict, first: int, last: int) -> list[dict]:
    """Sessions ``first..last`` of a LoCoMo sample as chronomem session dicts (no captions)."""
    from bench.locomo_bench import parse_when

    conv = sample["conversation"]
    out = []
    for n in range(first, last + 1):
        turns = [{"id": t["dia_id"], "speaker": t["speaker"], "text": t["text"]} for t in conv[f"session_{n}"]]
        out.append({"session_id": f"{sample['sample_id']}:S{n}", "group_id": sample["sample_id"],
                    "started_at": parse_when(conv[f"session_{n}_date_time"]).isoformat(), "turns": turns})
    return out


def lowercase_vocabulary(samples: Iterable[dict]) -> set[str]:
    """Words the conversations write in lower case somewhere (never capitalised mid-sentence)."""
    lower: Counter[str] = Counter()
    upper_inside: Counter[str] = Counter()
    for sample in samples:
        conv = sample["conversation"]
        for key, turns in conv.items():
            if not (key.startswith("session_") and isinstance(turns, list)):
                continue
            for t in turns:
                words = re.findall(r"[A-Za-z]+", t["text"])
                for i, w in enumerate(words):
                    if w.islower():
                        lower[w] += 1
                    elif i > 0 and w[0].isupper():
                        upper_inside[w.lower()] += 1
    return {w for w, n in lower.items() if n > upper_inside.get(w, 0)}


def extracted_triples(sessions: list[dict], extractor: Any) -> tuple[list[Triple], list[str], int]:
    """Extract the sessions: (triples, entity names, turns)."""
    from chronomem.schema.models import validate_session

    parsed = [validate_session(s) for s in sessions]
    triples: dict[tuple, Triple] = {}
    names: list[str] = []
    for _session, result in extractor.extract_many(parsed):
        by_id = {e.id: e.name for e in result.entities}
        names += [e.name for e in result.entities]
        for claim in result.claims:
            if claim.kind not in ("assert", "correct", "end"):
                continue
            subject, obj = by_id.get(claim.subject_id, claim.subject_id), by_id.get(claim.object_id, claim.object_id)
            valid_from = claim.at.date().isoformat() if claim.at is not None and not claim.observed and claim.kind != "end" else None
            for src in claim.sources or [None]:
                # the gold names dia_ids ("D1:3"); stored ids are scoped to the session ("conv-26:S1:D1:3")
                turn = (src.turn_id or "").removeprefix(f"{src.session_id}:") if src is not None else ""
                t = Triple(turn or "", subject, claim.predicate, obj, claim.qualifiers.get("relation", ""),
                           valid_from=valid_from)
                triples.setdefault((t.turn, t.subject, t.predicate, t.object), t)
    return list(triples.values()), names, sum(len(s["turns"]) for s in sessions)


# ----------------------------------------------------------------------------- run
def run(data: Path, gold_dir: Path, *, quick: bool, misses: Path | None) -> tuple[list[dict], dict]:
    from chronomem.extract import SpacyRuleExtractor

    samples = {s["sample_id"]: s for s in json.loads((data / "locomo_dev.json").read_text())}
    blocks = load_gold(gold_dir)
    if not blocks:
        raise SystemExit(f"no gold files in {gold_dir}")
    lowercase = lowercase_vocabulary(samples.values())
    extractor = SpacyRuleExtractor()
    rows: list[dict] = []
    totals = Score()
    per_predicate: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    names_all: list[str] = []
    turns_all = 0
    started = time.perf_counter()
    wrong_lines, missed_lines = [], []
    for block in blocks:
        first, last = block["sessions"]
        if quick:
            last = min(last, first + 3)
        sessions = block_sessions(samples[block["conversation"]], first, last)
        gold = gold_triples(block, first_sessions=(last - first + 1) if quick else None)
        ext, names, turns = extracted_triples(sessions, extractor)
        s = score(ext, gold)
        junk = sum(is_junk_name(n, lowercase) for n in names)
        rows.append(_row(block["conversation"], f"{first}-{last}", turns, s, len(names), junk))
        for k in ("extracted", "correct", "gold_durable", "found_durable", "exact_predicate", "time_given", "time_right"):
            setattr(totals, k, getattr(totals, k) + getattr(s, k))
        for p, (f, g) in s.per_predicate.items():
            per_predicate[p][0] += f
            per_predicate[p][1] += g
        names_all += names
        turns_all += turns
        wrong_lines += [f"wrong  {t.turn}\t{t.subject} | {t.predicate} {t.relation} | {t.object}" for t in s.wrong]
        missed_lines += [f"missed {t.turn}\t{t.subject} | {t.predicate} {t.relation} | {t.object}" for t in s.missed]
    seconds = time.perf_counter() - started
    junk_all = sum(is_junk_name(n, lowercase) for n in names_all)
    rows.append(_row("all", "", turns_all, totals, len(names_all), junk_all))
    if misses is not None:
        misses.write_text("\n".join(wrong_lines + missed_lines) + "\n")
    meta = {"turns": turns_all, "seconds": round(seconds, 1), "per_predicate": {
        p: {"found": f, "gold": g, "recall": round(f / g, 3) if g else None} for p, (f, g) in sorted(per_predicate.items())}}
    return rows, meta


def _row(name: str, sessions: str, turns: int, s: Score, entities: int, junk: int) -> dict:
    pct = lambda a, b: round(100 * a / b, 1) if b else 0.0  # noqa: E731
    return {"conversation": name, "sessions": sessions, "turns": turns, "extracted": s.extracted,
            "precision %": pct(s.correct, s.extracted), "gold durable": s.gold_durable,
            "recall %": pct(s.found_durable, s.gold_durable), "exact predicate %": pct(s.exact_predicate, s.found_durable),
            "start right %": pct(s.time_right, s.time_given), "facts/100 turns": pct(s.extracted, turns),
            "entities": entities, "junk entities %": pct(junk, entities)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--misses", type=Path, default=None, help="write wrong and missed triples to this file")
    args = parser.parse_args(argv)
    if not (args.data / "locomo_dev.json").exists():
        return data_missing(args.data / "locomo_dev.json", "LoCoMo data (see bench/locomo_gold_bench.py)")
    rows, meta = run(args.data, args.gold, quick=args.quick, misses=args.misses)
    name = "locomo_gold_quick" if args.quick else "locomo_gold"
    per_pred = [{"predicate": p, "gold": v["gold"], "found": v["found"], "recall %": round(100 * v["recall"], 1) if v["recall"] is not None else ""}  # noqa: E501
                for p, v in meta["per_predicate"].items()]
    from bench._report import markdown_table

    note = ("Recall per predicate (durable gold facts):\n\n" + markdown_table(per_pred) +
            f"\n\nGold: hand-annotated facts of consecutive LoCoMo sessions (bench/gold/GUIDELINES.md); "
            f"extraction of {meta['turns']} turns took {meta['seconds']} s.")
    write_result(name, rows, meta=meta, command=f"python -m bench.locomo_gold_bench{' --quick' if args.quick else ''}",
                 title="Extraction on real conversations (LoCoMo, hand-annotated gold)", note=note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
