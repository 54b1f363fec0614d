"""The passes over a turn: each sentence by its kind, then the whole turn, as the pass table says.

Each row of ``chronomem/data/lexicon/passes.json`` names a handler, the kinds of sentence it reads (a question,
a hypothetical, a dropped plan or a statement), a gate, the words it needs and how its relations merge (the table's ``_about``).
The spaCy component ``chronomem_relations_v1`` runs them on each doc and sets ``doc._.cm_rels`` (candidate
relations), ``doc._.cm_hints`` (corrections that need the session) and ``doc._.cm_mentions`` (names, pronouns).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from spacy.language import Language
from spacy.strings import get_string_id
from spacy.tokens import Doc, Span

from chronomem.extract.clauses.args import DocIndex, doc_words
from chronomem.extract.clauses.filters import is_dropped_plan, is_hypothetical
from chronomem.extract.clauses.hygiene import doc_mentions
from chronomem.extract.clauses.phrases import called_name
from chronomem.extract.clauses.questions import is_question
from chronomem.extract.clauses.records import ENTITY, OWNED, SPEAKER, WE, Hint, Rel
from chronomem.extract.clauses.timing import dated_states
from chronomem.extract.lexicon import OPEN, lexicon_file, lexicon_ref
from chronomem.extract.parse.mending import repair
from chronomem.extract.parse.repairs import verb_lemmas
from chronomem.extract.rules import clause_reading
from chronomem.extract.rules.open import naming, possessives, settings, tastes
from chronomem.extract.rules.people import impressions, kin, kin_phrases, nominal, people, titles
from chronomem.extract.rules.registry import life_states
from chronomem.extract.rules.verbs import couples, partings

log = logging.getLogger(__name__)
RELATIONS_PIPE = "chronomem_relations_v1"
MAX_SENTENCE_TOKENS = 120  # run-on "sentences" (pasted logs, lists) are not worth parsing for facts
PASS_MODULES = {m.__name__.rpartition(".")[2]: m for m in (
    nominal, people, impressions, kin_phrases, partings, titles, clause_reading, possessives, naming, tastes, couples, kin,
    settings)}
GATES: dict[str, Callable[[Doc], bool]] = {"ties": kin_phrases.may_tie}  # a cheap look at the words before a pass runs
KINDS = frozenset({"stated", "question", "hypothetical", "dropped"})
MERGES = frozenset({"said", "unless_said", "yield", "add", "after", "hints", "unless_named"})


@dataclass(frozen=True)
class Pass:
    """A row of the pass table (see the module doc)."""

    name: str
    handler: Callable[..., list[Any]]
    stage: str = "sentence"
    kinds: frozenset[str] = frozenset()
    gate: str = ""
    merge: str = "add"
    args: Mapping[str, Any] = field(default_factory=dict)
    needs: frozenset[int] = frozenset()  # a word or lemma one of which the turn must have (string hashes), if any

    def runs(self, words: frozenset[int], gates: Mapping[str, bool]) -> bool:
        """Whether the turn (its :func:`doc_words`, its ``gates``) lets this pass run."""
        return not (self.gate and not gates[self.gate]) and not (self.needs and words.isdisjoint(self.needs))


def _needs(row: Mapping[str, Any]) -> frozenset[int]:
    """The words a row ``needs`` ("together", or a list of a lexicon file: "people.unnamed_partners") as string hashes.

    >>> _needs({"needs": ["together", "people.unnamed_partners"]}) >= {get_string_id("together"), get_string_id("guy")}
    True
    """
    lists = [lexicon_ref(n) if "." in n else (n,) for n in row.get("needs", ())]
    return frozenset(get_string_id(w) for words in lists for w in words)


def table_passes(rows: Iterable[Mapping[str, Any]]) -> tuple[Pass, ...]:
    """The rows of the pass table as :class:`Pass` objects; a row naming what does not exist raises ``ValueError``.

    >>> table_passes([{"name": "x", "handler": "people.people_rels", "kinds": ["stated"]}])[0].kinds
    frozenset({'stated'})
    """
    out = []
    for row in rows:
        module, _, function = row["handler"].partition(".")
        call = getattr(PASS_MODULES.get(module), function, None)
        kinds = frozenset(row.get("kinds", ()))
        problems = [what for what, bad in (
            (f"handler {row['handler']!r}", not callable(call)), (f"kinds {sorted(kinds - KINDS)}", bool(kinds - KINDS)),
            (f"gate {row.get('gate')!r}", row.get("gate", "") not in ("", *GATES)),
            (f"merge {row.get('merge')!r}", row.get("merge", "add") not in MERGES)) if bad]
        if problems:
            raise ValueError(f"pass {row['name']!r} of passes.json has no such {', '.join(problems)}")
        assert callable(call)
        out.append(Pass(row["name"], call, row.get("stage", "sentence"), kinds, row.get("gate", ""),
                        row.get("merge", "add"), dict(row.get("args", {})), _needs(row)))
    return tuple(out)


PASSES = table_passes(lexicon_file("passes")["passes"])


def sentence_kind(sent: Span) -> str:
    """``hypothetical``, ``question``, ``dropped`` (a plan given up) or ``stated``."""
    if is_hypothetical(sent):
        return "hypothetical"
    if is_question(sent):
        return "question"
    return "dropped" if is_dropped_plan(sent) else "stated"


def _said(rels: Iterable[Rel]) -> set[tuple[str, str]]:
    return {(r.predicate, r.obj.name) for r in rels}


def sentence_relations(sent: Span, idx: DocIndex, gates: Mapping[str, bool],
                       passes: Iterable[Pass] = PASSES) -> tuple[list[Rel], list[Hint]]:
    """The relations and correction hints of one sentence, merged as the pass table says."""
    kind, words = sentence_kind(sent), doc_words(sent.doc)
    first: list[Rel] = []  # "yield": kept only when the sentence says nothing more about them
    said: list[Rel] = []
    after: list[Rel] = []
    hints: list[Hint] = []
    clause_said: set[tuple[str, str]] = set()
    kept_apart: dict[str, list[Any]] = {"yield": first, "hints": hints, "after": after}  # the rest joins ``said``
    for row in passes:
        if row.stage != "sentence" or kind not in row.kinds or not row.runs(words, gates):
            continue
        found = life_states(row.handler(sent, idx, **row.args))
        if row.merge == "unless_said":  # "I sold my car": the verb says more than "my car"
            found = [r for r in found if (r.predicate, r.obj.name) not in clause_said]
        kept_apart.get(row.merge, said).extend(found)
        if row.merge == "said":
            clause_said = _said(said)
    stated = _said(said) if kind == "stated" else set()  # a question or a supposition states nothing
    if kind == "stated" and said:  # "I've had my dogs for three years": the pets read from "my dogs" began then
        said = dated_states(said, sent, clause_reading.sentence_times(sent))
    return [r for r in first if (r.predicate, r.obj.name) not in stated] + said + after, hints


def doc_relations(doc: Doc, idx: DocIndex, passes: Iterable[Pass] = PASSES) -> tuple[list[Rel], list[Hint]]:
    """The relations and correction hints of one turn: its sentences, then the passes over the whole turn."""
    passes = tuple(passes)
    gates = {name: gate(doc) for name, gate in GATES.items()}
    rels: list[Rel] = []
    hints: list[Hint] = []
    for sent in doc.sents:
        if 2 <= len(sent) <= MAX_SENTENCE_TOKENS:
            found, found_hints = sentence_relations(sent, idx, gates, passes)
            rels += found
            hints += found_hints
    for row in passes:
        if row.stage == "doc" and row.runs(doc_words(doc), gates):
            found = life_states(row.handler(doc, idx, **row.args))
            if row.merge == "unless_named":
                named = {r.obj.name for r in rels}
                found = [r for r in found if r.obj.name not in named]  # "We got a puppy! This is Biscuit."
            rels += found
    return named_over_placeholders([c for c in (called(r, doc) for r in rels) if c is not None]), hints


def called(rel: Rel, doc: Doc) -> Rel | None:
    """A thing named right after its common noun is that name (:func:`called_name`): "I work at a cafe called Luna"
    is WORKS_AT Luna; a product's name is no thing of one's own: "I bought a cake mix called Betty" (None)."""
    obj = rel.obj
    if obj.kind != ENTITY or obj.type not in ("ORG", "GROUP", "PLACE", "OTHER") or not 0 <= obj.i < len(doc):
        return rel
    name = called_name(doc[obj.i])
    if name is not None and rel.predicate == "OWNS" and obj.name not in OPEN.possession_nouns and (
            doc[obj.i].lemma_.lower() not in OPEN.possession_nouns):
        return None
    return rel if name is None or name == obj.name else replace(rel, obj=replace(obj, name=name))


def named_over_placeholders(rels: list[Rel]) -> list[Rel]:
    """A pet or child the turn names drops the placeholder of the same owner and predicate ("We adopted a puppy,
    his name is Biscuit": not also "<owner>'s puppy"); one the speaker has with someone is the speaker's placeholder
    alone ("Lena and I got a puppy": not a second one of Lena's)."""
    def owner(r: Rel) -> tuple[str, str]:  # "we" adopted it, "his name is" said by one of us: one household
        kind = SPEAKER if r.subject.kind == WE else r.subject.kind
        return (kind, r.subject.name if kind == ENTITY else "")

    named = {(r.predicate, owner(r)) for r in rels if r.obj.kind == ENTITY and r.kind != "end"}
    ours = {(r.predicate, r.obj.i) for r in rels if r.obj.kind == OWNED and owner(r)[0] == SPEAKER}
    return [r for r in rels if not (r.obj.kind == OWNED and ((r.predicate, owner(r)) in named or (
        owner(r)[0] != SPEAKER and (r.predicate, r.obj.i) in ours)))]  # "Raj and I adopted a cat": one cat, ours


class RelationExtractor:
    """The passes of :func:`doc_relations` as a spaCy component: ``doc._.cm_rels``, ``cm_hints``, ``cm_mentions``."""

    def __init__(self, nlp: Language, name: str, raise_errors: bool = False) -> None:
        self.name = name
        self.raise_errors = raise_errors
        self.verbs = verb_lemmas(nlp)

    def __call__(self, doc: Doc) -> Doc:
        rels, hints, mentions = list[Rel](), list[Hint](), list[Any]()  # set once at the end: each ``doc._`` is an object made anew
        try:
            if len(doc):
                repair(doc, self.verbs)
                idx = DocIndex(doc)
                mentions = doc_mentions(doc, idx)
                rels, hints = doc_relations(doc, idx)
        except Exception:  # a rule failing on odd text must not stop an ingest of thousands of sessions
            if self.raise_errors:
                raise
            log.warning("chronomem: relation rules failed on a turn (%d chars); it yields no facts", len(doc.text),
                        exc_info=True)
            rels, hints = [], []
        ext = doc._
        ext.cm_rels, ext.cm_hints, ext.cm_mentions = rels, hints, mentions
        return doc


@Language.factory(
    RELATIONS_PIPE,
    default_config={"raise_errors": False},
    assigns=["doc._.cm_rels", "doc._.cm_hints", "doc._.cm_mentions"],
    requires=["token.dep", "token.lemma", "token.tag", "doc.ents", "doc.sents", "doc._.cm_terms"],
)
def make_relation_extractor(nlp: Language, name: str, raise_errors: bool) -> RelationExtractor:
    return RelationExtractor(nlp, name, raise_errors)

