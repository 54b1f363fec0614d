"""Jobs and homes said in passing (sentences written for these tests): a kind of work done for a named employer,
an employer said first as a kind of company and then by name, a visit from where one lives, and a season or
month said with "this" in a clause that says it already happened."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, claim_set, last_turn_rows


def _facts(text: str, extractor) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize("text, expected", [
    ("I do payroll for Mercy Health.", ("user", "WORKS_AT", "Mercy Health", A)),
    ("I run IT for Brightside Dental.", ("user", "WORKS_AT", "Brightside Dental", A)),
    ("Lately I'm doing marketing for Stripe.", ("user", "WORKS_AT", "Stripe", A)),
    ("I used to do bookkeeping for Halvorsen Group.", ("user", "WORKS_AT", "Halvorsen Group", E)),
    ("I work for a small startup, Fenwick Labs.", ("user", "WORKS_AT", "Fenwick Labs", A)),
    ("I work for a hospital group now, Mercy Health.", ("user", "WORKS_AT", "Mercy Health", A)),
    ("I got a job at a bakery, Crumb Street, last month.", ("user", "WORKS_AT", "Crumb Street", A)),
    ("My mom is visiting from Manila next week.", ("user's mom", "LIVES_IN", "Manila", A)),
    ("My parents are flying in from Lagos on Friday.", ("user's parents", "LIVES_IN", "Lagos", A)),
    ("My aunt is coming from Perth for the wedding.", ("user's aunt", "LIVES_IN", "Perth", A)),
])
def test_work_and_homes_said_in_passing(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text, unwanted", [
    ("I do favors for Tom.", "WORKS_AT"),
    ("I do marketing for fun.", "WORKS_AT"),
    ("She does accounting for a law firm.", "WORKS_AT"),  # no name: nothing to know
    ("I work at a clinic, Dr. Patel's.", "Dr. Patel"),  # a person's practice, not a company's name
    ("I came from Ohio.", "LIVES_IN"),  # past: a move, or where one grew up
    ("I'm flying back from Lima tomorrow.", "LIVES_IN"),  # the speaker's own trip
    ("My mom isn't visiting from Manila this year.", "LIVES_IN"),
    ("My cousin is coming from work.", "LIVES_IN"),
])
def test_no_job_or_home_where_none_is_said(extractor, text, unwanted):
    assert not any(unwanted in (p, o) for _, p, o, _ in _facts(text, extractor))


@pytest.mark.parametrize("text, kind", [
    ("I work for a small startup, Fenwick Labs.", "startup"),
    ("My sister works for a big bank, Wells Fargo.", "bank"),
])
def test_a_company_named_after_its_kind_is_known_by_its_name(extractor, text, kind):
    assert not any(p == "WORKS_AT" and o == kind for _, p, o, _ in _facts(text, extractor))


@pytest.mark.parametrize("text, expected", [
    # said on 2024-03-12: the summer and fall of this year are ahead, so a past clause means last year's
    ("My son started college this fall.", ("user's son", "STUDIES_AT", "college", "2023-09")),
    ("We got married this August.", ("user", "MARRIED_TO", "user's spouse", "2023-08")),
    ("We're getting married this August.", ("user", "MARRIED_TO", "user's spouse", "2024-08")),
])
def test_this_season_in_a_past_clause_is_the_last_one(extractor, text, expected):
    s, p, o, m = expected
    assert any(row[:3] == (s, p, o) and row[4] == f"{m}-01" for row in last_turn_rows(extractor, text))


@pytest.mark.parametrize("text, expected", [
    ("My sister is marrying her college boyfriend, Pete.", ("user's sister", "ENGAGED_TO", "Pete", A)),
    ("I married my high school sweetheart, Dana.", ("user", "MARRIED_TO", "Dana", A)),
])
def test_a_partner_named_after_a_comma(extractor, text, expected):
    got = _facts(text, extractor)
    assert expected in got
    assert not any(o.endswith(("boyfriend", "sweetheart")) for _, p, o, _ in got if p == expected[1])


@pytest.mark.parametrize("text", [
    "how's Noor liking kindergarten",  # chat drops the question mark; "how's" asks as "how is" does
    "how's Omar enjoying Lisbon",
    "what's Noor studying at Yale",
])
def test_a_contracted_question_without_its_mark_states_nothing(extractor, text):
    assert _facts(text, extractor) == set()


def test_what_s_more_opens_a_statement(extractor):
    assert ("user", "LIVES_IN", "Reno", A) in _facts("what's more, I moved to Reno.", extractor)


@pytest.mark.parametrize("text, expected", [
    ("I'm a part-time barista.", ("user", "HAS_ROLE", "barista", A)),  # was "time barista"
    ("I'm a night-shift nurse.", ("user", "HAS_ROLE", "nurse", A)),  # was "shift nurse"
    ("I'm a full-stack developer.", ("user", "HAS_ROLE", "full-stack developer", A)),
    ("I work at Trader Joe's.", ("user", "WORKS_AT", "Trader Joe's", A)),  # a shop known by a possessive
    ("I'm a nurse at St. Luke's.", ("user", "WORKS_AT", "St. Luke's", A)),
])
def test_whole_words_in_roles_and_workplaces(extractor, text, expected):
    assert expected in _facts(text, extractor)


def test_a_person_s_place_is_no_workplace_name(extractor):
    assert not any(p == "WORKS_AT" for _, p, _, _ in _facts("I work at Tom's.", extractor))


@pytest.mark.parametrize("text, expected", [
    ("My brother Kofi is great. He's been climbing for ten years.", ("Kofi", "RELATED_TO", "climbing", A)),
    ("My brother Kofi is great. He's been dating Mia since June.", ("Kofi", "PARTNER_OF", "Mia", A)),
])
def test_s_been_before_an_ing_verb_is_has_been(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text, expected", [
    ("We're back in Boston since 2021.", ("user", "LIVES_IN", "Boston", A)),
    ("I've been back in Dublin since the spring.", ("user", "LIVES_IN", "Dublin", A)),
])
def test_back_in_a_town_since_a_time_is_home(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", ["I'm back in Dublin.", "I'm in Dublin since Monday.", "Are you back in Boston since May?"])
def test_back_in_a_town_without_a_since_is_no_home(extractor, text):
    assert not any(p == "LIVES_IN" for _, p, _, _ in _facts(text, extractor))


@pytest.mark.parametrize("text, expected", [
    ("I moved to Reno on a Friday.", ("user", "LIVES_IN", "Reno", "turn")),  # no day said: when it was told
    ("I moved to Reno a week ago.", ("user", "LIVES_IN", "Reno", "2024-03-05")),
])
def test_a_weekday_said_with_a_or_every_is_no_date(extractor, text, expected):
    assert expected in {(s, p, o, at) for s, p, o, _, at, *_ in last_turn_rows(extractor, text)}


def test_every_other_friday_dates_nothing(extractor):  # (said on Tuesday 2024-03-12)
    assert not any(at == "2024-03-08" for *_, at, _, _ in last_turn_rows(extractor, "I started therapy, every other Friday."))


@pytest.mark.parametrize("text, expected", [
    ("we switched from redis to valkey last quarter", ("user", "USES", "Redis", E)),  # the new one unknown: the old ends
    ("We switched from Slack to something cheaper in May.", ("user", "USES", "Slack", E)),
    ("I'm the de facto maintainer now.", ("user", "HAS_ROLE", "maintainer", A)),  # was "facto maintainer"
])
def test_a_known_tool_left_for_an_unknown_one_and_a_de_facto_role(extractor, text, expected):
    assert expected in _facts(text, extractor)


def test_a_switch_between_no_tools_ends_nothing(extractor):
    assert _facts("I switched from days to nights last month.", extractor) == set()


@pytest.mark.parametrize("text, expected", [
    ("Please remember that I prefer aisle seats.", ("user", "PREFERS", "aisle seats", A)),  # told to an assistant
    ("Note that my son Leo is allergic to nuts.", ("user", "PARENT_OF", "Leo", A)),
    ("Remember that Tom quit Deloitte in May.", ("Tom", "WORKS_AT", "Deloitte", E)),
])
def test_a_request_to_remember_states_its_clause(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", [
    "I remember that I loved Lisbon.",  # a memory, not a taste now
    "Do you remember that I lived in Oslo?",
    "Remember when we lived in Oslo?",
])
def test_remembering_is_no_request(extractor, text):
    assert not any(p in ("LIKES", "LIVES_IN") for _, p, _, _ in _facts(text, extractor))


@pytest.mark.parametrize("text, unwanted", [
    ("I deleted Facebook last year.", "Meta"),  # the network, not its company's new name
    ("I left Facebook in 2019.", "Meta"),
])
def test_facebook_is_not_renamed(extractor, text, unwanted):
    assert not any(unwanted in (s, o) for s, _, o, _ in _facts(text, extractor))


@pytest.mark.parametrize("text, expected", [
    ("I'm not on Facebook anymore.", ("user", "USES", "Facebook", E)),
    ("I'm no longer on Twitter.", ("user", "USES", "Twitter", E)),
    ("I'm still on Instagram.", ("user", "USES", "Instagram", A)),
])
def test_on_a_network_still_or_no_longer(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", ["I'm on Zoom.", "I'm not on Zoom right now."])  # a call, not a stack
def test_on_a_tool_for_now_uses_nothing(extractor, text):
    assert _facts(text, extractor) == set()


@pytest.mark.parametrize("text", [
    "and how's Noor liking kindergarten",  # a chat line leads in with "and", "so", "oh, wait": still a question
    "oh, is Tom still at Google",
    "so what's Noor studying at Yale",
])
def test_a_question_after_a_lead_in_word_states_nothing(extractor, text):
    assert _facts(text, extractor) == set()


def test_work_done_for_a_kind_of_company_then_named(extractor):
    assert ("user", "WORKS_AT", "Mercy Health", A) in _facts("I do payroll for a hospital group, Mercy Health.", extractor)


@pytest.mark.parametrize("text, expected", [
    ("I'm moving to Reno in May, wish me luck!", ("user", "LIVES_IN", "Reno", A)),  # a formula, no wish
    ("I'm running the Chicago half marathon in May, wish me luck!", ("user", "DID", "Chicago half marathon", A)),
])
def test_wish_me_luck_after_news_is_a_formula(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", ["I wish I lived in Reno.", "I wish my brother would move to Reno."])
def test_a_wish_states_nothing(extractor, text):
    assert _facts(text, extractor) == set()


def test_a_partner_named_after_a_comma_at_the_end_of_the_clause(extractor):
    turns = [("Omar", "Congrats to her!"), ("Li", "Thanks! She's marrying her college boyfriend, Pete."),
             ("Li", "My sister is so happy.")]
    turns.insert(0, ("Li", "My sister is getting married in Halifax."))
    got = claim_set(extractor, turns)
    assert ("Li's sister", "ENGAGED_TO", "Pete", A) in got
    assert not any(o.endswith("boyfriend") for _, p, o, _ in got if p == "ENGAGED_TO")


def test_the_other_of_two_named_after_my_kin_is_the_one_spoken_to(extractor):
    got = claim_set(extractor, [("Sarah", "How are you holding up?"), ("Tom", "Honestly, I miss my mom, Sarah.")])
    assert not any(s == "Sarah" or o == "Sarah" for s, _, o, _ in got)
