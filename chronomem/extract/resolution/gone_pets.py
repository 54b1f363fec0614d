"""A pet the session named before, said gone by its name alone.

"Our dog Biscuit is nine." … "We lost Biscuit in June." → HAS_PET Biscuit ends in June (the happening "lost
Biscuit" is that ending: :data:`~chronomem.extract.lexicon.PET_LOSS_RELATIONS`); "I have a cat named Pepper." …
"Pepper passed away last week." → the pet's keeper, whoever the session said has Pepper, has it no more (the
rule's owner is a ``LAST`` argument: :func:`~chronomem.extract.rules.people.pets.died`). A name the session never
said was someone's pet keeps its other readings ("we lost the final") or none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, LAST, PRONOUN, SPEAKER, WE, Arg, Rel
from chronomem.schema.models import Turn

if TYPE_CHECKING:
    from chronomem.extract.resolution.session import SessionResolver, _Said

PET = "HAS_PET"


def had_pet(r: SessionResolver, keeper: str | None, pet: str | None) -> _Said | None:
    """The session's last HAS_PET of ``pet`` (by ``keeper``, or by anyone when ``None``) if it still holds."""
    said = next((s for s in reversed(r.history) if s.claim.predicate == PET and s.obj == pet and keeper in (None, s.subject)),
                None)
    return said if said is not None and said.claim.kind != "end" else None


def gone_pet(r: SessionResolver, rel: Rel, turn: Turn, refs: dict[int, str]) -> Rel | None:
    """``rel`` as the ending of a pet the session knows, when it says one gone ("we lost Biscuit", "Pepper died");
    ``None`` for a gone pet whose keeper the session never said."""
    if rel.subject.kind == LAST and rel.subject.name == PET:
        said = had_pet(r, None, r.resolve(rel.obj, turn, refs))
        if said is None:
            return None
        keeper = r.entities[said.subject]
        return replace(rel, subject=Arg(ENTITY, rel.subject.i, keeper.name, keeper.type, GAZETTEER + 1),
                       qualifiers={**said.claim.qualifiers, **rel.qualifiers})
    if rel.predicate != "DID" or rel.kind != "assert" or rel.qualifiers.get("relation") not in L.PET_LOSS_RELATIONS or \
            rel.obj.kind != ENTITY or rel.subject.kind not in (SPEAKER, WE, PRONOUN, ENTITY):
        return rel
    said = had_pet(r, r.resolve(rel.subject, turn, refs), r.resolve(rel.obj, turn, refs))
    if said is None:
        return rel
    return replace(rel, predicate=PET, kind="end", when=replace(rel.when, mode="end"), qualifiers=dict(said.claim.qualifiers))
