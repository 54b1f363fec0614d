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

Issue #26 splits the gold in two: the *tuning* conversations (misses may be read, rules may be
written from them) and the *set-aside* ones (``--set-aside``, default ``conv-43``: aggregate
numbers only). The table gives a row per conversation and three rows of totals, ``tuning``,
``set-aside`` and ``all``; the JSON result has a ``tuning`` and a ``set_aside`` block (totals and
recall per predicate). ``--misses FILE`` writes the wrong and missed triples of the tuning
conversations only, never of a set-aside one.

Run ``python -m bench.locomo_gold_bench [--quick] [--data DIR] [--gold DIR] [--set-aside CONV[,CONV]]
[--misses FILE]``; writes ``bench/results/locomo_gold.{json,md}`` (``locomo_gold_quick`` with
``--quick``: the first four sessions of each block).
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
DEFAULT_SET_ASIDE = ("conv-43",)  # issue #26: the untouched LoCoMo conversation
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


COUNTS = ("extracted", "correct", "gold_durable", "found_durable", "exact_predicate", "time_given", "time_right")


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


def merge(scores: Iterable[Score]) -> Score:
    """The counts of several scores added up (wrong and missed triples kept, in order).

    >>> a = score([Triple("t1", "Ana", "LIVES_IN", "Lisbon")], [Triple("t1", "Ana", "LIVES_IN", "Lisbon")])
    >>> b = score([Triple("t2", "Bo", "LIKES", "tea")], [Triple("t2", "Bo", "HAS_PET", "cat")])
    >>> m = merge([a, b])
    >>> (m.extracted, m.correct, m.found_durable, m.gold_durable, dict(m.per_predicate), len(m.wrong), len(m.missed))
    (2, 1, 1, 2, {'LIVES_IN': [1, 1], 'HAS_PET': [0, 1]}, 1, 1)
    """
    total = Score()
    for s in scores:
        for k in COUNTS:
            setattr(total, k, getattr(total, k) + getattr(s, k))
        for p, (f, g) in s.per_predicate.items():
            total.per_predicate[p][0] += f
            total.per_predicate[p][1] += g
        total.wrong += s.wrong
        total.missed += s.missed
    return total


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
@dataclass
class Part:
    """One conversation's annotated block, extracted and scored."""

    conversation: str
    sessions: str  # "first-last"
    turns: int
    score: Score
    names: list[str]  # extracted entity names
    set_aside: bool = False


def run(data: Path, gold_dir: Path, *, quick: bool, set_aside: Sequence[str] = DEFAULT_SET_ASIDE,
        extractor: Any = None) -> tuple[list[Part], set[str], float]:
    """Extract and score every gold block: (parts, the conversations' lower-case words, seconds)."""
    samples = {s["sample_id"]: s for s in json.loads((data / "locomo_dev.json").read_text())}
    blocks = load_gold(gold_dir)
    if not blocks:
        raise SystemExit(f"no gold files in {gold_dir}")
    unknown = set(set_aside) - {b["conversation"] for b in blocks}
    if unknown:
        raise SystemExit(f"--set-aside names no gold conversation: {', '.join(sorted(unknown))}")
    if extractor is None:
        from chronomem.extract import SpacyRuleExtractor

        extractor = SpacyRuleExtractor()
    lowercase = lowercase_vocabulary(samples.values())
    parts = []
    started = time.perf_counter()
    for block in blocks:
        first, last = block["sessions"]
        if quick:
            last = min(last, first + 3)
        sessions = block_sessions(samples[block["conversation"]], first, last)
        gold = gold_triples(block, first_sessions=(last - first + 1) if quick else None)
        ext, names, turns = extracted_triples(sessions, extractor)
        parts.append(Part(block["conversation"], f"{first}-{last}", turns, score(ext, gold), names,
                          block["conversation"] in set_aside))
    return parts, lowercase, time.perf_counter() - started


def table_rows(parts: Sequence[Part], lowercase: set[str]) -> list[dict]:
    """A row per conversation, then the totals of the tuning part, the set-aside part (when there is
    one) and all of them."""
    rows = [_row(p.conversation, _set_of(p), p.sessions, p.turns, p.score, p.names, lowercase) for p in parts]
    for label, chosen in (("tuning", [p for p in parts if not p.set_aside]), ("set-aside", [p for p in parts if p.set_aside]),
                          ("all", list(parts))):
        if chosen:
            rows.append(_total(label, chosen, lowercase))
    return rows


def _set_of(part: Part) -> str:
    return "set-aside" if part.set_aside else "tuning"


def _total(label: str, parts: Sequence[Part], lowercase: set[str]) -> dict:
    return _row(label, "total", "", sum(p.turns for p in parts), merge(p.score for p in parts),
                [n for p in parts for n in p.names], lowercase)


def _row(name: str, part: str, sessions: str, turns: int, s: Score, names: Sequence[str], lowercase: set[str]) -> dict:
    junk = sum(is_junk_name(n, lowercase) for n in names)
    return {"conversation": name, "set": part, "sessions": sessions, "turns": turns, "extracted": s.extracted,
            "precision %": _pct(s.correct, s.extracted), "gold durable": s.gold_durable,
            "recall %": _pct(s.found_durable, s.gold_durable), "exact predicate %": _pct(s.exact_predicate, s.found_durable),
            "start right %": _pct(s.time_right, s.time_given), "facts/100 turns": _pct(s.extracted, turns),
            "entities": len(names), "junk entities %": _pct(junk, len(names))}


def _pct(a: int, b: int) -> float:
    return round(100 * a / b, 1) if b else 0.0


def per_predicate(s: Score) -> dict[str, dict]:
    """Recall per predicate of durable gold facts: ``{predicate: {found, gold, recall}}``."""
    return {p: {"found": f, "gold": g, "recall": round(f / g, 3) if g else None} for p, (f, g) in sorted(s.per_predicate.items())}


def block_summary(parts: Sequence[Part], lowercase: set[str]) -> dict:
    """The JSON block of one part (tuning or set-aside): its conversations, totals and recall per predicate."""
    if not parts:
        return {"conversations": []}
    row = _total("", parts, lowercase)
    return {"conversations": [p.conversation for p in parts],
            **{k: v for k, v in row.items() if k not in ("conversation", "set", "sessions")},
            "per_predicate": per_predicate(merge(p.score for p in parts))}


def write_misses(path: Path, parts: Sequence[Part]) -> None:
    """The wrong and missed triples of the tuning conversations, never of a set-aside one."""
    tuning = [p for p in parts if not p.set_aside]
    aside = [p.conversation for p in parts if p.set_aside]
    lines = [f"# LoCoMo gold misses of the tuning conversations only ({', '.join(p.conversation for p in tuning)}); "
             f"the set-aside conversation(s) ({', '.join(aside) or 'none'}) are never written here "
             "(issue #26: aggregate numbers only)"]
    for p in tuning:
        lines += [f"wrong  {p.conversation} {t.turn}\t{t.subject} | {t.predicate} {t.relation} | {t.object}"
                  for t in p.score.wrong]
    for p in tuning:
        lines += [f"missed {p.conversation} {t.turn}\t{t.subject} | {t.predicate} {t.relation} | {t.object}"
                  for t in p.score.missed]
    path.write_text("\n".join(lines) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--set-aside", default=",".join(DEFAULT_SET_ASIDE),
                        help="the untouched conversations, comma-separated (default %(default)s; '' for none)")
    parser.add_argument("--misses", type=Path, default=None,
                        help="write wrong and missed triples of the tuning conversations (never the set-aside ones)")
    args = parser.parse_args(argv)
    if not (args.data / "locomo_dev.json").exists():
        return data_missing(args.data / "locomo_dev.json", "LoCoMo data (see bench/locomo_gold_bench.py)")
    set_aside = tuple(c.strip() for c in args.set_aside.split(",") if c.strip())
    parts, lowercase, seconds = run(args.data, args.gold, quick=args.quick, set_aside=set_aside)
    if args.misses is not None:
        write_misses(args.misses, parts)
    tuning, aside = [p for p in parts if not p.set_aside], [p for p in parts if p.set_aside]
    everything = merge(p.score for p in parts)
    turns = sum(p.turns for p in parts)
    blocks = {"tuning": block_summary(tuning, lowercase), "set_aside": block_summary(aside, lowercase)}
    meta = {"turns": turns, "seconds": round(seconds, 1), "set_aside_conversations": list(set_aside), **blocks,
            "per_predicate": per_predicate(everything)}
    name = "locomo_gold_quick" if args.quick else "locomo_gold"
    from bench._report import markdown_table

    note = ("Recall per predicate (durable gold facts), tuning and set-aside side by side:\n\n" +
            markdown_table(predicate_rows(blocks["tuning"], blocks["set_aside"])) +
            f"\n\nGold: hand-annotated facts of consecutive LoCoMo sessions (bench/gold/GUIDELINES.md); set aside "
            f"(issue #26, untouched: aggregate numbers only): {', '.join(set_aside) or 'none'}; "
            f"extraction of {turns} turns took {meta['seconds']} s.")
    command = "python -m bench.locomo_gold_bench" + (" --quick" if args.quick else "") + \
        (f" --set-aside '{args.set_aside}'" if set_aside != DEFAULT_SET_ASIDE else "")
    write_result(name, table_rows(parts, lowercase), meta=meta, command=command,
                 title="Extraction on real conversations (LoCoMo, hand-annotated gold)", note=note)
    return 0


def predicate_rows(tuning: dict, set_aside: dict) -> list[dict]:
    """One row per predicate: gold, found and recall in the tuning and the set-aside part.

    >>> predicate_rows({"per_predicate": {"LIKES": {"found": 3, "gold": 4, "recall": 0.75}}},
    ...                {"per_predicate": {"OWNS": {"found": 0, "gold": 2, "recall": 0.0}}})  # doctest: +NORMALIZE_WHITESPACE
    [{'predicate': 'LIKES', 'tuning gold': 4, 'tuning found': 3, 'tuning recall %': 75.0,
      'set-aside gold': 0, 'set-aside found': 0, 'set-aside recall %': ''},
     {'predicate': 'OWNS', 'tuning gold': 0, 'tuning found': 0, 'tuning recall %': '',
      'set-aside gold': 2, 'set-aside found': 0, 'set-aside recall %': 0.0}]
    """
    rows = []
    for p in sorted({*tuning.get("per_predicate", {}), *set_aside.get("per_predicate", {})}):
        row: dict[str, Any] = {"predicate": p}
        for label, block in (("tuning", tuning), ("set-aside", set_aside)):
            v = block.get("per_predicate", {}).get(p, {"found": 0, "gold": 0})
            row |= {f"{label} gold": v["gold"], f"{label} found": v["found"],
                    f"{label} recall %": round(100 * v["found"] / v["gold"], 1) if v["gold"] else ""}
        rows.append(row)
    return rows


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
