"""Where the speaker works, studies or lives, presupposed by a possessive: "my job at Acme is stressful", "my
coworkers at Stripe are great", "my classes at NYU start Monday", "my apartment in Denver is tiny"
(``possessed_settings``: the noun, the preposition that names the place, the predicate). Only a named organisation
or place counts; the sentence is stated, not negated nor modal, and not in the past ("my job at Acme was
stressful": that day, or a job left?); with "old" or "former" before the noun ("my old job at Acme was boring") the
setting is over, when is not said.
"""

from __future__ import annotations

from spacy.tokens import Span

from chronomem.extract.clauses.accept import token_org, token_place
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.records import Rel, held, timed
from chronomem.extract.clauses.stance import plain
from chronomem.extract.clauses.tree import verb_above
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.possessives import mine


def setting_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """WORKS_AT, STUDIES_AT or LIVES_IN of the speaker from a possessed noun and its named setting."""
    out: list[Rel] = []
    for tok in sent:
        row = OPEN.possessed_settings.get(tok.lemma_.lower())
        me = mine(tok) if row is not None else None
        verb = verb_above(tok, 6)
        if row is None or me is None or verb is None or not plain(verb):
            continue
        prep, predicate = row
        over = any(c.lower_ in OPEN.past_setting_modifiers for c in tok.children)
        if verb.tag_ == "VBD" and not over:
            continue  # "my job at Acme was stressful": that day, or a job left? the words do not say
        for obj in (o for p in tok.children if p.dep_ == "prep" and p.lower_ == prep
                    for o in p.children if o.dep_ == "pobj" and o.pos_ == "PROPN"):
            arg = token_place(obj, idx) if predicate == "LIVES_IN" else token_org(obj, idx)
            if arg is not None:
                out.append(timed(predicate, me, arg, held(over), obj.i, 0.7))
    return out
