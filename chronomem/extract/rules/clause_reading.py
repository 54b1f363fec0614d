"""The clause reading of a stated sentence: every verb's clause read once into a frame, then the
rules of the verb table (:mod:`chronomem.extract.rules.registry`) and the open reading
(:mod:`chronomem.extract.rules.open.clauses`) of it, merged."""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.filters import hedged_clauses
from chronomem.extract.clauses.frames import build_frame
from chronomem.extract.clauses.hygiene import in_title
from chronomem.extract.clauses.records import Rel
from chronomem.extract.clauses.timing import TimePhrase, time_phrases
from chronomem.extract.lexicon import ADJ_VERBS
from chronomem.extract.rules.open.clauses import merge, open_rels
from chronomem.extract.rules.registry import RULES, run_rules
from chronomem.extract.rules.verbs.work import conj_endings

_SKIP_DEPS = frozenset({"aux", "auxpass", "amod", "compound"})


def sentence_times(sent: Span) -> list[TimePhrase]:
    """The time phrases of a sentence (its DATE and TIME entities, read by :func:`time_phrases`)."""
    return time_phrases(sent, [e for e in sent.doc.ents if e.label_ in ("DATE", "TIME") and sent.start <= e.start < sent.end])


def verb_lemma(tok: Token) -> str:
    """The lemma a verb rule reads ``tok`` by, or ``""`` when no verb rule reads it."""
    verb_with_subject = tok.pos_ == "VERB" and tok.dep_ == "amod" and any(c.dep_ == "nsubj" for c in tok.children)
    if (tok.pos_ not in ("VERB", "AUX") or tok.dep_ in _SKIP_DEPS) and not verb_with_subject:
        # "Teresa was married to Robert from 1959 to 1978": a participle parsed as the adjective root
        lemma = ADJ_VERBS.get(tok.lower_, "") if tok.pos_ == "ADJ" and tok.dep_ == "ROOT" else ""
    else:
        lemma = tok.lemma_.lower()
    return lemma if lemma in RULES and not in_title(tok) else ""


def clause_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """What the clauses of a stated sentence say: the verb rules, then the open reading merged in."""
    verb_rels: list[Rel] = []
    times = sentence_times(sent)
    hedged = hedged_clauses(sent)
    for tok in sent:
        lemma = verb_lemma(tok)
        if lemma:
            frame = build_frame(tok, idx, times, hedged, lemma)
            verb_rels += run_rules(frame) or conj_endings(frame, verb_rels)  # "joined the choir in 2018 and quit in 2021"
    return merge(verb_rels, open_rels(sent, idx, times, hedged), idx)
