"""Corrections: "sorry, I meant Plaid" and "it was Plaid, not Stripe" → a ``correct`` claim.

A correction hint replaces the most recent matching claim of the session, with that claim's time;
a wrong value said in an earlier session is corrected by this turn's claim of the right one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronomem.extract.clauses.records import Hint
from chronomem.schema.models import Turn, entity_id, normalize_name

if TYPE_CHECKING:
    from chronomem.extract.resolution.session import SessionResolver

CORRECTABLE = ("PERSON", "ORG", "PLACE", "TOOL", "GROUP", "ROLE", "PET", "VALUE")


def add_hint(r: SessionResolver, hint: Hint, turn_no: int, turn: Turn) -> None:
    """Correct the latest claim of the session that ``hint`` says was wrong (see the module docstring)."""
    new = r.resolve(hint.new, turn, {})
    if new is None:
        return
    old_key = normalize_name(hint.old.name) if hint.old is not None and hint.old.name else None
    last_turn = None
    for said in reversed(r.history):
        if old_key is None:  # "sorry, I meant Plaid": the speaker's latest turn with claims, just before
            if said.speaker != turn.speaker:
                continue
            last_turn = said.turn_no if last_turn is None else last_turn
            if said.turn_no != last_turn or turn_no - said.turn_no > 2:
                return
        claim = said.claim
        if claim.kind not in ("assert", "correct") or (hint.same_speaker and said.speaker != turn.speaker):
            continue
        per_object = r.vocabulary[claim.predicate].cardinality == "one_per_object"
        wrong = said.subject if per_object else said.obj
        if old_key is not None and wrong != old_key or wrong == new:
            continue
        if old_key is None and r.entities[wrong].type not in CORRECTABLE:
            continue
        _typed_as(r, new, wrong)
        subj, obj = (new, said.obj) if per_object else (said.subject, new)
        assert claim.at is not None
        r.emit(claim.predicate, subj, obj, "correct", wrong, claim.qualifiers, claim.at, claim.at_precision,
                   claim.observed, 0.8, turn, turn_no)
        return
    if old_key is not None:
        _correct_earlier_session(r, hint, new, turn, turn_no)


def _typed_as(r: SessionResolver, new: str, wrong: str) -> None:
    """The right value takes the wrong one's type when it has none of its own ("I meant Plaid": an ORG too)."""
    ent = r.entities[new]
    if ent.strength < 2 or ent.type == "OTHER":
        ent.type, ent.strength = r.entities[wrong].type, 2


def _correct_earlier_session(r: SessionResolver, hint: Hint, new: str, turn: Turn, turn_no: int) -> None:
    """The wrong value was said in an earlier session: this turn's claim of the right value corrects it ("Sorry,
    I meant Lyon, not Mumbai: I moved to Lyon"); with no such claim, a place or an employer named in a correction
    is the speaker's home or job ("Actually, it was Singapore, not Buenos Aires, that I moved to")."""
    old = r.resolve(hint.old, turn, {}) if hint.old is not None else None
    if old is None or old == new:
        return
    for n, claim in enumerate(r.claims):
        said = next((s for s in reversed(r.history) if s.claim is claim), None)
        if said is None or said.turn_no != turn_no or said.obj != new or claim.kind not in ("assert", "correct"):
            continue
        if r.vocabulary[claim.predicate].cardinality == "one_per_object":
            continue
        r.claims[n] = claim.model_copy(update={
            "kind": "correct", "replaces_object_id": entity_id(r.group, r.entities[old].name)})
        return
    predicate = {"PLACE": "LIVES_IN", "ORG": "WORKS_AT"}.get(r.entities[old].type)
    if predicate is None or r.entities[old].strength < 2 or predicate not in r.vocabulary:
        return
    _typed_as(r, new, old)
    if turn.at is not None:
        r.emit(predicate, r.speaker_key(turn), new, "correct", old, {}, turn.at, "day", True, 0.7, turn, turn_no)
