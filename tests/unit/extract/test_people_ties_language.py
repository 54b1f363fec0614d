"""Ties between people said the many ways people say them in chat, in our own words (never a dataset's lines):
apposition ("my brother, Felix, …", "Greta's husband Bruno"), introductions ("this is my girlfriend Marisol",
"meet my dad, Howard"), copulas ("Rafael is my fiancé", "Lorenzo is my ex", "Kip and I are cousins", "Felix and Ines are
brother and sister", "… mother and son"), idioms ("Joaquin and I go way back"), verbs
("I've been seeing Marisol", "I married Odile in 2019", "Greta broke up with Bruno", "I'm in a
relationship with Tobias"), the listener addressed by
a kin word or a name ("Mom, …", "Ann, you're my best friend", "night, sis"), third persons in a chat of several
("Milo's girlfriend Paz", "Greta and her boyfriend Milo"), possessives with names ("my buddy Joaquin"); and what
says no tie: suppositions, questions, wishes, likenesses ("like a sister to me"), someone else's kin ("my
friend's brother"), denials, a pet called a friend, "boyfriend material".

Cases are Cy's turns after Ann's (``duo``): "you" is Ann. INVENTORY is the whole table; the rows under "read
since sweep40" were missed before it, the rows marked MISSED are still not read (strict xfail: a fix turns them
into failures to move up).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo

A, E = "assert", "end"


def missed(text: str, subj: str, pred: str, obj: str, kind: str, why: str):
    return pytest.param(text, subj, pred, obj, kind, marks=pytest.mark.xfail(strict=True, reason=why))


INVENTORY = [
    # read since sweep40
    ("Dov and I are together.", "Cy", "PARTNER_OF", "Dov", A),  # "together" with nothing on it: a couple
    ("Greta and Bruno are together now.", "Greta", "PARTNER_OF", "Bruno", A),
    ("I used to date Lorenzo.", "Cy", "PARTNER_OF", "Lorenzo", E),  # "date" parsed as a compound of the name
    ("I'm in a relationship with Tobias.", "Cy", "PARTNER_OF", "Tobias", A),
    ("Tobias and I are in a relationship.", "Cy", "PARTNER_OF", "Tobias", A),
    ("Tobias is in a relationship with Nadia.", "Tobias", "PARTNER_OF", "Nadia", A),
    ("I was in a relationship with Tobias for two years.", "Cy", "PARTNER_OF", "Tobias", E),
    ("I'm not in a relationship with Tobias anymore.", "Cy", "PARTNER_OF", "Tobias", E),
    ("Felix and Ines are brother and sister.", "Felix", "SIBLING_OF", "Ines", A),  # two kin nouns of one tie
    ("Greta and Bruno are husband and wife.", "Greta", "MARRIED_TO", "Bruno", A),
    ("Greta and Bruno were husband and wife.", "Greta", "MARRIED_TO", "Bruno", E),
    ("Felix and Ines are mother and son.", "Felix", "PARENT_OF", "Ines", A),  # two inverse kin nouns, in order
    ("Howard and Maren are father and daughter.", "Howard", "PARENT_OF", "Maren", A),
    ("I'm your mom, of course I worry.", "Cy", "PARENT_OF", "Ann", A),  # a kin word of a copula, not a part played
    ("I will always be your brother.", "Ann", "SIBLING_OF", "Cy", A),
    ("Pip and Nina are son and mother.", "Nina", "PARENT_OF", "Pip", A),
    ("Emil is my half-brother.", "Cy", "SIBLING_OF", "Emil", A),  # "my" parsed onto the prefix "half-"
    ("Lotte is Emil's half-sister.", "Emil", "SIBLING_OF", "Lotte", A),
    # apposition
    ("My brother, Felix, is coming over tonight.", "Cy", "SIBLING_OF", "Felix", A),
    ("Felix, my brother, is coming over tonight.", "Cy", "SIBLING_OF", "Felix", A),
    ("Greta's husband Bruno fixed my sink.", "Greta", "MARRIED_TO", "Bruno", A),
    ("I had lunch with Bruno, Greta's husband.", "Greta", "MARRIED_TO", "Bruno", A),
    ("My wife, Odile, says hi.", "Cy", "MARRIED_TO", "Odile", A),
    ("Ann, my little sister, is a pilot.", "Cy", "SIBLING_OF", "Ann", A),
    # introductions
    ("This is my girlfriend Marisol.", "Cy", "PARTNER_OF", "Marisol", A),
    ("Guys, this is my boyfriend, Dario.", "Cy", "PARTNER_OF", "Dario", A),
    ("Meet my dad, Howard.", "Howard", "PARENT_OF", "Cy", A),
    ("Everyone, meet my sister Ottilie.", "Cy", "SIBLING_OF", "Ottilie", A),
    ("I'd like you to meet my fiancé, Rafael.", "Cy", "ENGAGED_TO", "Rafael", A),
    ("Ah, this is my friend Petra.", "Cy", "FRIEND_OF", "Petra", A),
    # copulas
    ("Rafael is my fiancé.", "Cy", "ENGAGED_TO", "Rafael", A),
    ("Dario's my boyfriend.", "Cy", "PARTNER_OF", "Dario", A),
    ("Ottilie is my little sister.", "Cy", "SIBLING_OF", "Ottilie", A),
    ("Kip and I are cousins.", "Kip", "RELATED_TO", "Cy", A),
    ("Marisol and I are just friends.", "Cy", "FRIEND_OF", "Marisol", A),
    ("Bruno is Greta's husband.", "Greta", "MARRIED_TO", "Bruno", A),
    ("Greta and Bruno are married.", "Greta", "MARRIED_TO", "Bruno", A),
    ("Howard is my father.", "Howard", "PARENT_OF", "Cy", A),
    ("Vera is my boss.", "Cy", "REPORTS_TO", "Vera", A),
    ("Dario and I are best friends.", "Cy", "FRIEND_OF", "Dario", A),
    ("Lorenzo is my ex.", "Cy", "PARTNER_OF", "Lorenzo", E),
    ("Tamsin is my ex-wife.", "Cy", "MARRIED_TO", "Tamsin", E),
    ("Joaquin is a good friend of mine.", "Cy", "FRIEND_OF", "Joaquin", A),
    ("Ann is my twin.", "Cy", "SIBLING_OF", "Ann", A),
    ("Ines is Felix's sister.", "Felix", "SIBLING_OF", "Ines", A),
    ("Felix and I are brothers.", "Cy", "SIBLING_OF", "Felix", A),
    ("Maren is Howard's daughter.", "Howard", "PARENT_OF", "Maren", A),
    ("Pip is my son.", "Cy", "PARENT_OF", "Pip", A),
    ("Vera is my manager at the bank.", "Cy", "REPORTS_TO", "Vera", A),
    # verbs
    ("I've been seeing Marisol for a few weeks.", "Cy", "PARTNER_OF", "Marisol", A),
    ("Dario and I are dating.", "Cy", "PARTNER_OF", "Dario", A),
    ("I married Odile in 2019.", "Cy", "MARRIED_TO", "Odile", A),
    ("Greta broke up with Bruno.", "Greta", "PARTNER_OF", "Bruno", E),
    ("I'm going out with Lorenzo.", "Cy", "PARTNER_OF", "Lorenzo", A),
    ("Greta divorced Bruno last year.", "Greta", "MARRIED_TO", "Bruno", E),
    ("Ines is dating Felix.", "Ines", "PARTNER_OF", "Felix", A),
    ("Nina and I got married last spring.", "Cy", "MARRIED_TO", "Nina", A),
    ("Greta and Bruno got engaged.", "Greta", "ENGAGED_TO", "Bruno", A),
    ("Lorenzo and I split up.", "Cy", "PARTNER_OF", "Lorenzo", E),
    ("I dated Lorenzo in college.", "Cy", "PARTNER_OF", "Lorenzo", E),
    ("Ann and I used to date.", "Cy", "PARTNER_OF", "Ann", E),
    ("Dov and I have been together for three years.", "Cy", "PARTNER_OF", "Dov", A),
    ("Dov and I got back together.", "Cy", "PARTNER_OF", "Dov", A),
    ("I'm back with Dov.", "Cy", "PARTNER_OF", "Dov", A),
    ("Dov and I aren't together anymore.", "Cy", "PARTNER_OF", "Dov", E),
    ("I report to Vera.", "Cy", "REPORTS_TO", "Vera", A),
    ("My son Pip was born in June.", "Cy", "PARENT_OF", "Pip", A),
    ("Ann and I have been friends since kindergarten.", "Cy", "FRIEND_OF", "Ann", A),
    ("Joaquin and I go way back.", "Cy", "FRIEND_OF", "Joaquin", A),  # an idiom of a long friendship
    ("I go way back with Leda.", "Cy", "FRIEND_OF", "Leda", A),
    ("Leda and Otto go back a long way.", "Leda", "FRIEND_OF", "Otto", A),
    # the listener addressed
    ("Mom, have you seen my keys?", "Ann", "PARENT_OF", "Cy", A),
    ("Ann, you're my best friend.", "Cy", "FRIEND_OF", "Ann", A),
    ("Thanks, Dad.", "Ann", "PARENT_OF", "Cy", A),
    ("Hi! Hey mom.", "Ann", "PARENT_OF", "Cy", A),
    ("That's a good question, dad.", "Ann", "PARENT_OF", "Cy", A),
    ("Oh, no, Mom, it's just me this year.", "Ann", "PARENT_OF", "Cy", A),
    ("Night, sis.", "Cy", "SIBLING_OF", "Ann", A),
    ("Hey bro, what's up?", "Cy", "SIBLING_OF", "Ann", A),
    # third persons in a chat of several
    ("Greta and her boyfriend Milo left early.", "Greta", "PARTNER_OF", "Milo", A),
    ("Milo's girlfriend Paz is a chef.", "Milo", "PARTNER_OF", "Paz", A),
    ("Paz is Milo's girlfriend.", "Milo", "PARTNER_OF", "Paz", A),
    ("Milo and Paz are seeing each other.", "Milo", "PARTNER_OF", "Paz", A),
    ("Ann is friends with Dov.", "Ann", "FRIEND_OF", "Dov", A),
    ("Howard's daughter Maren studies law.", "Howard", "PARENT_OF", "Maren", A),
    # possessives with names
    ("My buddy Joaquin helped me move.", "Cy", "FRIEND_OF", "Joaquin", A),
    ("My best friend Leda moved to Oslo.", "Cy", "FRIEND_OF", "Leda", A),
    ("My boss Vera is on leave.", "Cy", "REPORTS_TO", "Vera", A),
    ("My cousin Ines just got a puppy.", "Cy", "RELATED_TO", "Ines", A),
    ("My ex-wife Tamsin lives in Leeds.", "Cy", "MARRIED_TO", "Tamsin", E),
    # a married state said alone, or with children, is a status of the speaker's
    ("I'm married.", "Cy", "RELATED_TO", "married", A),
    ("I'm married with three kids.", "Cy", "RELATED_TO", "married", A),
    # still missed
    missed("I love you, honey.", "Cy", "PARTNER_OF", "Ann", A, "an endearment to the listener (also said to a child)"),
    missed("Ann, you're the best sister ever.", "Cy", "SIBLING_OF", "Ann", A, "a kin attribute with 'the', not 'my'"),
    missed("Dov is married to my sister.", "Dov", "MARRIED_TO", "Cy's sister", A,
           "an owned arg is named from the other side: it would be Dov's sister"),
    missed("Joaquin is an old friend.", "Cy", "FRIEND_OF", "Joaquin", A, "a friend with no owner said"),
    missed("I work for Vera.", "Cy", "REPORTS_TO", "Vera", A, "a first name alone may be a firm: only full names"),
    missed("I used to date Lorenzo's brother.", "Cy", "PARTNER_OF", "Lorenzo's brother", E, "an unnamed kin object"),
]

NO_TIE = [
    ("If Dario were my boyfriend, I'd be happy.", "Cy", "PARTNER_OF", "Dario"),
    ("I wish Dario were my boyfriend.", "Cy", "PARTNER_OF", "Dario"),
    ("Is Dario your boyfriend?", "Ann", "PARTNER_OF", "Dario"),
    ("Dario is not my boyfriend.", "Cy", "PARTNER_OF", "Dario"),
    ("Lorenzo is total boyfriend material.", "Cy", "PARTNER_OF", "Lorenzo"),
    ("Do you think Marisol and I should date?", "Cy", "PARTNER_OF", "Marisol"),
    ("I'll never marry Lorenzo.", "Cy", "MARRIED_TO", "Lorenzo"),
    ("I'll never date Lorenzo.", "Cy", "PARTNER_OF", "Lorenzo"),
    ("Otto wants to go out with Ines.", "Otto", "PARTNER_OF", "Ines"),
    ("Leda is like a sister to me.", "Cy", "SIBLING_OF", "Leda"),
    ("Felix is like a brother to me.", "Cy", "SIBLING_OF", "Felix"),
    ("My friend's brother Otto is visiting.", "Cy", "SIBLING_OF", "Otto"),
    ("My dog Biscuit is my best friend.", "Cy", "FRIEND_OF", "Biscuit"),
    ("Are Kip and Ines cousins?", "Kip", "RELATED_TO", "Ines"),
    ("Is Mabel your friend?", "Ann", "FRIEND_OF", "Mabel"),
    ("Are you my father?", "Ann", "PARENT_OF", "Cy"),
    ("Emil is not my half-brother.", "Cy", "SIBLING_OF", "Emil"),
    ("Is Emil your half-brother?", "Ann", "SIBLING_OF", "Emil"),
    # "together" with a place, a stake, a group or a moment: no couple
    ("Dov and I are in this together.", "Cy", "PARTNER_OF", "Dov"),
    ("Dov and I are together in Paris.", "Cy", "PARTNER_OF", "Dov"),
    ("Dov and Greta are together for the holidays.", "Dov", "PARTNER_OF", "Greta"),
    ("Are Dov and Greta together?", "Dov", "PARTNER_OF", "Greta"),
    ("If Dov and I were together, I'd be happy.", "Cy", "PARTNER_OF", "Dov"),
    ("Dov and I went together.", "Cy", "PARTNER_OF", "Dov"),
    ("Dov and I are working together.", "Cy", "PARTNER_OF", "Dov"),
    ("Dov and I used to go to Greta's.", "Cy", "PARTNER_OF", "Dov"),  # "used to" with no couple verb
    # "in a relationship" denied, asked, supposed or of work: no couple
    ("I'm not in a relationship with Tobias.", "Cy", "PARTNER_OF", "Tobias"),
    ("Are you in a relationship with Tobias?", "Ann", "PARTNER_OF", "Tobias"),
    ("If I were in a relationship with Tobias, I'd tell you.", "Cy", "PARTNER_OF", "Tobias"),
    ("I'm in a working relationship with Tobias.", "Cy", "PARTNER_OF", "Tobias"),
    ("I was in a band with Tobias.", "Cy", "PARTNER_OF", "Tobias"),
    # a state said to someone is no open fact: a tie (the couple rules', even unread) or a figure of speech
    ("Dov is married to my sister.", "Dov", "RELATED_TO", "married"),
    ("I'm married to my work.", "Cy", "RELATED_TO", "married"),
    ("Honestly, I'm married to this garden.", "Cy", "RELATED_TO", "married"),
    ("Lea is engaged to my cousin.", "Lea", "RELATED_TO", "engaged"),
    ("I'm happily married to a baker.", "Cy", "RELATED_TO", "married"),
    # a pair of kin nouns asked, likened, denied or supposed
    ("Are Felix and Ines brother and sister?", "Felix", "SIBLING_OF", "Ines"),
    ("Felix and Ines are like brother and sister.", "Felix", "SIBLING_OF", "Ines"),
    ("Felix and Ines aren't brother and sister.", "Felix", "SIBLING_OF", "Ines"),
    ("If Felix and Ines were brother and sister, I'd know.", "Felix", "SIBLING_OF", "Ines"),
    # going back: of two people, stated, in the present
    ("Joaquin and I don't go way back.", "Cy", "FRIEND_OF", "Joaquin"),
    ("Do Joaquin and Leda go way back?", "Joaquin", "FRIEND_OF", "Leda"),
    ("Leda and I went back to Oslo.", "Cy", "FRIEND_OF", "Leda"),
    ("Leda and I should go back a long way to find it.", "Cy", "FRIEND_OF", "Leda"),
    ("I go back with Leda every summer.", "Cy", "FRIEND_OF", "Leda"),
    # a pair of inverse kin nouns: in the order said, and not asked, likened or denied
    ("Howard and Maren are father and daughter.", "Maren", "PARENT_OF", "Howard"),
    ("Pip and Nina are son and mother.", "Pip", "PARENT_OF", "Nina"),
    ("Are Howard and Maren father and daughter?", "Howard", "PARENT_OF", "Maren"),
    ("Howard and Maren are like father and daughter.", "Howard", "PARENT_OF", "Maren"),
    ("Howard and Maren aren't father and daughter.", "Howard", "PARENT_OF", "Maren"),
    # a kin word for a part played for a while or offered: no tie ("I'm your mom" still says one, above and below)
    ("I'll be your mom for the day!", "Cy", "PARENT_OF", "Ann"),
    ("I can be your big sister tonight.", "Ann", "SIBLING_OF", "Cy"),
    ("Don't worry, I'll be your dad for a while.", "Cy", "PARENT_OF", "Ann"),
    ("Rosa could be your sister, you two look alike!", "Ann", "SIBLING_OF", "Rosa"),
]


@pytest.mark.parametrize("text, subj, pred, obj, kind", INVENTORY)
def test_tie_is_read(extractor, text, subj, pred, obj, kind):
    assert (subj, pred, obj, kind) in claim_set(extractor, duo(text))


@pytest.mark.parametrize("text, subj, pred, obj", NO_TIE)
def test_no_tie(extractor, text, subj, pred, obj):
    assert [k for s, p, o, k in claim_set(extractor, duo(text)) if (s, p, o) == (subj, pred, obj)] == []
