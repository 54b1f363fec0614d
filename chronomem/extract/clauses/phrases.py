"""Object phrases that keep their essential words: "restoring old motorbikes", "the sound of rain".

The phrase is the object token's subtree without what does not name the thing (determiners, clauses,
time words, adverbs, conjuncts); a gerund keeps its object, an infinitive becomes a gerund ("to paint
landscapes" → "painting landscapes"). Pronouns, vague nouns and over-long phrases give ``None``.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import LEMMAS, NAMES, OPEN

MAX_WORDS = 7
_DROP_CHILD_DEPS = frozenset({"relcl", "acl", "advcl", "punct", "cc", "conj", "appos", "parataxis", "dep", "advmod",
                              "npadvmod", "mark", "aux", "auxpass", "neg", "nsubj", "nsubjpass", "intj", "meta"})
_LEADING_DROP = frozenset({"det", "poss", "case", "nummod"})
_VOWELS = "aeiou"
_ES_ENDINGS = tuple(sorted(LEMMAS.es_endings))  # str.endswith takes a tuple


def gerund(lemma: str) -> str:
    """The -ing form of a verb lemma.

    >>> [gerund(v) for v in ("paint", "make", "run", "tie", "see", "visit", "swim", "bake", "ski")]
    ['painting', 'making', 'running', 'tying', 'seeing', 'visiting', 'swimming', 'baking', 'skiing']
    """
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")) and len(lemma) > 2:
        return lemma[:-1] + "ing"
    groups = sum(1 for i, ch in enumerate(lemma) if ch in _VOWELS and (i == 0 or lemma[i - 1] not in _VOWELS))
    if (groups == 1 and len(lemma) >= 3 and lemma[-1] not in _VOWELS + "wxy" and lemma[-2] in _VOWELS
            and lemma[-3] not in _VOWELS):
        return lemma + lemma[-1] + "ing"
    return lemma + "ing"


def third_person(lemma: str) -> str:
    """The present-tense form after he/she: "volunteer" → "volunteers".

    >>> [third_person(v) for v in ("volunteer", "teach", "fix", "study", "play", "go", "have", "be")]
    ['volunteers', 'teaches', 'fixes', 'studies', 'plays', 'goes', 'has', 'is']
    """
    if lemma in LEMMAS.third_person_irregular:
        return str(LEMMAS.third_person_irregular[lemma])
    if lemma.endswith(_ES_ENDINGS):
        return lemma + "es"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _VOWELS:
        return lemma[:-1] + "ies"
    return lemma + "s"


def _kind_of(child: Token, tok: Token) -> bool:
    """A time noun right before the noun it tells the kind of, no time itself: "night shifts", "morning runs"."""
    return child.dep_ == "compound" and child.pos_ == tok.pos_ == "NOUN" and child.i == tok.i - 1 and child.is_lower


def _which_one(child: Token) -> bool:
    """An ordinal that says which of its noun it is: "first grade", "my second marathon" (a number, no time)."""
    return child.dep_ == "amod" and child.ent_type_ == "ORDINAL"


def _kept(tok: Token, root: Token, is_time) -> list[Token]:
    out = [tok]
    for child in tok.children:
        dep = child.dep_
        if dep in ("cc", "conj") and tok is not root and tok.dep_ in ("compound", "amod", "nmod"):
            out += _kept(child, root, is_time)  # "fantasy and sci-fi movies": a coordinated modifier stays
            continue
        if dep == "relcl" and tok is root and tok.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "amod", "compound")
                                                                          for c in tok.children) and any(
                g.dep_ == "nsubj" and g.lower_ in ("that", "which", "who") for g in child.children):
            out += list(child.subtree)  # "stories that tackle big issues": the clause says which stories
            continue
        if dep == "punct" and child.text in ("-", "–", "/") and not child.whitespace_ or hyphened(child, tok) or (
                dep == "aux" and child.lower_ == "to" and tok.pos_ in ("NOUN", "PROPN", "ADJ") and child.i > root.i) or (
                dep == "advmod" and tok is root and child.lower_ in OPEN.setting_adverbs and needs_setting(tok)):
            # "sci-fi" (a hyphen inside a word), "home-cooked" (the word before the hyphen is part of it), "listening
            # to rap music" ("to" parsed as the infinitive marker of "rap"), "spending time outdoors" (what it says)
            out.append(child)
            continue
        if dep == "ccomp" and tok is root and tok.lemma_.lower() in OPEN.watching_verbs and any(
                g.dep_ == "nsubj" and g.pos_ in ("NOUN", "PROPN") for g in child.children):
            out += list(child.subtree)  # "watching the otters swim": what is watched doing what (not "them play")
            continue
        if child.i > tok.i and afterthought(child):
            continue  # "baking together, especially sourdough ones": what narrows it is no part of it
        timed = is_time(child) and not (_kind_of(child, tok) or _which_one(child))  # ("night shifts", "first grade")
        if dep in _DROP_CHILD_DEPS or timed or dash_between(tok, child):
            continue  # (a spaced dash ends the phrase: "discovering new cities - check out this pic")
        if _time_prep(child, is_time) or (_purpose_prep(child) or _for_whom(child, tok)) and not _bare_verb(tok) or (
                _where_kept(child, tok)):
            continue  # "… in May", "… on weekends", "… before bed"; "spoons as a hobby", "cookies for my kids"; "on my arm"
        if dep == "prep" and tok is root and tok.dep_ == "conj" and tok.head.pos_ == "VERB" and tok.pos_ == "NOUN":
            continue  # an object listed after the verb's other one: "…, and lisinopril | for my blood pressure" says why
        if dep == "prep" and child.lower_ in ("over", "than") and tok is root:
            continue  # "tea over coffee": the comparison is not the thing
        if dep in _LEADING_DROP and child.i < root.i and tok is root:
            continue
        out += _kept(child, root, is_time)
    return out


def hyphened(child: Token, tok: Token) -> bool:
    """``child`` is the first half of a hyphenated word ending in ``tok``: "home-cooked", "well-written".

    >>> import spacy
    >>> doc = spacy.blank("en")("I love home-cooked meals")
    >>> hyphened(doc[2], doc[4]), hyphened(doc[1], doc[4])
    (True, False)
    """
    doc = tok.doc
    return child.i == tok.i - 2 and doc[child.i + 1].text == "-" and not child.whitespace_ and not doc[child.i + 1].whitespace_


def cut_short(tok: Token, last: Token, words: list[Token]) -> bool:
    """A conjunct whose noun phrase the parser ended one word early: the next word is a noun or a
    gerund hung elsewhere ("hiking and long-distance | running", with "running" hung on the verb)."""
    if tok.dep_ != "conj" or last.i + 1 >= len(tok.doc) or not last.whitespace_:
        return False
    nxt = tok.doc[last.i + 1]
    return nxt not in words and nxt.tag_ in ("NN", "NNS", "VBG") and nxt.dep_ in ("xcomp", "dobj", "compound", "attr") \
        and nxt.head.i != last.i


def _time_prep(child: Token, is_time: Callable[[Token], bool]) -> bool:
    """A prepositional phrase that only says when or how often: "in May", "since 2019", "on weekends"."""
    return child.dep_ == "prep" and (all(is_time(g) or g.lower_ in OPEN.frequency_nouns or g.ent_type_ in ("DATE", "TIME")
                                         for g in child.children) or child.lower_ in ("since", "until", "during") or (
        child.lower_ in ("before", "after") and _pobj_lemma(child) in OPEN.routine_anchors))  # "before bed", "after work"


def _pobj_lemma(prep: Token) -> str | None:
    """The lemma of the one object of ``prep`` ("living room" with its compound), ``None`` without one."""
    objs = [g for g in prep.children if g.dep_ == "pobj"]
    if len(objs) != 1:
        return None
    first = objs[0].left_edge if objs[0].left_edge.dep_ == "compound" else objs[0]
    return " ".join(t.lemma_.lower() for t in objs[0].doc[first.i:objs[0].i + 1])


def _owner(prep: Token) -> str | None:
    """The possessive or article before the object of ``prep``: "my" of "on my arm"."""
    return next((c.lower_ for g in prep.children if g.dep_ == "pobj" for c in g.children if c.dep_ in ("poss", "det")), None)


def _where_kept(child: Token, tok: Token) -> bool:
    """Where on oneself or in one's home a thing is (``personal_spots``): "a tattoo of a rose | on my arm"."""
    return child.dep_ == "prep" and tok.pos_ in ("NOUN", "PROPN") and child.lower_ in ("on", "in", "at") and (
        _owner(child) in OPEN.beneficiary_owners and _owner(child) != "the" and _pobj_lemma(child) in OPEN.personal_spots)


def _for_whom(child: Token, tok: Token) -> bool:
    """Who an activity is done for (``beneficiary_owners`` + ``person_objects``): "baking cookies | for my neighbors",
    "sewing dresses | for my daughters" (a noun's own: "a library for her kids" names the thing)."""
    doing = tok.pos_ == "VERB" or tok.dep_ == "dobj" and tok.head.tag_ == "VBG"  # (or hung on what it makes)
    return child.dep_ == "prep" and child.lower_ == "for" and doing and (
        _owner(child) in OPEN.beneficiary_owners and _pobj_lemma(child) in OPEN.person_objects)


_PURPOSES = OPEN.leisure_phrases | OPEN.purpose_phrases


def _purpose_prep(child: Token) -> bool:
    """A short prepositional phrase that says why a thing is done, not what: free time or a living
    ("spoons as a hobby", "in my spare time", "a truck for a living"; ``leisure_phrases``, ``purpose_phrases``)."""
    if child.dep_ != "prep" or child.right_edge.i - child.i > 4:
        return False
    said = " ".join(t.lower_ for t in child.subtree)
    return any(p in said for p in _PURPOSES)


def _bare_verb(tok: Token) -> bool:
    """A verb with no object: what it is done for is all that says more of it ("playing for fun")."""
    return tok.pos_ == "VERB" and not any(c.dep_ in ("dobj", "prt") for c in tok.children)


def dash_between(tok: Token, child: Token) -> bool:
    """A dash with spaces around it between ``tok`` and a later ``child``: a break between clauses."""
    doc = tok.doc
    return child.i > tok.i + 1 and any(t.text in ("-", "–", "—", "--") and t.whitespace_ and doc[t.i - 1].whitespace_
                                       for t in doc[tok.i + 1:child.i])


def needs_setting(tok: Token) -> bool:
    """``tok`` opens a light gerund phrase that says nothing without a complement (``setting_gerunds``):
    "spending time", "hanging out", "being"; also "time" with "spending" parsed as its compound (even as a noun)."""
    start = next((c.i for c in tok.children if c.dep_ == "compound" and c.i < tok.i), tok.i)
    return any(tok.doc[start:start + n].text.lower() in OPEN.setting_gerunds for n in (1, 2, 3))


def company_of(tok: Token) -> Token | None:
    """The "with" phrase that makes an abstract noun a taste: "time with my family", also when the parser
    hangs it on the verb ("I cherish time | with my family"); after "spending time" also a place or a
    setting adverb ("spending time | in the woods", "spending time outside": ``place_preps``, ``setting_adverbs``)."""
    if tok.lemma_.lower() not in OPEN.company_nouns:
        return None
    holders = [tok, tok.head] if tok.dep_ == "dobj" else [tok]
    setting = needs_setting(tok)
    preps = {"with"} | (OPEN.place_preps if setting else set())
    return next((c for h in holders for c in h.children if c.i > tok.i and (
        c.dep_ == "prep" and c.lower_ in preps and any(g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN") for g in c.children)
        or setting and c.dep_ == "advmod" and c.lower_ in OPEN.setting_adverbs)), None)


def outing_with_place(tok: Token) -> bool:
    """An outing noun with where it goes: "long walks on the beach", "a trip to Peru" (``outing_nouns``)."""
    return tok.lemma_.lower() in OPEN.outing_nouns and any(
        g.pos_ in ("NOUN", "PROPN") and g.ent_type_ not in ("DATE", "TIME") and g.lower_ not in OPEN.frequency_nouns
        for g in prep_objects(tok, *OPEN.place_preps))


def called_token(tok: Token) -> Token | None:
    """The proper noun that heads the name given right after a common noun ("a guy named Devin" → "Devin"), or after
    the place it is in ("a studio in Oslo called Nord" → "Nord")."""
    while tok.dep_ in ("compound", "amod", "nmod", "det") and tok.head.i > tok.i:
        tok = tok.head  # "book" → "club", "small" → "town"
    place = next((c for c in tok.rights if c.dep_ == "prep" and c.i == tok.i + 1 and any(  # "a studio in Berkeley called X"
        o.dep_ == "pobj" and o.pos_ == "PROPN" and o.right_edge == o for o in c.children)), None)
    after = tok.i + 1 if place is None else place.right_edge.i + 1
    acl = next((c for c in tok.children if c.dep_ == "acl" and c.i == after and c.lemma_.lower() in OPEN.naming_words
                and c.tag_ in ("VBN", "VBD")), None)  # (a participle the tagger took for a past: "a team called the Otters")
    return None if acl is None else next((c for c in acl.children if c.dep_ in ("oprd", "attr", "dobj") and c.pos_ == "PROPN"), None)


def _group_appos(tok: Token) -> list[Token]:
    """The proper name set after a comma beside a group noun: "a running club, the Harriers" → "the Harriers"
    (also when the parser hangs it on the verb; the name must end at a comma or the sentence's end)."""
    while tok.dep_ in ("compound", "amod") and tok.head.i > tok.i:
        tok = tok.head  # "book" → "club"
    doc, start = tok.doc, tok.i + 2
    if tok.lemma_.lower() not in OPEN.group_nouns or start >= len(doc) or doc[tok.i + 1].text != ",":
        return []
    name = next((t for t in doc[start:tok.sent.end] if t.pos_ == "PROPN" and t.dep_ in ("appos", "npadvmod")
                 and t.left_edge.i == start), None)
    if name is None or not (name.i + 1 == len(doc) or doc[name.i + 1].is_punct):
        return []
    return list(doc[start:name.i + 1])


def called_name(tok: Token) -> str | None:
    """The name a common noun (any word of its phrase: "book" of "book club") is given right after it: "a cafe
    called Luna" → "Luna", "a band named The Owls" → "The Owls"; ``None`` without one (or one in lower case)."""
    name = called_token(tok)
    words = list(name.subtree) if name is not None else _group_appos(tok)
    if not words:
        return None
    if words[0].lower_ == "the" and words[0].is_lower:
        words = words[1:]  # "a band called the Owls": the article is no part of the name
    while words and words[0].is_punct:
        words = words[1:]  # '"Finding Home"': the quotes are no part of it
    while words and words[-1].is_punct:
        words = words[:-1]
    if any(not (w.text[:1].isupper() or w.is_punct or w.lower_ in ("of", "the", "and", "&")) for w in words):
        return None
    return " ".join(w.text for w in words).replace(" 's", "'s")


def object_phrase(tok: Token, *, is_time=lambda t: False) -> str | None:
    """The phrase ``tok`` heads, trimmed to the words that name the thing (``is_time``: the time words left out)."""
    company = company_of(tok)
    if company is not None and (_time_prep(company, is_time) or _purpose_prep(company)):
        company = None  # "spending time | in the summer": when, not where
    specific = company is not None or outing_with_place(tok) or any(
        c.dep_ in ("compound", "nmod") and c.lemma_.lower() not in OPEN.vague_objects for c in tok.children)
    if (tok.pos_ == "PRON" or tok.lower_ in L.OBJECT_PRONOUNS or tok.lemma_.lower() in OPEN.vague_objects and not specific) \
            and tok.pos_ != "VERB":
        return None  # "things", "stuff" (but "career options", "endorsement opportunities" name something)
    kept = _kept(tok, tok, is_time) + (_kept(company, company, is_time) if company is not None else [])
    words = sorted({t.i: t for t in kept}.values(), key=lambda t: t.i)  # (a setting adverb may be both)
    if tok.pos_ == "VERB" and len(words) == 1 and any(
            c.dep_ not in ("aux", "advmod", "advcl", "punct", "neg", "cc", "conj") and not _time_prep(c, is_time)
            and not is_time(c) and not (c.i > tok.i and afterthought(c)) for c in tok.children):
        return None  # "watching [them play]": a gerund cut from what it needs (not "gardening on weekends", "singing when I drive")
    if tok.pos_ in ("VERB", "AUX") and tok.tag_ == "VB":  # "to paint landscapes" → "painting landscapes"
        words = [w for w in words if not (w.dep_ == "aux" and w.lower_ == "to")]
    while words and (words[0].is_punct or words[0].lower_ in L.PHRASE_OPENERS_DROPPED):
        words = words[1:]
    while words and (words[-1].is_punct or words[-1].dep_ in ("prep", "cc") or words[-1].lower_ in ("of", "to")):
        words = words[:-1]
    if not words or len(words) > MAX_WORDS:
        return None
    first = words[0]
    if first.i >= 2 and first.doc[first.i - 1].text == "-" and not first.doc[first.i - 2].whitespace_:
        return None  # "to de-stress" parsed as "to" + "stress": half a word is no object
    if cut_short(tok, words[-1], words):
        return None  # "hiking and long-distance running" parsed as the conjunct "long-distance" + "running"
    skipped = {t.i for w in words for c in w.children if c.dep_ in ("cc", "conj") and c not in words for t in c.subtree}
    stretch = [i for i in range(words[0].i, words[-1].i + 1) if i not in skipped]
    if [w.i for w in words] != stretch:
        return None  # not one stretch of text (apart from dropped conjuncts): the parse is not to be trusted
    text = []
    for w in words:
        if w is tok and tok.pos_ == "VERB" and tok.tag_ == "VB":
            text.append(gerund(tok.lemma_.lower()))
        elif w.pos_ == "PROPN" or (w.text[:1].isupper() and w.i != w.sent.start):
            text.append(w.text)
        else:
            text.append(OPEN.chat_spellings.get(w.lower_, w.lower_))  # "my biz" names "my business"
    phrase = " ".join(text).replace(" 's", "'s").replace(" - ", "-").replace(" n't", "n't")
    content = [w for w in words if not w.is_stop and not w.is_punct]
    if not content or all(w.lower_ in L.OBJECT_PRONOUNS for w in content):
        return None
    return phrase


def afterthought(child: Token) -> bool:
    """A phrase set off by a comma that a ``focus_adverbs`` word opens: ", especially sourdough ones"."""
    first = child.left_edge
    return first.lower_ in OPEN.focus_adverbs and first.i > 0 and first.doc[first.i - 1].text == ","


def without_praise(tok: Token, phrase: str) -> str:
    """``phrase`` without the word of praise it opens with, said of ``tok`` ("the amazing lemon tart": lemon tart),
    a chat word (``chat_words``) that is also a ``positive_adjectives`` one: praise, not a part of the name."""
    first, _, rest = phrase.partition(" ")
    word = first.lower()
    praised = word in NAMES.chat_words and word in OPEN.positive_adjectives
    return rest if rest and praised and any(c.dep_ == "amod" and c.lower_ == word for c in tok.children) else phrase


def quoted_title(tok: Token) -> str | None:
    """The quoted title ``tok`` is part of: "I loved 'The Secret Garden'" → The Secret Garden.

    >>> import spacy
    >>> doc = spacy.blank("en")('I loved "The Secret Garden" a lot')
    >>> quoted_title(doc[4]), quoted_title(doc[1])
    ('The Secret Garden', None)
    """
    quotes = ('"', "“", "”")
    sent_start, sent_end = (tok.sent.start, tok.sent.end) if tok.doc.has_annotation("SENT_START") else (0, len(tok.doc))
    left = next((j for j in range(tok.i - 1, max(sent_start, tok.i - 12) - 1, -1) if tok.doc[j].text in quotes), None)
    right = next((j for j in range(tok.i + 1, min(sent_end, tok.i + 12)) if tok.doc[j].text in quotes), None)
    if left is None or right is None or right - left < 2:
        return None
    inside = tok.doc[left + 1:right].text.strip()
    return inside if inside[:1].isupper() else None


def titled_kind(tok: Token) -> str | None:
    """A quoted title said right before the kind of work it names, with it: 'I watched "The Matrix" Trilogy' →
    The Matrix Trilogy, 'the "Dune" books' → Dune books.

    >>> import spacy
    >>> doc = spacy.blank("en")('I read the "Dune" books')
    >>> doc[6].pos_ = "NOUN"
    >>> titled_kind(doc[6]), titled_kind(doc[1])
    ('Dune books', None)
    """
    if tok.i < 2 or tok.doc[tok.i - 1].text not in ('"', "”") or tok.pos_ not in ("NOUN", "PROPN"):
        return None
    title = quoted_title(tok.doc[tok.i - 2])
    return None if title is None else f"{title} {tok.text if tok.is_title else tok.lower_}"
