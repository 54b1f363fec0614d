"""Names given in a later turn to the speaker's unnamed pet or partner.

"We adopted a kitten in January." / (the other speaker) "Aww, what's her name?" / "Her name is Luna." →
HAS_PET Luna from January, in place of the placeholder "<speaker>'s kitten"; "I'm seeing someone new." /
"Oh? Who?" / "His name is Marco." → PARTNER_OF Marco. And names given before: "Omar and I got engaged in
2019." / "We got married in 2021." → MARRIED_TO Omar, not "<speaker>'s spouse" (:func:`partner_named`). The naming turn (a NAMED relation:
:func:`~chronomem.extract.rules.people.kin.later_name_rels`) must be the owner's, within
:data:`NAMING_WINDOW` turns, by a he/she/his/her that the session resolves to that pet or partner and to no
other unnamed one before it (never "it"). The couple ties the session said also tell which tie a parting ends
and which a wedding closes (:func:`couple_tie`, :func:`closed_ties`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.records import UNNAMED, Rel, When
from chronomem.extract.clauses.timing import resolve_when
from chronomem.extract.lexicon import OPEN, PEOPLE
from chronomem.schema.models import Claim, Turn, normalize_name

if TYPE_CHECKING:
    from chronomem.extract.resolution.session import SessionResolver

NAMING_WINDOW = 2  # turns after the pet or partner was said that its name may come
UNNAMED_KEY, OWNED_SEP = "\x00", "\x01"  # the session's keys of unnamed ones (resolution.session)


def unnamed_partner(r: SessionResolver, rel: Rel, turn_no: int, turn: Turn) -> None:
    """"I'm seeing someone new": the speaker's partner, whom a later his/her may name (and nothing else says)."""
    key = OWNED_SEP.join((UNNAMED_KEY + rel.obj.gender, r.speaker_key(turn), rel.obj.name, "PARTNER"))
    r.persons.append((turn_no, rel.obj.i, key))


def name_given(r: SessionResolver, rel: Rel, turn_no: int, turn: Turn, refs: dict[int, str]) -> None:
    """The pet, partner or relative a NAMED relation's pronoun means gets the name: "Her name is Luna" → HAS_PET Luna;
    "I have a son, he's 7. His name is Leo" → PARENT_OF Leo (in place of the unnamed son)."""
    if "GROUP" in (rel.subject.type, rel.obj.type):
        return group_named(r, rel, turn_no, turn, refs)
    key = refs.get(rel.subject.i)
    if key is None or not key.startswith(UNNAMED_KEY):
        return
    _, owner, noun, what = (key.split(OWNED_SEP) + ["", "", ""])[:4]
    first = min(n for n, _, k in r.persons if k == key)
    if owner != r.speaker_key(turn) or turn_no - first > NAMING_WINDOW:
        return  # named by its owner only, soon after
    if what == "PARTNER":
        timing = resolve_when(When("state"), turn.at)  # type: ignore[arg-type]
        name = r.resolve(rel.obj.typed("PERSON"), turn, refs)
        if timing is not None and name is not None:
            r.emit("PARTNER_OF", owner, name, "assert", None, {}, *timing, 0.8, turn, turn_no)
        return
    pet = what == "PET"
    placeholder = r.resolve(rel.subject, turn, refs) if pet or not what else None  # a pet, or kin: "my son …"
    said = next((s for s in reversed(r.history) if (s.obj == placeholder and s.claim.predicate == "HAS_PET" if pet else
                                                     placeholder in (s.obj, s.subject) and owner in (s.obj, s.subject))
                 and s.claim.kind == "assert" and turn_no - s.turn_no <= NAMING_WINDOW), None)
    claim = said.claim if said is not None else None
    name = r.resolve(rel.obj.typed("PET" if pet else "PERSON", 3), turn, refs)
    if said is None or claim is None or claim.at is None or name is None:
        return
    r.claims.remove(claim)  # the placeholder says nothing once the pet or the relative has a name
    r.named[key] = name  # "he", "she" said of them later mean the one named ("… her name is Ivy. She started school")
    subject, obj = (name, said.obj) if said.subject == placeholder else (said.subject, name)
    r.emit(claim.predicate, subject, obj, "assert", None, {"species": noun} if pet else {}, claim.at,
           claim.at_precision, claim.observed, 0.8, turn, turn_no, also=claim.sources)  # (the turn that said when)


def group_named(r: SessionResolver, rel: Rel, turn_no: int, turn: Turn, refs: dict[int, str]) -> None:
    """"My boys are wild this week." / "Ezra and Leo just turned three." → PARENT_OF Ezra, PARENT_OF Leo: the kin
    group (``kin_groups``) the speaker said within :data:`NAMING_WINDOW` turns before gets the names new in the
    session that the speaker's statement has for its subject (none when one of them was said before; see
    :func:`~chronomem.extract.rules.people.people.kin_group_rels`); a group had and counted gets them in the same
    turn when they are as many and each is said with an age ("Two. Leo is five and Maya just turned two")."""
    owner = r.speaker_key(turn)
    if rel.obj.kind == UNNAMED:
        r.kin_groups.append((turn_no, owner, rel.obj.name, int(rel.qualifiers.get("count", 0))))
        return
    together = set(rel.qualifiers.get("names", "").split("|"))
    aged = "aged" in rel.qualifiers  # in the turn, as many as counted, each with an age: "We have two boys, Sam is 8 and Ollie is 5"
    said = [OPEN.kin_groups.get(noun, "PARENT_OF") for n, who, noun, count in r.kin_groups if who == owner and (
        0 < turn_no - n <= NAMING_WINDOW or n == turn_no and aged and count == len(together))]
    name = r.resolve(rel.obj.typed("PERSON"), turn, refs)
    timing = resolve_when(When("state"), turn.at)  # type: ignore[arg-type]
    if not said or name is None or timing is None or any(
            n < turn_no and k in r.entities and r.entities[k].name in together for n, _, k in r.persons):
        return  # (a name said before is someone the session knows otherwise; so may the others be)
    r.emit(said[-1], owner, name, "assert", None, {}, *timing, 0.7, turn, turn_no)


def partner_named(r: SessionResolver, noun: str, owner: str) -> str | None:
    """The one person ``owner`` said earlier in the session they are engaged to, dating or married to, for
    their unnamed partner (``couple_placeholders``): "Omar and I got engaged." / "We got married." → Omar.
    ``None`` when none or two were named, when only another speaker said so, or the tie was said to end (an ex
    is not "my boyfriend"; the one named after them is)."""
    if noun not in PEOPLE.couple_placeholders:
        return None
    couples = set(PEOPLE.couple_states.values())
    said = [s for s in r.history if s.subject == owner and s.claim.predicate in couples
            and normalize_name(s.speaker) == owner and not r.entities[s.obj].name.startswith(r.entities[owner].name + "'s ")]
    last = {(s.obj, s.claim.predicate): s.claim.kind for s in said}  # an ex (the tie said to end last) is no one's now
    named = {obj for (obj, _), kind in last.items() if kind == "assert"}
    if len(named) != 1 or any(kind not in ("assert", "end") for kind in last.values()):
        return None
    key, gender = next(iter(named)), L.KIN.get(noun, ("", ""))[1]
    return None if gender and r.entities[key].gender not in ("", gender) else key  # (not "my wife" for Omar)


def _open_ties(r: SessionResolver, a: str, b: str) -> dict[str, Claim]:
    """The couple ties between ``a`` and ``b`` the session said and did not end, the last said last."""
    ties: dict[str, Claim] = {}
    for s in r.history:
        if {s.subject, s.obj} == {a, b} and s.claim.predicate in PEOPLE.couple_states.values():
            ties.pop(s.claim.predicate, None)
            ties.update({s.claim.predicate: s.claim} if s.claim.kind == "assert" else {})
    return ties


def couple_tie(r: SessionResolver, predicate: str | None, kind: str, subj: str, obj: str) -> str | None:
    """The tie a parting said as PARTNER_OF ends: the couple's current one. "I got engaged to Priya." / "Priya
    and I broke up." → ends ENGAGED_TO Priya (with no tie said, PARTNER_OF)."""
    if kind != "end" or predicate != "PARTNER_OF":
        return predicate
    return next(reversed(_open_ties(r, subj, obj)), predicate)


def closed_ties(r: SessionResolver, claim: Claim, subj: str, obj: str, turn: Turn, turn_no: int) -> None:
    """A tie that begins at a said time ends the ties ``couple_closings`` lists that the session said of the
    same two and did not end: "I got engaged to Priya in 2019." / "Priya and I got married in 2021." → the
    engagement ends in 2021 (not for a wedding said only as a state now: "I'm married to Priya")."""
    if claim.kind != "assert" or claim.observed or claim.at is None:
        return
    for predicate, said in _open_ties(r, subj, obj).items():
        if predicate in PEOPLE.couple_closings.get(claim.predicate, ()) and (said.at is None or said.at <= claim.at):
            r.emit(predicate, subj, obj, "end", None, {}, claim.at, claim.at_precision, False, claim.confidence, turn, turn_no)

