"""Finding the time phrases of chat lines (our own sentences) and reading their clause's tense."""

from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.timeexpr import find_times, tense_of

UTC = timezone.utc
THU = datetime(2023, 5, 25, 13, 14, tzinfo=UTC)  # a Thursday


def found(text: str, said: datetime = THU) -> list[tuple[str, str]]:
    return [(m.phrase, m.span.dates()) for m in find_times(text, said)]


@pytest.mark.parametrize(("text", "expected"), [
    ("I finally ran my first half marathon last Saturday!", [("last Saturday", "2023-05-20")]),
    ("We fly to Oslo next month and to Rome in July.", [("next month", "2023-06-01 → 2023-06-30"),
                                                     ("in July", "2023-07-01 → 2023-07-31")]),
    ("Since 2016 I have painted every morning.", [("Since 2016", "2016-01-01 → …")]),
    ("I've had my two cats for three years now.", [("for three years now", "2020-05-25 → 2023-05-25")]),
    ("My sister moved to Leeds two weekends ago.", [("two weekends ago", "2023-05-13 → 2023-05-14")]),
    ("We met two summers ago at a wedding.", [("two summers ago", "2021-06-01 → 2021-08-31")]),
    ("Summers are hot here.", []),  # a season in the plural alone is no time
    ("I left Acme the week before Christmas.", [("the week before Christmas", "2022-12-18 → 2022-12-24")]),
    ("We moved two days after Easter.", [("two days after Easter", "2023-04-11")]),
    ("We moved here a year and a half ago.", [("a year and a half ago", "2021-11-01 → 2021-11-30")]),
    ("I quit half a year ago.", [("half a year ago", "2022-11-01 → 2022-11-30")]),
    ("We went skiing over the holidays.", [("over the holidays", "2022-12-20 → 2023-01-02")]),
    ("I need a break from all this.", []),  # a break alone is no time
    ("I hope to finish by the end of the year.", [("by the end of the year", "… → 2023-12-31")]),
    ("At the end of the day it worked out.", []),  # an idiom, not a time
    ("I lived in Rome in my twenties.", []),  # an age (no birth year given), not the 1920s
    ("She moved there in her early thirties.", []),
    ("Got my braces off on May 3rd, 2023, finally.", [("on May 3rd, 2023", "2023-05-03")]),
    ("Last Fri we baked bread.", [("Last Fri", "2023-05-19")]),
    ("The recital was on the 15th.", [("on the 15th", "2023-05-15")]),
    ("My cousin started a podcast a few weeks ago.", [("a few weeks ago", "2023-05-04 → 2023-05-10")]),
])
def test_finds_and_resolves(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Our choir sang two Fridays ago.", [("two Fridays ago", "2023-05-12")]),  # last Friday: May 19
    ("I repainted the shed three Sundays ago.", [("three Sundays ago", "2023-05-07")]),
    ("We hosted a brunch a couple of Saturdays ago.", [("a couple of Saturdays ago", "2023-05-13")]),
    ("My aunt flew home the Monday after Easter.", [("the Monday after Easter", "2023-04-10")]),
    ("We fixed the roof the Saturday before Halloween.", [("the Saturday before Halloween", "2022-10-29")]),
])
def test_weekdays_counted_back_or_from_another_time(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "I teach two Fridays a month.",                  # a count of days, no date
    "She practised Friday after Friday.",            # a repetition
    "We walked there week after week.",
    "I left the Sunday after my promotion.",         # counted from an undated event
    "The Tuesday after, everything changed.",        # dangling, like "the week after"
    "I baked on the Thursday before the party.",
])
def test_weekdays_that_give_no_date(text):
    assert found(text) == []


@pytest.mark.parametrize("text", [
    "I may bring cookies.",           # "may" the verb
    "We sat in the sun for hours.",   # "sat", "sun" in lower case
    "March on, my friend!",           # "March" without a licensing word
    "It was a long day, at night I slept well.",  # generic words
    "There were 2000 people there.",  # a number, not a year
    "My 18th birthday was fun.",      # an ordinal with no day meaning
    "I was nervous the week before, but it went fine.",  # anchored to another event
    "What have you been up to lately?",  # "up to" belongs to the verb; "lately" alone is kept below
])
def test_ignores_words_that_name_no_time_here(text):
    assert all(p.lower() not in ("may", "sat", "sun", "march", "day", "night", "2000", "18th", "the week before",
                                 "up to lately") for p, _ in found(text))


def test_a_verb_preposition_stays_out_of_the_phrase():
    assert found("What have you been up to lately?") == [("lately", "2023-04-25 → 2023-05-25")]


def test_the_clause_tense_decides_a_bare_weekday():
    assert found("I met Priya on Friday.") == [("on Friday", "2023-05-19")]
    assert found("I'll meet Priya on Friday.") == [("on Friday", "2023-05-26")]


def test_a_duration_in_the_past_is_no_date():
    assert found("I wrote the whole thesis in two weeks.") == []
    assert found("I'm flying home in two weeks.") == [("in two weeks", "2023-06-08 → 2023-06-14")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I ran into Bea at yesterday's book club.", [("yesterday", "2023-05-24")]),
    ("So nervous for tomorrow's interview!", [("tomorrow", "2023-05-26")]),
    ("Last month's rent was late again.", [("Last month", "2023-04-01 → 2023-04-30")]),
    ("Sunday's hike wore me out.", [("Sunday", "2023-05-21")]),
    ("We watched last weekend's final together.", [("last weekend", "2023-05-20 → 2023-05-21")]),
    ("That's how it goes in today's economy.", []),  # the present age, not a day
    ("I saved a year's worth of receipts.", []),  # an amount of time, owned by nothing dated
    ("We got engaged New Year's Eve 2021.", [("New Year's Eve 2021", "2021-12-31")]),  # a holiday, not "year"
])
def test_a_time_word_in_the_possessive_dates_what_it_owns(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We'll be in Porto July 8-12.", [("July 8-12", "2023-07-08 → 2023-07-12")]),
    ("The workshop ran April 4 to 6.", [("April 4 to 6", "2023-04-04 → 2023-04-06")]),
    ("I was in Oslo 2-5 March 2022.", [("2-5 March 2022", "2022-03-02 → 2022-03-05")]),
    ("We camped Aug 20-22, 2021.", [("Aug 20-22, 2021", "2021-08-20 → 2021-08-22")]),
    ("It runs Feb 27-31.", [("Feb 27", "2023-02-27")]),  # no such day: the first one alone
    ("We met on May 3 and 9.", [("on May 3", "2023-05-03")]),  # two days, not the days between
    ("The kids are 4-6 now.", []),
    ("We lived in Kyiv 2012-2016.", [("2012-2016", "2012-01-01 → 2016-12-31")]),
    ("I was at Tufts 2015-19.", [("2015-19", "2015-01-01 → 2019-12-31")]),
    ("The final score was 2016-2012.", []),
])
def test_days_of_one_month_and_years_are_a_range(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We went live in Q2 2022.", [("in Q2 2022", "2022-04-01 → 2022-06-30")]),
    ("Our Q1 sales were flat.", [("Q1", "2023-01-01 → 2023-03-31")]),  # the last one, in a past clause
    ("We hope to hire in Q4.", [("in Q4", "2023-10-01 → 2023-12-31")]),
    ("She drives a Q7.", []),
])
def test_a_quarter_said_as_q_and_its_number(text, expected):
    assert found(text) == expected


def test_a_part_of_a_time_is_the_part_of_it():
    assert found("I start the last week of June.") == [("the last week of June", "2023-06-24 → 2023-06-30")]
    assert found("We open at the start of July.") == [("at the start of July", "2023-07-01")]


@pytest.mark.parametrize(("text", "expected"), [
    ("finally moved in last wknd", [("in last wknd", "2023-05-20 → 2023-05-21")]),
    ("got my keys yday", [("yday", "2023-05-24")]),
    ("flying out tmrw!!", [("tmrw", "2023-05-26")]),
    ("we land tmrw.", [("tmrw", "2023-05-26")]),  # before a full stop too
    ("i switched teams 2 wks ago", [("2 wks ago", "2023-05-11 → 2023-05-17")]),
    ("we split up last yr", [("last yr", "2022-01-01 → 2022-12-31")]),
    ("i left the firm in sept", [("in sept", "2022-09-01 → 2022-09-30")]),  # a short month name that is no word
    ("started there in feb 2021", [("in feb 2021", "2021-02-01 → 2021-02-28")]),
    ("we sat in the sun all day", []),  # short names that are words still need "on", "last"...
    ("my wk is fine", []),
])
def test_chat_forms_of_time_words(text, expected):
    assert found(text) == expected


def test_a_year_and_month_said_iso_style_is_no_range_of_years():
    from chronomem.timeexpr import resolve, split_range

    assert resolve("2008-12", THU).dates() == "2008-12-01 → 2008-12-31"
    assert split_range("2008-12") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("We drove to the lake over Labor Day weekend.", [("over Labor Day weekend", "2022-09-03 → 2022-09-05")]),
    ("We flew home Thanksgiving weekend.", [("Thanksgiving weekend", "2022-11-24 → 2022-11-27")]),
    ("I met her on Labor Day.", [("on Labor Day", "2022-09-05")]),  # the day alone
])
def test_a_holiday_weekend_is_the_holiday_and_its_weekend(text, expected):
    assert found(text) == expected


def test_ages_need_a_birth_year():
    assert find_times("I got my first guitar when I was 18.", THU) == []
    (m,) = find_times("I got my first guitar when I was 18.", THU, born=1990)
    assert (m.phrase, m.span.dates(), m.span.role) == ("when I was 18", "2008-01-01 → 2009-12-31", "age")


@pytest.mark.parametrize(("clause", "tense"), [
    ("We're going camping next month", "future"), ("I will call you tomorrow", "future"),
    ("She's planning a trip", "future"), ("I've had them for years", "present"), ("I went home", "past"),
    ("Dyed my hair last week", "past"), ("I finally finished it", "past"), ("I'm so excited about it", "present"),
    ("We love the beach", "present"),
])
def test_tense_of(clause, tense):
    assert tense_of(clause) == tense


def test_offsets_point_at_the_phrase():
    text = "Oh wow. Yesterday we adopted a kitten!"
    (m,) = find_times(text, THU)
    assert text[m.start:m.end] == "Yesterday" and m.tense == "past"


def test_import_does_not_load_spacy():
    code = "import sys, chronomem.timeexpr; print('spacy' in sys.modules, 'dateparser' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120) | st.lists(st.sampled_from(
    "I we went to the last next this May may Sat sun 2019 ago weeks two a few in on since for, . ! yesterday "
    "weekend Friday when was 18 my twenties".split()), max_size=14).map(" ".join))
def test_never_raises_and_offsets_fit(text):
    for m in find_times(text, THU, born=1990):
        assert 0 <= m.start < m.end <= len(text) and text[m.start:m.end] == m.phrase


@pytest.mark.parametrize(("text", "expected"), [
    # a holiday counted back: the one before last, and Easter moves with the year
    ("We moved here two Christmases ago.", [("two Christmases ago", "2021-12-25")]),
    ("They got married three Easters back.", [("three Easters back", "2021-04-04")]),
    ("Halloweens are fun here.", []),  # holidays in the plural alone are no time
    # a day a week on, as British English says it (said on a Thursday)
    ("I start my new job Monday week.", [("Monday week", "2023-06-05")]),
    ("See you a week on Friday.", [("a week on Friday", "2023-06-02")]),
    ("Let's meet a week tomorrow.", [("a week tomorrow", "2023-06-02")]),
    # the week or weekend a day falls in
    ("We're in Crete the week of the 12th of June.", [("the week of the 12th of June", "2023-06-12 → 2023-06-18")]),
    ("We stayed at my aunt's the weekend of April 15.", [("the weekend of April 15", "2023-04-15 → 2023-04-16")]),
    # how long a stretch lasted and when it ended
    ("We lived in Bergen for six years until 2019.", [("for six years until 2019", "2013-01-01 → 2019-12-31")]),
    ("I worked there for a decade until 2019.", [("until 2019", "… → 2019-12-31")]),  # was also the 2020s
])
def test_counted_holidays_weeks_on_weeks_of_and_stretches(text, expected):
    assert found(text) == expected


@pytest.mark.parametrize("phrase", ["the weekend of May 10", "the week of June", "the weekend of 2019"])
def test_a_week_of_needs_a_day(phrase):
    from chronomem.timeexpr import resolve
    assert resolve(phrase, THU) is None


@pytest.mark.parametrize("text", [
    "We met between May and July, and we married the summer before last.",
    "When I was 18 I moved to Leeds; two weekends ago I went back. Next fri I fly home",
    "Nothing about time here.",
    "I start on the 5th, mid-June, or maybe in a week or two.",
])
def test_find_times_each_is_find_times_at_each_instant(text: str) -> None:
    from chronomem.timeexpr import find_times_each

    instants = (datetime(2000, 6, 15, 12, tzinfo=UTC), datetime(2000, 12, 20, 12, tzinfo=UTC), THU)
    for born in (None, 1990):
        assert find_times_each(text, instants, born=born) == [find_times(text, at, born=born) for at in instants]
