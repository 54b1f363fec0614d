"""Times said as a dashed range, run into a name, or shortened as chat writes them (sentences written for these
tests): a state held over "2012-2016" began then and ended then, a name the parser ran into the date after it
("Lisbon June 3", "Tom 1990-2001") is the name again, with its date, and "last wknd", "2 wks ago" date a move."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, c, day, last_turn_rows, month, year


@pytest.mark.parametrize("text, expected", [
    ("We lived in Tallinn 2012-2016.", [c("user", "LIVES_IN", "Tallinn", A, year(2012)),
                                        c("user", "LIVES_IN", "Tallinn", E, year(2016))]),
    ("I worked at Lumen Labs 2015-19.", [c("user", "WORKS_AT", "Lumen Labs", A, year(2015)),
                                         c("user", "WORKS_AT", "Lumen Labs", E, year(2019))]),
    ("I was married to Oskar 1990-2001.", [c("user", "MARRIED_TO", "Oskar", A, year(1990)),
                                           c("user", "MARRIED_TO", "Oskar", E, year(2001))]),
    ("I joined Google March 2020.", [c("user", "WORKS_AT", "Google", A, month("2020-03"))]),
    ("We visited Lisbon June 3.", [c("user", "VISITED", "Lisbon", A, day("2023-06-03"))]),
    ("i moved to austin last wknd", [c("user", "LIVES_IN", "Austin", A, day("2024-03-09"))]),
    ("i moved to denver 2 wks ago", [c("user", "LIVES_IN", "Denver", A, ("2024-02-27", "week", False))]),
    ("Ines has been living in Buenos Aires since 9 February 2020.",  # a date NER calls an event stays whole
     [c("Ines", "LIVES_IN", "Buenos Aires", A, day("2020-02-09"))]),
])
def test_a_dashed_range_or_a_date_run_into_a_name(extractor, text, expected):
    got = [r[:5] + (r[5], r[6]) for r in last_turn_rows(extractor, text)]
    for row in expected:
        assert row in got, got


@pytest.mark.parametrize("text, unwanted", [
    ("I live in Tallinn, room 2012-2016.", E),  # a present state: a number, not its years
    ("Our kids are 3-7 and we live in Tallinn.", E),
    ("I love Shanghai June weather.", "VISITED"),
])
def test_no_range_where_none_is_said(extractor, text, unwanted):
    got = last_turn_rows(extractor, text)
    assert not any(unwanted in (r[1], r[3], r[4][:4]) for r in got), got


def test_a_holiday_ner_calls_an_event_is_a_time_not_an_object(extractor):
    got = last_turn_rows(extractor, "We got engaged on New Year's Eve 2021.")
    assert not any("Eve" in r[2] for r in got), got  # was DID "got on New Year's Eve 2021"


@pytest.mark.parametrize("text, expected", [
    # how long a state lasted and when it ended: it began that long before
    ("We lived in Bergen for six years until 2019.", [c("user", "LIVES_IN", "Bergen", A, year(2013)),
                                                      c("user", "LIVES_IN", "Bergen", E, year(2019))]),
    ("I was at Shopify for three years until last June.", [c("user", "WORKS_AT", "Shopify", A, month("2020-06")),
                                                           c("user", "WORKS_AT", "Shopify", E, month("2023-06"))]),
    # a holiday counted back
    ("I moved to Leeds two Christmases ago.", [c("user", "LIVES_IN", "Leeds", A, day("2022-12-25"))]),
])
def test_a_stretch_with_its_end_and_counted_holidays(extractor, text, expected):
    got = [r[:5] + (r[5], r[6]) for r in last_turn_rows(extractor, text)]
    for row in expected:
        assert row in got, got


def test_a_decade_until_a_year_starts_no_decade(extractor):
    got = last_turn_rows(extractor, "I worked at Boeing for a decade until 2019.")
    assert c("user", "WORKS_AT", "Boeing", E, year(2019)) in [r[:5] + (r[5], r[6]) for r in got], got
    assert not any(r[4] == A for r in got), got  # was: began in the 2020s
