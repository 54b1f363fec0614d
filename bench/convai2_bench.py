"""ConvAI2 persona lines: first-person facts the extractor finds, against Dialogue NLI triples.

An *untouched* set (issue #26): aggregate numbers only. This benchmark reports counts and
percentages and nothing else: no misses, no lines, no facts. The data (ConvAI2 validation
personas, "both original", with the human-annotated triples of Welleck et al., "Dialogue Natural
Language Inference", ACL 2019; PersonaChat and DNLI terms: evaluation only, never copied into the
repository, tests use lines of their own) is read from ``../shared/data/convai2_dnli/valid.txt``
(see :func:`bench._report.shared_data`) or ``--data``. Its README gives the format, the mapping and
the scoring, which this module follows:

* Each dialogue's persona lines become one :class:`~chronomem.schema.Session` (``convai2-0017``,
  started 2020-01-01 UTC, lines a second apart, in file order): the "your persona" lines spoken by
  ``d17-a``, the "partner's persona" lines by ``d17-b``, two people of their own in every dialogue
  (the first-person "i" of a line is its speaker). The numbered turns are left out: their triples
  were matched automatically and are noisy. All sessions go through one ``extract_many``.
* Gold: the triples of a persona line with subject ``i`` whose relation maps onto the vocabulary
  (:data:`MAPPED`; ``like_*`` and ``favorite_*`` are LIKES, PREFERS accepted) and whose object words
  all occur in the line.
* Facts: the unique (line, subject, predicate, object) of the session's *current* claims (kind
  ``assert`` or ``correct``), the line being the claim's source turn.
* A fact *matches* a gold triple when its subject is the line's speaker (the entity's name or an
  alias), its predicate is one the triple's group accepts, and its object (name or an alias) shares
  a content word (:func:`bench._words.content_words`) with the triple's object.
* Recall: gold triples matched by a current fact of the speaker (from any of the session's lines),
  overall and per relation group; reported beside it, the stricter recall by a fact of the
  triple's own line. Precision: of the facts sourced from lines that carry a mapped
  triple, those that match one of that line's triples; per group by the fact's predicate (a fact
  whose predicate is in no group counts under "other predicates").

Run ``python -m bench.convai2_bench [--quick] [--data DIR|FILE] [--dialogues N]`` (``--quick``: the
first 100 dialogues); writes ``bench/results/convai2.{json,md}`` (``convai2_quick`` with
``--quick``). Without the data it skips with exit code 0 (2 when ``CI`` is set). Issue #26 bar:
recall ≥ 65% at precision ≥ 80%.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._extraction import CURRENT_KINDS, Extraction, extract_all  # noqa: E402
from bench._report import data_missing, markdown_table, shared_data, write_result  # noqa: E402
from bench._words import WORD, content_words  # noqa: E402
from chronomem.schema.models import ExtractionResult, Session, Turn  # noqa: E402

DEFAULT_DATA = shared_data("convai2_dnli")
FILE = "valid.txt"
GROUP = "convai2"
STARTED_AT = datetime(2020, 1, 1, tzinfo=timezone.utc)
QUICK_DIALOGUES = 100
ROLES = {"your persona": "a", "partner's persona": "b"}
# The data's README: Dialogue NLI relation -> chronomem predicate (``like_*`` and ``favorite_*``: LIKES).
MAPPED = {
    "live_in_citystatecountry": "LIVES_IN",
    "employed_by_company": "WORKS_AT",
    "has_profession": "HAS_ROLE",
    "have_pet": "HAS_PET",
    "attend_school": "STUDIES_AT",
    "member_of": "MEMBER_OF",
    "own": "OWNS",
    "have_vehicle": "OWNS",
    "dislike": "DISLIKES",
}
LIKES_PREFIXES = ("like_", "favorite_")
ACCEPTED = {"LIKES": frozenset({"LIKES", "PREFERS"})}
GROUPS = ("LIVES_IN", "WORKS_AT", "HAS_ROLE", "HAS_PET", "STUDIES_AT", "MEMBER_OF", "OWNS", "DISLIKES", "LIKES")
OTHER = "other predicates"
_PERSONA = re.compile(r"^(your persona|partner's persona):\s*(.*)$", re.S)


# ----------------------------------------------------------------------------- the mapping
def relation_group(relation: str) -> str | None:
    """The vocabulary group a Dialogue NLI relation maps onto, or None.

    >>> relation_group("have_vehicle"), relation_group("favorite_season"), relation_group("like_goto")
    ('OWNS', 'LIKES', 'LIKES')
    >>> relation_group("has_age"), relation_group("favorite"), relation_group("likes")
    (None, None, None)
    """
    if relation in MAPPED:
        return MAPPED[relation]
    return "LIKES" if relation.startswith(LIKES_PREFIXES) else None


def accepted(group: str) -> frozenset[str]:
    """The predicates that find a gold triple of ``group``.

    >>> sorted(accepted("LIKES")), sorted(accepted("OWNS"))
    (['LIKES', 'PREFERS'], ['OWNS'])
    """
    return ACCEPTED.get(group, frozenset({group}))


def predicate_group(predicate: str) -> str:
    """The group an extracted predicate is judged under (PREFERS with LIKES; the rest: "other predicates").

    >>> predicate_group("PREFERS"), predicate_group("HAS_PET"), predicate_group("RELATED_TO")
    ('LIKES', 'HAS_PET', 'other predicates')
    """
    return next((g for g in GROUPS if predicate in accepted(g)), OTHER)


# ----------------------------------------------------------------------------- data
@dataclass(frozen=True)
class PersonaLine:
    """One persona line: ``role`` ``a`` ("your persona") or ``b`` ("partner's persona"), its text and triples."""

    role: str
    text: str
    triples: tuple[tuple[str, str, str], ...] = ()


def parse(lines: Iterable[str]) -> list[list[PersonaLine]]:
    """Dialogues of persona lines; a persona line after a numbered turn starts the next dialogue.

    >>> d = parse(["your persona: i grow tomatoes .\\t['i', 'like_activity', 'grow tomatoes']",
    ...            "partner's persona: i am a welder .\\t['i', 'has_profession', 'welder']",
    ...            "1\\thello there\\t['i', 'other', 'x']", "your persona: i swim .", "1\\thi"])
    >>> [[(p.role, p.triples) for p in dialogue] for dialogue in d]  # doctest: +NORMALIZE_WHITESPACE
    [[('a', (('i', 'like_activity', 'grow tomatoes'),)), ('b', (('i', 'has_profession', 'welder'),))],
     [('a', ())]]
    """
    dialogues: list[list[PersonaLine]] = []
    in_turns = True
    for raw in lines:
        fields = raw.rstrip("\n").split("\t")
        m = _PERSONA.match(fields[0])
        if m is None:  # a numbered turn (its triples are noisy: never scored) or a blank line
            in_turns = in_turns or bool(fields[0].strip())
            continue
        if in_turns:
            dialogues.append([])
            in_turns = False
        triples = tuple(t for t in (_triple(f) for f in fields[1:]) if t is not None)
        dialogues[-1].append(PersonaLine(ROLES[m.group(1)], m.group(2).strip(), triples))
    return dialogues


def _triple(text: str) -> tuple[str, str, str] | None:
    try:
        value = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        return None
    if isinstance(value, (list, tuple)) and len(value) == 3 and all(isinstance(v, str) for v in value):
        return (value[0], value[1], value[2])
    return None


def speaker(index: int, role: str) -> str:
    """The speaker of dialogue ``index``'s lines of ``role``: ``d17-a``, ``d17-b``."""
    return f"d{index}-{role}"


def to_session(index: int, dialogue: Sequence[PersonaLine]) -> Session:
    """Dialogue ``index``'s persona lines as one session, a second apart.

    >>> s = to_session(17, [PersonaLine("b", "i knit ."), PersonaLine("a", "i row .")])
    >>> s.session_id, [(t.id, t.speaker, t.text) for t in s.turns]
    ('convai2-0017', [('convai2-0017:1', 'd17-b', 'i knit .'), ('convai2-0017:2', 'd17-a', 'i row .')])
    """
    turns = [Turn(speaker=speaker(index, line.role), text=line.text, at=STARTED_AT + timedelta(seconds=n))
             for n, line in enumerate(dialogue)]
    return Session(session_id=f"{GROUP}-{index:04d}", group_id=GROUP, started_at=STARTED_AT, turns=turns)


# ----------------------------------------------------------------------------- gold and facts
@dataclass(frozen=True)
class Gold:
    """A scored triple: its line (index in the dialogue), the line's speaker, group, relation and object."""

    line: int
    speaker: str
    group: str
    relation: str
    object: str


def line_gold(index: int, n: int, line: PersonaLine) -> tuple[list[Gold], int]:
    """The gold triples of line ``n`` of dialogue ``index``, and how many mapped ``i`` triples were left
    out because a word of their object is not in the line.

    >>> line_gold(3, 0, PersonaLine("a", "my two cats are named ash and fig .",
    ...     (("i", "have_pet", "cats"), ("i", "have_pet", "dogs"), ("my cats", "have_pet", "cats"), ("i", "has_age", "9"))))
    ([Gold(line=0, speaker='d3-a', group='HAS_PET', relation='have_pet', object='cats')], 1)
    """
    words = set(WORD.findall(line.text.lower()))
    out: list[Gold] = []
    dropped = 0
    for subject, relation, obj in line.triples:
        group = relation_group(relation)
        if subject != "i" or group is None:
            continue
        gold = Gold(n, speaker(index, line.role), group, relation, obj)
        object_words = WORD.findall(obj.lower())
        if not object_words or not set(object_words) <= words:
            dropped += 1
        elif gold not in out:
            out.append(gold)
    return out, dropped


@dataclass(frozen=True)
class Fact:
    """A current fact: its source line (None when it has none in the session), and the names its
    subject and object go by (name, then aliases)."""

    line: int | None
    subject: tuple[str, ...]
    predicate: str
    object: tuple[str, ...]


def facts_of(result: ExtractionResult, session: Session) -> list[Fact]:
    """The unique (line, subject, predicate, object) of the result's ``assert``/``correct`` claims.

    >>> from chronomem.schema.models import Claim, Entity, Source
    >>> s = to_session(0, [PersonaLine("a", "i live in oslo .")])
    >>> ents = [Entity(id="p", name="d0-a"), Entity(id="o", name="Oslo", aliases=["oslo city"])]
    >>> src = [Source(session_id=s.session_id, turn_id=s.turns[0].id)]
    >>> claims = [Claim(kind=k, subject_id="p", predicate="LIVES_IN", object_id="o", said_at=STARTED_AT, sources=src,
    ...                 replaces_object_id="x" if k == "correct" else None) for k in ("assert", "correct", "end")]
    >>> facts_of(ExtractionResult(entities=ents, claims=claims), s)
    [Fact(line=0, subject=('d0-a',), predicate='LIVES_IN', object=('Oslo', 'oslo city'))]
    """
    names = {e.id: (e.name, *e.aliases) for e in result.entities}
    line_of = {t.id: n for n, t in enumerate(session.turns)}
    seen: dict[tuple[Any, ...], Fact] = {}
    for c in result.claims:
        if c.kind not in CURRENT_KINDS:
            continue
        for line in [line_of.get(src.turn_id) for src in c.sources] or [None]:
            key = (line, c.subject_id, c.predicate, c.object_id)
            if key not in seen:
                seen[key] = Fact(line, names.get(c.subject_id, (c.subject_id,)), c.predicate,
                                 names.get(c.object_id, (c.object_id,)))
    return list(seen.values())


def fact_matches(fact: Fact, gold: Gold) -> bool:
    """The speaker's fact, with a predicate the gold's group accepts and an object sharing a content word.

    >>> g = Gold(0, "d1-b", "LIKES", "like_food", "spicy noodles")
    >>> fact_matches(Fact(0, ("d1-b",), "PREFERS", ("noodles",)), g), fact_matches(Fact(4, ("D1-B",), "LIKES", ("Noodle soup",)), g)
    (True, True)
    >>> fact_matches(Fact(0, ("d1-a",), "LIKES", ("noodles",)), g), fact_matches(Fact(0, ("d1-b",), "OWNS", ("noodles",)), g)
    (False, False)
    >>> fact_matches(Fact(0, ("d1-b",), "LIKES", ("spicy food",)), g), fact_matches(Fact(0, ("d1-b",), "LIKES", ("food",)), g)
    (True, False)
    """
    if fact.predicate not in accepted(gold.group):
        return False
    if not any(name.strip().lower() == gold.speaker for name in fact.subject):
        return False
    wanted = content_words(gold.object)
    return any(content_words(name) & wanted for name in fact.object)


# ----------------------------------------------------------------------------- scoring
@dataclass
class Score:
    """Aggregate counts only (an untouched set: no individual miss is kept)."""

    dialogues: int = 0
    lines: int = 0
    lines_with_gold: int = 0
    facts: int = 0  # current facts, all lines
    dropped: int = 0  # mapped "i" triples left out: an object word not in the line
    gold: Counter = field(default_factory=Counter)  # group -> gold triples
    found: Counter = field(default_factory=Counter)  # group -> of those, found
    found_same_line: int = 0  # gold triples found by a fact of their own line (a stricter reading, reported beside)
    judged: Counter = field(default_factory=Counter)  # predicate group -> facts on lines with gold
    right: Counter = field(default_factory=Counter)  # predicate group -> of those, matching a triple of their line

    @property
    def recall(self) -> float:
        total = sum(self.gold.values())
        return sum(self.found.values()) / total if total else float("nan")

    @property
    def precision(self) -> float:
        total = sum(self.judged.values())
        return sum(self.right.values()) / total if total else float("nan")


def score(dialogues: Sequence[Sequence[PersonaLine]], facts: Sequence[Sequence[Fact]]) -> Score:
    """Recall of the gold triples and precision of the facts of lines with gold (module docstring).

    >>> lines = [PersonaLine("a", "i drive a red truck .", (("i", "have_vehicle", "truck"),)),
    ...          PersonaLine("b", "i love jazz and hate rain .", (("i", "like_music", "jazz"), ("i", "dislike", "rain"))),
    ...          PersonaLine("b", "i am tall .", (("i", "physical_attribute", "tall"),))]
    >>> s = score([lines], [[Fact(0, ("d0-a",), "OWNS", ("red truck",)), Fact(1, ("d0-b",), "LIKES", ("jazz",)),
    ...                      Fact(1, ("d0-b",), "LIKES", ("rain",)), Fact(2, ("d0-b",), "HAS_ATTRIBUTE", ("tall",))]])
    >>> (sum(s.found.values()), sum(s.gold.values()), sum(s.right.values()), sum(s.judged.values()), s.facts)
    (2, 3, 2, 3, 4)
    >>> score([lines[:1]], [[Fact(1, ("d0-a",), "OWNS", ("truck",))]]).found_same_line  # found, from another line
    0
    >>> dict(s.judged), dict(s.right)
    ({'OWNS': 1, 'LIKES': 2}, {'OWNS': 1, 'LIKES': 1})
    """
    if len(dialogues) != len(facts):
        raise ValueError(f"{len(dialogues)} dialogues but {len(facts)} lists of facts")
    s = Score(dialogues=len(dialogues))
    for index, (dialogue, found_facts) in enumerate(zip(dialogues, facts)):
        s.lines += len(dialogue)
        s.facts += len(found_facts)
        by_line: dict[int, list[Gold]] = {}
        for n, line in enumerate(dialogue):
            golds, dropped = line_gold(index, n, line)
            s.dropped += dropped
            if golds:
                by_line[n] = golds
        for golds in by_line.values():
            for g in golds:
                s.gold[g.group] += 1
                s.found[g.group] += any(fact_matches(f, g) for f in found_facts)
                s.found_same_line += any(f.line == g.line and fact_matches(f, g) for f in found_facts)
        s.lines_with_gold += len(by_line)
        for f in found_facts:
            if f.line not in by_line:
                continue
            group = predicate_group(f.predicate)
            s.judged[group] += 1
            s.right[group] += any(fact_matches(f, g) for g in by_line[f.line])
    return s


def _pct(k: int, n: int) -> float | str:
    return round(100 * k / n, 1) if n else ""


def group_rows(s: Score) -> list[dict[str, Any]]:
    """One row per relation group (recall of its triples, precision of the facts with its predicates),
    "other predicates" (precision only), then all of them."""
    relations = {g: sorted(r for r, m in MAPPED.items() if m == g) for g in GROUPS}
    relations["LIKES"] = [f"{p}*" for p in LIKES_PREFIXES]
    rows: list[dict[str, Any]] = []
    for g in (*GROUPS, OTHER):
        if not (s.gold[g] or s.judged[g]) and g == OTHER:
            continue
        rows.append({"group": g, "Dialogue NLI relations": ", ".join(relations.get(g, [])) or "–",
                     "predicates": ", ".join(sorted(accepted(g))) if g != OTHER else "any other",
                     "gold": s.gold[g], "found": s.found[g], "recall %": _pct(s.found[g], s.gold[g]),
                     "facts judged": s.judged[g], "right": s.right[g], "precision %": _pct(s.right[g], s.judged[g])})
    gold, found = sum(s.gold.values()), sum(s.found.values())
    judged, right = sum(s.judged.values()), sum(s.right.values())
    rows.append({"group": "all", "Dialogue NLI relations": "", "predicates": "", "gold": gold, "found": found,
                 "recall %": _pct(found, gold), "facts judged": judged, "right": right,
                 "precision %": _pct(right, judged)})
    return rows


# ----------------------------------------------------------------------------- run
def run(dialogues: Sequence[Sequence[PersonaLine]], extractor: Any) -> tuple[Score, Extraction]:
    """Extract every dialogue's persona lines with one ``extract_many`` and score them."""
    sessions = [to_session(i, d) for i, d in enumerate(dialogues)]
    x = extract_all(extractor, sessions)
    return score(dialogues, [facts_of(r, s) for r, s in zip(x.results, sessions)]), x


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.convai2_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK_DIALOGUES} dialogues")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help=f"directory holding {FILE} (or the file)")
    parser.add_argument("--dialogues", type=int, default=None, help="use only the first N dialogues")
    args = parser.parse_args(argv)
    path = args.data if args.data.is_file() else args.data / FILE
    if not path.is_file():
        return data_missing(path, "ConvAI2 persona lines with Dialogue NLI triples (see bench/convai2_bench.py)")
    dialogues = parse(path.read_text(encoding="utf-8").splitlines())
    limit = QUICK_DIALOGUES if args.quick else args.dialogues
    dialogues = dialogues[:limit] if limit else dialogues
    from chronomem.extract.extractor import SpacyRuleExtractor

    s, x = run(dialogues, SpacyRuleExtractor())
    gold, found = sum(s.gold.values()), sum(s.found.values())
    judged, right = sum(s.judged.values()), sum(s.right.values())
    rate = s.lines / x.seconds if x.seconds > 0 else None
    summary = [
        {"measure": "dialogues / persona lines / lines with gold", "value": f"{s.dialogues} / {s.lines} / {s.lines_with_gold}"},
        {"measure": "recall (found / gold triples)", "value": f"{_pct(found, gold)}% ({found} / {gold})"},
        {"measure": "recall by a fact of the triple's own line (stricter)",
         "value": f"{_pct(s.found_same_line, gold)}% ({s.found_same_line} / {gold})"},
        {"measure": "precision on lines with gold (right / facts judged)", "value": f"{_pct(right, judged)}% ({right} / {judged})"},
        {"measure": "current facts per persona line", "value": f"{s.facts / max(1, s.lines):.2f} ({s.facts})"},
        {"measure": "mapped triples left out (an object word not in the line)", "value": str(s.dropped)},
        {"measure": "extraction wall time (spaCy load apart)", "value": f"{x.seconds:.1f} s (+{x.load_seconds:.1f} s)"},
        {"measure": "lines/s", "value": f"{rate:.0f}" if rate else "–"},
    ]
    meta = {"untouched": True, "dialogues": s.dialogues, "lines": s.lines, "seconds": round(x.seconds, 2),
            "load_seconds": round(x.load_seconds, 2), "lines_per_s": round(rate, 1) if rate else None, "model": x.model,
            "claim_kinds": sorted(CURRENT_KINDS),
            "summary": {"gold": gold, "found": found, "recall_pct": _pct(found, gold), "found_same_line": s.found_same_line,
                        "recall_same_line_pct": _pct(s.found_same_line, gold), "judged": judged, "right": right,
                        "precision_pct": _pct(right, judged), "facts": s.facts,
                        "facts_per_line": round(s.facts / max(1, s.lines), 3), "lines_with_gold": s.lines_with_gold,
                        "dropped_triples": s.dropped},
            "mapping": {**MAPPED, **{f"{p}*": "LIKES (PREFERS accepted)" for p in LIKES_PREFIXES}}}
    note = (markdown_table(summary) +
            "\n\nGold: the Dialogue NLI triples (Welleck et al., ACL 2019) of the ConvAI2 validation persona lines "
            "with subject \"i\", a relation mapped as in the data's README and every object word in the line; each "
            "dialogue's persona lines are one session of two speakers. Recall: gold triples found by a current fact "
            "of the speaker with that predicate and an object sharing a content word; precision: facts of lines with "
            "gold that match one of the line's triples (per group by the fact's predicate). An untouched set "
            "(aggregate numbers only); issue #26 bar: recall ≥ 65% at precision ≥ 80%.")
    command = "python -m bench.convai2_bench" + (" --quick" if args.quick else "") + \
        (f" --dialogues {args.dialogues}" if args.dialogues and not args.quick else "")
    write_result("convai2_quick" if args.quick else "convai2", group_rows(s), meta=meta, command=command,
                 title="ConvAI2 persona lines (Dialogue NLI triples, untouched): recall and precision", note=note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
