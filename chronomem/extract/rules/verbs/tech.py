"""Rules for tools starting and ending: use, adopt, roll out, deploy, turn off, drop ("dropped
Redis in favor of Hazelcast"). Switches from X to Y are in :mod:`chronomem.extract.rules.verbs.switches`,
the shared tool helpers in :mod:`chronomem.extract.rules.verbs.tools`.
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import Rel
from chronomem.extract.lexicon import PHRASAL_END, PHRASAL_START
from chronomem.extract.rules.base import emit, persons
from chronomem.extract.rules.people.kin import family_verb_rels
from chronomem.extract.rules.verbs.pets import brought_home
from chronomem.extract.rules.verbs.switches import complete_switch, surface_switch, switch_rels, title_change
from chronomem.extract.rules.verbs.tools import named_tool, previous_tool, purpose, tool_objects, tool_subjects, uses_rels

__all__ = ["complete_switch", "previous_tool", "purpose", "surface_switch", "switch_rels", "title_change",
           "tool_subjects", "uses_rels"]


def use(frame: Frame) -> list[Rel]:
    if frame.status.used_to and frame.lemma == "use" and frame.v.tag_ == "VBD" and frame.dobj is None:
        return []
    return uses_rels(frame, "state")


def adopt(frame: Frame) -> list[Rel]:
    pets = family_verb_rels(frame, persons(frame), "start")
    return pets or (uses_rels(frame, "start") if frame.lemma == "adopt" else [])


def roll_out(frame: Frame) -> list[Rel]:
    """"we rolled out Prometheus", "we brought in New Relic", "we deployed Vault": a known tool starts."""
    if frame.lemma == "bring" and frame.prt != "in":
        return brought_home(frame)  # "I brought home a puppy called Rex"
    if PHRASAL_START.get(frame.lemma, frame.prt) != frame.prt:
        return []
    toks = tool_objects(frame)
    when = frame.when("start")
    return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx), when,
                                          qualifiers=purpose(frame), obj_tok=t)]


def turn_off(frame: Frame) -> list[Rel]:
    """"we turned off Slack", "we shut down Jenkins": a known tool ends."""
    if PHRASAL_END.get(frame.lemma) != frame.prt:
        return []
    toks = tool_objects(frame)
    return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx),
                                          frame.when("end"), obj_tok=t)]


def _in_favor_of(frame: Frame) -> list[Token]:
    """"dropped Redis in favor of Hazelcast" → Hazelcast."""
    return [p for f in frame.prep("in") if f.lower_ in ("favor", "favour") for c in f.children
            if c.dep_ == "prep" and c.lower_ == "of" for p in c.children if p.dep_ == "pobj"]


def drop(frame: Frame) -> list[Rel]:
    if frame.lemma == "rid":  # "we got rid of Jenkins"
        toks = frame.prep("of")
        return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx),
                                              frame.when("end"), obj_tok=t)]
    if frame.lemma == "phase" and frame.prt != "out":
        return []
    out: list[Rel] = []
    for tok in frame.dobjs or tool_objects(frame):  # "we dropped RabbitMQ" with the name parsed as an adverb
        arg = named_tool(tok, frame)
        if arg is not None:
            out += emit(frame, "USES", tool_subjects(frame), arg, frame.when("end"), obj_tok=tok)
    start = frame.when("start")
    if out and start is not None:
        # "in favor of Kafka"; "ditched Jira for Linear" only with a named tool ("for cost reasons" names none)
        successors = [(t, A.token_tool(t, frame.idx)) for t in _in_favor_of(frame)]
        successors += [(t, named_tool(t, frame)) for t in frame.prep("for") + frame.dobj_preps.get("for", [])]
        for tok, arg in successors:
            out += emit(frame, "USES", tool_subjects(frame), arg, start, obj_tok=tok)
    return out
