"""DialogRE: relations the extractor finds in real dialogue, against human-annotated relations.

Measures recall per mapped relation and precision on annotated argument pairs of
``SpacyRuleExtractor`` on a DialogRE split (Yu et al., "Dialogue-Based Relation Extraction", ACL
2020; dialogues from the TV show Friends, English v2): ``--split dev`` (358 dialogues, a tuning
set: its misses may be read) or ``--split train`` (an *untouched* set, issue #26: aggregate
numbers only, so ``--misses`` is refused). The data is read from
``../shared/data/dialogre/<split>.json`` (relative to the repository root; see
:func:`bench._report.shared_data`) or ``--data``; its licence is non-commercial research only: it
is used to evaluate, never to train, and never copied into the repository (tests use dialogues of
their own).

Each dialogue is one :class:`~chronomem.schema.Session` (``group_id`` ``dialogre``, started
2020-01-01 UTC, turns a second apart): one turn per line ``"Speaker N: text"``, the speaker being
the ``Speaker N`` label (a line said together, ``"Speaker 1, Speaker 2: ..."``, keeps the joint
label, which names nobody). All sessions go through one ``extract_many``. An *extracted relation*
is a unique (subject entity, predicate, object entity) of the session's claims of kind
``assert``, ``correct`` or ``end`` (an ``end`` says the relation held until then, and DialogRE
labels past relations too: "ex-boyfriend" is ``per:girl/boyfriend``); ``retract`` is not one.

Gold: the annotated labels that map onto the core vocabulary (:data:`MAPPING`, as the data's
README gives it; the other labels are out of scope), inverse labels flipped
(``per:parents``, ``per:subordinate``, ``gpe:residents_of_place``, ``org:employees_or_members``,
``org:students``). A gold item is a unique (dialogue, x class, predicate group, y class); the
symmetric groups (MARRIED_TO, PARTNER_OF/ENGAGED_TO/MARRIED_TO, SIBLING_OF, FRIEND_OF) ignore
direction, so ``per:friends`` both ways, or ``per:parents`` with the matching ``per:children``,
are one item (hence fewer items than annotated labels).

Names: every argument string of a dialogue belongs to a *name class*: ``per:alternate_names``
between two PER arguments (``Speaker 2`` and the name others call them) merges their classes, and
so do two arguments that name one person by the rule below. The classes are used for scoring
only; the extractor never sees them. An extracted entity (its name and aliases) *is* a class
when one of its names matches one of the class's names (:func:`names_match`): equal after
case-folding, collapsing spaces, dropping edge punctuation and leading articles/possessive
determiners ("the museum" = "museum"); or, for proper names (both written with a capital, neither
a ``Speaker N`` label), a single word equal to the first word of the other ("Rachel" = "Rachel
Green"). An entity may be several classes.

Scores (:func:`score`):

* recall: gold items with an extracted relation of an accepted predicate between the two
  classes (in the gold direction unless symmetric), per DialogRE label (an item counts under
  every label that gave it) and overall (unique items);
* precision on annotated pairs: among extracted relations with a vocabulary predicate whose
  subject and object are, in either order, an argument pair the annotators labelled in that
  dialogue (with any label, mapped or not, ``unanswerable`` included), the share that matches a
  gold item. Open facts (``RELATED_TO``) cannot match a mapped label and are counted apart;
* relations on pairs nobody annotated are unknown, not wrong: counted, split by whether both
  arguments are annotated arguments at all.

Run ``python -m bench.dialogre_bench [--split dev|train] [--quick] [--data DIR] [--dialogues N]
[--misses FILE]`` (``--quick``: the first 60 dialogues; ``--misses`` with dev only); writes
``bench/results/dialogre.{json,md}`` for dev, ``dialogre_train.{json,md}`` for train
(``_quick`` appended with ``--quick``). Without the data it skips with exit code 0 (2 when ``CI``
is set). Cite the paper where these results are reported.
"""

from __future__ import annotations

import argparse
import json
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

from bench._extraction import extract_all  # noqa: E402
from bench._report import data_missing, markdown_table, shared_data, write_result  # noqa: E402
from chronomem.schema.models import ExtractionResult, Session, Turn, normalize_name  # noqa: E402

DEFAULT_DATA = shared_data("dialogre")
GROUP = "dialogre"
STARTED_AT = datetime(2020, 1, 1, tzinfo=timezone.utc)
QUICK_DIALOGUES = 60
SPLITS = ("dev", "train")
UNTOUCHED_SPLITS = frozenset({"train"})  # issue #26: aggregate numbers only, never its misses
CLAIM_KINDS = frozenset({"assert", "correct", "end"})
OPEN = "RELATED_TO"
SYMMETRIC = frozenset({"MARRIED_TO", "PARTNER_OF", "ENGAGED_TO", "SIBLING_OF", "FRIEND_OF"})
ALTERNATE_NAMES = "per:alternate_names"


@dataclass(frozen=True)
class Target:
    """What a DialogRE label means in chronomem's vocabulary.

    ``group`` names the gold item (two labels with one group on one pair are one item);
    ``accepted`` are the predicates that find it; ``flip``: the label's ``x`` is the object.
    """

    group: str
    accepted: frozenset[str]
    flip: bool = False

    @property
    def symmetric(self) -> bool:
        return self.accepted <= SYMMETRIC

    def describe(self) -> str:
        """``PARENT_OF(y, x)``, ``FRIEND_OF (either way)``, ``WORKS_AT or MEMBER_OF(x, y)``."""
        preds = " or ".join(sorted(self.accepted, key=lambda p: (p != self.group.split("|")[0], p)))
        if self.symmetric:
            return f"{preds} (either way)"
        return f"{preds}({'y, x' if self.flip else 'x, y'})"


def _t(group: str, *also: str, flip: bool = False) -> Target:
    return Target(group, frozenset({*group.split("|"), *also}), flip)


# The data's README: DialogRE label -> chronomem predicate(s).
MAPPING: dict[str, Target] = {
    "per:spouse": _t("MARRIED_TO"),
    "per:girl/boyfriend": _t("PARTNER_OF", "ENGAGED_TO", "MARRIED_TO"),
    "per:siblings": _t("SIBLING_OF"),
    "per:parents": _t("PARENT_OF", flip=True),  # x's parent is y
    "per:children": _t("PARENT_OF"),
    "per:friends": _t("FRIEND_OF"),
    "per:place_of_residence": _t("LIVES_IN"),
    "gpe:residents_of_place": _t("LIVES_IN", flip=True),
    "per:place_of_work": _t("WORKS_AT"),
    "per:employee_or_member_of": _t("WORKS_AT|MEMBER_OF"),
    "org:employees_or_members": _t("WORKS_AT|MEMBER_OF", flip=True),
    "per:boss": _t("REPORTS_TO"),  # x's boss is y
    "per:subordinate": _t("REPORTS_TO", flip=True),
    "per:title": _t("HAS_ROLE"),
    "per:pet": _t("HAS_PET"),
    "per:schools_attended": _t("STUDIES_AT"),
    "org:students": _t("STUDIES_AT", flip=True),
    "per:positive_impression": _t("LIKES"),
    "per:negative_impression": _t("DISLIKES"),
}
GROUPS: dict[str, Target] = {t.group: t for t in MAPPING.values()}

_LINE = re.compile(r"^\s*(Speaker \d+(?:\s*,\s*Speaker \d+)*)\s*:\s*(.*)$", re.S)
_SPEAKER = re.compile(r"^speaker \d+$")
_DETERMINERS = frozenset("a an the my your his her our their".split())


# ----------------------------------------------------------------------------- names
def parse_line(line: str) -> tuple[str, str]:
    """``(speaker, text)`` of a dialogue line; a line without a speaker label is ``Unknown``'s.

    >>> parse_line("Speaker 3: See you at noon.")
    ('Speaker 3', 'See you at noon.')
    >>> parse_line("Speaker 1, Speaker 2:Bye!"), parse_line("no label")
    (('Speaker 1, Speaker 2', 'Bye!'), ('Unknown', 'no label'))
    """
    m = _LINE.match(line)
    return (m.group(1), m.group(2)) if m else ("Unknown", line)


def name_key(name: str) -> str:
    """The comparable form of a name: :func:`normalize_name` without leading articles or determiners.

    >>> name_key("  The  Bakery. "), name_key("my sister"), name_key("The"), name_key("Speaker 4")
    ('bakery', 'sister', 'the', 'speaker 4')
    """
    words = normalize_name(name).split()
    while len(words) > 1 and words[0] in _DETERMINERS:
        words = words[1:]
    return " ".join(words)


def names_match(a: str, b: str) -> bool:
    """Two names of one thing: equal keys, or (proper names) a single word that is the other's first word.

    >>> names_match("Nora", "nora"), names_match("Nora Vale", "Nora"), names_match("the bakery", "Bakery")
    (True, True, True)
    >>> names_match("Speaker 1", "Speaker 12"), names_match("Speaker", "Speaker 1"), names_match("chef", "chef assistant")
    (False, False, False)
    >>> names_match("Nora Vale", "Nora Quinn"), names_match("Nora", "Norah")
    (False, False)
    """
    ka, kb = name_key(a), name_key(b)
    if not ka or not kb:
        return False
    if ka == kb:
        return True
    if not (a.strip()[:1].isupper() and b.strip()[:1].isupper()):
        return False
    wa, wb = ka.split(), kb.split()
    if "speaker" in (wa[0], wb[0]):
        return False
    return wa[0] == wb[0] and (len(wa) == 1 or len(wb) == 1)


# ----------------------------------------------------------------------------- gold
GoldKey = tuple[int, str, int]  # (x class, group, y class); symmetric groups: x class <= y class


@dataclass
class DialogueGold:
    """One dialogue's annotations: name classes, mapped gold items, and every annotated pair."""

    classes: list[tuple[str, ...]] = field(default_factory=list)
    items: dict[GoldKey, set[str]] = field(default_factory=dict)  # -> the DialogRE labels that gave it
    pairs: set[frozenset[int]] = field(default_factory=set)  # annotated argument pairs (any label)
    annotated: Counter = field(default_factory=Counter)  # mapped label -> annotated occurrences

    def classes_of(self, names: Iterable[str]) -> set[int]:
        """The classes whose names match one of ``names``."""
        names = [n for n in names if n]
        return {i for i, members in enumerate(self.classes) if any(names_match(n, m) for n in names for m in members)}


def gold_for(relations: Sequence[dict[str, Any]]) -> DialogueGold:
    """Name classes, gold items and annotated pairs of one dialogue's relations (``{x, y, r, x_type, y_type}``).

    >>> g = gold_for([{"x": "Speaker 1", "y": "Tess", "r": ["per:alternate_names"], "x_type": "PER", "y_type": "PER"},
    ...               {"x": "Tess Moreau", "y": "Speaker 2", "r": ["per:parents"], "x_type": "PER", "y_type": "PER"}])
    >>> g.classes
    [('Speaker 1', 'Tess', 'Tess Moreau'), ('Speaker 2',)]
    >>> [(g.classes[x][0], p, g.classes[y][0], sorted(labels)) for (x, p, y), labels in g.items.items()]
    [('Speaker 2', 'PARENT_OF', 'Speaker 1', ['per:parents'])]
    """
    names: list[str] = []
    for rel in relations:
        for arg in (rel["x"], rel["y"]):
            if arg not in names:
                names.append(arg)
    parent = list(range(len(names)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(i: int, j: int) -> None:
        ri, rj = find(i), find(j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)

    index = {n: i for i, n in enumerate(names)}
    for rel in relations:
        if ALTERNATE_NAMES in rel["r"] and rel.get("x_type", "PER") == rel.get("y_type", "PER") == "PER":
            union(index[rel["x"]], index[rel["y"]])
    for i, a in enumerate(names):
        for j in range(i + 1, len(names)):
            if names_match(a, names[j]):
                union(i, j)
    roots = sorted({find(i) for i in range(len(names))})
    class_of_root = {r: k for k, r in enumerate(roots)}
    gold = DialogueGold(classes=[tuple(n for i, n in enumerate(names) if find(i) == r) for r in roots])
    cls = {n: class_of_root[find(i)] for i, n in enumerate(names)}
    for rel in relations:
        cx, cy = cls[rel["x"]], cls[rel["y"]]
        gold.pairs.add(frozenset((cx, cy)))
        for label in rel["r"]:
            target = MAPPING.get(label)
            if target is None:
                continue
            gold.annotated[label] += 1
            a, b = (cy, cx) if target.flip else (cx, cy)
            if a == b:
                continue  # a relation of one person with themself under our name classes: unscorable
            if target.symmetric:
                a, b = min(a, b), max(a, b)
            gold.items.setdefault((a, target.group, b), set()).add(label)
    return gold


# ----------------------------------------------------------------------------- extracted
@dataclass(frozen=True)
class Relation:
    """An extracted relation: the names its subject and object go by (name, then aliases)."""

    subject: tuple[str, ...]
    predicate: str
    object: tuple[str, ...]


def extracted_relations(result: ExtractionResult) -> list[Relation]:
    """The unique (subject, predicate, object) of a session's ``assert``/``correct``/``end`` claims.

    >>> from chronomem.schema.models import Claim, Entity
    >>> t = datetime(2020, 1, 1, tzinfo=timezone.utc)
    >>> ents = [Entity(id="e1", name="Speaker 1"), Entity(id="e2", name="Oslo", aliases=["Christiania"])]
    >>> claims = [Claim(kind=k, subject_id="e1", predicate="LIVES_IN", object_id="e2", said_at=t) for k in ("assert", "end")]
    >>> extracted_relations(ExtractionResult(entities=ents, claims=claims))
    [Relation(subject=('Speaker 1',), predicate='LIVES_IN', object=('Oslo', 'Christiania'))]
    """
    names = {e.id: (e.name, *e.aliases) for e in result.entities}
    seen: dict[tuple[str, str, str], Relation] = {}
    for c in result.claims:
        if c.kind not in CLAIM_KINDS or c.subject_id == c.object_id:
            continue
        key = (c.subject_id, c.predicate, c.object_id)
        if key not in seen:
            seen[key] = Relation(names.get(c.subject_id, (c.subject_id,)), c.predicate,
                                 names.get(c.object_id, (c.object_id,)))
    return list(seen.values())


@dataclass(frozen=True)
class Match:
    """How one extracted relation stands against a dialogue's gold."""

    items: frozenset[GoldKey]  # gold items it finds
    annotated: bool  # its pair, in either order, was labelled
    arguments_known: bool  # both its subject and object are annotated arguments


def match(rel: Relation, gold: DialogueGold) -> Match:
    """The gold items ``rel`` finds and whether its argument pair was annotated.

    >>> g = gold_for([{"x": "Ivo", "y": "Speaker 2", "r": ["per:boss"], "x_type": "PER", "y_type": "PER"}])
    >>> m = match(Relation(("Ivo",), "REPORTS_TO", ("Speaker 2",)), g)
    >>> len(m.items), m.annotated
    (1, True)
    >>> m = match(Relation(("Speaker 2",), "REPORTS_TO", ("Ivo",)), g)
    >>> len(m.items), m.annotated
    (0, True)
    """
    subjects, objects = gold.classes_of(rel.subject), gold.classes_of(rel.object)
    found: set[GoldKey] = set()
    annotated = False
    for a in subjects:
        for b in objects:
            if a == b:
                continue
            annotated = annotated or frozenset((a, b)) in gold.pairs
            for x, y in ((a, b), (b, a)):
                for key in ((x, g, y) for g in GROUPS):
                    if key not in gold.items:
                        continue
                    target = GROUPS[key[1]]
                    if rel.predicate in target.accepted and ((x, y) == (a, b) or target.symmetric):
                        found.add(key)
    return Match(frozenset(found), annotated, bool(subjects) and bool(objects))


# ----------------------------------------------------------------------------- scoring
@dataclass
class Score:
    """Counts over dialogues: recall of gold items and where extracted relations fall."""

    dialogues: int = 0
    annotated: Counter = field(default_factory=Counter)  # mapped label -> annotated occurrences
    gold: Counter = field(default_factory=Counter)  # mapped label -> unique gold items with it
    found: Counter = field(default_factory=Counter)  # mapped label -> of those, found
    gold_items: int = 0
    found_items: int = 0
    extracted: int = 0  # vocabulary predicates (not RELATED_TO)
    on_annotated: int = 0
    right: int = 0
    open_extracted: int = 0  # RELATED_TO
    open_on_annotated: int = 0
    unannotated_pair: int = 0  # both arguments annotated, not this pair (vocabulary and open)
    unknown_argument: int = 0  # an argument no annotation mentions (vocabulary and open)
    extracted_by_predicate: Counter = field(default_factory=Counter)
    right_by_predicate: Counter = field(default_factory=Counter)
    wrong_by_predicate: Counter = field(default_factory=Counter)
    missed: list[tuple[int, str, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    wrong: list[tuple[int, Relation]] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found_items / self.gold_items if self.gold_items else float("nan")

    @property
    def precision(self) -> float:
        return self.right / self.on_annotated if self.on_annotated else float("nan")


def score(golds: Sequence[DialogueGold], extracted: Sequence[Sequence[Relation]]) -> Score:
    """Recall of the gold items and precision on annotated pairs (see the module docstring).

    >>> g = gold_for([{"x": "Speaker 1", "y": "Speaker 2", "r": ["per:friends"], "x_type": "PER", "y_type": "PER"},
    ...               {"x": "Speaker 1", "y": "Lyle", "r": ["per:roommate"], "x_type": "PER", "y_type": "PER"}])
    >>> s = score([g], [[Relation(("Speaker 2",), "FRIEND_OF", ("Speaker 1",)),
    ...                  Relation(("Speaker 1",), "FRIEND_OF", ("Lyle",)),
    ...                  Relation(("Speaker 2",), "LIKES", ("jazz",))]])
    >>> (s.found_items, s.gold_items, s.right, s.on_annotated, s.unknown_argument)
    (1, 1, 1, 2, 1)
    """
    if len(golds) != len(extracted):
        raise ValueError(f"{len(golds)} dialogues of gold but {len(extracted)} of extracted relations")
    s = Score(dialogues=len(golds))
    for d, (gold, rels) in enumerate(zip(golds, extracted)):
        s.annotated.update(gold.annotated)
        found: set[GoldKey] = set()
        for rel in rels:
            m = match(rel, gold)
            found |= m.items
            is_open = rel.predicate == OPEN
            if is_open:
                s.open_extracted += 1
            else:
                s.extracted += 1
                s.extracted_by_predicate[rel.predicate] += 1
            if m.annotated:
                if is_open:
                    s.open_on_annotated += 1
                    continue
                s.on_annotated += 1
                if m.items:
                    s.right += 1
                    s.right_by_predicate[rel.predicate] += 1
                else:
                    s.wrong_by_predicate[rel.predicate] += 1
                    s.wrong.append((d, rel))
            elif m.arguments_known:
                s.unannotated_pair += 1
            else:
                s.unknown_argument += 1
        for key, labels in gold.items.items():
            s.gold_items += 1
            s.found_items += key in found
            for label in labels:
                s.gold[label] += 1
                s.found[label] += key in found
                if key not in found:
                    s.missed.append((d, label, gold.classes[key[0]], gold.classes[key[2]]))
    return s


def _pct(k: int, n: int) -> float | str:
    return round(100 * k / n, 1) if n else ""


def recall_rows(s: Score) -> list[dict[str, Any]]:
    """One row per mapped label with gold items (most gold first), then all mapped relations."""
    labels = sorted((lab for lab in MAPPING if s.gold[lab] or s.annotated[lab]), key=lambda lab: (-s.gold[lab], lab))
    rows: list[dict[str, Any]] = [
        {"relation": lab, "chronomem": MAPPING[lab].describe(), "annotated": s.annotated[lab], "gold items": s.gold[lab],
         "found": s.found[lab], "recall %": _pct(s.found[lab], s.gold[lab])} for lab in labels]
    rows.append({"relation": "all mapped (unique items)", "chronomem": "", "annotated": sum(s.annotated.values()),
                 "gold items": s.gold_items, "found": s.found_items, "recall %": _pct(s.found_items, s.gold_items)})
    return rows


def summary_rows(s: Score, *, turns: int, seconds: float, load_seconds: float) -> list[dict[str, Any]]:
    """Precision, where extracted relations fall, and speed: ``measure``/``value`` rows."""
    rate = turns / seconds if seconds > 0 else float("nan")
    return [
        {"measure": "dialogues / turns", "value": f"{s.dialogues} / {turns}"},
        {"measure": "recall, mapped relations (found / gold items)", "value": f"{_pct(s.found_items, s.gold_items)}% "
                                                                             f"({s.found_items} / {s.gold_items})"},
        {"measure": "precision on annotated pairs (right / on annotated pairs)",
         "value": f"{_pct(s.right, s.on_annotated)}% ({s.right} / {s.on_annotated})"},
        {"measure": "extracted relations, vocabulary predicates (per dialogue)",
         "value": f"{s.extracted} ({s.extracted / max(1, s.dialogues):.2f})"},
        {"measure": "extracted open relations, RELATED_TO (on annotated pairs)",
         "value": f"{s.open_extracted} ({s.open_on_annotated})"},
        {"measure": "on pairs nobody annotated (unknown, not wrong): both arguments annotated / an argument never annotated",
         "value": f"{s.unannotated_pair} / {s.unknown_argument}"},
        {"measure": "extraction wall time (spaCy load apart)", "value": f"{seconds:.1f} s (+{load_seconds:.1f} s)"},
        {"measure": "turns/s", "value": f"{rate:.0f}"},
    ]


# ----------------------------------------------------------------------------- data and run
def load_dialogues(data: Path, split: str = "dev") -> list[tuple[list[str], list[dict[str, Any]]]]:
    """``[(lines, relations)]`` from ``<split>.json`` in ``data`` (or ``data`` itself when it is the file)."""
    path = data if data.is_file() else data / f"{split}.json"
    return [(list(lines), list(rels)) for lines, rels in json.loads(path.read_text(encoding="utf-8"))]


def to_session(index: int, lines: Sequence[str]) -> Session:
    """Dialogue ``index`` as a session: one turn per line, a second apart, from 2020-01-01 UTC.

    >>> s = to_session(7, ["Speaker 1: Morning.", "Speaker 2: Hi Dana."])
    >>> s.session_id, [(t.id, t.speaker, t.text, t.at.second) for t in s.turns]
    ('dialogre-0007', [('dialogre-0007:1', 'Speaker 1', 'Morning.', 0), ('dialogre-0007:2', 'Speaker 2', 'Hi Dana.', 1)])
    """
    turns = []
    for n, line in enumerate(lines):
        speaker, text = parse_line(line)
        turns.append(Turn(speaker=speaker, text=text, at=STARTED_AT + timedelta(seconds=n)))
    return Session(session_id=f"dialogre-{index:04d}", group_id=GROUP, started_at=STARTED_AT, turns=turns)


@dataclass
class Run:
    score: Score
    turns: int
    seconds: float
    load_seconds: float
    model: str = ""


def run(dialogues: Sequence[tuple[list[str], list[dict[str, Any]]]], extractor: Any) -> Run:
    """Extract every dialogue with one ``extract_many`` and score it."""
    sessions = [to_session(i, lines) for i, (lines, _) in enumerate(dialogues)]
    golds = [gold_for(rels) for _, rels in dialogues]
    x = extract_all(extractor, sessions)
    extracted = [extracted_relations(result) for result in x.results]
    return Run(score(golds, extracted), sum(len(s.turns) for s in sessions), x.seconds, x.load_seconds, x.model)


def write_misses(path: Path, s: Score) -> None:
    """Missed gold items and wrong relations on annotated pairs, one per line (argument names only)."""
    lines = [f"missed\tdialogue {d}\t{label}\t{' = '.join(x)} | {' = '.join(y)}" for d, label, x, y in s.missed]
    lines += [f"wrong\tdialogue {d}\t{r.predicate}\t{r.subject[0]} | {r.object[0]}" for d, r in s.wrong]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.dialogre_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--split", choices=SPLITS, default="dev",
                        help="dev (tuning) or train (untouched: aggregate numbers only)")
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK_DIALOGUES} dialogues")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="directory holding <split>.json (or the file)")
    parser.add_argument("--dialogues", type=int, default=None, help="use only the first N dialogues")
    parser.add_argument("--misses", type=Path, default=None,
                        help="dev only: write missed gold items and wrong relations here (keep it out of the "
                             "repository: DialogRE's licence)")
    args = parser.parse_args(argv)
    if args.misses is not None and args.split in UNTOUCHED_SPLITS:
        print(f"--misses refused: DialogRE {args.split} is an untouched set (issue #26), only its aggregate numbers "
              "are reported", file=sys.stderr)
        return 2
    path = args.data if args.data.is_file() else args.data / f"{args.split}.json"
    if not path.is_file():
        return data_missing(path, f"DialogRE {args.split} data (see bench/dialogre_bench.py)")
    dialogues = load_dialogues(path)
    limit = QUICK_DIALOGUES if args.quick else args.dialogues
    dialogues = dialogues[:limit] if limit else dialogues
    from chronomem.extract.extractor import SpacyRuleExtractor

    r = run(dialogues, SpacyRuleExtractor())
    s = r.score
    if args.misses is not None:
        write_misses(args.misses, s)
        print(f"misses: {args.misses}", file=sys.stderr)
    untouched = args.split in UNTOUCHED_SPLITS
    name = ("dialogre" if args.split == "dev" else f"dialogre_{args.split}") + ("_quick" if args.quick else "")
    summary = summary_rows(s, turns=r.turns, seconds=r.seconds, load_seconds=r.load_seconds)
    bar = ("an untouched set (aggregate numbers only); issue #26 bar: recall ≥ 25% at precision ≥ 85%" if untouched
           else "a tuning set; issue bar: recall ≥ 25% with precision ≥ 80%")
    note = (markdown_table(summary) +
            f"\n\nGold: DialogRE {args.split} (Yu et al., ACL 2020), labels mapped onto the core vocabulary as in the "
            "data's README; an item is a unique (dialogue, x, predicate, y) over name classes, so fewer items than "
            "annotated labels. Precision counts only relations between argument pairs the annotators labelled; "
            f"{bar}.")
    meta = {"split": args.split, "untouched": untouched, "dialogues": s.dialogues, "turns": r.turns, "seconds": round(r.seconds, 2),
            "load_seconds": round(r.load_seconds, 2), "turns_per_s": round(r.turns / r.seconds, 1) if r.seconds else None,
            "model": r.model, "claim_kinds": sorted(CLAIM_KINDS),
            "summary": {"gold_items": s.gold_items, "found_items": s.found_items,
                        "recall_pct": _pct(s.found_items, s.gold_items), "extracted": s.extracted,
                        "on_annotated_pairs": s.on_annotated, "right": s.right,
                        "precision_on_annotated_pct": _pct(s.right, s.on_annotated),
                        "open_extracted": s.open_extracted, "open_on_annotated_pairs": s.open_on_annotated,
                        "unannotated_pair": s.unannotated_pair, "unknown_argument": s.unknown_argument,
                        "per_dialogue": round(s.extracted / max(1, s.dialogues), 3)},
            "extracted_by_predicate": dict(s.extracted_by_predicate.most_common()),
            "right_by_predicate": dict(s.right_by_predicate.most_common()),
            "wrong_by_predicate": dict(s.wrong_by_predicate.most_common()),
            "mapping": {lab: t.describe() for lab, t in MAPPING.items()}}
    command = "python -m bench.dialogre_bench" + (f" --split {args.split}" if args.split != "dev" else "") + \
        (" --quick" if args.quick else "") + (f" --dialogues {args.dialogues}" if args.dialogues and not args.quick else "")
    kind = "untouched" if untouched else "tuning"
    write_result(name, recall_rows(s), meta=meta, command=command,
                 title=f"DialogRE relations ({args.split}, human-annotated, {kind}): recall and precision on annotated "
                       "pairs", note=note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
