"""Roles and ties at work said in conversation that the copula and title rules
(:mod:`~chronomem.extract.rules.people.people`, :mod:`~chronomem.extract.rules.people.nominal`) do not read:
past roles (:func:`title_rels`), roles a "become" presupposes (:func:`became_rels`), roles held for someone
and dismissals (:func:`work_tie_rels`, :func:`staying_rels`).

Not negated, not with a modal, not several people addressed ("you guys are fired"), nor "fired up";
kin and bosses ("you used to be my boss") are the kin rules'. The words are data (``person_titles`` in
``people.json``, ``assisting_roles`` and ``dismissals`` in ``dialogue.json``).
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.accept import role_arg
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.records import ENTITY, GROUP_YOU, RULE, SPEAKER, WE, YOU, Arg, Rel, When, held, holds, timed
from chronomem.extract.clauses.stance import plain, subject_of
from chronomem.extract.lexicon import DIALOGUE, NAMES, PEOPLE
from chronomem.extract.rules.people.kin import kin_of, owner_word, said_person
from chronomem.extract.rules.people.who import person_in

_SHORT = 6  # tokens of a sentence that only thanks or greets someone ("Thanks doctor!!")
_PRESUPPOSING = frozenset({"why", "how", "when"})  # a question with these takes the change as given


def title_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """HAS_ROLE of a role held in the past, a title after thanks, a role the listener became (a sentence without
    "used", "now", "became" or a short address is passed over unread)."""
    text = sent.text.lower()
    past = "used" in text or "now" in text
    short = len(sent) <= _SHORT
    out: list[Rel] = []
    for tok in sent if past or short else ():
        dep = tok.dep_
        if dep == "attr" and past and tok.pos_ == "NOUN" and tok.head.lemma_ == "be":
            out += _used_to_be(tok, idx) or _was_until_now(tok, idx)
        elif dep == "ROOT" and short and tok.lower_.rstrip(".") in PEOPLE.person_titles:
            out += _thanked(tok)
    return out + (became_rels(sent, idx, asked=False) if "became" in text or "become" in text else [])


def became_rels(sent: Span, idx: DocIndex, *, asked: bool) -> list[Rel]:
    """HAS_ROLE from a past "become": the listener's in a statement ("so you became a chef"); anyone's
    in a question (``asked``) that asks why, how or when it happened, which takes the change as given."""
    return [r for tok in sent if tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "become"
            for r in _became(tok, idx, asked=asked)]


def _became(attr: Token, idx: DocIndex, *, asked: bool) -> list[Rel]:
    verb = attr.head
    kids = list(verb.children)
    if any(c.dep_ == "neg" or c.tag_ == "MD" or c.lower_ == "never" for c in kids) or not (
            verb.tag_ == "VBD" or any(c.dep_ == "aux" and c.lower_ == "did" for c in kids)):
        return []  # "you'll become a chef", "to become a chef": no change that took place
    wh = any(c.dep_ == "advmod" and c.lower_ in _PRESUPPOSING for c in kids)
    if asked and not wh:
        return []  # "did you become a chef?" asks whether
    if not asked and not wh and verb.dep_ not in ("ROOT", "conj"):
        return []  # "I think you became a chef", "if you became a chef"
    who = _holder(verb, idx)
    if who is None or (not asked and who.kind != YOU) or any(c.dep_ == "poss" for c in attr.children):
        return []  # the speaker's and third persons' "became" are the verb rules'
    role = role_arg(attr, strict=True) if kin_of(attr) is None else None
    return [] if role is None else [holds("HAS_ROLE", who, role, attr.i)]


def _several(you: Token) -> bool:
    """"you and Nora became chefs": "you" with someone joined to it."""
    return any(c.dep_ == "conj" for c in you.children)


def _holder(verb: Token, idx: DocIndex) -> Arg | None:
    """The subject of ``verb`` as a person: "I", "you" (one listener), he/she, or a name."""
    return person_in(subject_of(verb), idx, "becoming", several=_several)


def _ended(who: Arg | None, attr: Token) -> list[Rel]:
    role = role_arg(attr, strict=True) if kin_of(attr) is None else None
    if who is None or role is None:
        return []
    return [Rel("HAS_ROLE", who, role, When("end", vague=True), "end", None, 0.7, {}, attr.i)]


def _used_to_be(attr: Token, idx: DocIndex) -> list[Rel]:
    """"You used to be my babysitter", "you used to be a nurse": a role held in the past (the verb rules
    read the speaker's and third persons' "used to be a nurse")."""
    be, used = attr.head, attr.head.head
    if be.dep_ != "xcomp" or used.lemma_ != "use" or used.tag_ != "VBD" or any(
            c.dep_ == "neg" or c.lower_ == "never" for c in (*used.children, *be.children)):
        return []
    who = _holder(used, idx)
    owned = any(c.dep_ == "poss" for c in attr.children)
    return _ended(who, attr) if owned or who is not None and who.kind == YOU else []


def _was_until_now(attr: Token, idx: DocIndex) -> list[Rel]:
    """"I was a chef and now I'm a baker": the past role, over now."""
    be = attr.head
    if be.tag_ != "VBD" or any(c.dep_ in ("neg", "aux") for c in be.children):
        return []
    now = next((c for c in be.children if c.dep_ in ("conj", "parataxis") and c.i > attr.i and c.tag_ in ("VBP", "VBZ")
                and any(a.lower_ == "now" for a in c.children)), None)
    return [] if now is None else _ended(_holder(be, idx), attr)


def _thanked(tok: Token) -> list[Rel]:
    """"Thanks doctor.": the title with only a word of thanks (or a greeting) joined to it."""
    children = [c for c in tok.children if not c.is_punct]
    thanks = children and all(c.dep_ == "compound" and c.i < tok.i and c.lower_ in NAMES.interjections
                              for c in children)
    return listener_titled(tok) if thanks else []


def title_role(tok: Token) -> Arg:
    """The role a title word gives (``person_titles``): "Dr." → doctor."""
    titles = PEOPLE.person_titles
    return Arg(ENTITY, tok.i, titles.get(tok.lower_) or titles[tok.lower_.rstrip(".")], "ROLE", RULE)


def listener_titled(tok: Token) -> list[Rel]:
    """A title said to someone ("Thanks doctor.", "Just a minute, officer!"): in a group, the listener's role."""
    return [holds("HAS_ROLE", Arg(GROUP_YOU, tok.i), title_role(tok), tok.i)]


# ----------------------------------------------------------------------------- ties at work
def work_tie_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Shared roles ("we're both nurses"), roles held for someone ("I'm Nora's assistant", "I work as Nora's
    assistant") and dismissals."""
    out: list[Rel] = []
    for tok in sent:
        if tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "be" and plain(tok.head):
            out += _held_for(tok, tok.head, idx) or _shared_role(tok)
        elif tok.dep_ == "pobj" and tok.pos_ == "NOUN" and tok.head.lower_ == "as" and tok.head.head.lemma_ in (
                "work", "serve") and plain(tok.head.head):
            out += _held_for(tok, tok.head.head, idx)
        elif tok.lemma_.lower() in DIALOGUE.dismissals and tok.tag_ == "VBN" and plain(tok):
            out += _dismissed(tok)
    return out


def my_boss(tok: Token) -> bool:
    """A boss noun the speaker's own: "my boss", "the best manager I've ever had", "a great boss to me" (not "the boss")."""
    if tok.lemma_.lower() not in L.BOSS_NOUNS:
        return False
    had = any(c.dep_ == "relcl" and c.lemma_ in ("have", "work") and any(s.dep_ == "nsubj" and s.lower_ == "i" for s in c.children)
              for c in tok.children)
    return had or any(c.dep_ == "poss" and c.lower_ == "my" for c in tok.children) or any(
        c.lower_ == "to" and [p.lower_ for p in c.children] == ["me"] for c in (*tok.children, *tok.head.children))


def _one_subject(verb: Token, idx: DocIndex) -> Arg | None:
    """The verb's one subject as a person ("we" is the speaker, one of them); not several people addressed."""
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subj) != 1 or any(c.lower_ in DIALOGUE.several_holders for c in subj[0].children):
        return None
    if subj[0].lower_ == "we":
        return Arg(SPEAKER, subj[0].i)  # "we're Nora's assistants": the speaker is one of them
    return said_person(subj[0], idx)


def _held_for(noun: Token, verb: Token, idx: DocIndex) -> list[Rel]:
    """"I'm Nora's assistant" (``verb`` the clause's, here "'m"): the holder reports to the owner."""
    if noun.lemma_.lower() not in DIALOGUE.assisting_roles:
        return []
    owner = owner_word(noun, idx)
    holder = _one_subject(verb, idx)
    if owner is None or owner.kind == WE or holder is None or holder.kind == owner.kind == SPEAKER:
        return []
    rels = [holds("REPORTS_TO", holder, owner, noun.i, 0.7)] + _held_role(holder, noun)
    return [replace(r, when=held(True), kind="end") for r in rels] if verb.tag_ == "VBD" else rels  # "I was …": over


def staying_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"You can't stay my assistant forever", "if she remains Nora's intern": to stay a role held for
    someone presupposes holding it now, whatever the clause does (a negation, a modal, a condition)."""
    out: list[Rel] = []
    for verb in sent:
        if verb.lemma_ not in ("stay", "remain") or verb.pos_ not in ("VERB", "AUX"):
            continue
        noun = next((c for c in verb.children if c.dep_ in ("dobj", "attr", "oprd", "acomp")
                     and c.lemma_.lower() in DIALOGUE.assisting_roles), None)
        owner = owner_word(noun, idx) if noun is not None else None
        holder = _one_subject(verb, idx)
        if owner is None or owner.kind == WE or holder is None or holder.kind == owner.kind != ENTITY:
            continue
        out.append(holds("REPORTS_TO", holder, owner, verb.i))
    return out


def _shared_role(noun: Token) -> list[Rel]:
    """"we're both nurses": the speaker's role (the role rules read "I'm a nurse")."""
    subj = [c for c in noun.head.children if c.dep_ == "nsubj"]
    if len(subj) != 1 or subj[0].lower_ != "we" or noun.tag_ != "NNS":
        return []
    return _held_role(Arg(SPEAKER, subj[0].i), noun)


def _held_role(holder: Arg, noun: Token) -> list[Rel]:
    """The role ``noun`` names, held by ``holder``, in the singular ("Nora's two interns": intern)."""
    if (role := role_arg(noun, strict=True)) is None:
        return []
    singular = replace(role, name=" ".join([*role.name.split()[:-1], noun.lemma_.lower()]))
    return [holds("HAS_ROLE", holder, singular, noun.i, 0.7)]


def _dismissed(verb: Token) -> list[Rel]:
    """"You're fired!": the listener reported to the speaker until now."""
    subj = [c for c in verb.children if c.dep_ == "nsubjpass"]
    if any(c.dep_ in ("prt", "prep", "advmod") and c.lower_ in ("up", "about", "over") for c in verb.children):
        return []  # "you're fired up about it": eager, not dismissed
    several = len(subj) != 1 or any(c.lower_ in ("guys", "all", "both") for c in subj[0].children)
    if several or subj[0].lower_ != "you" or not any(
            c.dep_ == "auxpass" and c.lemma_ == "be" and c.tag_ in ("VBP", "VBZ") for c in verb.children):
        return []
    return [timed("REPORTS_TO", Arg(YOU, subj[0].i), Arg(SPEAKER, verb.i), When("end", fresh=True), verb.i, 0.7)]
