"""Couples over time: a breakup said with "we" ends the couple the speaker named earlier in the session, the
tie that is current (an engaged couple that splits ends the engagement); a wedding ends the engagement said
before; a fiancé(e) or partner named beside their noun as the subject of another verb; a partner named in
the same sentence as "someone new". And what ends or closes nothing: a breakup supposed or asked, another
speaker's, another couple's, a band's, a bill split, a "we" with no partner or two partners named.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from chronomem.graph.temporal import derive_timeline
from chronomem.schema import CORE_VOCABULARY
from tests.unit.extract.extract_helpers import NOW, A, E, U, c, month, rows, session_of, year


def found(extractor, *turns) -> list[tuple]:
    return rows(extractor.extract(session_of(*turns)))


ENDED = [
    (["I've been going out with Noa since 2021.", "We broke up in January."], c(U, "PARTNER_OF", "Noa", E, month("2024-01"))),
    (["Kasia and I started dating in 2019.", "We split up last year."], c(U, "PARTNER_OF", "Kasia", E, year(2023))),
    (["I've been dating Ines since 2020.", "We split in February."], c(U, "PARTNER_OF", "Ines", E, month("2024-02"))),
    (["I married Bruno in 2012.", "We separated in 2022."], c(U, "MARRIED_TO", "Bruno", E, year(2022))),
    (["I got engaged to Felix in 2022.", "We called off the engagement in 2023."], c(U, "ENGAGED_TO", "Felix", E, year(2023))),
    (["I got engaged to Felix in 2022.", "Felix and I broke off our engagement in 2023."],
     c(U, "ENGAGED_TO", "Felix", E, year(2023))),
    # the current tie ends: an engaged couple's breakup ends the engagement, a married one's the marriage
    (["Hana and I got engaged in 2021.", "We broke up in 2022."], c(U, "ENGAGED_TO", "Hana", E, year(2022))),
    (["I got engaged to Hugo in 2020.", "Hugo and I split up in 2022."], c(U, "ENGAGED_TO", "Hugo", E, year(2022))),
    (["I married Chloe in 2010.", "We broke up in 2019."], c(U, "MARRIED_TO", "Chloe", E, year(2019))),
    (["I've been with Oskar since 2015.", "We broke up for good last year."], c(U, "PARTNER_OF", "Oskar", E, year(2023))),
    # a wedding ends the engagement said before, then
    (["I got engaged to Dario in 2018.", "Dario and I got married in 2020."], c(U, "ENGAGED_TO", "Dario", E, year(2020))),
    (["Maren and I got engaged in 2016.", "We got married in 2017."], c(U, "ENGAGED_TO", "Maren", E, year(2017))),
]


@pytest.mark.parametrize("turns,row", ENDED, ids=[t[-1] for t, _ in ENDED])
def test_a_couple_ends(extractor, turns, row):
    got = found(extractor, *turns)
    assert row in got
    assert not any(r[3] == E and r[:3] == (row[0], "PARTNER_OF", row[2]) for r in got if row[1] != "PARTNER_OF")


READ = [
    # a partner named beside their noun, as the subject of another verb
    (["My fiancé Karim proposed on the beach."], c(U, "ENGAGED_TO", "Karim", A, NOW)),
    # named in the same sentence as "someone new"
    (["I'm seeing someone new, her name is Aiko."], c(U, "PARTNER_OF", "Aiko", A, NOW)),
    # after a breakup, "my girlfriend" is the one dated now
    (["I dated Lea in 2020.", "We broke up in 2021.", "Now I'm dating Rosa.", "My girlfriend is a nurse."],
     ("Rosa", "HAS_ROLE", "nurse", A, *NOW)),
]


@pytest.mark.parametrize("turns,row", READ, ids=[t[-1] for t, _ in READ])
def test_a_partner_read(extractor, turns, row):
    assert row in found(extractor, *turns)


def test_the_engagement_is_over_once_married(extractor):
    """As of 2021 the two are married and no longer engaged (the engine reads the closing as an end)."""
    result = extractor.extract(session_of("I got engaged to Dario in 2018.", "Dario and I got married in 2020."))
    claims = [cl for cl in result.claims if cl.predicate == "ENGAGED_TO"]
    spans = derive_timeline(CORE_VOCABULARY["ENGAGED_TO"], claims)
    assert [(s.start.year, s.end and s.end.year) for s in spans if s.start is not None] == [(2018, 2020)]


NOTHING_ENDED = [
    # supposed, asked, planned, denied
    [("user", "I'm dating Noa."), ("user", "If we broke up, I'd move back home.")],
    [("user", "I'm dating Noa."), ("pal", "Did you two split?")],
    [("user", "I'm dating Noa."), ("user", "We might break up soon.")],
    [("user", "I'm dating Noa."), ("user", "We didn't break up.")],
    # another speaker's "we"
    [("user", "I'm dating Noa."), ("pal", "We broke up last month.")],
    # not a couple: a band, a bill, a group
    [("user", "I'm dating Noa."), ("user", "Our band broke up in 2015.")],
    [("user", "I'm dating Noa."), ("user", "We split the bill.")],
    [("user", "I'm dating Noa."), ("user", "We split into two teams at the museum.")],
    # a parting for a while, into parts or for a purpose
    [("user", "I'm dating Noa."), ("user", "We split up for the afternoon.")],
    [("user", "Noa and I split up to search the park.")],
    [("user", "Noa and I split up into two groups.")],
    [("user", "I married Noa in 2015."), ("user", "We separated at the fair.")],
    # "we" with no partner named, or two
    [("user", "We broke up in May.")],
    [("user", "Ravi and I got engaged in 2018. Later Dev and I got engaged too."), ("user", "We broke up in 2020.")],
]


@pytest.mark.parametrize("turns", NOTHING_ENDED, ids=[t[-1][1] for t in NOTHING_ENDED])
def test_no_couple_ended(extractor, turns):
    got = found(extractor, *turns)
    assert not any(r[3] == E for r in got)
    assert not any(r[2].endswith("'s partner") for r in got)


def test_another_couples_breakup_is_theirs(extractor):
    got = found(extractor, "I'm dating Noa.", "My brother and his wife split up last year.")
    assert not any(r[0] == U and r[3] == E for r in got)


NOTHING_CLOSED = [
    ["Dario and I got married in 2020."],  # no engagement said: none is made up to end
    ["I got engaged to Dario in 2018.", "My sister married Tom in 2020."],  # another couple
    ["I got engaged to Dario in 2018.", "I'm married to Dario."],  # a state now says not when the wedding was
]


@pytest.mark.parametrize("turns", NOTHING_CLOSED, ids=[t[-1] for t in NOTHING_CLOSED])
def test_no_engagement_closed(extractor, turns):
    assert not any(r[1] == "ENGAGED_TO" and r[3] == E for r in found(extractor, *turns))


def test_an_ex_is_not_my_boyfriend(extractor):
    got = found(extractor, "I've been seeing Marek since 2022.", "We broke up in January.", "My boyfriend is a pilot.")
    assert not any(r[:3] == ("Marek", "HAS_ROLE", "pilot") for r in got)
