"""The tools a group uses, as they start and end: use, adopt, roll out, deploy, turn off, drop ("dropped
Redis in favor of Hazelcast"); and the helpers the switch rules (:mod:`~chronomem.extract.rules.verbs.switches`)
and the people rules that meet a tool share: who "we" are ("our team", "Acme"), which tokens name tools
(also when the parser hung them as adverbs, or "it" for the tool named before), USES for a verb's
objects with a purpose ("for the session cache").
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import name_arg
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import WE, Arg, Rel, When
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import (
    OUR_SYSTEMS,
    OUR_UNITS,
    OWN_WORK_TOOL_PREPS,
    PHRASAL_END,
    PHRASAL_START,
    PURPOSE_SKIP,
    SYSTEM_MADE,
    SYSTEM_TOOL_PREPS,
    TOOL_ON_LEMMAS,
)
from chronomem.extract.rules.base import emit, persons
from chronomem.extract.rules.people.kin import family_verb_rels
from chronomem.extract.rules.people.pets import came_home


def purpose(frame: Frame, toks: list[Token] | None = None) -> dict[str, str]:
    """"for the session cache" → ``{"for": "session cache"}`` (not for times: "for two years"); ``toks``: the
    objects of "for" to read instead of the frame's."""
    for tok in frame.prep_anywhere("for") if toks is None else toks:
        if frame.idx.is_time(tok) or tok.pos_ not in ("NOUN", "PROPN"):
            continue
        words = [t.text for t in tok.subtree if not t.is_punct and t.lower_ not in PURPOSE_SKIP]
        if 0 < len(words) <= 5:
            return {"for": " ".join(words).lower() if tok.pos_ == "NOUN" else " ".join(words)}
    return {}


def tool_subjects(frame: Frame) -> list[Arg]:
    subjects = persons(frame, loose=False)
    for tok in frame.subj_toks:  # "our company uses Jira", "my team switched to Notion": the speaker's group
        if tok.lemma_.lower() in OUR_UNITS and any(c.dep_ == "poss" and c.lower_ in ("our", "my") for c in tok.children) \
                or our_system(tok):  # "our backend uses Postgres", "everything runs on AWS"
            subjects.append(Arg(WE, tok.i))
    if not subjects:  # "the platform team uses Go", "Acme uses Postgres"
        subjects = [s.typed("ORG") if s.type == "OTHER" else s for s in frame.subjects(team=True)
                    if s.kind == "entity" and s.type in ("GROUP", "ORG", "OTHER") and not s.gender]
    return subjects


def our_system(tok: Token) -> bool:
    """A system of the speaker's own (``our_systems``): "our backend", "the frontend", "my web app", a bare
    "everything"; not "their site", "a backend", "Spotify's backend", "the backend of their app"."""
    if tok.lower_ not in OUR_SYSTEMS and tok.lemma_.lower() not in OUR_SYSTEMS:  # 'data' has the lemma 'datum'
        return False
    marks = [c for c in tok.children if c.dep_ in ("poss", "det")]
    if any(c.dep_ in ("prep", "nmod") or c.pos_ == "PROPN" for c in tok.children):
        return False
    return all(c.lower_ in ("our", "my", "the") for c in marks) if marks else tok.lower_ == "everything"


def system_tools(frame: Frame) -> list[Rel]:
    """The tools the speaker's own system runs on, is built with or written in (``system_tool_preps``): "our
    API runs on Kubernetes", "the frontend is built with React", "we host everything on AWS", "our stack is
    Postgres and Redis" (known tools only; not "our data lives in a spreadsheet"), and a known tool run there too
    ("we run Postgres 13 on AWS"). A system made with a tool (``system_made``) uses it from when it was made: "our
    site was rewritten in Go last year"."""
    preps = SYSTEM_TOOL_PREPS.get(frame.lemma)
    if preps is None or not (any(our_system(t) or t.lower_ == "we" and frame.lemma != "be" for t in frame.subj_toks)
                             or (frame.dobj is not None and our_system(frame.dobj))):
        return []  # (also "we run on AWS", "we're hosted on Render": a known tool only)
    toks = with_conj(frame.attr) if frame.lemma == "be" and frame.attr is not None else frame.prep(*preps) + frame.dobjs
    made = frame.lemma in SYSTEM_MADE and frame.status.tense == "past"  # "was built with React in 2019": since then
    return _uses(frame, [t for t in toks if frame.idx.is_tool(t)], frame.when("start" if made else "state"))


def worked_in(frame: Frame) -> list[Rel]:
    """A known tool a person does their own work in, as a habit (``own_work_tool_preps``): "I do all my notes in
    Notion", "I edit my photos in Lightroom" (not a one-off: "I wrote that essay in Google Docs")."""
    preps = OWN_WORK_TOOL_PREPS.get(frame.lemma)
    if preps is None or frame.dobj is None or frame.status.tense not in ("present", "progressive", "perfect_progressive"):
        return []
    tools = [t for t in frame.prep_anywhere(*preps) if frame.idx.is_tool(t)]
    return [r for t in tools for r in emit(frame, "USES", persons(frame, loose=False), A.token_tool(t, frame.idx),
                                            frame.when("state"), obj_tok=t)]


def uses_rels(frame: Frame, aspect: str) -> list[Rel]:
    objs = list(frame.dobjs) or tool_objects(frame)  # "we run Mattermost" with the name parsed as an adverb
    if frame.lemma in TOOL_ON_LEMMAS:
        objs += frame.prep("on") + [t for t in frame.v.children if t.i > 0 and t.doc[t.i - 1].lower_ == "on"
                                    and frame.idx.is_tool(t)]
        objs += [t for t in frame.v.doc[frame.v.i + 1:frame.v.sent.end] if t.i > 0 and t.doc[t.i - 1].lower_ == "on"
                 and frame.idx.is_tool(t) and t not in objs][:1]  # "rely on RabbitMQ" with the name hung nowhere useful
    if frame.lemma == "move" and frame.prt == "off":
        objs = frame.prep("of")
    when = frame.when(aspect)
    return _uses(frame, objs, when, qualifiers=purpose(frame)) + [
        r for t in _second_objects(frame) for r in _uses(frame, [t], when, qualifiers=purpose(frame, prep_objects(t, "for")))]


def _second_objects(frame: Frame) -> list[Token]:
    """A second object joined by "and" after the first one's words: "I use a MacBook for work and an old ThinkPad at
    home" (a second object of the verb, or a name joined to it), "Figma for design and Notion for notes" (a name with its own purpose,
    parsed as a conjunct of the first purpose; not "Figma for design and research")."""
    first, v = frame.dobj, frame.v
    if first is None:
        return []
    joined = [c for c in v.children if (c.dep_ == "dobj" or c.dep_ == "conj" and c.pos_ == "PROPN") and c.i > first.i
              and any(a.dep_ == "cc" and first.i < a.i < c.i for a in v.children)]  # ("and Slack for chat": a conjunct)
    return joined + [c for t in frame.prep("for") for c in t.children if c.dep_ == "conj" and c.pos_ == "PROPN"
                     and prep_objects(c, "for")]


def _uses(frame: Frame, toks: list[Token], when: When | None, *, qualifiers: dict[str, str] | None = None,
          read: Callable[[Token, Frame], Arg | None] | None = None) -> list[Rel]:
    """USES of each tool ``toks`` name (read by ``read``, else as any tool) for the frame's tool subjects."""
    return [r for tok in toks for r in emit(frame, "USES", tool_subjects(frame), read(tok, frame) if read is not None
                                            else A.token_tool(tok, frame.idx), when, qualifiers=qualifiers, obj_tok=tok)]


def tool_objects(frame: Frame) -> list[Token]:
    """Known tools the verb acts on (also when the parser hung them as an adverb: "retired Prometheus",
    and "it" for the tool named just before: "we no longer use Algolia; we shut it down in May")."""
    toks = frame.dobjs or [c for c in frame.v.children if c.dep_ in ("npadvmod", "advmod", "dep", "oprd", "attr", "punct")]
    out = [t for t in toks if frame.idx.is_tool(t)]
    if not out and not frame.dobjs and frame.v.dep_ == "xcomp":  # "started using RabbitMQ" hung under "started"
        out = [t for t in frame.v.head.children if t.i > frame.v.i and t.dep_ in ("advmod", "npadvmod", "dep", "punct", "dobj")
               and frame.idx.is_tool(t)]
    if not out and frame.dobj is not None and frame.dobj.lower_ == "it":
        out = [t for t in (previous_tool(frame, frame.dobj),) if t is not None]
    return out


def previous_tool(frame: Frame, it: Token) -> Token | None:
    """The last known tool named before ``it`` in the same turn, if no other name comes between."""
    doc = it.doc
    for j in range(it.i - 1, max(-1, it.i - 40), -1):
        if (term := frame.idx.term_at[j]) is not None:
            return doc[j] if term.type == "TOOL" else None
        if doc[j].pos_ == "PROPN" or doc[j].ent_type_ in ("PERSON", "ORG", "GPE"):
            return None
    return None


def named_tool(tok: Token, frame: Frame) -> Arg | None:
    """The tool ``tok`` names outright: a gazetteer term or a proper name, not any noun."""
    arg = A.token_tool(tok, frame.idx)
    return arg if arg is not None and (arg.strength >= 3 or name_arg(tok, frame.idx) is not None) else None


# ----------------------------------------------------------------------------- the rules
def use(frame: Frame) -> list[Rel]:
    if frame.status.used_to and frame.lemma == "use" and frame.v.tag_ == "VBD" and frame.dobj is None:
        return []
    return uses_rels(frame, "state")


def settled_on(frame: Frame) -> list[Rel]:
    """"we settled on Go": a tool chosen (a home, "settled in Porto", is a row of the rule table)."""
    return uses_rels(frame, "start") if [t for t in frame.prep("on") if not frame.idx.is_time(t)] else []


def adopt(frame: Frame) -> list[Rel]:
    pets = family_verb_rels(frame, persons(frame), "start")
    return pets or (uses_rels(frame, "start") if frame.lemma == "adopt" else [])


def roll_out(frame: Frame) -> list[Rel]:
    """"we rolled out Prometheus", "we brought in New Relic", "we deployed Vault": a known tool starts."""
    if frame.lemma == "bring" and frame.prt != "in":
        return came_home(frame)  # "I brought home a puppy called Rex"
    if PHRASAL_START.get(frame.lemma, frame.prt) != frame.prt:
        return []
    return _uses(frame, tool_objects(frame), frame.when("start"), qualifiers=purpose(frame))


def turn_off(frame: Frame) -> list[Rel]:
    """"we turned off Slack", "we shut down Jenkins": a known tool ends."""
    if PHRASAL_END.get(frame.lemma) != frame.prt:
        return []
    return _uses(frame, tool_objects(frame), frame.when("end"))


def drop(frame: Frame) -> list[Rel]:
    """"we dropped RabbitMQ", "we got rid of Jenkins", "phased out Jira"; "… in favor of Kafka", "ditched Jira
    for Linear" also start the tool named after (not "for cost reasons")."""
    if frame.lemma == "rid":  # "we got rid of Jenkins"
        return _uses(frame, frame.prep("of"), frame.when("end"))
    if frame.lemma == "phase" and frame.prt != "out":
        return []
    # "we dropped RabbitMQ" with the name parsed as an adverb
    out = _uses(frame, frame.dobjs or tool_objects(frame), frame.when("end"), read=named_tool)
    start = frame.when("start")
    if out and start is not None:
        favor = [p for f in frame.prep("in") if f.lower_ in ("favor", "favour") for p in prep_objects(f, "of")]
        out += _uses(frame, favor, start)
        out += _uses(frame, frame.prep_anywhere("for"), start, read=named_tool)
    return out
