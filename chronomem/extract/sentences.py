"""The sentence loop: filters first, then noun-phrase rules, verb rules and correction hints."""

from __future__ import annotations

from spacy.tokens import Doc

from chronomem.extract.args import DocIndex
from chronomem.extract.bonds import bond_rels, introduced_kin_rels, may_tie
from chronomem.extract.couples import named_partner_rels
from chronomem.extract.filters import hedged_clauses, is_dropped_plan, is_hypothetical, is_question
from chronomem.extract.frames import build_frame
from chronomem.extract.happenings import event_rels
from chronomem.extract.hygiene import in_title
from chronomem.extract.lexicon_rules import ADJ_VERBS
from chronomem.extract.nominal import apposition_rels, correction_hints, role_apposition_rels
from chronomem.extract.open_clauses import kin_rels, merge, open_rels
from chronomem.extract.open_possessives import listener_rels, naming_rels
from chronomem.extract.open_tastes import love_noun_rels
from chronomem.extract.partings import parting_rels
from chronomem.extract.people import people_rels, vocative_rels
from chronomem.extract.records import Hint, Rel
from chronomem.extract.registry import RULES, run_rules
from chronomem.extract.timing import dated_states, time_phrases
from chronomem.extract.titles import became_rels, title_rels
from chronomem.extract.work import conj_endings

MAX_SENTENCE_TOKENS = 120  # run-on "sentences" (pasted logs, lists) are not worth parsing for facts
_SKIP_DEPS = frozenset({"aux", "auxpass", "amod", "compound"})


def doc_relations(doc: Doc, idx: DocIndex) -> tuple[list[Rel], list[Hint]]:
    rels: list[Rel] = []
    hints: list[Hint] = []
    ties = may_tie(doc)  # a cheap look at the words before the bond rules run
    times_ents = [e for e in doc.ents if e.label_ in ("DATE", "TIME")]
    for sent in doc.sents:
        if len(sent) > MAX_SENTENCE_TOKENS or len(sent) < 2:
            continue
        hypothetical = is_hypothetical(sent)
        # "if you name him after my father, Karl": a relative named beside its owner is presupposed, not supposed
        appositions = apposition_rels(sent, idx) + (role_apposition_rels(sent, idx) if not hypothetical else [])
        if hypothetical or is_question(sent) or is_dropped_plan(sent):
            rels += appositions + vocative_rels(sent) + (bond_rels(sent, idx, stated=False) if ties else [])
            if not hypothetical and is_question(sent):  # "should I break up with him?": a couple now
                rels += parting_rels(sent, idx, asked=True) + became_rels(sent, idx, asked=True)
            continue
        verb_rels: list[Rel] = []
        times = None
        hedged = hedged_clauses(sent)
        for tok in sent:
            verb_with_subject = tok.pos_ == "VERB" and tok.dep_ == "amod" and any(c.dep_ == "nsubj" for c in tok.children)
            if (tok.pos_ not in ("VERB", "AUX") or tok.dep_ in _SKIP_DEPS) and not verb_with_subject:
                # "Teresa was married to Robert from 1959 to 1978": a participle parsed as the adjective root
                lemma = ADJ_VERBS.get(tok.lower_, "") if tok.pos_ == "ADJ" and tok.dep_ == "ROOT" else ""
                if not lemma:
                    continue
            else:
                lemma = tok.lemma_.lower()
            if lemma not in RULES or in_title(tok):
                continue
            if times is None:
                times = time_phrases(sent, [e for e in times_ents if sent.start <= e.start < sent.end])
            frame = build_frame(tok, idx, times, hedged, lemma)
            found = run_rules(frame)
            verb_rels += found or conj_endings(frame, verb_rels)  # "joined the choir in 2018 and quit in 2021"
        if times is None:
            times = time_phrases(sent, [e for e in times_ents if sent.start <= e.start < sent.end])
        verb_rels = merge(verb_rels, open_rels(sent, idx, times, hedged), idx)
        verb_rels += event_rels(sent, idx, times, hedged, fired=frozenset(r.i for r in verb_rels),  # "I ran a race"
                                objects=frozenset(r.obj.i for r in verb_rels))
        said = {(r.predicate, r.obj.name) for r in verb_rels}  # "I sold my car": the verb says more than "my car"
        verb_rels += [r for r in kin_rels(sent) + love_noun_rels(sent, idx) if (r.predicate, r.obj.name) not in said]
        verb_rels += listener_rels(sent) + people_rels(sent, idx) + (bond_rels(sent, idx, stated=True) if ties else [])
        verb_rels = dated_states(verb_rels, sent, times)  # "I've had my dogs for three years": pets since then
        rels += _unstated(appositions, verb_rels) + verb_rels
        hints += correction_hints(sent, idx)
        rels += title_rels(sent, idx)
    named = {r.obj.name for r in rels}
    rels += [r for r in naming_rels(doc) if r.obj.name not in named]  # "We got a puppy! This is Biscuit."
    rels += named_partner_rels(doc)  # "I'm seeing someone. His name is Marco."
    rels += introduced_kin_rels(doc, idx) if ties else []  # "Come meet my friends. This is Nina."
    return rels, hints


def _unstated(appositions: list[Rel], verb_rels: list[Rel]) -> list[Rel]:
    """Appositions ("my cat Fudge" → a current pet) that no verb of the sentence says more
    about: "I had to rehome my cat Fudge" is Fudge's ending, not a pet held now."""
    said = {(r.predicate, r.obj.name) for r in verb_rels}
    return [r for r in appositions if (r.predicate, r.obj.name) not in said]
