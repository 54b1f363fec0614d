"""Couples and siblings said the many ways people say them (our own lines, never a benchmark's).

Covered: a couple's bond named by a noun ("our wedding anniversary", "my engagement to Omar"), "an item",
"my other half", "my ex" (a couple that was), "got hitched"; and what names no couple: a business or
tennis partner, "my half of the bill", a bond under a supposition or an ending, a speaking engagement.
Cases are Cy's turns after Ann's (``duo``) or after Ann's and Bo's (``trio``).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, trio

FOUND = [
    # a couple's bond a noun presupposes
    (duo("You forgot our twentieth wedding anniversary, again!"), ("Cy", "MARRIED_TO", "Ann", "assert")),
    (duo("I want to give our marriage one more chance."), ("Cy", "MARRIED_TO", "Ann", "assert")),
    (duo("My engagement to Lucien surprised my parents."), ("Cy", "ENGAGED_TO", "Lucien", "assert")),
    (duo("Freya's marriage to Anton is the talk of the village."), ("Freya", "MARRIED_TO", "Anton", "assert")),
    # a couple as one singular noun, or one's other half
    (duo("Freya and Anton are an item these days."), ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Lucien and I are an item now."), ("Cy", "PARTNER_OF", "Lucien", "assert")),
    ([("Ann", "Does Freya have a new man?"), ("Cy", "Yes, she and Anton are an item now.")],
     ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Anton is my other half."), ("Cy", "PARTNER_OF", "Anton", "assert")),
    (duo("Freya and Anton are a lovely couple."), ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Freya and Anton were a couple in college."), ("Freya", "PARTNER_OF", "Anton", "end")),
    # "our" sibling is the speaker's too, whoever else "our" takes in
    (duo("Tessa and I drove up to see our brother Ramiro."), ("Cy", "SIBLING_OF", "Ramiro", "assert")),
    (duo("Our little sister Ines starts school today."), ("Cy", "SIBLING_OF", "Ines", "assert")),
    # "ex" alone: a couple that was
    (duo("Lucien is my ex."), ("Cy", "PARTNER_OF", "Lucien", "end")),
    (duo("My ex Tobias still calls me."), ("Cy", "PARTNER_OF", "Tobias", "end")),
    # married with its "get"
    (duo("Freya got hitched to Anton in the spring."), ("Freya", "MARRIED_TO", "Anton", "assert")),
    (duo("Lucien and I got hitched at the town hall."), ("Cy", "MARRIED_TO", "Lucien", "assert")),
]

NOT_FOUND = [
    (trio("You forgot our wedding anniversary!"), ("Cy", "MARRIED_TO", "Bo", "assert")),  # "our": a family?
    (duo("Freya and her husband Anton dropped by."), ("Freya", "MARRIED_TO", "Freya's husband", "assert")),
    (duo("Our anniversary is on Friday."), ("Cy", "MARRIED_TO", "Ann", "assert")),  # dating couples keep one too
    (duo("Our marriage is over."), ("Cy", "MARRIED_TO", "Ann", "assert")),
    (duo("If we ever wed, our marriage will be a circus."), ("Cy", "MARRIED_TO", "Ann", "assert")),
    (duo("Our engagement with the client ends in May."), ("Cy", "ENGAGED_TO", "Ann", "assert")),
    (duo("My engagement with Lucien on the audit went well."), ("Cy", "ENGAGED_TO", "Lucien", "assert")),
    (duo("My speaking engagement with Lucien went well."), ("Cy", "ENGAGED_TO", "Lucien", "assert")),
    (duo("Are Freya and Anton an item?"), ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Freya and Anton aren't an item."), ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Lucien isn't my ex."), ("Cy", "PARTNER_OF", "Lucien", "end")),
    (duo("Lucien and I hitched a ride to Ghent."), ("Cy", "MARRIED_TO", "Lucien", "assert")),
    (duo("Lucien is my partner at the law firm."), ("Cy", "PARTNER_OF", "Lucien", "assert")),
    (duo("My business partner Lucien sold his shares."), ("Cy", "PARTNER_OF", "Lucien", "assert")),
    (duo("My tennis partner Anton beat me again."), ("Cy", "PARTNER_OF", "Anton", "assert")),
    (duo("My partner at the agency is very demanding."), ("Cy", "PARTNER_OF", "Cy's partner", "assert")),
    (duo("Anton proposed to me last night."), ("Cy", "ENGAGED_TO", "Anton", "assert")),  # a yes is not said
    (duo("The bride and groom danced till dawn."), ("bride", "MARRIED_TO", "groom", "assert")),
    (duo("Freya and Anton are a couple of clowns."), ("Freya", "PARTNER_OF", "Anton", "assert")),
    (duo("Our sister city Kyoto sent a gift."), ("Cy", "SIBLING_OF", "Kyoto", "assert")),
    (duo("I paid my half of the rent."), ("Cy", "PARTNER_OF", "Cy's half", "assert")),
    (duo("I wish I had a sister."), ("Cy", "SIBLING_OF", "Cy's sister", "assert")),
    (duo("Hey brother, pass me the salt."), ("Cy", "SIBLING_OF", "Ann", "assert")),  # no kin vocative
    (duo("Lucien is like a brother to me."), ("Cy", "SIBLING_OF", "Lucien", "assert")),
    (duo("My brother-in-law Anton fixes boats."), ("Cy", "SIBLING_OF", "Anton", "assert")),
    (trio("Mr. and Mrs. Okafor came by."), ("Okafor", "MARRIED_TO", "Okafor", "assert")),
]


@pytest.mark.parametrize("turns,claim", FOUND)
def test_found(extractor, turns, claim):
    assert claim in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,claim", NOT_FOUND)
def test_not_found(extractor, turns, claim):
    assert claim not in claim_set(extractor, turns)


def test_no_couple_from_half_or_partner_at_work(extractor):
    found = claim_set(extractor, trio("I paid my half of the bill.", "My partner in crime Anton came along."))
    assert not {c for c in found if c[1] in ("PARTNER_OF", "MARRIED_TO", "ENGAGED_TO")}
