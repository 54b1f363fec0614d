"""Ties between people said in conversation (our own lines, never DialogRE's).

Covered: statements that a tag ("…, y'know?") or a condition on the saying ("if you ask me, …") leave
standing; relatives named in a supposition; couples in a past when-clause; kin words called out in a
short exclamation; bonds a noun presupposes ("our friendship"); people introduced by kind, then by
name; workplaces, classes and bodies one is in, said plainly ("I work at the restaurant"). Cases are
Cy's turns after Ann's (``duo``) or after Ann's and Bo's (``trio``).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, rows, session_of, trio

FOUND = [
    # a tag that asks nothing leaves the statement a statement
    (duo("I was engaged to Tomas once, y'know?"), ("Cy", "ENGAGED_TO", "Tomas", "end")),
    (duo("Lena and I are friends with Paul, you know?"), ("Lena", "FRIEND_OF", "Paul", "assert")),
    # a condition on the saying, not on what is said
    (duo("If it makes you feel any better, I was married to Tomas for years."), ("Cy", "MARRIED_TO", "Tomas", "end")),
    (duo("If you ask me, Lena is my best friend."), ("Cy", "FRIEND_OF", "Lena", "assert")),
    # a relative named beside its owner is presupposed, also in a supposition
    (duo("If the baby is a boy, please name him after my father, Harold."), ("Harold", "PARENT_OF", "Cy", "assert")),
    (duo("Imagine if my sister Kim came along."), ("Cy", "SIBLING_OF", "Kim", "assert")),
    # a name's "'s" before "friends with" is "is"
    (duo("And Lena's friends with Paul."), ("Lena", "FRIEND_OF", "Paul", "assert")),
    # a couple that was, in a past when-clause (also parsed as a passive)
    (duo("Back when Tomas was engaged to you, he was different."), ("Tomas", "ENGAGED_TO", "Ann", "end")),
    (duo("We saved a lot when you were dating Marco."), ("Ann", "PARTNER_OF", "Marco", "end")),
    (duo("When you and Marco first started going out, I was jealous."), ("Ann", "PARTNER_OF", "Marco", "assert")),
    # a kin word opening a short exclamation is said to the listener
    (duo("Dad seriously! You need a haircut."), ("Ann", "PARENT_OF", "Cy", "assert")),
    (duo("Mom… mom, please!"), ("Ann", "PARENT_OF", "Cy", "assert")),
    # a bond a noun presupposes, whatever the clause does
    (duo("I'd never do anything to risk my friendship with you."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (duo("This is about the basis of our friendship."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (trio("Is our friendship over?"), ("Cy", "FRIEND_OF", "Bo", "assert")),
    (duo("My friendship with Nora matters a lot to me."), ("Cy", "FRIEND_OF", "Nora", "assert")),
    # a question joined after a comma leaves the statement before it standing
    (duo("My name is Lane and my husband's name is Porter, so is it Lane-Porter or Porter-Lane?"),
     ("Cy", "MARRIED_TO", "Porter", "assert")),
    (duo("I moved to Denver last year, so do you want to visit?"), ("Cy", "LIVES_IN", "Denver", "assert")),
    # "I can't believe …" takes what follows as given
    (duo("I can't believe Nora moved to Denver!"), ("Nora", "LIVES_IN", "Denver", "assert")),
    # "our" daughter (or friend) of a pronoun's person: the speaker's
    ([("Ann", "Have you seen Emma today?"), ("Cy", "I can't believe this, she's our daughter!")],
     ("Cy", "PARENT_OF", "Emma", "assert")),
    # a parting planned, owed or asked about: a couple now
    (duo("I'm going to break up with Charlie."), ("Cy", "PARTNER_OF", "Charlie", "assert")),
    (duo("Wait, I have to break up with Charlie?"), ("Cy", "PARTNER_OF", "Charlie", "assert")),
    (duo("Are you going to break it off with Charlie?"), ("Ann", "PARTNER_OF", "Charlie", "assert")),
    # where people work, teach, study and serve, said plainly
    (duo("I work at the restaurant."), ("Cy", "WORKS_AT", "restaurant", "assert")),
    (duo("Nora works at that pizza place with Leo."), ("Nora", "WORKS_AT", "pizza place", "assert")),
    (duo("Nora works at that pizza place with Leo."), ("Leo", "WORKS_AT", "pizza place", "assert")),
    (duo("Let me share what I learned while working at the coffeehouse."), ("Cy", "WORKS_AT", "coffeehouse", "assert")),
    (duo("I'm teaching painting down at the Harbor Arts Academy."), ("Cy", "WORKS_AT", "Harbor Arts Academy", "assert")),
    (duo("I'm taking a history class at Columbia University."), ("Cy", "STUDIES_AT", "Columbia University", "assert")),
    (duo("Nora is in the Navy now."), ("Nora", "MEMBER_OF", "Navy", "assert")),
    (duo("We were both in the Peace Corps."), ("Cy", "MEMBER_OF", "Peace Corps", "end")),
    # a relative named before a possessive; staying a role held for someone
    (duo("Because my friend Ethel's puppy was born with spots."), ("Cy", "FRIEND_OF", "Ethel", "assert")),
    (duo("Well, I wish I could say no, but you can't stay my assistant forever."), ("Ann", "REPORTS_TO", "Cy", "assert")),
    # pets pointed at and named; a soulmate is a partner
    (duo("This kitty is Pickles and this one is Waffles."), ("Cy", "HAS_PET", "Waffles", "assert")),
    (duo("Honestly, you're my soulmate."), ("Cy", "PARTNER_OF", "Ann", "assert")),
    # the speaker's people introduced by kind, then by name
    (duo("Thanks. Come meet my friends. This is, uh, Nina."), ("Cy", "FRIEND_OF", "Nina", "assert")),
    (duo("I'd like you to meet my friends, this is Nina, Leo and Sam."), ("Cy", "FRIEND_OF", "Sam", "assert")),
    # likeness to a friend
    (duo("Honestly, you're like my best friend."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (trio("Nora is like a friend to me."), ("Cy", "FRIEND_OF", "Nora", "assert")),
    # a couple together again, together for a span, or dating for months or years in the past (over)
    (trio("Marco and I are back together."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    (duo("Lena and Tomas have been together since 2019."), ("Lena", "PARTNER_OF", "Tomas", "assert")),
    (duo("Greta and I were together for six years."), ("Cy", "PARTNER_OF", "Greta", "end")),
    (duo("Well, I dated Marco for two years."), ("Cy", "PARTNER_OF", "Marco", "end")),
    (duo("Marco and I went out for months."), ("Cy", "PARTNER_OF", "Marco", "end")),
    (trio("So Marco, we went out for two years."), ("Cy", "PARTNER_OF", "Marco", "end")),
    # a partner said as "someone", named in a later sentence (a reported question still presupposes them)
    (trio("I'm seeing someone. His name is Marco."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    (duo("You asked if I was dating somebody. Well, I am. Her name is Greta."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    ([("Ann", "Greta called."), ("Cy", "She's been going out with a guy. He's called Marco.")],
     ("Greta", "PARTNER_OF", "Marco", "assert")),
    # getting back together, asked, denied or supposed: a couple that was
    (trio("Wait, are you and Marco getting back together?"), ("Bo", "PARTNER_OF", "Marco", "end")),
    (duo("I'm not getting back together with Marco."), ("Cy", "PARTNER_OF", "Marco", "end")),
    (duo("Greta and Marco might get back together."), ("Greta", "PARTNER_OF", "Marco", "end")),
]

NOT_FOUND = [
    (duo("Lena is my sister, right?"), ("Cy", "SIBLING_OF", "Lena", "assert")),  # a tag that asks
    (duo("If Lena is my best friend, why didn't she call?"), ("Cy", "FRIEND_OF", "Lena", "assert")),
    (duo("If I had a sister named Kim, I'd be happy."), ("Cy", "SIBLING_OF", "Kim", "assert")),
    (duo("When you start dating Marco, tell me."), ("Ann", "PARTNER_OF", "Marco", "assert")),
    (duo("Tomas wasn't engaged to you."), ("Tomas", "ENGAGED_TO", "Ann", "end")),
    ([("Ann", "Who came?"), ("Cy", "Mom.")], ("Ann", "PARENT_OF", "Cy", "assert")),  # an answer, not a call
    (duo("Sam and I go way back; our friendship started at school."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (duo("Their friendship is odd."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (duo("Look what my teammates gave me. It's a sign of our friendship."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (duo("They signed it to show our friendship."), ("Cy", "FRIEND_OF", "Ann", "assert")),
    (duo("He's like a brother to me."), ("Cy", "SIBLING_OF", "Ann", "assert")),  # a likeness to kin is none
    (duo("Honestly, you're like my best friend."), ("Cy", "FRIEND_OF", "Cy's friend", "assert")),  # no third person
    (trio("She's like my sister."), ("Cy", "SIBLING_OF", "Cy's sister", "assert")),
    (duo("I don't believe Nora moved to Denver."), ("Nora", "LIVES_IN", "Denver", "assert")),
    (duo("Did you move to Denver, or is it Austin?"), ("Ann", "LIVES_IN", "Denver", "assert")),
    ([("Ann", "Have you seen Emma today?"), ("Cy", "She's our sister.")], ("Cy", "SIBLING_OF", "Emma", "assert")),
    (duo("Did you break up with Charlie?"), ("Ann", "PARTNER_OF", "Charlie", "assert")),  # done or not: unknown
    (duo("I don't want to break up with Charlie."), ("Cy", "PARTNER_OF", "Charlie", "assert")),
    (duo("I'm breaking up with you."), ("Cy", "PARTNER_OF", "Ann", "assert")),  # it ends now
    (duo("This one is Tom."), ("Cy", "HAS_PET", "Tom", "assert")),
    (duo("I stayed at my assistant's place."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("You should meet my sister sometime. This is Tom, by the way."), ("Cy", "SIBLING_OF", "Tom", "assert")),
    (duo("I work at a place near the park."), ("Cy", "WORKS_AT", "place", "assert")),
    (duo("I don't work at the restaurant."), ("Cy", "WORKS_AT", "restaurant", "assert")),
    (duo("I work at the clinic with patients."), ("patients", "WORKS_AT", "clinic", "assert")),
    (duo("I was in Walmart yesterday."), ("Cy", "MEMBER_OF", "Walmart", "end")),
    (duo("I'm taking a class at night."), ("Cy", "STUDIES_AT", "night", "assert")),
    (duo("You're not like my friends."), ("Cy", "FRIEND_OF", "Ann", "assert")),
]


NO_COUPLE = [
    duo("Marco and I were together at lunch."),  # a place or a moment
    duo("Greta and I were together for an hour."),
    duo("I went out with Marco for an hour."),  # an outing
    trio("Marco, we went out for dinner."),
    trio("Greta, we went out last night."),
    duo("Greta and I were never together."),
    duo("Marco and I worked together for years."),
    duo("I didn't date Marco for two years."),
    duo("I'm not seeing anyone. His name is Marco."),
    duo("I saw someone at the bar. His name is Marco."),  # seeing, not dating
    duo("I was seeing someone back then. His name was Marco."),  # over, or not: unknown
    duo("I might be dating someone. His name is Marco."),
    duo("I'm seeing someone. Is his name Marco?"),
    duo("I'm seeing someone. This is Marco."),  # someone present, not the one named before
    duo("We're not getting back together."),  # "we": whom?
    duo("Can Greta and Marco get back together to finish the report?"),  # a meeting
    duo("Should Greta and I get back together for lunch?"),
]


@pytest.mark.parametrize("turns", NO_COUPLE, ids=[c[-1][1] for c in NO_COUPLE])
def test_no_couple(extractor, turns):
    assert not [c for c in claim_set(extractor, turns) if c[1] == "PARTNER_OF"]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] + c[1][0] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


def test_a_line_said_together_is_never_the_listener(extractor):
    result = extractor.extract(session_of(("Ann", "Yeah."), ("Ann, Bo", "Hello!"), ("Cy", "Hi! Hey mom.")))
    assert "Ann, Bo" not in {e.name for e in result.entities}
    assert ("Ann", "PARENT_OF", "Cy") in {r[:3] for r in rows(result)}


def test_a_drawn_out_interjection_names_nobody(extractor):
    """"Umm, Bo, …": the hesitation set off like a vocative is no name; Bo is the one spoken to."""
    turns = [("Bo", "Hey."), ("Ann", "Evening."), ("Cy", "Umm, Bo, you're my brother.")]
    found = claim_set(extractor, turns)
    assert ("Cy", "SIBLING_OF", "Bo", "assert") in found
    assert not any("Umm" in (s, o) for s, _, o, _ in found)


def _aliases(extractor, turns) -> dict[str, list[str]]:
    return {e.name: list(e.aliases) for e in extractor.extract(session_of(*turns)).entities}


def _called_back(call: str, *, before: str = "I miss him so much.") -> list[tuple[str, str]]:
    """Speaker 2 speaks, Speaker 1 calls someone, Speaker 2 answers (Speaker 3 opened the chat)."""
    return [("Speaker 3", "Morning."), ("Speaker 2", before), ("Speaker 1", call), ("Speaker 2", "I know, I know.")]


def test_a_call_answered_by_the_one_it_answered_names_them(extractor):
    turns = _called_back("Nora, you broke up with Tomas for a reason.")
    assert "Nora" in _aliases(extractor, turns).get("Speaker 2", [])
    assert ("Speaker 2", "PARTNER_OF", "Tomas", "end") in claim_set(extractor, turns)


@pytest.mark.parametrize("turns", [
    _called_back("Nora, this is Will."),  # an introduction: the one introduced may answer
    _called_back("Nora, you broke up with Tomas for a reason.", before="I told Nora everything."),  # spoken of
    _called_back("Oh God, you broke up with Tomas for a reason."),  # an exclamation, no name
], ids=["introduction", "spoken of", "exclamation"])
def test_no_name_without_evidence(extractor, turns):
    aliases = _aliases(extractor, turns).get("Speaker 2", [])
    assert "Nora" not in aliases and "God" not in aliases


def test_after_a_line_said_together_alone_the_listener_is_unknown(extractor):
    """"Hi!" said by two, then "Hey mom.": the mother is one of the two, not whoever speaks next."""
    turns = [("Ann, Bo", "Hi!"), ("Cy", "Hi! Hey mom."), ("Dee", "What a party!")]
    assert not {r for r in claim_set(extractor, turns) if r[1] == "PARENT_OF"}


def test_a_greeting_by_name_answered_back_names_the_one_greeted(extractor):
    """"Good to meet you, Roger" is no introduction: answered by the one who just spoke, it names them."""
    turns = [("Speaker 5", "Oh, this is my friend Roger."), ("Speaker 6", "Hi."),
             ("Speaker 4", "Hey, hey. Good to meet you, Roger."), ("Speaker 6", "You too, sir.")]
    assert "Roger" in _aliases(extractor, turns).get("Speaker 6", [])


def test_a_name_closing_the_sentence_after_a_comma_is_the_listener(extractor):
    """"We broke up years ago, Ann!": in a group the vocative at the end names the listener (not the last
    other speaker); "my sister, Emma." is an apposition, not a call."""
    found = claim_set(extractor, [("Ann", "Hi."), ("Bo", "Hey."), ("Cy", "We broke up years ago, Ann!")])
    assert ("Cy", "PARTNER_OF", "Ann", "end") in found and ("Cy", "PARTNER_OF", "Bo", "end") not in found
    assert ("Cy", "SIBLING_OF", "Emma", "assert") in claim_set(extractor, trio("I went with my sister, Emma."))
