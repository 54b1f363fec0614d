"""Who leads a team, as it changes hands: stepping down, giving up or handing off the lead,
being put in charge, replacing someone as lead.

"Starting today Priya leads the platform team" and "X took over the team from Y" are in
:mod:`chronomem.extract.rules.verbs.work`; these are the other ways people say it. LEADS is
``one_per_object``: a new lead closes the previous one's fact by itself, so a rule here only
emits an ``end`` when the sentence says someone stopped.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import person_arg
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.noun_args import team_arg
from chronomem.extract.clauses.records import WE, Arg, Rel
from chronomem.extract.rules.base import emit, persons
from chronomem.extract.rules.people.kin import gave_away

LEADS = "LEADS"


def lead_team(tok: Token | None) -> Arg | None:
    """The team a lead noun is about: "lead of the design team", "the search team lead",
    "in charge of the data team"."""
    if tok is None:
        return None
    lemma = tok.lemma_.lower()
    if lemma not in L.LEAD_NOUNS and lemma != "charge":
        return None
    for child in tok.children:
        if child.dep_ == "prep" and child.lower_ in ("of", "for", "on"):
            for pobj in child.children:
                if pobj.dep_ == "pobj" and (team := team_arg(pobj)) is not None:
                    return team
        if child.dep_ == "compound" and (team := team_arg(child)) is not None:
            return team
    return None


def _leaders(frame: Frame) -> list[Arg]:
    return [s for s in persons(frame) if s.kind != WE]


def step_down(frame: Frame) -> list[Rel]:
    """"I stepped down as lead of the design team last Friday"."""
    down = frame.prt == "down" or any(c.lower_ == "down" and c.dep_ in ("advmod", "prt") for c in frame.v.children)
    if not down:
        return []
    teams = [t for t in (lead_team(tok) for tok in frame.prep("as", "from")) if t is not None]
    if not teams and frame.times:  # "Ana is no longer leading the search team; she stepped down last Sunday"
        teams = [team for t in frame.v.sent if t.i < frame.v.i and t.lemma_.lower() in ("lead", "head", "run")
                 for c in t.children if c.dep_ == "dobj" and (team := team_arg(c)) is not None][:1]
    return emit(frame, LEADS, _leaders(frame), teams[0], frame.when("end")) if teams else []


def give_up(frame: Frame) -> list[Rel]:
    """"Jake gave up the lead of the design team" (and pets given away: :func:`~chronomem.extract.rules.people.kin.gave_away`)."""
    if frame.prt != "up":
        return gave_away(frame)
    team = lead_team(frame.dobj)
    return emit(frame, LEADS, _leaders(frame), team, frame.when("end")) if team is not None else []


def hand_off(frame: Frame) -> list[Rel]:
    """"Sophia handed off the mobile team" (she stopped leading it); "… handed it over to Rosa" (Rosa started)."""
    if frame.prt not in ("off", "over"):
        return []
    team = team_arg(frame.dobj) if frame.dobj is not None else None
    if team is None:
        team = lead_team(frame.dobj)
    if team is None:
        return []
    end = frame.when("end")
    out = emit(frame, LEADS, _leaders(frame), team, end)
    successors = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("to")) if a is not None]
    if out and end is not None and successors:
        out += emit(frame, LEADS, successors, team, replace(end, mode="start"))
    return out


def _in_charge(frame: Frame) -> Arg | None:
    return next((t for t in (lead_team(tok) for tok in frame.prep("in")) if t is not None), None)


def put_in_charge(frame: Frame) -> list[Rel]:
    """"Jake was put in charge of the analytics team", "Ana was named lead of the data team"."""
    passive = frame.passive
    if not passive:
        return []
    team = _in_charge(frame) or lead_team(frame.attr)
    return emit(frame, LEADS, _leaders(frame), team, frame.when("start")) if team is not None else []


def in_charge_rels(frame: Frame) -> list[Rel]:
    """"Mei is in charge of the payments team" (a copula with "in charge of")."""
    team = _in_charge(frame)
    return emit(frame, LEADS, _leaders(frame), team, frame.when("state")) if team is not None else []


def replaced_as_lead(frame: Frame) -> list[Rel]:
    """"In January, Pablo replaced Lena as the lead of the payments team"."""
    if frame.dobj is None:
        return []
    team = next((t for t in (lead_team(tok) for tok in frame.prep("as") + frame.dobj_preps.get("as", []))
                 if t is not None), None)
    before = person_arg(frame.dobj, frame.idx, trust_ner=False)
    start = frame.when("start")
    if team is None or before is None or start is None:
        return []
    out = emit(frame, LEADS, _leaders(frame), team, start)
    return out + emit(frame, LEADS, [before], team, replace(start, mode="end")) if out else []
