"""The clause reader: each clause of a stated sentence read once into a frame (:func:`build_frame`), then by the
verb table (:mod:`~chronomem.extract.rules.registry`) and the open reading
(:mod:`~chronomem.extract.rules.open.clauses`), merged; the clauses no reading took are read for happenings
(:func:`~chronomem.extract.rules.open.happenings.event_rels`). Each reading gets its own copy of the frame.
"""

from __future__ import annotations

from dataclasses import fields, replace
from operator import attrgetter

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.filters import ClauseStatus, hedged_clauses
from chronomem.extract.clauses.frames import Frame, build_frame
from chronomem.extract.clauses.hygiene import in_title
from chronomem.extract.clauses.records import Rel
from chronomem.extract.clauses.timing import TimePhrase, time_phrases
from chronomem.extract.lexicon import ADJ_VERBS, OPEN
from chronomem.extract.rules.open.clauses import clause_rels as open_reading
from chronomem.extract.rules.open.clauses import merge
from chronomem.extract.rules.open.happenings import event_rels
from chronomem.extract.rules.registry import RULES, run_rules
from chronomem.extract.rules.verbs.work import conj_endings

_SKIP_DEPS = frozenset({"aux", "auxpass", "amod", "compound"})


_TIMES = "chronomem_sentence_times"


def sentence_times(sent: Span) -> list[TimePhrase]:
    """The time phrases of a sentence (its DATE and TIME entities, read by :func:`time_phrases`), read once per
    sentence and kept in ``doc.user_data`` (the clause reader and the dating of its states both ask)."""
    kept = sent.doc.user_data.setdefault(_TIMES, {})
    if (sent.start, sent.end) not in kept:
        kept[sent.start, sent.end] = tuple(time_phrases(sent, [
            e for e in sent.doc.ents if e.label_ in ("DATE", "TIME") and sent.start <= e.start < sent.end]))
    return list(kept[sent.start, sent.end])


def verb_lemma(tok: Token) -> str:
    """The lemma a verb rule reads ``tok`` by, or ``""`` when no verb rule reads it."""
    verb_with_subject = tok.pos_ == "VERB" and tok.dep_ == "amod" and any(c.dep_ == "nsubj" for c in tok.children)
    if (tok.pos_ not in ("VERB", "AUX") or tok.dep_ in _SKIP_DEPS) and not verb_with_subject:
        # "Teresa was married to Robert from 1959 to 1978": a participle parsed as the adjective root
        lemma = ADJ_VERBS.get(tok.lower_, "") if tok.pos_ == "ADJ" and tok.dep_ == "ROOT" else ""
    else:
        lemma = tok.lemma_.lower()
    return lemma if lemma in RULES and not in_title(tok) else ""


def opens(tok: Token) -> bool:
    """Whether the open reading reads ``tok``'s clause: a verb (or the copula, or "have") that heads one."""
    if tok.pos_ not in ("VERB", "AUX") or tok.dep_ in _SKIP_DEPS or in_title(tok):
        return False
    return tok.pos_ == "VERB" or tok.lemma_.lower() in ("be", "have")


_FRAME, _STATUS = (attrgetter(*(f.name for f in fields(c))) for c in (Frame, ClauseStatus))


def _copy(frame: Frame) -> Frame:
    """``frame`` with its own status and time words (what a reading notes there stays its own); built from
    its fields in order, five times faster than ``dataclasses.replace``."""
    out = Frame(*_FRAME(frame))
    out.status, out.times = ClauseStatus(*_STATUS(frame.status)), list(frame.times)
    return out


def clause_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """What the clauses of a stated sentence say: the verb rules, then the open reading merged in."""
    verb_rels: list[Rel] = []
    open_found: list[Rel] = []
    frames: list[Frame] = []
    times = sentence_times(sent)
    hedged = hedged_clauses(sent)
    for tok in sent:
        lemma, reads_open = verb_lemma(tok), opens(tok)
        if not lemma and not reads_open:
            continue
        frame = build_frame(tok, idx, times, hedged, lemma)
        frames.append(frame)
        if lemma:
            verb_rels += run_rules(_copy(frame)) or conj_endings(_copy(frame), verb_rels)  # "… in 2018 and quit in 2021"
        if reads_open:
            open_found += open_reading(_copy(frame))
    said = _least_favourites(sent, merge(verb_rels, open_found, idx))
    return said + event_rels(sent, [_copy(f) for f in frames], said)  # "I ran a race last Saturday": a happening


def _least_favourites(sent: Span, rels: list[Rel]) -> list[Rel]:
    """"Broccoli is my least favorite food": the tastes of a clause whose favourite is turned around are dislikes."""
    if not any(r.predicate == "LIKES" for r in rels):
        return rels  # (no taste said: no word to read)
    heads = {t.head.head.i for t in sent if t.lower_ in OPEN.favourite_words and any(
        c.lower_ in OPEN.opposite_modifiers for c in t.children)}
    return [replace(r, predicate="DISLIKES") if r.predicate == "LIKES" and r.i in heads else r for r in rels]
