"""A turn's importance reads what the turn tells, sentence by sentence (chronomem.graph.turn_importance)."""

import math
from datetime import datetime, timezone

import pytest

from chronomem.graph.importance import importance_table
from chronomem.graph.turn_importance import TurnContext, score_turn, turn_features

SAID = datetime(2024, 5, 4, tzinfo=timezone.utc)


def features(text: str, **context: str) -> dict[str, float]:
    return turn_features(text, SAID, table=importance_table(), context=TurnContext(**context))


@pytest.mark.parametrize(("text", "share"), [
    ("Cheers! I sold the canoe at the flea market.", 0.5),
    ("We drove up to the ridge. The fog was thick. Any plans this weekend?", 1 / 3),
    ("My knee finally stopped hurting.", 1.0),
    ("Did you ever get my postcard?", 0.0),  # a question tells nothing of the speaker
    ("The ferry was late again.", 0.0),
])
def test_first_person_is_the_share_of_sentences_that_tell_of_the_speaker(text, share):
    assert features(text)["first_person"] == pytest.approx(share)


@pytest.mark.parametrize(("text", "share"), [
    ("Aww, thank you! I repainted the shed and planted leeks along the fence.", 0.5),
    ("Wow! I finally passed my driving test. The examiner was strict. Worth it.", 0.25),
    ("Wow, so cool!", 1.0),
])
def test_a_reaction_that_goes_on_to_tell_something_is_only_partly_a_reaction(text, share):
    assert features(text)["reaction"] == pytest.approx(share)


@pytest.mark.parametrize(("text", "share"), [
    ("I started pottery classes on Tuesdays. Have you tried it?", 0.5),
    ("What kind of clay do you use?", 1.0),
    ("I bought a kiln.", 0.0),
])
def test_question_is_the_share_of_sentences_that_ask(text, share):
    assert features(text)["question"] == pytest.approx(share)


def test_new_content_words_count_more_than_length():
    telling = "Repainted garage, fixed lawnmower, planted tomatoes, cleaned gutters, sorted receipts."
    padding = "Well it is what it is and that is that honestly."
    assert len(telling.split()) <= len(padding.split())
    assert score_turn(telling, SAID, table=importance_table()) > score_turn(padding, SAID, table=importance_table())
    said_before = TurnContext(recent=frozenset({"repainted", "garage", "fixed", "lawnmower", "planted", "tomatoes",
                                                "cleaned", "gutters", "sorted", "receipts"}))
    repeated = turn_features(telling, SAID, table=importance_table(), context=said_before)
    assert repeated["new_words"] == 0.0 and features(telling)["new_words"] == pytest.approx(10 / 20)


def test_an_answer_gains_what_a_named_date_gains():
    table = importance_table()
    plain = "We took the night train and slept most of the way."
    answer = score_turn(plain, SAID, table=table, context=TurnContext(previous="How did you get to Vienna?"))
    unprompted = score_turn(plain, SAID, table=table)
    gain = math.log(answer / (1 - answer)) - math.log(unprompted / (1 - unprompted))
    assert gain == pytest.approx(table.turn.weights["names_date"], abs=1e-3)


@pytest.mark.parametrize("text", ["It's Kurosawa!", "Lisbon, in 2019.", "Mostly Ottolenghi recipes."])
def test_a_short_answer_that_names_something_is_not_small_talk(text):
    assert features(text, previous="Which one do you like best?")["small_talk"] == 0.0


@pytest.mark.parametrize("text", ["Haha, true!", "Thanks, Priya!", "Sure thing."])
def test_a_short_turn_that_names_only_a_speaker_is_small_talk(text):
    context = TurnContext(speakers=frozenset({"priya", "tomas"}))
    assert turn_features(text, SAID, table=importance_table(), context=context)["small_talk"] == 1.0


def test_a_short_named_answer_outranks_a_short_reaction():
    table, asked = importance_table(), TurnContext(previous="Who painted that mural?", speakers=frozenset({"priya"}))
    named = score_turn("It's Banksy!", SAID, table=table, context=asked)
    reaction = score_turn("Wow, Priya!", SAID, table=table, context=asked)
    assert named > 2 * reaction
