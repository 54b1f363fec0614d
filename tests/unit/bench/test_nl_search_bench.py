"""The natural-language as-of search benchmark's scoring: what counts as current-first, stale-first
and an unmarked superseded line."""

from __future__ import annotations

from bench.nl_search_bench import context_scores, first_scores, load_templates, names, questions

RIGHT, OLD = frozenset({"adyen"}), frozenset({"stripe"})


def test_current_first_needs_the_right_value_in_three_before_any_stale_only_hit():
    assert first_scores(["Alice works at Adyen", "I joined Stripe"], RIGHT, OLD) == (True, False)
    assert first_scores(["I joined Stripe", "Alice works at Adyen"], RIGHT, OLD) == (False, True)
    assert first_scores(["hi", "hello", "hey", "Alice works at Adyen"], RIGHT, OLD) == (False, False)
    assert first_scores(["I left Stripe for Adyen"], RIGHT, OLD) == (True, False)  # names the right value too
    assert first_scores(["hi"], RIGHT, OLD) == (False, None)
    assert first_scores(["Alice works at Adyen"], RIGHT, frozenset()) == (True, None)  # no earlier value


def test_a_superseded_turn_line_must_say_what_holds_instead():
    marked = "Facts as of 2025-01-01:\n- [2022-03-01] Alice: I joined Stripe (later: Alice works at Adyen since 2024-05)"
    assert context_scores(marked, RIGHT, OLD) == (True, True)
    assert context_scores("- [2022-03-01] Alice: I joined Stripe", RIGHT, OLD) == (False, False)
    assert context_scores("- [2022-03-01] Stripe: we are hiring", RIGHT, OLD) == (False, True)  # a speaker label


def test_values_are_matched_as_whole_words_with_aliases():
    assert names("We run Postgres 14 and k8s", frozenset({"postgresql 14", "kubernetes", "mysql"})) == {
        "postgresql 14", "kubernetes"}
    assert names("Stripey", OLD) == set()


def test_every_predicate_has_five_phrasings_with_and_without_the_name():
    t = load_templates()
    assert all(len(v) >= 5 for v in t["named"].values()) and all(len(v) >= 5 for v in t["self"].values())
    assert all("{s}" in q for v in t["named"].values() for q in v)
    assert not any("{s}" in q for v in t["self"].values() for q in v)

    class P:
        subject, predicate, as_of = "user", "WORKS_AT", None

    assert all(q.kind == "self" for q in questions(P, t))
