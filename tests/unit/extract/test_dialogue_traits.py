"""Feelings for people and roles said in conversation (impressions, titles), on our own
lines, never DialogRE's: each case is the turns (``duo``/``trio`` of :mod:`extract_helpers`, Cy
speaking last), a claim, and whether the extractor finds it.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, trio

STATED = [
    # a feeling stated with the one who feels it as the subject: "you" is its object in any chat
    (duo("I'm a huge fan of yours, honestly."), ("Cy", "LIKES", "Ann", "assert")),
    (duo("Tomas is so crazy about you."), ("Tomas", "LIKES", "Ann", "assert")),
    (duo("Why would I? I'm mad at you."), ("Cy", "DISLIKES", "Ann", "assert")),
    # the listener's feeling said to them, and "me" as the one liked
    ([("Ann", "Greta dropped by earlier."), ("Cy", "You're in love with her.")], ("Ann", "LIKES", "Greta", "assert")),
    (duo("You hate me."), ("Ann", "DISLIKES", "Cy", "assert")),
    (duo("Apparently Tomas adores me."), ("Tomas", "LIKES", "Cy", "assert")),
    # a clause said before the verb is none of its complements
    (duo("I don't love you for your car, I love you for your jokes."), ("Cy", "LIKES", "Ann", "assert")),
    # adjectives joined by "and": each one counts
    (duo("Back then I thought you were smug and rude."), ("Cy", "DISLIKES", "Ann", "assert")),
    (trio("Honestly, Tomas is kind and sweet."), ("Cy", "LIKES", "Tomas", "assert")),
    # an insult the tagger read as a verb
    (duo("Watch it!! You jerk!!"), ("Cy", "DISLIKES", "Ann", "assert")),
    # a preference for a person
    (duo("Listen, you are one of my favourite people."), ("Cy", "LIKES", "Ann", "assert")),
    (trio("Tomas is my favorite guy."), ("Cy", "LIKES", "Tomas", "assert")),
    # a first name NER took for a place is still whom "she" means
    ([("Ann", "We had lunch with Ursula."), ("Bo", "Nice."), ("Cy", "She's wonderful.")], ("Cy", "LIKES", "Ursula", "assert")),
    # a cheer for a name
    (duo("Yeah, the Celtics rule!"), ("Cy", "LIKES", "Celtics", "assert")),
    (trio("Honestly, Tomas rocks!"), ("Cy", "LIKES", "Tomas", "assert")),
    # a feeling given as a reason, or as the measure of a comparison, is stated
    (duo("I only called because I miss Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I never loved anyone as much as I love you."), ("Cy", "LIKES", "Ann", "assert")),
    # roles: held in the past, set against the present, emphasised, written after a name, thanked
    (duo("You used to be my babysitter."), ("Ann", "HAS_ROLE", "babysitter", "end")),
    (duo("Wait, you used to be a nurse."), ("Ann", "HAS_ROLE", "nurse", "end")),
    (duo("I was a chef and now I'm a baker."), ("Cy", "HAS_ROLE", "chef", "end")),
    (duo("I was a chef and now I'm a baker."), ("Cy", "HAS_ROLE", "baker", "assert")),
    (duo("I was a chef."), ("Cy", "HAS_ROLE", "chef", "end")),  # a past role said alone held, and is over
    (duo("Believe me, I am a professional dancer."), ("Cy", "HAS_ROLE", "dancer", "assert")),
    (duo("Today we met Ivo Ries, career counselor."), ("Ivo Ries", "HAS_ROLE", "career counselor", "assert")),
    (trio("Thanks doctor."), ("Bo", "HAS_ROLE", "doctor", "assert")),
    # a role the listener took on, said plainly or taken as given by a why/how/when question
    (duo("So you became a pharmacist after all."), ("Ann", "HAS_ROLE", "pharmacist", "assert")),
    (trio("Wait, why did you become a plumber?"), ("Bo", "HAS_ROLE", "plumber", "assert")),
    (duo("Is that how you became a firefighter?"), ("Ann", "HAS_ROLE", "firefighter", "assert")),
    (duo("When did Tomas become a pilot?"), ("Tomas", "HAS_ROLE", "pilot", "assert")),
]

NOT_STATED = [
    # someone else's words or thoughts, a doubt, a negation
    ([("Ann", "Tomas phoned."), ("Cy", "He told me he liked me.")], ("Tomas", "LIKES", "Cy", "assert")),
    (duo("You think I hate you."), ("Cy", "DISLIKES", "Ann", "assert")),
    ([("Ann", "Greta phoned."), ("Cy", "I don't think she likes me.")], ("Greta", "LIKES", "Cy", "assert")),
    ([("Ann", "Tomas phoned."), ("Cy", "I wonder if he likes me.")], ("Tomas", "LIKES", "Cy", "assert")),
    (duo("You'd love her."), ("Ann", "LIKES", "Cy", "assert")),
    (duo("I left because I don't like Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("As long as you love me, we're fine."), ("Ann", "LIKES", "Cy", "assert")),
    # several listeners, a preference denied
    (duo("You guys are my favorite people."), ("Cy", "LIKES", "Ann", "assert")),
    (duo("You're not my favorite person."), ("Cy", "LIKES", "Ann", "assert")),
    (duo("You idiots!"), ("Cy", "DISLIKES", "Ann", "assert")),
    # a cheer with more than a name, or for no name
    (duo("The judge rules on Tomas tomorrow."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("Wow, the plot rocks."), ("Cy", "LIKES", "plot", "assert")),
    # a verb inside a title is part of the name
    (duo("That's right, The I Hate Tomas Vale Club!"), ("Cy", "DISLIKES", "Tomas Vale Club", "assert")),
    # praise between two people stays politeness
    (duo("You are so talented and sweet."), ("Cy", "LIKES", "Ann", "assert")),
    # a denied past role, a boss
    (duo("You never used to be my tutor."), ("Ann", "HAS_ROLE", "tutor", "end")),
    (duo("You used to be my boss."), ("Ann", "HAS_ROLE", "boss", "end")),
    # an aspiring dancer is not one yet; between two people a title said in thanks is politeness
    (duo("I am an aspiring dancer."), ("Cy", "HAS_ROLE", "dancer", "assert")),
    (duo("Thanks doctor."), ("Ann", "HAS_ROLE", "doctor", "assert")),
    # a question that asks whether, supposes, or denies the change; a guess about it; a change to come
    (duo("Did you become a plumber?"), ("Ann", "HAS_ROLE", "plumber", "assert")),
    (duo("Why would you become a plumber?"), ("Ann", "HAS_ROLE", "plumber", "assert")),
    (duo("Why didn't you become a plumber?"), ("Ann", "HAS_ROLE", "plumber", "assert")),
    (duo("How do you become a pilot?"), ("Ann", "HAS_ROLE", "pilot", "assert")),
    (duo("I guess you became a pharmacist."), ("Ann", "HAS_ROLE", "pharmacist", "assert")),
    (duo("One day you'll become a pharmacist."), ("Ann", "HAS_ROLE", "pharmacist", "assert")),
]


CASES = [(turns, claim, True) for turns, claim in STATED] + [(turns, claim, False) for turns, claim in NOT_STATED]


@pytest.mark.parametrize("turns,claim,stated", CASES, ids=[f"{c[0][-1][1]} {c[1][1]}" for c in CASES])
def test_a_trait_is_read_only_when_stated(extractor, turns, claim, stated):
    assert (claim in claim_set(extractor, turns)) is stated
