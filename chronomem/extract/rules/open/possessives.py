"""Possessives without names: "my kids", "our daughter", "my husband", "my friends", "my studio".

The relative or the thing has no name, so it becomes an entity named from its owner
("<speaker>'s kids"), never one shared by everybody's kids. Named ones ("my sister Emma") and
past ones ("my late father", "my ex-husband") are left to the vocabulary rules.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, pronoun_arg
from chronomem.extract.clauses.hygiene import others_in_turn
from chronomem.extract.clauses.records import CALLED, ENTITY, GUESS, OWNED, SPEAKER, YOU, Arg, Rel, held, holds, timed
from chronomem.extract.clauses.stance import negated
from chronomem.extract.clauses.tree import dep_child, is_pet_noun
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import name_follows, named_later, place_arg
from chronomem.extract.rules.people.kin import modifier_state
from chronomem.extract.rules.people.titles import my_boss


def _owned_thing(tok: Token) -> list[Rel]:
    """"my studio", "our online store", "my guitar": something lasting the speaker owns."""
    me = mine(tok)
    own = any(c.lower_ == "own" for c in tok.children)
    verb = tok.head if tok.dep_ == "dobj" else None  # "I run my store" (not "my store was closed")
    business = tok.lemma_.lower() in OPEN.business_nouns
    described = any(c.dep_ in ("amod", "compound") and c.i < tok.i and c.lower_ not in OPEN.patron_modifiers
                    for c in tok.children)  # "my online clothing store" (not "my local store")
    if business and not own and not described and (verb is None or verb.lemma_.lower() not in OPEN.ownership_verbs):
        return []  # "my store" in passing is no statement of owning it; "my own store", "I run my store" are;
        # "my violin", "my car" are owned whatever is said about them
    if me is None or tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].pos_ in ("NOUN", "PROPN"):
        return []  # "my studio space", "my guitar teacher": the noun names something else
    if any(c.lower_ in OPEN.unreal_modifiers for c in tok.children):
        return []  # "my dream studio" is not owned yet
    return [holds("OWNS", me, Arg(ENTITY, tok.i, owned_name(tok, after=me.i), "OTHER", GUESS), tok.i)]


def mine(tok: Token, words: tuple[str, ...] = ("my", "our")) -> Arg | None:
    """The speaker ("my studio") or the speaker's household ("our store") as the owner of ``tok``, by its first
    possessive of ``words``."""
    poss = next((c for c in tok.children if c.dep_ == "poss" and c.lower_ in words), None)
    return pronoun_arg(poss) if poss is not None else None


def owned_name(tok: Token, *, after: int = -1) -> str:
    """A thing owned named by its noun and the modifiers before it (after token ``after``) that say which
    ("hand-painted bowl", "vintage camera"), not the ones that say how new or dear (``dropped_owned_modifiers``)."""
    words = [c for c in tok.children if c.dep_ in ("amod", "compound") and after < c.i < tok.i
             and c.lower_ not in OPEN.dropped_owned_modifiers]
    return " ".join([_modifier_text(w) for w in sorted(words, key=lambda w: w.i)] + [tok.lower_])


def _modifier_text(word: Token) -> str:
    """A modifier with its hyphenated parts: "hand-painted", "one-of-a-kind"; else the word."""
    span = word.doc[word.left_edge.i:word.i + 1]
    if any(t.text == "-" for t in span) and all(t.text == "-" or not t.whitespace_ for t in span[:-1]):
        return span.text.lower()
    return word.lower_


def _shown_or_described(tok: Token) -> bool:
    """An everyday thing of one's own that the speaker presents ("these are my lucky boots", "a photo
    of my bookshelf") or describes ("my hand-knitted scarf", "my running shoes"); "my shoes got wet"
    is no statement of owning something that lasts."""
    head = tok.head
    if tok.dep_ == "attr" and head.lemma_ == "be" and any(
            c.dep_ == "nsubj" and c.lower_ in L.DEMONSTRATIVES for c in head.children):
        return True
    if tok.dep_ == "pobj" and head.lower_ == "of" and head.head.lemma_.lower() in OPEN.photo_nouns:
        return True
    return any(c.dep_ in ("amod", "compound") and c.i < tok.i and c.lower_ not in OPEN.dropped_owned_modifiers
               and c.pos_ in ("ADJ", "NOUN", "VERB") for c in tok.children)


def _unnamed_pet(tok: Token) -> list[Rel]:
    """"my dog", "our cats" with no name near them: the speaker's (or the household's) pets, not "our pets" said of
    pets in general (named pets are the vocabulary rules')."""
    owner = mine(tok, ("my",) if tok.lemma_ == "pet" else ("my", "our"))  # "our pets": pets in general
    said = _pet_said(tok)
    if owner is not None and said is not None:  # "my pet is a hamster": the hamster, not "my pet"
        return [holds("HAS_PET", owner, Arg(OWNED, said.i, said.lower_, "PET", GUESS), said.i)]
    if tok.dep_ in ("appos", "attr", "npadvmod", "conj") or tok.head.lemma_.lower() in OPEN.pet_rule_verbs:
        return []  # "Biscuit, my old dog": named; "I lost my dog": the vocabulary rules read the ending
    if owner is None or any(c.dep_ in ("appos", "acl", "relcl", "compound", "amod") and (
            c.pos_ == "PROPN" or c.lower_ in L.ENDED_KIN_MODIFIERS | L.SKIP_KIN_MODIFIERS) for c in tok.children) or (
            name_follows(tok) or named_later(tok)):
        return []
    return [holds("HAS_PET", owner, Arg(OWNED, tok.i, tok.lower_, "PET", GUESS), tok.i)]


def _pet_said(tok: Token) -> Token | None:
    """The pet noun "my pet" is said to be: "my pet is a hamster", "my only pets are two goldfish" (not "my pet is
    Rex", a name the naming rules read, nor "my pet is not a dog")."""
    if tok.lemma_.lower() != "pet" or tok.dep_ != "nsubj" or tok.head.lemma_ != "be" or negated(tok.head):
        return None
    return next((c for c in tok.head.children if c.dep_ == "attr" and c.pos_ == "NOUN" and is_pet_noun(c)
                 and c.lemma_.lower() != "pet"), None)


def _identity_of_mine(tok: Token) -> list[Rel]:
    """An identity said in passing: "my transgender journey", "my life as a vegan", "my own story as a
    deaf woman" → the speaker RELATED_TO {"relation": "is"} "transgender" / "vegan" / "deaf woman"."""
    if tok.pos_ != "NOUN":
        return []
    if tok.lemma_.lower() in OPEN.life_nouns and mine(tok, ("my",)) is not None:
        adj = next((c for c in tok.children if c.dep_ in ("amod", "compound") and c.lower_ in OPEN.identity_adjectives
                    and c.lower_ not in OPEN.passing_states), None)
        if adj is not None:  # "my transgender journey"
            return [_is(tok, adj.lower_, adj.i)]
    prep = tok.head
    if tok.dep_ != "pobj" or prep.lower_ != "as" or not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in tok.children):
        return []
    owner = prep.head
    if owner.pos_ in ("VERB", "AUX"):  # "tells my story as a deaf musician": "as" hung on the verb
        owner = next((c for c in owner.children if c.dep_ == "dobj"), owner)
    if owner.pos_ != "NOUN" or owner.lemma_.lower() not in OPEN.life_nouns or mine(owner, ("my",)) is None:
        return []
    adjs = [c.lower_ for c in tok.children if c.dep_ == "amod" and c.lower_ in OPEN.identity_adjectives]
    if tok.lower_ in OPEN.identity_adjectives:  # "my life as a vegan"
        return [_is(tok, tok.lower_, tok.i)]
    return [_is(tok, " ".join([*adjs, tok.lower_]), tok.i)] if adjs else []  # "my journey as a transgender woman"


def _is(tok: Token, name: str, i: int) -> Rel:
    return holds("RELATED_TO", Arg(SPEAKER, tok.i), Arg(ENTITY, i, name, "OTHER", GUESS), tok.i, 0.6, {"relation": "is"})


def _home_place(tok: Token) -> list[Rel]:
    """"my home country, Sweden", "my hometown Lodz": where the speaker is from."""
    me = mine(tok, ("my",))
    place = next((c for c in tok.children if c.dep_ == "appos" and c.ent_type_ in ("GPE", "LOC")), None)
    if me is None or place is None:
        return []
    return [holds("RELATED_TO", me, place_arg(place), tok.i, 0.6, {"relation": "is from"})]


def _my_group(tok: Token) -> list[Rel]:
    """"our group, 'Open Hands'", "my band The Foxes", "my dance crew": a group the speaker belongs to."""
    me = mine(tok)
    if me is None or tok.lemma_.lower() in OPEN.loose_group_nouns:
        return []  # "my class" is a lesson as often as a group
    if any(c.lower_ in OPEN.favourite_words for c in tok.children):
        return []  # "my favourite band" is one the speaker listens to, not one they play in
    name = dep_child(tok, "appos")
    if name is not None and all(t.is_title or t.is_punct or t.is_upper or t.lower_ in L.TITLE_GLUE
                                for t in name.subtree) and any(t.is_title for t in name.subtree):
        words = [t for t in name.subtree if not t.is_punct or t.text in ("-", "&")]
        label = " ".join(t.text for t in words).strip("'\"‘’“” ")
        obj = Arg(ENTITY, name.i, label, "GROUP", GUESS)
    else:
        mods = [c.lower_ for c in tok.children if c.dep_ in ("compound", "amod") and c.i > me.i]
        obj = Arg(OWNED, tok.i, " ".join([*mods, tok.lower_]), "GROUP", GUESS)
    return [holds("MEMBER_OF", me, obj, tok.i)]


def listener_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """The speaker and the person spoken to: "you're my best friend", "we're good friends",
    "I treasure our friendship" → FRIEND_OF; "you're my sister" → SIBLING_OF; "you're the best boss I've had" → REPORTS_TO;
    "our mom called" → SIBLING_OF (the listener of a chat of two or whom the turn calls; not "our parents": cousins' too)."""
    out = []
    for tok in sent:
        low = tok.lower_
        if low in OPEN.friendship_nouns and _ours_valued(tok):
            out.append(_with_listener("FRIEND_OF", tok))  # "our friendship", "I appreciate your friendship"
            continue
        if L.KIN.get(low, ("",))[0] == "parent" and low != "parent" and not low.startswith("step") and mine(tok, ("our",)):
            out.append(replace(_with_listener("SIBLING_OF", tok), obj=Arg(YOU, tok.i, type=CALLED)))
            continue
        if low == "friend" and _you_as_friend(tok):
            out.append(_with_listener("FRIEND_OF", tok))  # "you're a great friend", "thanks for being a good friend"
            continue
        if tok.dep_ != "attr" or tok.head.lemma_.lower() != "be" or tok.pos_ != "NOUN":
            continue
        subj = dep_child(tok.head, "nsubj")
        if subj is None or negated(tok.head):
            continue
        if subj.lower_ == "you" and my_boss(tok):  # "you're the best boss I've ever had"
            out.append(_with_listener("REPORTS_TO", tok, ended=tok.head.tag_ == "VBD"))
        elif subj.lower_ == "you" and mine(tok, ("my",)) is not None:
            kin = OPEN.kin_possessions.get(low)
            predicate = "FRIEND_OF" if low in OPEN.friend_nouns else _KIN_TO_PREDICATE.get(kin or "", "")
            state = modifier_state(tok)  # "you're my ex-wife": ended; "my late husband" is no listener
            if predicate and state != "skip":
                out.append(_with_listener(predicate, tok, ended=state == "ended"))
        elif subj.lower_ == "we" and low in OPEN.friend_nouns and tok.tag_ == "NNS" and not others_in_turn(tok.doc, tok):
            out.append(_with_listener("FRIEND_OF", tok))
    return out


def _ours_valued(tok: Token) -> bool:
    """A friendship noun that is ours or yours, with no modifier, and yours or valued: "our friendship", "I appreciate
    your friendship"."""
    valued = tok.head.lemma_.lower() in OPEN.taste_verbs or tok.head.lemma_.lower() in OPEN.valuing_verbs
    ours = any(c.dep_ == "poss" and c.lower_ in ("our", "your") for c in tok.children)
    return ours and not any(c.dep_ in ("compound", "amod") for c in tok.children) and (
        any(c.lower_ == "your" for c in tok.children) or valued)


_KIN_TO_PREDICATE = {k: v for k, v in L.KIN_PREDICATES.items() if k not in ("child", "parent", "friend")}  # a listener is no child of mine


def _you_as_friend(tok: Token) -> bool:
    """"You're a great friend (to me)", "thanks for being such a good friend", "glad to have you as a friend"."""
    head = tok.head
    if tok.dep_ == "attr" and head.lemma_ == "be":
        subj = dep_child(head, "nsubj")
        if subj is not None:
            return subj.lower_ == "you"
        return head.dep_ == "pcomp" and head.head.lower_ == "for" and any(  # "thanks for being a friend"
            t.lower_ in ("thanks", "thank") for t in head.sent)
    return tok.dep_ == "pobj" and head.lower_ == "as" and any(  # "have you as a friend"
        c.dep_ == "dobj" and c.lower_ == "you" for c in head.head.children)


def _superlative_as_noun(tok: Token) -> bool:
    """"my youngest took her first steps", "proud of my eldest": a superlative standing for a child."""
    return tok.tag_ in ("JJS", "RBS") and tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "conj") and any(
        c.dep_ == "poss" for c in tok.children)


def _with_listener(predicate: str, tok: Token, *, ended: bool = False) -> Rel:
    return timed(predicate, Arg(SPEAKER, tok.i), Arg(YOU, tok.i), held(ended), tok.i, 0.7)


# what tells an unnamed friend or parent apart: "my best friend", "my college friends", "friends from work"
_TELLING_DEPS = frozenset({"amod", "compound", "nummod", "prep", "relcl", "acl"})


def _telling_kin(tok: Token) -> str | None:
    """The kin relation a noun names ("kids": child), or ``None``: also for a relation everyone has to no one
    in particular ("hiking with my friends", "my dad says"), which says nothing about the speaker."""
    kin = OPEN.kin_possessions.get(tok.lower_)
    if kin in OPEN.universal_kin and not any(c.dep_ in _TELLING_DEPS for c in tok.children) or \
            kin is not None and modifier_state(tok) == "skip":
        return None  # (also "my partner at the firm": no couple)
    if kin is not None and any(c.dep_ in ("compound", "nmod") and c.lemma_.lower() in L.PET_NOUNS for c in tok.children):
        return None  # "my dog buddy": the dog's name, in lower case
    return kin


def unnamed_kin_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"my kids", "our daughter", "my husband", "my friends" (no name): the speaker's relatives and friends,
    as entities named from the speaker ("<speaker>'s kids")."""
    out = []
    for tok in sent:
        lemma = tok.lemma_.lower()
        head = tok.pos_ == "NOUN" and tok.dep_ not in ("compound", "amod")  # a noun that heads its phrase
        if head and (lemma in OPEN.possession_nouns or lemma in OPEN.business_nouns):
            out += _owned_thing(tok)
            continue
        if head and (lemma in OPEN.everyday_possessions or tok.lower_ in OPEN.everyday_possessions):
            out += _owned_thing(tok) if _shown_or_described(tok) else []
            continue
        if head and is_pet_noun(tok):
            out += _unnamed_pet(tok)
            continue
        if head and lemma in OPEN.group_nouns:
            out += _my_group(tok)
            continue
        if identity := _identity_of_mine(tok):
            out += identity
            continue
        if tok.pos_ == "NOUN" and (tok.lemma_.lower() in OPEN.origin_nouns or tok.lemma_.lower() in OPEN.home_nouns and any(
                c.dep_ == "compound" and c.lower_ == "home" for c in tok.children)):
            out += _home_place(tok)
            continue
        kin = _telling_kin(tok)
        if kin is None or not (tok.pos_ == "NOUN" or _superlative_as_noun(tok)):
            continue
        poss = [c for c in tok.children if c.dep_ == "poss" and c.lower_ == "my"]  # "our kids" is often everybody's
        listener = kin in L.LISTENER_KIN and not any(t.lower_ in OPEN.generic_you_markers for t in tok.sent)
        if not poss and listener:
            poss = [c for c in tok.children if c.dep_ == "poss" and c.lower_ == "your"]  # "you and your new wife"
        if not poss and tok.dep_ == "conj" and not any(c.dep_ in ("poss", "det") for c in tok.children):
            # "my husband and kids": the first conjunct's "my" covers both (not "my brother and his wife")
            poss = [c for c in tok.head.children if c.dep_ == "poss" and (c.lower_ == "my" or listener and c.lower_ == "your")]
        if not poss and tok.lower_ in OPEN.definite_kin and any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children) \
                and not any(c.dep_ in ("prep", "relcl", "acl", "amod", "compound") for c in tok.children) and tok.dep_ != "poss":
            # (not "the children's hospital", "the kids' menu": a kind of place or thing)
            poss = [c for c in tok.children if c.dep_ == "det"]  # "took the kids to the museum", "with the wife"
            if any(t.lower_ in ("you", "your") for t in tok.sent):
                poss = []  # "you and the kids had a blast": the listener's kids
        if tok.dep_ in ("appos", "attr", "npadvmod") and (tok.head.pos_ in ("PROPN", "AUX", "VERB")) or _likeness(tok):
            continue  # "Tom, my brother", "Emma is my sister": a named relative, the vocabulary rules'
        if any(c.dep_ == "appos" for c in tok.children) or name_follows(tok):
            continue
        if tok.dep_ == "nsubj" and tok.head.lemma_.lower() in OPEN.death_verbs and not any(
                c.dep_ == "dobj" for c in tok.head.children):
            continue  # "my wife passed away in 2019": no spouse of now
        if not poss or any(c.dep_ in ("appos", "compound", "amod") and (c.pos_ == "PROPN" or c.lower_ in L.ENDED_KIN_MODIFIERS
                                                                          or c.lower_ in L.SKIP_KIN_MODIFIERS) for c in tok.children):
            continue  # "my sister Emma" is the vocabulary rules'; "my late father", "my ex-husband" are not current
        me = Arg(SPEAKER, poss[0].i) if poss[0].lower_ == "the" else Arg(YOU, poss[0].i) if poss[0].lower_ == "your" \
            else pronoun_arg(poss[0])
        if me is None:
            continue
        other = Arg(OWNED, tok.i, tok.lower_, "PERSON", GUESS)
        subject, obj = (other, me) if kin == "parent" else (me, other)  # "my mom" is the speaker's parent
        out.append(holds(L.KIN_PREDICATES[kin], subject, obj, tok.i, 0.7))
    return out


def _likeness(tok: Token) -> bool:
    """"you're like my best friend": a likeness, no one else (not "like my mom says")."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "like" and tok.head.head.lemma_ == "be"


# the words naming_rels needs one of (as string hashes, compared with args.doc_words)
