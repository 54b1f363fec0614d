"""Relations between people in a chat of several (chronomem.extract.rules.people.people, impressions).

The dialogues are our own. ``group(...)`` is a chat of three: Nina and Omar speak before the last
turn, so without a vocative "you" in the last turn (said by Pia) is Omar, the previous other speaker.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def group(text: str) -> list[tuple]:
    return [("Nina", "Morning, all."), ("Omar", "Hey."), ("Pia", text)]


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    session = session_of(*turns)
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session), session.turns[-1].id)}


CASES = [
    # who "you" is: a vocative names the listener, else the previous other speaker
    (group("Omar, you're my best friend."), {("Pia", "FRIEND_OF", "Omar")}),
    (group("Lena, you are my best friend."), {("Pia", "FRIEND_OF", "Lena")}),
    (group("You're such a good friend!"), {("Pia", "FRIEND_OF", "Omar")}),
    # kin vocatives
    (group("Hi Mom!"), {("Omar", "PARENT_OF", "Pia")}),
    (group("Thanks, Dad."), {("Omar", "PARENT_OF", "Pia")}),
    (group("Night, sis."), {("Pia", "SIBLING_OF", "Omar")}),
    # relatives of the listener and of third parties
    (group("Your brother Tomas phoned twice."), {("Omar", "SIBLING_OF", "Tomas")}),
    ([("A", "Hello."), ("B", "I'm Tomas's sister.")], {("Tomas", "SIBLING_OF", "B")}),
    ([("A", "Mark stopped by earlier."), ("B", "He's my friend.")], {("B", "FRIEND_OF", "Mark")}),
    # introductions: "this is my …" with the name beside the noun
    (group("Oh, this is my cousin Marek."), {("Pia", "RELATED_TO", "Marek")}),
    (group("And that's my friend, Ilse."), {("Pia", "FRIEND_OF", "Ilse")}),
    (group("You and I are married, remember."), {("Pia", "MARRIED_TO", "Omar")}),
    ([("A", "Joey and Chandler are roommates.")], {("Joey", "RELATED_TO", "Chandler")}),
    (group("I really value my friendship with Lena."), {("Pia", "FRIEND_OF", "Lena")}),
    # titles
    ([("A", "I have a meeting with Professor Lund today.")], {("Professor Lund", "HAS_ROLE", "professor")}),
    ([("A", "I'm a masseuse, by day.")], {("A", "HAS_ROLE", "masseuse")}),
    # a name beside a role noun
    ([("A", "Come meet Sven, my new line cook.")], {("Sven", "HAS_ROLE", "line cook")}),
    ([("A", "I had lunch with that barista, Noor.")], {("Noor", "HAS_ROLE", "barista")}),
    ([("A", "Well, I'm an actor.")], {("A", "HAS_ROLE", "actor")}),
    ([("A", "I'm your teacher.")], {("A", "HAS_ROLE", "teacher")}),
    (group("Thank you, doctor."), {("Omar", "HAS_ROLE", "doctor")}),
    (group("Omar, you're a paleontologist."), {("Omar", "HAS_ROLE", "paleontologist")}),
    # impressions of people: explicit, stated
    ([("A", "I love Sarah.")], {("A", "LIKES", "Sarah")}),
    ([("A", "Rachel is in love with Ross.")], {("Rachel", "LIKES", "Ross")}),
    ([("A", "I hate Vincent.")], {("A", "DISLIKES", "Vincent")}),
    (group("I love you."), {("Pia", "LIKES", "Omar")}),
    # wider vocatives: after words that open a call, or alone in their sentence
    (group("Listen Lena, you're my best friend."), {("Pia", "FRIEND_OF", "Lena")}),
    (group("Come on Tomas, you're my best friend."), {("Pia", "FRIEND_OF", "Tomas")}),
    (group("Lena! You're my best friend."), {("Pia", "FRIEND_OF", "Lena")}),
    # a name after what "I" or "you" are is the one spoken to, not a name for the noun
    (group("I'm your sister, Lena!"), {("Lena", "SIBLING_OF", "Pia")}),
    (group("You're my best friend, Lena."), {("Pia", "FRIEND_OF", "Lena")}),
    (group("This is my brother, Tobias."), {("Pia", "SIBLING_OF", "Tobias")}),  # an apposition still names
    # a name the parser hung on the verb after a relative: the closing comma dropped, a second object
    (group("My cousin's fine, but my friend, Tobias got lost."), {("Pia", "FRIEND_OF", "Tobias")}),
    (group("Shall we invite our friend Tobias?"), {("Pia", "FRIEND_OF", "Tobias")}),
    # "half-" and "step-" stay on their noun (split at the hyphen, the noun lost its owner)
    (group("Tobias is my half-brother."), {("Pia", "SIBLING_OF", "Tobias")}),
    (group("Greta is my step-mom."), {("Greta", "PARENT_OF", "Pia")}),
    (group("You were on the list, but my friend, Tobias pointed out that you live abroad."),
     {("Pia", "FRIEND_OF", "Tobias")}),
    (group("Let's give our friend Tobias one more try."), {("Pia", "FRIEND_OF", "Tobias")}),
    # … or made a second subject of the verb
    (group("My best friend Dana lives in Austin."), {("Pia", "FRIEND_OF", "Dana")}),
    (group("My older cousin Vera runs a bakery."), {("Pia", "RELATED_TO", "Vera")}),
    # compliments in a group: the speaker's impression of the listener or of he/she
    (group("Wow, you are so gifted at this. You're so talented."), {("Pia", "LIKES", "Omar")}),
    (group("I think you're a really good guy."), {("Pia", "LIKES", "Omar")}),
    (group("You're my hero!"), {("Pia", "LIKES", "Omar")}),
    (group("Sweetie, you look great."), {("Pia", "LIKES", "Omar")}),  # a pet name names nobody
    ([("Nina", "Felix came by the shop."), ("Omar", "And?"), ("Pia", "He's so cute.")], {("Pia", "LIKES", "Felix")}),
    ([("A", "Hi."), ("B", "I'm in love with you.")], {("B", "LIKES", "A")}),  # romantic, even between two
    # between two, "you" is the other speaker, unless the turn calls someone by a name of no speaker's
    ([("Ann", "Hi."), ("Cy", "Bo, you're my best friend!")], {("Cy", "FRIEND_OF", "Bo")}),
    ([("Speaker 1", "Hi."), ("Speaker 2", "Bo, you're my best friend!")], {("Speaker 2", "FRIEND_OF", "Speaker 1")}),
    ([("Ann", "Hi."), ("Cy", "You're my best friend!")], {("Cy", "FRIEND_OF", "Ann")}),
    ([("Ann", "Hi."), ("Cy", "Thanks, Ann! You're my best friend.")], {("Cy", "FRIEND_OF", "Ann")}),
    ([("Annika", "Hi."), ("Cy", "Anni, you're my best friend.")], {("Cy", "FRIEND_OF", "Annika")}),  # a short form
    # dating and breaking up with "you", "me", he/she
    (group("Ingrid just dumped me."), {("Ingrid", "PARTNER_OF", "Pia")}),
    (group("I'm breaking up with you."), {("Pia", "PARTNER_OF", "Omar")}),
    (group("You broke up with Tobias last month."), {("Omar", "PARTNER_OF", "Tobias")}),
    (group("Lena! We broke up ages ago."), {("Pia", "PARTNER_OF", "Lena")}),
    (group("Tomas and I used to date."), {("Tomas", "PARTNER_OF", "Pia")}),
    ([("Nina", "Felix is coming to the party."), ("Omar", "So?"), ("Pia", "I'm dating him.")],
     {("Pia", "PARTNER_OF", "Felix")}),
]


@pytest.mark.parametrize("turns,expected", CASES, ids=[c[0][-1][1] for c in CASES])
def test_people(extractor, turns, expected):
    assert expected <= triples(extractor, turns)


@pytest.mark.parametrize("turns,wrong", [
    ([("Ann", "Hi."), ("Cy", "Bo, you're my best friend!")], ("Cy", "FRIEND_OF", "Ann")),  # said to Bo, not to Ann
    ([("Ann", "Hi."), ("Cy", "Thanks, Ann! You're my best friend.")], ("Cy", "FRIEND_OF", "Thanks")),
    ([("Speaker 1", "Hi."), ("Speaker 2", "Bo, you're my best friend!")], ("Speaker 2", "FRIEND_OF", "Bo")),
], ids=["someone else named", "the listener named", "speakers of no name: Bo may be Speaker 1"])
def test_who_you_is_between_two(extractor, turns, wrong):
    assert wrong not in triples(extractor, turns)


@pytest.mark.parametrize(("text", "role"), [("Dr. Osei is my dentist.", "dentist"), ("My vet, Dr. Lam, is lovely.", "vet"),
                                           ("Dr. Osei fixed my knee.", "doctor")])
def test_a_role_read_from_a_title_gives_way_to_the_role_stated(extractor, text, role):
    roles = {t[2] for t in triples(extractor, [("A", text)]) if t[1] == "HAS_ROLE" and t[0].startswith("Dr.")}
    assert roles == {role}


@pytest.mark.parametrize("text", ["Ingrid just dumped me.", "Tomas and I used to date.", "I broke up with Aron."])
def test_a_relationship_that_ended_is_an_ending(extractor, text):
    session = session_of(*group(text))
    kinds = {r[3] for r in rows(extractor.extract(session), session.turns[-1].id) if r[1] == "PARTNER_OF"}
    assert kinds == {"end"}


@pytest.mark.parametrize(("text", "expected"), [
    ("Greta is my ex-girlfriend.", ("Pia", "PARTNER_OF", "Greta")),  # parsed "ex", "-", "girlfriend": nothing
    ("Greta is Anton's ex-wife.", ("Anton", "MARRIED_TO", "Greta")),
    ("You're my ex-husband!", ("Pia", "MARRIED_TO", "Omar")),  # was a current marriage
    ("You are my former boyfriend.", ("Pia", "PARTNER_OF", "Omar")),
    ("Anton, my ex-boyfriend, is here.", ("Pia", "PARTNER_OF", "Anton")),
])
def test_an_ex_is_a_tie_that_ended(extractor, text, expected):
    session = session_of(*group(text))
    found = {(s, p, o, kind) for s, p, o, kind, *_ in rows(extractor.extract(session), session.turns[-1].id)}
    assert found == {(*expected, "end")}


NO_PEOPLE_FACTS = [
    [("A", "Hi."), ("B", "Love you, bye!")],  # two people: "love you!" is a formula, not a recorded impression
    [("A", "Hi."), ("B", "You're a great cook.")],  # between two, a compliment ("you're a great friend" states a friendship)
    [("Ann", "Hi."), ("Cy", "Bo, did you see that?")],  # a question to someone named
    [("A", "I don't love Sarah.")],
    [("A", "I'd like you to meet Sarah.")],
    [("A", "Do you love Sarah?")],
    [("A", "If I hated Vincent, I'd say so.")],
    group("I love you guys."),
    group("Hi honey!"),  # a pet name says nothing about kin
    group("I think you'll love Sarah."),
    [("A", "Hi."), ("B", "You are so talented.")],  # between two, a compliment is politeness
    [("A", "Felix came by."), ("B", "He's so cute.")],
    group("You guys are great."),
    group("You are both idiots."),
    group("You'd look great in that coat."),
    group("Now you be nice to her."),
    group("You think you're so perfect."),
    group("We broke up ages ago."),  # said to friends, "we" is the speaker and someone else
    group("I didn't dump her."),
    group("I told my sister, Emma would come."),  # the name is the subject of what was told
    group("I want to date him."),
    [("A", "Felix came by."), ("B", "I saw him yesterday.")],
    group("My coworker's cat Pixel sleeps all day."),  # a coworker's pet, not the speaker's (a relative's: test_later_names)
    group("My neighbor's parrot Kiwi can talk."),  # a neighbor's pet (a relative's: test_later_names)
]


@pytest.mark.parametrize("turns", NO_PEOPLE_FACTS, ids=[t[-1][1] for t in NO_PEOPLE_FACTS])
def test_no_people_fact(extractor, turns):
    found = triples(extractor, turns)
    assert not {t for t in found if t[1] in ("LIKES", "DISLIKES", "FRIEND_OF", "PARENT_OF", "SIBLING_OF", "MARRIED_TO",
                                             "PARTNER_OF", "HAS_PET")}
