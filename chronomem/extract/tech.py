"""Rules for tools and switches: use, adopt, drop, switch/migrate/move from X to Y, replace X with Y,
upgrade X from 13 to 14.

A switch closes the old value and opens the new one at the same time (design rule 4):
an ``end`` relation for the old value and an ``assert`` for the new one.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import accept as A
from chronomem.extract.args import name_arg, team_arg, version_of
from chronomem.extract.frames import Frame
from chronomem.extract.records import GAZETTEER, WE, Arg, Rel
from chronomem.extract.relations import emit, persons, rule

_PURPOSE_SKIP = frozenset({"a", "an", "the", "our", "my", "their", "its", "his", "her", "your"})


def purpose(frame: Frame) -> dict[str, str]:
    """"for the session cache" → ``{"for": "session cache"}`` (not for times: "for two years")."""
    for tok in frame.prep("for") + frame.dobj_preps.get("for", []):
        if frame.idx.is_time(tok) or tok.pos_ not in ("NOUN", "PROPN"):
            continue
        words = [t.text for t in tok.subtree if not t.is_punct and t.lower_ not in _PURPOSE_SKIP]
        if 0 < len(words) <= 5:
            return {"for": " ".join(words).lower() if tok.pos_ == "NOUN" else " ".join(words)}
    return {}


_OUR_UNITS = frozenset({"team", "company", "startup", "org", "organization", "organisation", "department", "group",
                        "employer", "shop", "lab"})


def tool_subjects(frame: Frame) -> list[Arg]:
    subjects = persons(frame, loose=False)
    for tok in frame.subj_toks:  # "our company uses Jira", "my team switched to Notion": the speaker's group
        if tok.lemma_.lower() in _OUR_UNITS and any(c.dep_ == "poss" and c.lower_ in ("our", "my") for c in tok.children):
            subjects.append(Arg(WE, tok.i))
    if not subjects:  # "the platform team uses Go", "Acme uses Postgres"
        subjects = [s.typed("ORG") if s.type == "OTHER" else s for s in frame.subjects(team=True)
                    if s.kind == "entity" and s.type in ("GROUP", "ORG", "OTHER") and not s.gender]
    return subjects


_JOB_OBJECTS = frozenset({"job", "jobs", "company", "companies", "employer", "employers"})


def _job_switch(frame: Frame, base: Arg | None, old_tok: Token, new_tok: Token) -> tuple[str, Arg, Arg] | None:
    """A person (not "we") moving between employers: "Adam switched from Monzo to Plaid",
    "I switched jobs from Coinbase to Amazon". Names the gazetteer knows only as tools stay tools."""
    if base is not None or frame.lemma not in ("switch", "move", "transition", "change"):
        return None
    subjects = persons(frame, we=False)
    if not subjects or any(s.kind == WE for s in subjects) or any(
            t.lemma_.lower() in _OUR_UNITS for t in frame.subj_toks):
        return None
    job_words = frame.dobj is not None and frame.dobj.lower_ in _JOB_OBJECTS
    if frame.dobj is not None and not job_words:
        return None
    old, new = A.token_org(old_tok, frame.idx), A.token_org(new_tok, frame.idx)
    if old is None or new is None:
        return None
    known_tool = any(a.strength >= GAZETTEER and a.type == "TOOL" and a.label != "ORG" for a in (old, new))
    if known_tool and not job_words:
        return None
    return "WORKS_AT", old.typed("ORG"), new.typed("ORG")


def _switch_pair(frame: Frame, base: Arg | None, old_tok: Token, new_tok: Token) -> tuple[str, Arg, Arg] | None:
    if frame.lemma in ("move", "relocate"):
        old_p, new_p = A.token_place(old_tok, frame.idx), A.token_place(new_tok, frame.idx)
        if old_p is not None and new_p is not None and old_p.strength >= GAZETTEER and new_p.strength >= GAZETTEER:
            return "LIVES_IN", old_p, new_p
    job = _job_switch(frame, base, old_tok, new_tok)
    if job is not None:
        return job
    ours = any(a.kind == WE or a.type in ("GROUP", "ORG") for a in tool_subjects(frame))
    old = A.token_tool(old_tok, frame.idx, base, loose=ours)
    new = A.token_tool(new_tok, frame.idx, base, loose=ours)
    if old is not None and new is not None:
        return "USES", old, new
    old_team, new_team = team_arg(old_tok), team_arg(new_tok)
    if old_team is not None and new_team is not None:
        return "MEMBER_OF", old_team, new_team
    if frame.lemma in ("move", "relocate"):
        old_p, new_p = A.token_place(old_tok, frame.idx), A.token_place(new_tok, frame.idx)
        if old_p is not None and new_p is not None:
            return "LIVES_IN", old_p, new_p
        o, n = A.classify_destination(old_tok, frame.idx), A.classify_destination(new_tok, frame.idx)
        if o is not None and n is not None and o[0] == n[0] == "WORKS_AT":
            return "WORKS_AT", o[1], n[1]
    return None


def switch_rels(frame: Frame, dobj: Token | None) -> list[Rel]:
    """``from X to Y`` (optionally with a moved object: "moved CI from Jenkins to GitHub Actions")."""
    src, dst = frame.prep("from"), frame.prep("to")
    if not dst:
        fallback = frame.term_after_to()
        dst = [fallback] if fallback is not None else []
    base = A.token_tool(dobj, frame.idx) if dobj is not None else None
    if not dst and src and base is not None:  # "from version 3.9 to 3.10" parsed as one number phrase
        versions = [t for t in src[0].subtree if t is not src[0] and version_of(t) is not None]
        if len(versions) == 2:
            src, dst = versions[:1], versions[1:]
    if not dst:
        return []
    quals = purpose(frame)
    if dobj is not None and base is None and dobj.pos_ in ("NOUN", "PROPN") and not quals:
        words = [t.text for t in dobj.subtree if not t.is_punct and t.lower_ not in _PURPOSE_SKIP]
        if 0 < len(words) <= 4:
            quals = {"for": " ".join(words)}
    when_start = frame.when("start")
    if when_start is not None and not frame.times:  # "moved monitoring from X to Y on May 2": the date hung lower
        inside = {t.i for t in frame.v.subtree}
        lower = [t for t in frame.all_times if t.start in inside]
        if len(lower) == 1:
            from chronomem.extract.frames import when_for

            when_start = when_for(frame.status, "start", lower)
    if when_start is None:
        return []
    subjects = tool_subjects(frame)
    if not src:
        new = A.token_tool(dst[0], frame.idx, base)
        if new is not None:
            return emit(frame, "USES", subjects, new, when_start, qualifiers=quals, obj_tok=dst[0])
        team = team_arg(dst[0])
        return emit(frame, "MEMBER_OF", persons(frame), team, when_start) if team is not None else []
    pair = _switch_pair(frame, base, src[0], dst[0])
    if pair is None:
        return []
    predicate, old, new = pair
    when_end = replace(when_start, mode="end")
    if predicate != "USES":
        subjects = persons(frame)
    return (emit(frame, predicate, subjects, old, when_end, qualifiers=quals)
            + emit(frame, predicate, subjects, new, when_start, qualifiers=quals))


_TITLE_NOUNS = frozenset({"title", "role", "position", "job"})


def title_change(frame: Frame) -> list[Rel]:
    """"My title changed to product manager", "Greta's role changed to data engineer"."""
    from chronomem.extract.nominal import _possessor
    from chronomem.extract.relations import _role_rels

    out: list[Rel] = []
    for tok in frame.subj_toks:
        if tok.lemma_.lower() not in _TITLE_NOUNS:
            continue
        owner = next((_possessor(c, frame.idx) for c in tok.children if c.dep_ == "poss"), None)
        if owner is not None:
            out += _role_rels(frame, [owner], frame.when("start"), frame.prep("to"), strict=False)
            if not out:  # "My title changed to frontend developer" with "frontend" read as a verb
                from chronomem.extract.relations import role_when, to_roles

                out += [r for role in to_roles(frame) for r in emit(frame, "HAS_ROLE", [owner], role, role_when(frame, role))]
    return out


@rule("switch", "migrate", "transition", "port", "convert", "change", "upgrade", "downgrade", "update", "bump")
def _switch(frame: Frame) -> list[Rel]:
    if frame.lemma == "change" and frame.dobj is None:
        return title_change(frame)
    dobj = frame.dobj
    if dobj is None:  # "we upgraded PostgreSQL from 14 to 15" with the tool parsed as an adverb
        dobj = next(iter(_tool_objects(frame)), None)
    return complete_switch(frame, switch_rels(frame, dobj))


def complete_switch(frame: Frame, rels: list[Rel]) -> list[Rel]:
    """The parse's switch, or the words' when the parse lost the old value (no ``end``)."""
    if not any(r.kind == "end" for r in rels):
        return surface_switch(frame) or rels
    return rels


_SWITCH_LEMMAS = frozenset({"switch", "migrate", "move", "upgrade", "bump", "downgrade", "transition", "port", "update"})


def surface_switch(frame: Frame) -> list[Rel]:
    """"from X to Y" read from the words when the parse scattered it ("We moved team chat from Slack
    to Microsoft Teams", "upgraded Postgres from 14 to 15" with "14 to 15" as one number phrase).

    Only known tools (or versions of the tool the verb acts on), only the team's own switches, and
    only when the sentence has a single time phrase, so the time cannot belong to another clause.
    """
    if frame.lemma not in _SWITCH_LEMMAS:
        return []
    subjects = [a for a in tool_subjects(frame) if a.kind == WE or a.type in ("GROUP", "ORG")]
    sent, doc, idx = frame.v.sent, frame.v.doc, frame.idx
    after = [t for t in sent if t.i > frame.v.i]
    src = next((t for t in after if t.lower_ == "from"), None)
    dst = next((t for t in after if t.lower_ == "to" and src is not None and t.i > src.i), None)
    if not subjects or src is None or dst is None or src.i + 1 >= sent.end or dst.i + 1 >= sent.end:
        return []
    base_tok = next((t for t in after if t.i < src.i and (term := idx.term_at[t.i]) is not None and term.type == "TOOL"), None)
    base = A.token_tool(base_tok, idx) if base_tok is not None else None
    skip = (lambda j: j + 1 if j + 1 < sent.end and doc[j].lower_ in ("version", "v") else j)  # "from version 11 to 12"
    old, new = _surface_value(doc[skip(src.i + 1)], idx, base), _surface_value(doc[skip(dst.i + 1)], idx, base)
    times = []
    for t in frame.all_times:  # NER folds versions into dates: "14 to 15 last month" → "last month"
        if t.start <= dst.i + 1 < t.end or t.start <= src.i + 1 < t.end:
            if t.end <= dst.i + 2:
                continue
            t = replace(t, start=dst.i + 2, text=doc[dst.i + 2:t.end].text)
        times.append(t)
    if old is None or new is None or old.name == new.name or len(times) > 1:
        return []
    from chronomem.extract.frames import when_for

    start = when_for(frame.status, "start", times)
    if start is None:
        return []
    return (emit(frame, "USES", subjects, old, replace(start, mode="end")) + emit(frame, "USES", subjects, new, start))


def _surface_value(tok: Token, idx, base: Arg | None) -> Arg | None:  # noqa: ANN001
    term = idx.term_at[tok.i]
    if term is not None:
        return A.token_tool(tok, idx) if term.type == "TOOL" else None
    if base is not None and version_of(tok) is not None:
        return Arg("entity", tok.i, f"{base.name} {version_of(tok)}", "TOOL", GAZETTEER)
    return None


@rule("replace", "swap", "substitute")
def _replace(frame: Frame) -> list[Rel]:
    from chronomem.extract.leadership import replaced_as_lead

    leads = replaced_as_lead(frame)  # "Pablo replaced Lena as the lead of the payments team"
    if leads:
        return leads
    passive = frame.v.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in frame.v.children)
    if passive:  # "Redis was replaced by Memcached" — the group's setup
        old_toks = frame.subj_toks[:1]
        new_toks = frame.prep("by", "with")
        subjects = [Arg(WE, frame.v.i)]
        confidence = 0.7
    else:
        old_toks = [frame.dobj] if frame.dobj is not None else _tool_objects(frame)[:1]
        new_toks = frame.prep("with", "by") + (frame.prep("for") + frame.dobj_preps.get("for", []) if frame.lemma == "swap" else [])
        new_toks += frame.dobj_preps.get("with", []) + frame.dobj_preps.get("by", [])
        subjects = tool_subjects(frame)
        confidence = 0.9
    if not old_toks or not new_toks:
        return []
    if frame.lemma == "swap" and not passive:  # "I swapped Manchester for Seoul"
        old_p, new_p = A.token_place(old_toks[0], frame.idx), A.token_place(new_toks[0], frame.idx)
        people = persons(frame, we=False, loose=False)
        if old_p is not None and new_p is not None and old_p.strength >= GAZETTEER and people:
            start = frame.when("start")
            return (emit(frame, "LIVES_IN", people, old_p, replace(start, mode="end")) + emit(frame, "LIVES_IN", people, new_p, start)
                    if start is not None else [])
    old, new = A.token_tool(old_toks[0], frame.idx), A.token_tool(new_toks[0], frame.idx)
    start = frame.when("start")
    if old is None or new is None or start is None:
        return []
    quals = purpose(frame) if frame.lemma != "swap" else {}
    return (emit(frame, "USES", subjects, old, replace(start, mode="end"), qualifiers=quals, confidence=confidence)
            + emit(frame, "USES", subjects, new, start, qualifiers=quals, confidence=confidence))


def uses_rels(frame: Frame, aspect: str) -> list[Rel]:
    objs = list(frame.dobjs) or _tool_objects(frame)  # "we run Mattermost" with the name parsed as an adverb
    if frame.lemma in ("rely", "depend", "standardize", "settle"):
        objs += frame.prep("on") + [t for t in frame.v.children if t.i > 0 and t.doc[t.i - 1].lower_ == "on"
                                    and (term := frame.idx.term_at[t.i]) is not None and term.type == "TOOL"]
        objs += [t for t in frame.v.doc[frame.v.i + 1:frame.v.sent.end] if t.i > 0 and t.doc[t.i - 1].lower_ == "on"
                 and (term := frame.idx.term_at[t.i]) is not None and term.type == "TOOL"
                 and t not in objs][:1]  # "rely on RabbitMQ" with the name hung nowhere useful
    if frame.lemma == "move" and frame.prt == "off":
        objs = frame.prep("of")
    when = frame.when(aspect)
    quals = purpose(frame)
    out: list[Rel] = []
    for tok in objs:
        out += emit(frame, "USES", tool_subjects(frame), A.token_tool(tok, frame.idx), when, qualifiers=quals, obj_tok=tok)
    return out


@rule("use", "utilize", "utilise", "rely", "depend", "standardize")
def _use(frame: Frame) -> list[Rel]:
    if frame.status.used_to and frame.lemma == "use" and frame.v.tag_ == "VBD" and frame.dobj is None:
        return []
    return uses_rels(frame, "state")


@rule("adopt", "rescue")
def _adopt(frame: Frame) -> list[Rel]:
    from chronomem.extract.nominal import family_verb_rels

    pets = family_verb_rels(frame, persons(frame), "start")
    return pets or (uses_rels(frame, "start") if frame.lemma == "adopt" else [])


_PHRASAL_START = {"roll": "out", "bring": "in", "spin": "up", "set": "up"}
_PHRASAL_END = {"turn": "off", "shut": "down", "switch": "off", "tear": "down", "wind": "down"}


@rule("roll", "bring", "spin", "set", "deploy", "introduce", "install", "onboard")
def _roll_out(frame: Frame) -> list[Rel]:
    """"we rolled out Prometheus", "we brought in New Relic", "we deployed Vault": a known tool starts."""
    if frame.lemma == "bring" and frame.prt != "in":
        from chronomem.extract.pets import brought_home

        return brought_home(frame)  # "I brought home a puppy called Rex"
    if _PHRASAL_START.get(frame.lemma, frame.prt) != frame.prt:
        return []
    toks = _tool_objects(frame)
    when = frame.when("start")
    return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx), when,
                                          qualifiers=purpose(frame), obj_tok=t)]


@rule("turn", "shut", "tear", "wind")
def _turn_off(frame: Frame) -> list[Rel]:
    """"we turned off Slack", "we shut down Jenkins": a known tool ends."""
    if _PHRASAL_END.get(frame.lemma) != frame.prt:
        return []
    toks = _tool_objects(frame)
    return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx),
                                          frame.when("end"), obj_tok=t)]


def _tool_objects(frame: Frame) -> list[Token]:
    """Known tools the verb acts on (also when the parser hung them as an adverb: "retired Prometheus",
    and "it" for the tool named just before: "we no longer use Algolia; we shut it down in May")."""
    toks = frame.dobjs or [c for c in frame.v.children if c.dep_ in ("npadvmod", "advmod", "dep", "oprd", "attr", "punct")]
    out = [t for t in toks if (term := frame.idx.term_at[t.i]) is not None and term.type == "TOOL"]
    if not out and not frame.dobjs and frame.v.dep_ == "xcomp":  # "started using RabbitMQ" hung under "started"
        out = [t for t in frame.v.head.children if t.i > frame.v.i and t.dep_ in ("advmod", "npadvmod", "dep", "punct", "dobj")
               and (term := frame.idx.term_at[t.i]) is not None and term.type == "TOOL"]
    if not out and frame.dobj is not None and frame.dobj.lower_ == "it":
        antecedent = previous_tool(frame, frame.dobj)
        out = [antecedent] if antecedent is not None else []
    return out


def previous_tool(frame: Frame, it: Token) -> Token | None:
    """The last known tool named before ``it`` in the same turn, if no other name comes between."""
    doc = it.doc
    for j in range(it.i - 1, max(-1, it.i - 40), -1):
        term = frame.idx.term_at[j]
        if term is not None:
            return doc[j] if term.type == "TOOL" else None
        if doc[j].pos_ == "PROPN" or doc[j].ent_type_ in ("PERSON", "ORG", "GPE"):
            return None
    return None


def _in_favor_of(frame: Frame) -> list[Token]:
    """"dropped Redis in favor of Hazelcast" → Hazelcast."""
    return [p for f in frame.prep("in") if f.lower_ in ("favor", "favour") for c in f.children
            if c.dep_ == "prep" and c.lower_ == "of" for p in c.children if p.dep_ == "pobj"]


@rule("drop", "ditch", "abandon", "deprecate", "sunset", "decommission", "remove", "rid", "phase", "uninstall")
def _drop(frame: Frame) -> list[Rel]:
    if frame.lemma == "rid":  # "we got rid of Jenkins"
        toks = frame.prep("of")
        return [r for t in toks for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx),
                                              frame.when("end"), obj_tok=t)]
    if frame.lemma == "phase" and frame.prt != "out":
        return []
    out: list[Rel] = []
    for tok in frame.dobjs or _tool_objects(frame):  # "we dropped RabbitMQ" with the name parsed as an adverb
        arg = _named_tool(tok, frame)
        if arg is not None:
            out += emit(frame, "USES", tool_subjects(frame), arg, frame.when("end"), obj_tok=tok)
    start = frame.when("start")
    if out and start is not None:
        # "in favor of Kafka"; "ditched Jira for Linear" only with a named tool ("for cost reasons" names none)
        successors = [(t, A.token_tool(t, frame.idx)) for t in _in_favor_of(frame)]
        successors += [(t, _named_tool(t, frame)) for t in frame.prep("for") + frame.dobj_preps.get("for", [])]
        for tok, arg in successors:
            out += emit(frame, "USES", tool_subjects(frame), arg, start, obj_tok=tok)
    return out


def _named_tool(tok: Token, frame: Frame) -> Arg | None:
    """The tool ``tok`` names outright: a gazetteer term or a proper name, not any noun."""
    arg = A.token_tool(tok, frame.idx)
    return arg if arg is not None and (arg.strength >= 3 or name_arg(tok, frame.idx) is not None) else None



_CHANGE_NOUNS = frozenset({"upgrade", "migration", "switch", "move", "transition", "cutover", "downgrade"})


@rule("finish", "complete", "wrap", "do")
def _finished_change(frame: Frame) -> list[Rel]:
    """"We finished the Postgres 14 to 15 upgrade on November 15", "we completed the move from Jira to Linear"."""
    nouns = [t for t in frame.v.subtree if t.i > frame.v.i and t.pos_ in ("NOUN", "VERB") and t.lemma_.lower() in _CHANGE_NOUNS]
    if not nouns:
        return []
    noun = nouns[0]
    preps = {c.lower_: [p for p in c.children if p.dep_ == "pobj"] for c in noun.children if c.dep_ == "prep"}
    for key in ("from", "to"):
        preps[key] = preps.get(key) or frame.prep(key)
    if preps.get("from") and preps.get("to"):
        old, new = A.token_tool(preps["from"][0], frame.idx), A.token_tool(preps["to"][0], frame.idx)
    else:  # "the Postgres 14 to 15 upgrade": a versioned tool, "to", a version, before the noun
        doc, idx = noun.doc, frame.idx
        start = frame.v.i + 1
        term = next((idx.term_at[j] for j in range(start, noun.i) if idx.term_at[j] is not None
                     and idx.term_at[j].type == "TOOL"), None)
        to = next((j for j in range(start, noun.i) if doc[j].lower_ == "to"), None)
        if term is None or to is None or to + 1 >= noun.i or " " not in term.name:
            return []
        base = term.name.rsplit(" ", 1)[0]
        version = version_of(doc[to + 1])
        old = Arg("entity", term.start, term.name, "TOOL", GAZETTEER)
        new = Arg("entity", to + 1, f"{base} {version}", "TOOL", GAZETTEER) if version else None
    start_when = frame.when("start")
    if start_when is not None and not start_when.phrase:  # "the … upgrade a few days ago": the date on the noun
        from chronomem.extract.frames import when_for

        hung = [t for t in frame.all_times if t.anchor == noun.i]
        start_when = when_for(frame.status, "start", hung[:1]) if hung else start_when
    if old is None or new is None or start_when is None:
        return []
    subjects = tool_subjects(frame)
    return (emit(frame, "USES", subjects, old, replace(start_when, mode="end"))
            + emit(frame, "USES", subjects, new, start_when))
