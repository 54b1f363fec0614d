"""Where people move: move/relocate to (or out of), a new home in a city ("moved into a new apartment in
Mumbai"), into a role ("moved into a site reliability engineer role"); "live in", "based in", "settled in"
are rows of the rule table.
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.noun_args import is_role_head, role_arg
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, Arg, Rel
from chronomem.extract.lexicon import HOMES, ROLE_SLOTS
from chronomem.extract.rules.base import emit, persons
from chronomem.extract.rules.verbs.switches import complete_switch, switch_rels


def _role_before_slot(tok: Token) -> Arg | None:
    """The words before "role" in a phrase the parser split: "a director of engineering role"."""
    slot = next((t for t in tok.subtree if t.lemma_.lower() in ROLE_SLOTS and t.i > tok.i), None)
    if slot is None or not is_role_head(tok, strict=False):
        return None
    words = [t for t in tok.doc[tok.i:slot.i] if t.is_alpha]
    if not words or len(words) != slot.i - tok.i or len(words) > 5:
        return None
    return Arg(ENTITY, tok.i, " ".join(t.lower_ for t in words), "ROLE", GAZETTEER)


def _new_home(frame: Frame, toks: list[Token]) -> list[Rel]:
    """"moved into a new apartment in Mumbai", "got a place in Chicago": LIVES_IN the home's city."""
    out: list[Rel] = []
    for tok in toks:
        if tok.lemma_.lower() not in HOMES:
            continue
        places = [p for c in tok.children if c.dep_ == "prep" and c.lower_ in ("in", "near")
                  for p in c.children if p.dep_ == "pobj"]
        for place in places:
            out += emit(frame, "LIVES_IN", persons(frame), A.token_place(place, frame.idx), frame.when("start"), obj_tok=place)
    return out


def move(frame: Frame) -> list[Rel]:
    to = frame.prep("to") + [c for c in frame.v.children if c.lower_ == "there" and c.dep_ == "advmod"]
    src = frame.prep("from") + (frame.prep("of") if "out" in frame.preps or frame.prt == "out" else [])
    if frame.dobj is not None and frame.dobj.lower_ not in ("in", "back"):
        return complete_switch(frame, switch_rels(frame, frame.dobj))  # "we moved CI from Jenkins to GitHub Actions"
    subjects = persons(frame)
    if src and to:
        return switch_rels(frame, None)
    homes = _new_home(frame, frame.prep("into", "to"))
    if homes:
        return homes
    roles = [role_arg(c, strict=False) for t in frame.prep("into") if t.lemma_.lower() in ROLE_SLOTS
             for c in t.children if c.dep_ == "compound"]
    if not roles or roles[0] is None:  # "into a director of engineering role"
        roles = [_role_before_slot(t) for t in frame.prep("into")]
    if roles and roles[0] is not None:  # "I moved into a site reliability engineer role"
        return emit(frame, "HAS_ROLE", subjects, roles[0], frame.when("start"))
    out: list[Rel] = []
    for tok in to:
        dest = A.classify_destination(tok, frame.idx)
        if dest is not None:
            out += emit(frame, dest[0], subjects, dest[1], frame.when("start"), obj_tok=tok)
    if not to:
        for tok in src:
            out += emit(frame, "LIVES_IN", subjects, A.token_place(tok, frame.idx), frame.when("end"), obj_tok=tok)
    return out
