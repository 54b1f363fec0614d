"""Chat as written, made readable for the parser: spoken disfluencies and chat spelling (:func:`normalize_chat`).

Transcribed speech repeats words as the speaker restarts: "I-I-I think", "she-she is great",
"don't-don't do this", "You'll—you'll be fine", or stutters a first letter: "w-what", "Y-you".
The parser reads "I-I" as one odd token or a compound and the clause around it falls apart, so
:func:`drop_stutters` keeps one copy of the word. A name or place written twice with capitals
("Bora-Bora", "Walla-Walla") is a name, not a stutter, and stays; so do ordinary hyphenated words
("T-shirt", "e-mail", "so-called").
"""

from __future__ import annotations

import re
from typing import Any

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import DIALOGUE, OPEN
from chronomem.timeexpr.words import MONTH_WORDS, TIME_PREPS

# a word (with an apostrophe ending: "don't", "I'm") repeated after a hyphen or dash, once or more
_REPEATED = re.compile(r"\b([A-Za-z]+(?:'[A-Za-z]+)?)((?:\s?[-\u2014\u2013]\s?\1\b)+)", re.IGNORECASE)
# a first letter said alone before the word it starts: "w-what", "Y-you"
_FIRST_LETTER = re.compile(r"\b([A-Za-z])-([A-Za-z])(?=[a-z'])")


def _repeated(m: re.Match[str]) -> str:
    word = m.group(1)
    copies = [word, *re.split(r"\s?[-\u2014\u2013]\s?", m.group(2))[1:]]
    if all(c[:1].isupper() for c in copies) and word.lower() not in DIALOGUE.restart_openers:
        return m.group(0)  # "Bora-Bora": a name said so
    return word


def _first_letter(m: re.Match[str]) -> str:
    first, rest = m.group(1), m.group(2)
    if first.lower() != rest.lower():
        return m.group(0)
    return rest.upper() if first.isupper() else rest


def _spelled_out(word: str) -> str:
    """A chat clipping written out, its first letter's case kept ("Fav" → "Favorite")."""
    full = DIALOGUE.chat_words[word.lower()]
    return full[:1].upper() + full[1:] if word[:1].isupper() else full


def drop_stutters(text: str) -> str:
    """``text`` with restarted words and stuttered first letters said once (see the module docstring).

    >>> drop_stutters("I-I-I think she-she is great. Don't-don't-don't go! W-what? You'll\u2014you'll see.")
    "I think she is great. Don't go! What? You'll see."
    >>> drop_stutters("We flew to Bora-Bora in a T-shirt, the so-called trip, bye-bye.")
    'We flew to Bora-Bora in a T-shirt, the so-called trip, bye.'
    """
    if "-" not in text and "\u2014" not in text and "\u2013" not in text:
        return text  # every stutter is said with a dash: most turns have none
    return _FIRST_LETTER.sub(_first_letter, _REPEATED.sub(_repeated, text))


def _sub(pattern: re.Pattern[str], repl: Any, text: str, *needles: str) -> str:
    """``pattern.sub(repl, text)``, not tried on a text that has none of ``needles`` (a match has one of them):
    the patterns try every word of every turn, and most turns have nothing for most of them."""
    return pattern.sub(repl, text) if any(n in text for n in needles) else text


# "livin'": a dropped g written out; "you’re": a typographic apostrophe inside a word made plain
_DROPPED_G = re.compile(r"\b([A-Za-z]{2,}in)['’](?=[\s.,!?;:)]|$)")
_CURLY_APOSTROPHE = re.compile(r"(?<=\w)’(?=\w)")
# "Omar's my husband": after a capitalised word, "'s" before a determiner (or "not", "in", "so", …) can only be
# "is" (a possessive is followed by its noun); spaCy reads it as a possessive. Pronouns it reads right are left alone.
_NAME_IS = re.compile(r"\b(?!(?:" + "|".join(sorted(L.NAME_IS_EXCEPTIONS)) + r")')([A-Z][a-z]+)'s (?=(?:"
                      + "|".join(sorted(L.NAME_IS_FOLLOWERS)) + r")\b)")
# "Mia's been my friend", "Omar's got a dog", "Nature's always been my haven": the same before a participle, "has"
_NAME_HAS = re.compile(r"\b(?!(?:" + "|".join(sorted(L.NAME_IS_EXCEPTIONS)) + r")')([A-Z][a-z]+)'s (?=(?:(?:"
                       + "|".join(sorted(L.NAME_HAS_ADVERBS)) + r") )?(?:" + "|".join(sorted(L.NAME_HAS_FOLLOWERS)) + r")\b)")
# "my sister's a lawyer": the same after "my" and a noun, which spaCy also reads as a possessive
_OWNED_IS = re.compile(r"\b((?:[Mm]y|[Oo]ur|[Yy]our|[Hh]is|[Hh]er|[Tt]heir) (?!(?:" + "|".join(sorted(L.OWNED_IS_EXCEPTIONS))
                       + r")')[a-z]+)'s (?=(?:"
                       + "|".join(sorted(L.NAME_IS_FOLLOWERS)) + r")\b)")
# "my dogs name is Rex": an owner's "'s" typed without its apostrophe before "name"
_BARE_OWNER = re.compile(r"\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) [a-z]{2,}[^s'])s (?=names? (?:is|are)\b)")
# "my fav band", "gonna": chat clippings written out (dialogue.json chat_words)
_CHAT_WORDS = re.compile(r"\b(" + "|".join(map(re.escape, sorted(DIALOGUE.chat_words))) + r")\b", re.IGNORECASE)
# "my Mom works at Target": a kin word capitalised after an owner is the relative, not a name ("my Uncle Joe" stays)
_OWNED_KIN = re.compile(r"\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) )(" + "|".join(sorted(
    w.capitalize() for w in L.KIN if w.isalpha())) + r")\b(?!\s+[A-Z])")
_NAME_IS_NAME = re.compile(r"\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Ii]ts|[Tt]heir) name)'s\b")  # "her name's Kiwi"

# "I do love", "I kind of like" (dialogue.json taste_softeners): the taste verb's softener or emphatic "do"
_EMPHATIC_DO = re.compile(r"\b(I|[Ww]e|[Yy]ou|[Tt]hey)\s+(?:" + "|".join(sorted(DIALOGUE.taste_softeners)) + r")\s+(?=(?:really\s+)?(?:"
                          + "|".join(sorted(OPEN.taste_verbs)) + r")(?:d|ed)?\b)", re.IGNORECASE)

# "Guess what, my nephew got in": an opener that announces news, its own sentence (dialogue.json discourse_openers)
_OPENER = re.compile(r"(^|[.!?]\s+)(" + "|".join(sorted(DIALOGUE.discourse_openers, key=len, reverse=True))
                     + r")\s*(?:,|\s[-\u2014\u2013])\s*(\w)", re.IGNORECASE)
# "Love baking.": the "I" a chat line drops before a taste of doing something (parsed as a noun otherwise)
_DROPPED_I_TASTE = re.compile(r"(^|[.!?]\s+)(Love|Adore)\s+(?=[a-z]+ing\b)")
# "Back in Dublin since May.", "New hobby, bouldering": a subject and verb a chat line drops (dropped_subject_openers)
_DROPPED_SUBJECT = re.compile(r"(^|[.!?]\s+)(" + "|".join(f"[{w[0].upper()}{w[0]}]{w[1:]}" for w in DIALOGUE.dropped_subject_openers)
                              + r")(?=\s*[,:]|\s+[A-Z])(?!\s+(?:" + "|".join(m.title() for m in MONTH_WORDS) + r")\b)(?![^.!?]*\?)")
_OPEN_END = re.compile(r"(?<=[A-Za-z0-9])\s*$")  # "i listen to jazz": a turn that stops on a word
_DRAWN_OUT_SO = re.compile(r"\b([Ss])o{2,}\b")  # "he's sooo cute": the parser reads "sooo" as a noun
# "a sweater lol.", "a puppy tbh": chat particles closing a clause, after a word (dialogue.json chat_particles);
# "moved to austin lol still unpacking": one inside a line, before more words (group 1)
_CHAT_PARTICLES = re.compile(r"(?<=\w)((?:\s+(?:" + "|".join(sorted(DIALOGUE.chat_particles)) + r"))+)(?=\s*(?:[.!?,;:]|$)|\s+(\w))",
                             re.IGNORECASE)


def _chat_particles(m: re.Match[str]) -> str:
    """Chat particles left out; inside a line, a laugh or cry among them ends the clause ("austin lol still" →
    "austin. still"), other particles are only left out ("my gf btw is" → "my gf is")."""
    if m.group(2) is None or not DIALOGUE.chat_cries & set(m.group(1).lower().split()):
        return ""
    return "."


# "a stay at home dad": a kin-role modifier written apart, joined before its noun (roles.json kin_roles)
_KIN_ROLES = L.ROLES.kin_roles
_KIN_ROLE_WORDS = re.compile(
    r"\b(" + "|".join(re.escape(m).replace(r"\-", "[ -]") for m in sorted(_KIN_ROLES) if "-" in m)
    + r")(?=\s+(?:" + "|".join(sorted({n for ns in _KIN_ROLES.values() for n in ns})) + r")s?\b)", re.IGNORECASE)


# "mid-June", "mid 2020" with no preposition before it: the parser makes "mid" a noun of the clause ("a puppy mid")
_MID = re.compile(r"(\b[A-Za-z]+\s+)?\b([Mm])id[- ](?=(?i:" + "|".join(sorted(MONTH_WORDS)) + r")\b|\d{4}\b)")


def _mid(m: re.Match[str]) -> str:
    before = m.group(1) or ""
    return f"{before}{'' if before.strip().lower() in TIME_PREPS else 'in '}{m.group(2)}id "


def normalize_chat(text: str) -> str:
    """``text`` with the chat spellings the parser misreads written as careful text (each pattern above says
    which: dropped g's, curly apostrophes, a "'s" that means "is" or "has", an emphatic "do", a dropped "I",
    stutters, chat particles and clippings, a bare owner's "s", an opener of news, a capitalised kin word, a
    kin role written apart) and a full stop after a turn that stops on a word; the rest unchanged.

    >>> normalize_chat("Startin' my biz has been tough but I'm livin' my dreams, ya know.")
    "Starting my business has been tough but I'm living my dreams, ya know."
    >>> normalize_chat("You’re my sister’s friend, ‘quote’.")
    "You're my sister's friend, ‘quote’."
    >>> normalize_chat("Omar’s my husband. Omar's car is red. It's a car. Let's go. Nora's not home.")
    "Omar is my husband. Omar's car is red. It's a car. Let's go. Nora is not home."
    >>> normalize_chat("And Lena's friends with Omar. Lena's friends were there. Mia's been my friend. Jazz's always been …")
    "And Lena is friends with Omar. Lena's friends were there. Mia has been my friend. Jazz has always been …"
    >>> normalize_chat("My sister's a lawyer. My sister's car is red. Our dog's not well.")
    "My sister is a lawyer. My sister's car is red. Our dog is not well."
    >>> normalize_chat("Her name's Kiwi, my name's Ana.")
    'Her name is Kiwi, my name is Ana.'
    >>> normalize_chat("I do love old films, and we do really enjoy hikes. Do you? I kind of liked it, a kind of jazz.")
    'I love old films, and we really enjoy hikes. Do you? I liked it, a kind of jazz.'
    >>> normalize_chat("Thanks! Love baking with rye. Love it.")
    'Thanks! I love baking with rye. Love it.'
    >>> normalize_chat("Soooo good, he's sooo cute. A soot stain.")
    "So good, he's so cute. A soot stain."
    >>> normalize_chat("I'm a stay at home dad. I stay at home on Sundays.")
    "I'm a stay-at-home dad. I stay at home on Sundays."
    >>> normalize_chat("My fav band is Queen, my dogs name is Rex. Favs: his friends names are long. Gonna wanna?")
    "My favorite band is Queen, my dog's name is Rex. Favorites: his friend's names are long. Going to want to?"
    >>> normalize_chat("My Uncle lives in Rome, her Mom's car, my Uncle Joe.")
    "My uncle lives in Rome, her mom's car, my Uncle Joe."
    >>> normalize_chat("I'm knitting a sweater lol. We got a puppy tbh, haha. LOL that's it xD")
    "I'm knitting a sweater. We got a puppy, haha. LOL that's it."
    >>> normalize_chat("Back in Dublin since May. Back in May we met. Back home in Leeds? new hobby: chess. New hobby ideas?")
    "I'm back in Dublin since May. Back in May we met. Back home in Leeds? I've got a new hobby: chess. New hobby ideas?"
    >>> normalize_chat("Still at Acme Labs, believe it. Still at work? Currently in Oslo for work. Still in shock.")
    "I'm still at Acme Labs, believe it. Still at work? I'm currently in Oslo for work. Still in shock."
    >>> normalize_chat("i moved to austin lol still unpacking, my gf btw is in denver")
    'i moved to austin. still unpacking, my gf is in denver.'
    >>> normalize_chat("Guess what, my nephew got in! You know what - I moved. I guess what you say, Tom, is fine.")
    'Guess what! My nephew got in! You know what! I moved. I guess what you say, Tom, is fine.'
    >>> normalize_chat("We got a puppy mid-June, since mid-May I'm in Oslo, moved mid 2020.")
    "We got a puppy in mid June, since mid May I'm in Oslo, moved in mid 2020."
    """
    text = _OWNED_KIN.sub(lambda m: m.group(1) + m.group(2).lower(), _CHAT_PARTICLES.sub(_chat_particles, text))
    text = drop_stutters(_sub(_DRAWN_OUT_SO, r"\1o", _sub(_CURLY_APOSTROPHE, "'", text, "\u2019"), "oo"))
    text = _sub(_DROPPED_G, lambda m: m.group(1) + "g", text, "in'", "in\u2019")
    text = _sub(_NAME_IS, r"\1 is ", _sub(_NAME_HAS, r"\1 has ", text, "'s "), "'s ")
    text = _CHAT_WORDS.sub(lambda m: _spelled_out(m.group(1)), _sub(_BARE_OWNER, r"\1's ", text, "s name"))
    text = _sub(_NAME_IS_NAME, r"\1 is", _sub(_OWNED_IS, r"\1 is ", text, "'s "), "name's")
    text = _KIN_ROLE_WORDS.sub(lambda m: m.group(1).replace(" ", "-"), text)
    text = _sub(_DROPPED_I_TASTE, lambda m: f"{m.group(1)}I {m.group(2).lower()} ", _EMPHATIC_DO.sub(r"\1 ", text),
                "Love", "Adore")
    text = _DROPPED_SUBJECT.sub(lambda m: m.group(1) + DIALOGUE.dropped_subject_openers[m.group(2).lower()], text)
    text = _OPENER.sub(lambda m: f"{m.group(1)}{m.group(2)}! {m.group(3).upper()}", _sub(_MID, _mid, text, "id-", "id "))
    return _OPEN_END.sub(".", text, count=1)
