"""Which arguments a slot accepts, and the type a rule gives them; and the noun phrases a rule reads as
arguments: teams, clubs, roles and liked or owned things, from a head token and its modifiers.

A rule knows more about an argument's type than NER does ("I work at Shopify": an organisation,
whatever NER said), but less than the gazetteer ("Redis" is a tool). These functions return the
argument typed for the slot, or ``None`` when it does not fit.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, first_name_place, name_arg, valid_name, version_of
from chronomem.extract.clauses.phrases import called_name
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, OWNED, PRONOUN, SPEAKER, THERE, WE, Arg
from chronomem.extract.clauses.tree import dep_child, prep_objects, word_or_lemma_in
from chronomem.extract.lexicon import ROLES, TIES
from chronomem.extract.parse.pipeline import session_speakers

ROLE_SUFFIXES = tuple(sorted(ROLES.role_suffixes))  # str.endswith takes a tuple
ROLE_ENDINGS = tuple(sorted(ROLES.role_endings))  # "geologist", "choreographer": a profession by its ending


# ----------------------------------------------------------------------------- noun phrases
def _modifiers(tok: Token) -> list[Token]:
    """Contiguous compound/adjective modifiers directly left of ``tok`` (articles and "new" dropped)."""
    mods: list[Token] = []
    j = tok.i - 1
    while j >= tok.sent.start:
        left = tok.doc[j]
        if left.dep_ in ("compound", "amod", "nmod", "npadvmod") and left.head.i >= j and left.lower_ not in L.SKIP_MODIFIERS \
                and left.lower_ not in L.DET_WORDS and not left.is_punct:
            mods.insert(0, left)
            j -= 1
            continue
        if left.lower_ in L.SKIP_MODIFIERS or left.dep_ == "advmod":
            j -= 1
            continue
        if left.tag_ == "HYPH" and mods and mods[0].i == j + 1:
            del mods[0]  # half of a hyphenated word is no modifier: "a part-time barista" is no "time barista"
        break
    return mods


def team_arg(tok: Token, *, allow_area: bool = False, field: bool = False) -> Arg | None:
    """"the platform team" → GROUP "platform team"; with ``allow_area``, "billing" → "billing team"; with ``field``, a
    field of work narrowed by areas only (``team_fields``): "platform eng" → "platform engineering"."""
    lower = tok.lower_
    areas = [m for m in _modifiers(tok) if m.lower_ in L.TEAM_AREAS] if field and lower in L.TEAM_FIELDS else []
    if areas and len(areas) == len(_modifiers(tok)):
        return Arg(ENTITY, areas[0].i, " ".join([*(m.lower_ for m in areas), L.TEAM_FIELDS[lower]]), "GROUP", GAZETTEER)
    if tok.lemma_.lower() in L.TEAM_NOUNS or lower in L.TEAM_NOUNS:
        mods = [m for m in _modifiers(tok) if m.pos_ != "PRON" and not m.like_num]
        if not mods or tok.ent_type_ == "ORG" and tok.is_title and tok.i > tok.sent.start and all(
                m.pos_ == "PROPN" and m.lower_ not in L.TEAM_AREAS for m in mods):
            return None  # (not "the Marriott Group": a company's name)
        name = " ".join([*(m.lower_ for m in mods), lower])
        return Arg(ENTITY, mods[0].i, name, "GROUP", GAZETTEER)
    if allow_area and lower in L.TEAM_AREAS and tok.pos_ in ("NOUN", "PROPN", "ADJ", "VERB"):
        return Arg(ENTITY, tok.i, f"{lower} team", "GROUP", GAZETTEER)
    return None


def group_name(tok: Token, idx: DocIndex, *, alone: bool = False) -> bool:
    """A plural name with "the" that names no place nor event: "the Night Owls" (with ``alone``, one word too:
    "part of the Harriers"; not "the Hamptons", "the Blue Ridge Mountains", "the Olympics", "the Red Cross")."""
    the = any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children)
    named = alone or any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in tok.children)
    term = idx.term_at[tok.i]
    return the and named and (tok.tag_ == "NNPS" or tok.lower_.endswith("s") and not tok.lower_.endswith("ss")) and not (
        tok.ent_type_ in ("GPE", "LOC", "FAC", "PERSON") or (term is not None and term.type == "PLACE")
        or tok.lower_ in TIES.not_group_names)


def capitalised(tok: Token) -> bool:
    """A proper noun, or a capitalised plural the parser took for a common noun mid-sentence ("the Comets")."""
    return tok.pos_ == "PROPN" or tok.tag_ == "NNS" and tok.is_title and not tok.is_sent_start


def club_arg(tok: Token, idx: DocIndex | None = None, *, alone: bool = False) -> Arg | None:
    """A team ("the platform team") or a club ("a chess club") one joins or quits; with ``idx``, a named one too
    ("the Sierra Club": a group, not an employer; with ``alone``, one word: "the Harriers")."""
    team = team_arg(tok)
    if team is None and capitalised(tok) and idx is not None and (
            tok.lemma_.lower() in L.CLUB_NOUNS or group_name(tok, idx, alone=alone)):
        named = token_org(tok, idx, tools=False)
        return None if named is None else replace(named, type="GROUP")
    if team is not None or tok.pos_ != "NOUN" or tok.lemma_.lower() not in L.CLUB_NOUNS:
        return team
    mods = [m for m in _modifiers(tok) if m.pos_ != "PRON" and not m.like_num]
    name = " ".join([*(m.lower_ for m in mods), tok.text if tok.is_upper else tok.lemma_.lower()])  # "the YMCA"
    return Arg(ENTITY, mods[0].i if mods else tok.i, name, "GROUP", GAZETTEER)


def is_role_head(tok: Token, *, strict: bool = True) -> bool:
    lemma = tok.lemma_.lower() if tok.pos_ != "PROPN" else tok.lower_
    if lemma in L.ROLE_HEADS or tok.lower_ in L.ROLE_HEADS:
        return not (strict and lemma in L.WEAK_ROLE_HEADS and not _modifiers(tok))
    if any(c.dep_ in ("amod", "compound") and tok.lower_ in ROLES.kin_roles.get(c.lower_, ()) for c in tok.children):
        return True  # "a stay-at-home dad", "a foster parent": a kin noun made a role
    return tok.pos_ == "NOUN" and (lemma.endswith(ROLE_ENDINGS) or not strict and lemma.endswith(ROLE_SUFFIXES))


def role_arg(tok: Token, *, strict: bool = True) -> Arg | None:
    """"a senior backend developer" → ROLE "senior backend developer"; "head of engineering" too."""
    if tok.pos_ not in ("NOUN", "PROPN") or not is_role_head(tok, strict=strict):
        return None
    if tok.pos_ == "PROPN" and not tok.is_upper:  # "CTO", not a name
        return None
    if any(c.dep_ in ("amod", "compound") and c.lower_ in ROLES.hobby_modifiers for c in tok.children):
        return None  # "an amateur photographer", "an aspiring writer": a pastime or a hope
    words = [role_word(m) for m in _modifiers(tok)  # praise is no part of a role: "a real doctor" is a doctor
             if not m.like_num and not (m.dep_ == "amod" and m.lower_ in ROLES.evaluative_adjectives)]
    words.append(role_word(tok))
    for child in tok.children:
        if child.dep_ == "prep" and child.lower_ == "of" and tok.lemma_.lower() in L.OF_ROLE_HEADS:
            pobj = dep_child(child, "pobj")
            if pobj is not None:  # "curator of insects (at the museum)": the field, not where it is held
                place = {t.i for c in pobj.children if c.dep_ == "prep" for t in c.subtree}
                words += ["of", *(t.lower_ for t in pobj.subtree
                                  if not t.is_punct and t.lower_ not in L.DET_WORDS and t.i not in place)]
    name, said = " ".join(words), " ".join(t.lower_ for t in tok.subtree if not t.is_punct)
    if any(name.endswith(phrase) or said.endswith(phrase) for phrase in ROLES.not_roles):
        return None  # "a team player", "a hard worker": what someone is like, not their work; "the maid of honor"
    return Arg(ENTITY, tok.i, name, "ROLE", GAZETTEER) if valid_name(name) and len(words) <= 6 else None


def role_word(tok: Token) -> str:
    """Role words are lower-cased, acronyms kept: "senior SRE", "CTO"."""
    return tok.text if tok.is_upper and 2 <= len(tok.text) <= 5 else tok.lower_


def thing_arg(tok: Token, idx: DocIndex) -> Arg | None:
    """A liked, owned or preferred thing: a name, a short noun phrase or a bare gerund."""
    if tok.pos_ == "PRON" or tok.lower_ in L.OTHER_PRONOUNS or idx.is_time(tok):
        return None
    if (tok.pos_ == "PROPN" or idx.term_at[tok.i] is not None) and (arg := name_arg(tok, idx)) is not None:
        return arg
    if tok.pos_ == "VERB" and tok.tag_ == "VBG" and not any(c.dep_ in ("dobj", "prep", "xcomp") for c in tok.children):
        return Arg(ENTITY, tok.i, tok.lower_, "OTHER", GUESS)
    if tok.pos_ != "NOUN" or word_or_lemma_in(tok, L.VAGUE_THINGS):
        return None
    if any(c.dep_ in ("det", "poss") and c.lower_ in L.NOT_MINE_DETERMINERS for c in tok.children):
        return None
    words = [m.lower_ for m in _modifiers(tok) if not m.like_num]
    name = " ".join([*words, tok.lower_])
    return Arg(ENTITY, tok.i, name, "OTHER", GUESS) if len(words) <= 3 and valid_name(name) else None


# ----------------------------------------------------------------------------- names typed for a slot
def place(arg: Arg | None) -> Arg | None:
    if arg is None or arg.kind == THERE:
        return arg
    if arg.kind != ENTITY or (arg.strength >= GAZETTEER and arg.type != "PLACE") or arg.label in ("ORG", "PRODUCT") or (
            arg.label == "PERSON" and arg.gender):
        return None
    return arg.typed("PLACE")


def mistyped_town(arg: Arg | None, tok: Token) -> Arg | None:
    """A town NER took for an organisation, in a place slot ("we moved to Bozeman", "I live in Flagstaff"): one plain
    capitalised word (not "Veridian Dynamics", "IBM", "PayPal"), no organisation word nor speaker, in a sentence that
    says nothing of a job or a company ("I moved to Zentrix for a new job": no place)."""
    if arg is None or arg.kind != ENTITY or arg.label != "ORG" or arg.strength >= GAZETTEER:
        return None
    name = arg.name
    if not (name.isalpha() and name.istitle()) or name.lower() in L.ORG_HEADS or name.lower() in session_speakers(tok.doc):
        return None
    work = any(t.lemma_.lower() in L.JOB_NOUNS or t.lemma_.lower() in TIES.employer_nouns for t in tok.sent)
    return None if work else replace(arg, type="PLACE", label="GPE")


def org(arg: Arg | None, *, strict: bool = False, tools: bool = True) -> Arg | None:
    """An employer. ``strict``: only names known to be organisations (gazetteer or NER)."""
    if arg is None or arg.kind != ENTITY:
        return None
    if arg.strength >= GAZETTEER:
        return arg if arg.type == "ORG" or arg.label == "ORG" or (tools and arg.type == "TOOL") else None
    return None if strict and arg.label != "ORG" or arg.gender else arg.typed("ORG")  # gender: a first name, "for Tom"


def tool(arg: Arg | None, *, loose: bool = False) -> Arg | None:
    """A tool. ``loose``: the slot only takes tools (what a team switched from and to), so a
    name NER called a place is taken as a tool unless the gazetteer knows it as one."""
    if arg is None or arg.kind != ENTITY:
        return None
    if arg.strength >= GAZETTEER and arg.type not in ("TOOL", "ORG", "VALUE") or arg.gender or (
            arg.label in ("GPE", "LOC", "FAC") and not loose):
        return None
    return arg.typed("TOOL")


def person_shaped(name: str) -> bool:
    """A name that reads like a person's: capitalised words (particles and initials allowed), no
    organisation words, digits or acronyms ("Rodrigo Maia", "P. T. Barnum", "Kenji"; not "IBM",
    "Liberal Party", "Acme Labs").

    >>> person_shaped("Miguel Herrero y Rodríguez"), person_shaped("Liberal Front Party"), person_shaped("NASA")
    (True, False, False)
    """
    words = name.split()
    if not 1 <= len(words) <= 6 or not words[0][:1].isupper():
        return False
    for word in words:
        low = word.lower().strip(".,")
        if low in L.ORG_WORDS or any(ch.isdigit() for ch in word):
            return False
        if word[:1].isupper():
            if len(word) > 1 and word.isupper() and not word.endswith("."):
                return False  # an acronym
        elif low not in L.NAME_PARTICLES:
            return False
    return True


def person(arg: Arg | None, *, we: bool = False, loose: bool = False) -> Arg | None:
    """A person. ``loose``: the slot only takes people (the subject of "lives in", "joined"), so
    a person-shaped name NER called an organisation or a place is taken as a person."""
    if arg is None or arg.kind in (SPEAKER, PRONOUN) or (we and arg.kind == WE):
        return arg
    if loose:
        arg = first_name_place(arg)
    if arg.kind != ENTITY or arg.strength >= GAZETTEER:
        return None
    if arg.label in ("GPE", "LOC", "FAC", "ORG", "PRODUCT") and not (
            arg.gender or (loose and arg.label != "PRODUCT" and person_shaped(arg.name))):
        return None
    return arg.typed("PERSON")


def subject_person(arg: Arg | None, *, we: bool = True, loose: bool = True) -> Arg | None:
    """A subject that can live, work, like…: the speaker, the group, a pronoun or a person's name."""
    if arg is not None and arg.kind == ENTITY and arg.type == "GROUP":
        return arg if we else None
    return person(arg, we=we, loose=loose)


def token_place(tok: Token, idx: DocIndex) -> Arg | None:
    if tok.lower_ == "there":
        return Arg(THERE, tok.i)
    if idx.is_time(tok) or tok.pos_ == "PRON":
        return None
    named = place(found := name_arg(tok, idx)) or mistyped_town(found, tok)
    lemma = tok.lemma_.lower()
    if named is not None or (lemma not in L.PLACE_NOUNS and lemma not in L.HOMES):
        return named
    return described_place(tok, idx, describe=lemma in L.PLACE_NOUNS)


def described_place(tok: Token, idx: DocIndex, *, describe: bool = True) -> Arg | None:
    """A place said with a common noun: the named place under it ("a small town in Ohio" → Ohio, "an
    apartment in Chicago" → Chicago), else (``describe``) the noun with a telling modifier ("a small town",
    "the east coast"); not "a new city" nor "the city", and a home is no place by itself."""
    for obj in prep_objects(tok, *L.WITHIN_PREPS):
        if (inner := token_place(obj, idx)) is not None and inner.kind == ENTITY:
            return inner
    if (name := called_name(tok)) is not None:
        return Arg(ENTITY, tok.i, name, "PLACE", GUESS)  # "a small town called Millbrook"
    mods = [c for c in tok.children if c.dep_ in ("amod", "compound") and c.i < tok.i]
    telling = word_or_lemma_in(tok, L.TELLING_PLACE_NOUNS)  # "on a farm"
    if not describe or not (mods or telling) or any(m.lower_ in L.VAGUE_PLACE_MODIFIERS for m in mods) or any(
            c.dep_ == "poss" for c in tok.children):
        return None
    if not mods:
        return Arg(ENTITY, tok.i, tok.lower_, "PLACE", GUESS)
    first = min(m.i for m in mods)
    return Arg(ENTITY, first, " ".join(t.lower_ for t in tok.doc[first:tok.i + 1]), "PLACE", GUESS)


def token_tool(tok: Token, idx: DocIndex, base: Arg | None = None, *, loose: bool = False) -> Arg | None:
    """A tool, or a version of ``base`` ("13" after "upgraded Postgres from …")."""
    version = version_of(tok)
    if version is not None and base is not None and idx.term_at[tok.i] is None:
        return Arg(ENTITY, tok.i, f"{base.name} {version}", "TOOL", GAZETTEER)
    if idx.is_time(tok) and idx.term_at[tok.i] is None or tok.pos_ == "PRON":
        return None
    return tool(name_arg(tok, idx), loose=loose)


def token_org(tok: Token, idx: DocIndex, *, strict: bool = False, tools: bool = True) -> Arg | None:
    if idx.is_time(tok) or tok.pos_ == "PRON" or tok.like_num:
        return None
    arg = widen_org(tok, org(name_arg(tok, idx), strict=strict, tools=tools), idx)
    if arg is not None and arg.strength < GAZETTEER and tok.dep_ == "pobj" and any(  # a shop known by a possessive:
            c.dep_ == "case" and c.lower_ in ("'s", "’s") for c in tok.children):  # "at Trader Joe's", "St. Luke's"
        return replace(arg, name=arg.name + "'s")
    return arg


def widen_org(tok: Token, arg: Arg | None, idx: DocIndex) -> Arg | None:
    """``arg`` (an employer) under its whole name when NER cut it short (see :func:`org_phrase`)."""
    if arg is None or arg.strength >= GAZETTEER:
        return arg
    whole = org_phrase(tok, idx)
    if whole is not None and len(whole) > len(arg.name) and arg.name.rstrip(" ,").removesuffix(" at").removesuffix(" in") in whole:
        return Arg(ENTITY, arg.i, whole, "ORG", max(arg.strength, 1), label="ORG")
    return arg


def _name_tail(doc, hi: int, end: int, idx: DocIndex, *, institution: bool = False) -> int:  # noqa: ANN001
    """Extend a name over a closed parenthesis, or "of"/"for" and capitalised words the parser hung elsewhere
    ("Rally | for the Republic"); for an institution also "at"/"in"/"," ("Washington University in St. Louis")."""
    links = L.INSTITUTION_LINKS if institution else L.NAME_LINKS
    for _ in range(4):
        if hi < end and doc[hi].text == "(":
            close = next((k for k in range(hi + 1, min(end, hi + 8)) if doc[k].text == ")"), None)
            if close is None or not all(doc[k].is_alpha or doc[k].like_num for k in range(hi + 1, close)):
                return hi
            hi = close + 1
        elif hi + 1 < end and doc[hi].lower_ in links:
            k = hi + 1 + (doc[hi + 1].lower_ in ("the", "a"))
            j = k
            while j < end and doc[j].text[:1].isupper() and (doc[j].is_alpha or doc[j].text.endswith(".")) \
                    and not idx.is_time(doc[j]):
                j += 1
            if j == k:
                return hi
            hi = j
        else:
            return hi
    return hi


def org_phrase(tok: Token, idx: DocIndex) -> str | None:
    """The whole name an organisation noun phrase spells where NER cut it short ("Democrats of the Left", "Unity
    (Russian political party)"): capitalised and connecting words and a parenthesis, else ``None``."""
    doc, sent = tok.doc, tok.sent
    lo, hi = tok.left_edge.i, tok.right_edge.i + 1
    while lo < hi and doc[lo].lower_ in ("the", "a", "an"):
        lo += 1
    institution = any(t.lower_ in L.INSTITUTIONS for t in doc[lo:hi])
    hi = _name_tail(doc, hi, sent.end, idx, institution=institution)
    words = doc[lo:hi]
    if len(words) < 2 or len(words) > 12 or not words[0].text[:1].isupper():
        return None
    team = words[-1].lower_ == "team"  # "the France national under-18 football team"
    depth = 0
    for t in words:
        if t.text == "(":
            depth += 1
        elif t.text == ")":
            depth -= 1
        elif depth > 0:
            if not (t.is_alpha or t.like_num):
                return None
        elif (idx.is_time(t) and not team) or not (t.text[:1].isupper() or t.lower_ in L.ORG_GLUE or t.text in (",", ".", "-")
                                                  or (team and (t.lower_ in L.NATIONAL_TEAM_WORDS or t.lower_.startswith("under")
                                                                or t.like_num))):
            return None
    if depth != 0 or words[-1].lower_ in L.ORG_GLUE or words[-1].text in (",", "-") \
            or any(idx.is_tool(t) for t in words):
        return None  # places and organisations may be part of the name ("University of California, Berkeley"), products not
    return words.text if hi <= sent.end else None


def classify_destination(tok: Token, idx: DocIndex) -> tuple[str, Arg] | None:
    """Where something moved to: a team, a tool, an employer or a place; a place noun by the place it
    names ("a small town called Millbrook", "a village in Kent"), never by itself ("a small town")."""
    if (team := team_arg(tok)) is not None:
        return "MEMBER_OF", team
    if tok.lower_ == "there":
        return "LIVES_IN", Arg(THERE, tok.i)
    if idx.is_time(tok) or tok.pos_ == "PRON":
        return None
    arg = name_arg(tok, idx)
    if arg is None:
        named = described_place(tok, idx, describe=False) if tok.lemma_.lower() in L.PLACE_NOUNS else None
        return ("LIVES_IN", named) if named is not None else None
    gazetteer = arg.strength >= GAZETTEER  # a gazetteer name is a tool, an employer or a place
    predicate, found = (L.TYPE_PREDICATES.get(arg.type), arg) if gazetteer else ("LIVES_IN", place(arg) or mistyped_town(arg, tok))
    return (predicate, found) if predicate is not None and found is not None else None


def is_job_noun(tok: Token | None) -> bool:
    return tok is not None and tok.lemma_.lower() in L.JOB_NOUNS


def how_many_only(tok: Token) -> bool:
    """A noun said with how many and nothing more: "two cats", "3 kids" (not "a cat", "one dog")."""
    return any(c.dep_ == "nummod" and c.lower_ not in ("one", "1") for c in tok.children)


def owned_arg(tok: Token, type_: str) -> Arg:
    """Something of the subject's that has no name, with what the turn says of it: how many and of what
    kind ("two dogs", "golden retriever"), not how the speaker feels about it ("cute", "new")."""
    breed = tok.lemma_.lower() not in L.GENERIC_PET_NOUNS
    mods = [c for c in tok.children if c.i < tok.i and (c.dep_ in ("nummod", "compound") or (
        c.dep_ == "amod" and breed and c.lower_ not in L.SKIP_MODIFIERS and c.pos_ == "ADJ"))]
    first = min([m.i for m in mods] + [tok.i])
    words = [t.lower_ for t in tok.doc[first:tok.i + 1] if t.is_alpha or t.like_num]
    return Arg(OWNED, tok.i, " ".join(words) if len(words) == tok.i + 1 - first else tok.lower_, type_, GUESS)
