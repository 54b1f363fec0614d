"""A couple made again with a partner after "with" (our own lines, never DialogRE's): "I got back together with
Greta", which the parser hangs as "together" under "with"; not a meeting ("got together with Greta for lunch"), nor
a group or a thing ("got back together with the band")."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, trio

FOUND = [
    (duo("I got back together with Greta."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (trio("Tomas got back together with Greta last spring."), ("Tomas", "PARTNER_OF", "Greta", "assert")),
]

NOT_FOUND = [
    (duo("We got together with Greta at the pub."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (duo("I got together with Greta yesterday to study."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (duo("I got back together with the band."), ("Cy", "PARTNER_OF", "band", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)
