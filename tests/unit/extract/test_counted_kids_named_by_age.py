"""Children counted, then named with their ages (sentences written for these tests): "we have two girls, Nora
is 6 and Bea is 3" makes each name the speaker's child, as does a count answering "do you have kids?" followed
by the names; not names that are fewer or more than the count, nor names said with no age ("... Tom and Jerry
live next door": neighbours as likely as children).

Rows are ``(subject, predicate, object, kind)``; the session's speakers are Ann and Cy.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def found(extractor, *turns) -> set[tuple]:
    return {r[:4] for r in rows(extractor.extract(session_of(*turns)))}


@pytest.mark.parametrize("turns,names", [
    ([("Cy", "We have two girls, Nora is 6 and Bea is 3.")], ["Nora", "Bea"]),
    ([("Cy", "I've got two sons. Idris is ten and Caleb is seven.")], ["Idris", "Caleb"]),
    ([("Ann", "Do you have kids?"), ("Cy", "Two. Wren is five and Juno just turned two.")], ["Wren", "Juno"]),
])
def test_counted_children_named_with_ages_are_the_speakers(extractor, turns, names):
    got = found(extractor, *turns)
    assert all(("Cy", "PARENT_OF", n, "assert") in got for n in names), got


@pytest.mark.parametrize("turns", [
    [("Cy", "We have three girls, Nora is 6 and Bea is 3.")],  # three counted, two named
    [("Cy", "We have two kids. Rafa and Jonas live next door.")],  # no age: anyone
    [("Ann", "Do you have pets?"), ("Cy", "Two. Nora is 6 and Bea is 3.")],  # not kin asked about
    [("Cy", "We have two cars. Nora is 6 and Bea is 3.")],
])
def test_names_not_matching_a_count_of_children_are_no_children(extractor, turns):
    assert not any(r[1] == "PARENT_OF" and r[2] in ("Nora", "Bea", "Rafa", "Jonas") for r in found(extractor, *turns))


def test_a_bare_count_answering_do_you_have_kids_says_so(extractor):
    got = found(extractor, ("Ann", "Do you have kids?"), ("Cy", "Three."))
    assert any(r[0] == "Cy" and r[1] == "PARENT_OF" for r in got), got
