"""The names and pronouns of a doc (:func:`doc_mentions`), and what is not a name: greetings,
interjections, vocatives and capitalised common words.

A chat turn opens with "Wow", "Yep Sam, …" or "Congrats Mia!"; NER and capital letters make
those look like names. :func:`clean_mention` strips interjections glued to a name and
:func:`is_not_a_name` rejects what is left when it is not one: a chat word, a day abbreviation
("Fri"), a sentence-initial word that the tagger reads as a common word ("Dance", "Nature"), or
a vocative (the name of the person spoken to: "Thanks, Mel!", "Hey Jon").

>>> clean_mention("Congrats Mia"), clean_mention("Yep"), clean_mention("Last Fri"), clean_mention("Mia")
('Mia', '', '', 'Mia')
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import NAME_LABELS, DocIndex, clean_name, first_name_gender, pronoun_arg, valid_name
from chronomem.extract.clauses.records import ASKED, ENTITY, GAZETTEER, NER, THERE, UNNAMED, Arg
from chronomem.extract.clauses.tree import is_pet_noun
from chronomem.extract.lexicon import FIRST_PERSON_FORMS, NAMES, OPEN, PEOPLE, TIES
from chronomem.extract.parse.pipeline import answered_as, session_speakers

_NAME_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "poss", "conj", "compound", "appos", "attr", "dative",
                         "oprd", "agent"})


def clean_mention(name: str) -> str:
    """``name`` without the greetings or interjections before it; empty when nothing of a name is left
    (a lone chat word, a day abbreviation). Names that merely contain such a word stay whole.

    >>> clean_mention("Hope Lange"), clean_mention("Jaime Bravo"), clean_mention("Sun Yi"), clean_mention("Glad")
    ('Hope Lange', 'Jaime Bravo', 'Sun Yi', '')

    A name said twice in a restart is said once ("Ross-Ross, you saved me": places keep theirs, see
    :func:`resolved_name`):

    >>> clean_mention("Ross-Ross"), clean_mention("Ross-Rachel")
    ('Ross', 'Ross-Rachel')
    """
    words = [_said_once(w) for w in name.split()]
    while len(words) > 1 and words[0].lower().strip("!,.?") in NAMES.interjections | NAMES.introducing_verbs:  # "Meet Rafe"
        words = words[1:]
    lowered = [w.lower().strip("!,.?") for w in words]
    if len(words) == 1 and (lowered[0] in NAMES.interjections or lowered[0] in NAMES.chat_words):
        return ""
    if lowered and lowered[-1].strip(".") in NAMES.day_abbreviations and (
            len(words) == 1 or lowered[0] in NAMES.day_openers):
        return ""  # "Fri", "last Tues"
    return " ".join(words)


def _said_once(word: str) -> str:
    parts = word.split("-")
    return parts[0] if len(parts) > 1 and parts[0][:1].isupper() and len({x.lower() for x in parts}) == 1 else word


def strip_interjections(span: Span) -> Span:
    """``span`` without interjection tokens at either end ("Congrats Mia" → "Mia"; may become empty)."""
    doc, start, end = span.doc, span.start, span.end
    while start < end and doc[start].lower_ in NAMES.interjections:
        start += 1
    if end - start == 1 and doc[start].lower_ in NAMES.chat_words:
        return doc[start:start]  # "Glad", "Awesome" alone
    return doc[start:end]


def is_vocative(tokens: Span) -> bool:
    """The name of the person spoken to: after a greeting or interjection ("Hey Jon", "Thanks, Mel!"),
    or set off by a comma at the start or end of its sentence with no role in the clause; after
    words that open a call ("Listen Chandler, …", "Come on Ross, …"); or alone in its sentence ("Ross!")."""
    doc = tokens.doc
    start, end = tokens.start, tokens.end
    if _called(tokens) or _after_you(tokens):
        return True
    before = doc[start - 1] if start > 0 else None
    comma = before is not None and before.is_punct and before.text == ","
    if comma and start > 1:
        before = doc[start - 2]
    if before is not None and (before.lower_ in NAMES.interjections or before.pos_ == "INTJ"):
        # "Hi Maria, since we talked, I moved": a greeted name beside the verb's own subject is no subject
        return not any(t.dep_ in ("nsubj", "nsubjpass") for t in tokens) or _subject_in_name_only(tokens.root)
    after = doc[end] if end < len(doc) else None
    at_start = start == tokens.sent.start or (before is not None and before.is_sent_start and before.is_punct)
    at_end = after is None or after.is_sent_end or (after.is_punct and after.text in "!?.")
    root = tokens.root
    if at_start and after is not None and after.text == "," and _subject_in_name_only(root):
        return True  # "Dad, what are you doing?", "Dad, please stop.": parsed as a subject, said to someone
    if root.dep_ in _NAME_ROLES and root.dep_ != "appos":
        return False
    if at_start and after is not None and after.text == ",":
        return True
    # "You're great, Rachel!" (not "… my sister, Emma."); "I'm your wife, Rachel!": a noun said of "I" or
    # "you" has no name of its own to add, so the name after it is the one spoken to
    return at_end and comma and (root.dep_ != "appos" or _said_of_me_or_you(root.head) or _speaker_called(tokens))


def _speaker_called(tokens: Span) -> bool:
    """A speaker of the session named after a comma at the end, beside a thing that is no one's: "I got a
    puppy, Maria!" said to Maria (not "my sister, Maria": whose it is says who she is, where others listen; in a
    chat of two the other is the one spoken to: "I miss my mom, Sarah" said to Sarah)."""
    speakers = session_speakers(tokens.doc)
    return tokens.text.lower() in speakers and (len(speakers) == 2 or not any(
        c.dep_ == "poss" for c in tokens.root.head.children))


def _after_you(tokens: Span) -> bool:
    """A name with no comma that closes its clause right after "you" or after what "I" am: "I love you
    Ross.", "Good for you Ross!", "I'm sorry Ross." (not "I told you Ross was right", "I'll give you
    Ross's number", "they call you Ross", "I'm Ross")."""
    doc = tokens.doc
    if tokens.start == 0 or not tokens[0].is_title:
        return False
    after = doc[tokens.end] if tokens.end < len(doc) else None
    if after is not None and (not after.is_punct or after.tag_ == "POS"):
        return False
    root = tokens.root
    if doc[tokens.start - 1].lower_ == "you":
        return root.dep_ not in ("nsubj", "nsubjpass", "oprd") and root.head.lemma_ not in NAMES.naming_verbs
    # "I'm sorry Ross": a copula that already has its adjective leaves the name no role
    return root.dep_ in ("attr", "npadvmod") and root.head.lemma_ == "be" and any(
        c.dep_ == "acomp" and c.i == tokens.start - 1 for c in root.head.children)


def _said_of_me_or_you(noun: Token) -> bool:
    """``noun`` is what "I" or "you" are: "I am your wife", "you're my best friend"."""
    if noun.dep_ != "attr" or noun.head.lemma_ != "be":
        return False
    subjects = [c for c in noun.head.children if c.dep_ == "nsubj"]
    return len(subjects) == 1 and subjects[0].lower_ in ("i", "you")


def _subject_in_name_only(root: Token) -> bool:
    """A name set off by a comma that the parser made a subject although its verb has another subject
    ("Dad, what are you doing?") or is a bare command ("Dad, please stop.")."""
    if root.dep_ != "nsubj":
        return False
    verb = root.head
    if any(c.dep_ in ("nsubj", "nsubjpass") and c.i != root.i for c in verb.children):
        return True
    return verb.tag_ == "VB" and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)


def _called(tokens: Span) -> bool:
    """A proper name called out: only opener words before it in its sentence and "," or "!" after it
    ("Listen Chandler, …", "Come on Ross! …"), or nothing but punctuation and interjections around
    it ("Ross!", "Oh, Ross?"; not "Ross." answering a question)."""
    doc, sent = tokens.doc, tokens.sent
    if not all(t.pos_ == "PROPN" for t in tokens):
        return False
    after = doc[tokens.end] if tokens.end < sent.end else None
    lead = [t for t in doc[sent.start:tokens.start] if not t.is_punct]
    rest = [t for t in doc[tokens.end:sent.end] if not t.is_punct]
    called = after is not None and after.text in (",", "!")
    if lead and called and all(t.lower_ in NAMES.vocative_openers for t in lead):
        return True
    alone = all(t.lower_ in NAMES.interjections or t.pos_ == "INTJ" for t in lead) and not rest
    return alone and after is not None and after.text in ("!", "?", ",") and not _asked_back(tokens)


def _asked_back(tokens: Span) -> bool:
    """A name asked back or exclaimed and then spoken of ("Tomas? I can't stand him!", "Guess who called? Tomas!!
    He's moving to Perth."): the next sentence says he/she of the name's gender before any "you" (not "Tomas? Are
    you there?", "Tomas? Did he call you?", "Tomas! You made it!")."""
    gender = first_name_gender(tokens.text)
    if not gender or tokens.doc[tokens.end].text[:1] not in "?!":
        return False
    for tok in tokens.doc[tokens.sent.end:]:
        if tok.lower_ in ("you", "your") or tok.is_sent_start and tok.i > tokens.sent.end:
            return False
        if tok.lower_ in L.THIRD_PERSON and tok.pos_ == "PRON":
            return L.THIRD_PERSON[tok.lower_] == gender
    return False


def is_not_a_name(tokens: Span) -> bool:
    """A span NER or a capital letter offered as a name that is not one."""
    if not clean_mention(tokens.text):
        return True
    if len(tokens) == 1:
        tok: Token = tokens[0]
        if tok.pos_ in ("INTJ", "ADJ", "ADV", "VERB", "AUX", "PRON", "DET", "NOUN") and tok.i == tok.sent.start:
            return True  # "Dance is my life", "Glad you liked it": a sentence-initial common word
    return is_vocative(tokens)


def name_spans(doc: Doc) -> list[Span]:
    """The spans of ``doc`` that may name a person, in text order: NER's persons, and each capitalised
    proper noun outside them (the small model misses many first names)."""
    spans = [e for e in doc.ents if e.label_ == "PERSON"]
    taken = {t.i for e in spans for t in e}
    spans += [doc[t.i:t.i + 1] for t in doc if t.pos_ == "PROPN" and t.i not in taken and t.is_title]
    return sorted(spans, key=lambda s: s.start)


def in_title(tok: Token) -> bool:
    """A capitalised word inside a title NER found ("the I Hate Tomas Club", "we saw Eat Pray Love"):
    part of the name, not a verb of the sentence."""
    return tok.is_title and not tok.is_sent_start and tok.ent_type_ in ("WORK_OF_ART", "ORG", "EVENT")


def resolved_name(arg: Arg) -> str:
    """A name as resolved: interjections glued to a capitalised name dropped ("Yep Sam" → "Sam")."""
    if arg.kind != ENTITY or not arg.name or arg.strength >= GAZETTEER or not arg.name[:1].isupper() or arg.label in (
            "GPE", "LOC", "FAC") or arg.type == "PLACE":
        return arg.name  # places keep their names ("Nice", "Hello Bay")
    return clean_mention(arg.name)


# ----------------------------------------------------------------------------- the mentions of a doc
def _name_as_a_kind(span: Span) -> bool:
    """A name said as what someone is, after "a": "she's not a Kowalski?", "you're such a Monica" (a family or
    a kind of person: no mention of one, so no he or she means it); not "I met a Sarah"."""
    root = span.root
    return root.dep_ == "attr" and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in root.children)


def doc_mentions(doc: Doc, idx: DocIndex) -> list[Arg]:
    """Names (gazetteer, NER) and pronouns of a doc in text order."""
    out: list[Arg] = [Arg(ENTITY, t.start, t.name, t.type, GAZETTEER, aliases=t.aliases) for t in doc._.cm_terms or ()]
    vetoed: set[int] = set()
    for ent in doc.ents:
        kind = NAME_LABELS.get(ent.label_)
        if kind == "OTHER" and ent.label_ == "NORP" and first_name_gender(ent.text):
            kind = "PERSON"
        elif kind == "PERSON" and ent.text.lower() in L.SCHOOL_NAMES:
            kind = "ORG"  # a school NER took for a person ("Oberlin"): no "he" or "she" means it
        if kind is None or kind == "OTHER" or len(ent) > 6 or any(idx.term_at[i] is not None for i in range(ent.start, ent.end)):
            continue
        place = ent.label_ in ("GPE", "LOC", "FAC")  # places keep their names ("Nice", "Hello Bay")
        span = ent if place else strip_interjections(ent)  # "Congrats Mia", "Yep Sam"
        if not len(span) or (not place and (is_not_a_name(span) or _name_as_a_kind(span))):
            vetoed.update(range(ent.start, ent.end))
            continue
        name = clean_name(span.text)
        if not valid_name(name) or not (name[0].isupper() or name[0].isdigit()) or name.lower() in L.ROLE_HEADS:
            continue
        if ent.root.pos_ == "PRON" or name.lower() in L.FIRST_PLURAL or (len(name) <= 2 and name.isupper()):
            continue  # pronouns, and two-letter acronyms NER guesses at ("CI" as a place)
        out.append(Arg(ENTITY, span.start, name, kind, NER, gender=first_name_gender(name), label=ent.label_))
    seen = {i for a in out for i in range(a.i, a.i + len(a.name.split()))} | vetoed
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.i not in seen and first_name_gender(tok.text) and not is_vocative(doc[tok.i:tok.i + 1]):
            out.append(Arg(ENTITY, tok.i, tok.text, "PERSON", NER, gender=first_name_gender(tok.text)))
            continue  # a known first name NER missed or mislabelled ("Priya" as NORP)
        low = tok.lower_
        if low in L.FIRST_SINGULAR or low in L.FIRST_PLURAL or low in L.THIRD_PERSON:
            if (tok.pos_ == "PRON" or low in FIRST_PERSON_FORMS) and (arg := pronoun_arg(tok)) is not None:
                out.append(arg)
        elif low == "there" and tok.dep_ == "advmod":
            out.append(Arg(THERE, tok.i))
        elif (tok.pos_ == "NOUN" or kin_as_name(tok)) and ((plural := _plural(tok)) or low in L.KIN or low in L.PERSON_NOUNS) \
                and not _has_name(tok) and not _describes_subject(tok):
            asked = _asked_of(tok)
            gender = L.THIRD_PERSON["they"] if plural else L.KIN.get(low, ("", L.PERSON_NOUNS.get(low, "")))[1]
            out.append(Arg(UNNAMED, tok.i, low if asked or _speakers_own(tok) else "", ASKED if asked else "OTHER",
                           gender=gender))
        elif tok.tag_ == "NN" and is_pet_noun(tok) and not _has_name(tok):  # "my dog" (not "my dogs"): he or she later
            out.append(Arg(UNNAMED, tok.i, low if _speakers_own(tok) else "", "PET"))
    out.sort(key=lambda a: a.i)
    return out


def plural_people(tok: Token) -> bool:
    """People said in the plural, whom a later "they" means: "my parents", "the neighbours", "my team"."""
    lemma = tok.lemma_.lower()
    return lemma in TIES.group_nouns or tok.tag_ == "NNS" and (
        lemma in L.KIN or lemma in L.PERSON_NOUNS or lemma in L.OLD_MEANS_FORMER)


def others_in_turn(doc: Doc, word: Token) -> bool:
    """Someone else the turn speaks of besides ``word``, whom "we" or "our" may take in: a person named (not the one
    spoken to), "they", a group, or a person said by a noun ("Dan and I split up, but we're still friends")."""
    return any(tok.i != word.i and (tok.lower_ in L.THIRD_PLURAL or plural_people(tok) or tok.lower_ in L.KIN or (
        tok.lower_ in L.PERSON_NOUNS)) for tok in doc) or any(
        e.label_ == "PERSON" and not is_vocative(e) for e in doc.ents)


def _plural(tok: Token) -> bool:
    """What a later "they" may mean: people said in the plural (:func:`plural_people`), or any plural ("strangers")."""
    return tok.tag_ == "NNS" or plural_people(tok)


def _speakers_own(tok: Token) -> bool:
    """The speaker's relative, whom a later "she" or "they" may mean: "my sister", "my parents", "I have a sister" (also
    as a short answer: "Any siblings?" — "A sister, she's older");
    or pet ("my dog", "our cat"; one got or had is known from its HAS_PET: :mod:`~chronomem.extract.resolution.session`)."""
    pet = is_pet_noun(tok)
    if not (pet or tok.lower_ in L.KIN or tok.tag_ == "NNS" and tok.lemma_.lower() in L.KIN) or tok.dep_ == "conj":
        return False
    if kin_as_name(tok) or any(c.dep_ == "poss" and (c.lower_ == "my" or pet and c.lower_ == "our") for c in tok.children):
        return True
    had = answered_as(tok.doc).lower()  # "Do you have kids?" — "Yes a son, he's 7": the son had ("I have a son.")
    if tok.sent.start == 0 and had.startswith("i have ") and f" {tok.lower_}" in had and not any(
            c.dep_ == "poss" for c in tok.children):
        return True
    return tok.dep_ == "dobj" and tok.head.lemma_ == "have" and any(
        c.dep_ == "nsubj" and c.lower_ == "i" for c in tok.head.children)


def kin_as_name(tok: Token) -> bool:
    """A kin word the speaker uses as a name ("Dad had surgery, he's fine"; ``kin_names``): capitalised, no "my" or
    "the", not said to the one called ("Thanks, Dad")."""
    return tok.is_title and tok.lower_ in PEOPLE.kin_names and tok.lower_ in L.KIN and not any(
        c.dep_ in ("det", "poss") for c in tok.children) and not is_vocative(tok.doc[tok.i:tok.i + 1])


def _asked_of(tok: Token) -> bool:
    """The listener's relative a question asks of, whom the answer's "she" or "he" means: "How's your sister?"
    — "She's great, she just started at Boeing" (:mod:`~chronomem.extract.resolution.session`)."""
    return tok.lower_ in L.KIN and tok.dep_ != "conj" and tok.sent.text.rstrip().endswith("?") and any(
        c.dep_ == "poss" and c.lower_ == "your" for c in tok.children)


def _has_name(tok: Token) -> bool:
    """"my sister Emma", "Emma, my sister", "my dog Rex": the noun comes with a name."""
    named_child = any(c.pos_ == "PROPN" and c.dep_ in ("appos", "compound", "npadvmod")
                      or c.dep_ == "acl" and c.lemma_ in OPEN.naming_words for c in tok.children)
    if named_child or tok.dep_ in ("appos", "compound", "amod", "attr") and tok.head.pos_ == "PROPN" or (
            tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.pos_ == "PROPN" for c in tok.head.children)):
        return True
    return tok.i + 1 < len(tok.doc) and tok.nbor(1).pos_ == "PROPN"


def _describes_subject(tok: Token) -> bool:
    """A noun that brings in no other person for a later "he" or "she": what a pronoun subject is ("she's my
    manager"), or the relative a person is said to be of ("Glen is my husband's brother": not the husband)."""
    if tok.dep_ == "poss" and (tok.head.lower_ in L.KIN or tok.head.lower_ in L.PERSON_NOUNS):
        return True
    return tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ in L.THIRD_PERSON for c in tok.head.children)
