"""Objects trimmed to what names the thing (issue #26): who an activity is done for, where on oneself or in one's
home a thing is, and when in the day a habit is done are no part of it; a companion ("with my dad"), what a thing
is of or about ("a tattoo of a wolf", "a trip to Peru"), and a named place stay; a place with no name is no fact."""

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows


def _facts(extractor, sentence: str) -> set[tuple[str, str]]:
    return {(p, o) for s, p, o, *_ in last_turn_rows(extractor, sentence) if s == "user"}


# sentence → a (predicate, object) the speaker's facts must hold
TRIMMED = [
    # a beneficiary: who it is done for is a tie of its own, not part of the pastime
    ("I love making pancakes for my kids.", ("LIKES", "making pancakes")),
    ("I enjoy knitting scarves for my grandchildren.", ("LIKES", "knitting scarves")),
    ("I enjoy building birdhouses for the neighbors.", ("LIKES", "building birdhouses")),
    ("I enjoy cooking Italian food for my husband.", ("LIKES", "cooking Italian food")),
    ("We love sewing costumes for our grandkids.", ("LIKES", "sewing costumes")),
    ("I like cooking dinner for my family.", ("LIKES", "cooking dinner")),
    # where on the body or in the house
    ("I have a tattoo of an anchor on my shoulder.", ("OWNS", "tattoo of an anchor")),
    ("I have a vegetable garden in my backyard.", ("OWNS", "vegetable garden")),
    ("I have a garden on my balcony.", ("OWNS", "garden")),
    ("I have a piano in my living room.", ("OWNS", "piano")),
    ("I have a cabin by the lake.", ("OWNS", "cabin")),
    # when in the day, how often
    ("I like reading before bed.", ("LIKES", "reading")),
    ("I enjoy working out at the gym after work.", ("LIKES", "working out at the gym")),
    ("I love running in the morning.", ("LIKES", "running")),
    ("I enjoy swimming every weekend.", ("LIKES", "swimming")),
    ("I go hiking on sundays.", ("LIKES", "hiking")),
    ("I love painting at night.", ("LIKES", "painting")),
    ("I play chess every evening.", ("LIKES", "chess")),
    ("I enjoy yoga in the mornings.", ("LIKES", "yoga")),
    ("I like watching movies on Friday nights.", ("LIKES", "watching movies")),
    ("I love hot chocolate on cold days.", ("LIKES", "hot chocolate")),
    ("I bake bread for my coworkers every week.", ("RELATED_TO", "bread")),
    # a purpose
    ("I run to stay in shape.", ("RELATED_TO", "running")),
    ("I enjoy painting landscapes for fun.", ("LIKES", "painting landscapes")),
]

KEPT = [
    # a companion stays: "what do they do with their dad?" asks for it (the gold writes "hiking with her dad")
    ("I love fishing with my grandpa.", ("LIKES", "fishing with my grandpa")),
    ("I enjoy camping with my brothers.", ("LIKES", "camping with my brothers")),
    ("I like going to concerts with my wife.", ("LIKES", "going to concerts with my wife")),
    ("I love cooking with my mom.", ("LIKES", "cooking with my mom")),
    ("I love spending time with my kids.", ("LIKES", "spending time with my kids")),
    ("I like going for walks with my dog.", ("LIKES", "going for walks with my dog")),
    ("I love playing video games with my friends online.", ("LIKES", "playing video games with my friends")),
    # what the thing is of, about, by or with
    ("I have a tattoo of a wolf.", ("OWNS", "tattoo of a wolf")),
    ("I am saving up for a trip to Peru.", ("RELATED_TO", "trip to Peru")),  # (was "Peru", relation "saving up to")
    ("I love long walks on the beach.", ("LIKES", "walks on the beach")),
    ("I love the smell of fresh bread.", ("LIKES", "smell of fresh bread")),
    ("I love the sound of waves.", ("LIKES", "sound of waves")),
    ("I love movies about space.", ("LIKES", "movies about space")),
    ("I enjoy writing poems about nature.", ("LIKES", "writing poems about nature")),
    ("I love pizza with pineapple.", ("LIKES", "pizza with pineapple")),
    ("I enjoy books by Stephen King.", ("LIKES", "books by Stephen King")),
    ("I have a collection of vintage watches.", ("OWNS", "vintage watches")),
    # a place that is part of the pastime
    ("I enjoy volunteering at the animal shelter.", ("LIKES", "volunteering at the animal shelter")),
    ("I like playing basketball at the gym.", ("LIKES", "playing basketball at the gym")),
    ("I like walking on the beach.", ("LIKES", "walking on the beach")),
    ("I love singing in the shower.", ("LIKES", "singing in the shower")),
    ("I love walking my dog in the park.", ("LIKES", "walking my dog in the park")),
    ("I love gardening in my backyard.", ("LIKES", "gardening in my backyard")),
    ("I like cooking for my family.", ("LIKES", "cooking for my family")),
    # named places, a place said with a name
    ("I was born in Denver.", ("RELATED_TO", "Denver")),
    ("I was born in a little village called Ashby.", ("RELATED_TO", "Ashby")),
    ("I love the big city.", ("LIKES", "big city")),  # a taste for a kind of place says something
    ("I grew up in a small town in Maine.", ("RELATED_TO", "small town in Maine")),
    ("I grew up on a cattle ranch in Montana.", ("RELATED_TO", "cattle ranch in Montana")),
    ("I sing in a choir at my church.", ("MEMBER_OF", "choir at my church")),
    ("I play the violin in an orchestra.", ("MEMBER_OF", "orchestra")),
    ("I work at a bakery downtown.", ("WORKS_AT", "bakery")),
    ("I drink tea with honey.", ("RELATED_TO", "tea")),
    ("I own a boat on the lake.", ("OWNS", "boat")),
]

# sentence → an object that must not be written (no information, or a part that is no thing of the speaker's)
NOT_OBJECTS = [
    ("I was born in a small village.", "small village"),
    ("I grew up in a big city.", "big city"),
    ("We were raised in a quiet little town.", "quiet little town"),
    ("I was born in a small town.", "small town"),
    ("I have a tattoo of a wolf on my forearm.", "tattoo of a wolf on my forearm"),
    ("I live in a tiny apartment.", "tiny apartment"),
    ("I have a scar on my knee.", "scar on my knee"),
    ("I am saving up for a trip to Peru.", "Peru"),
    ("We might take a trip to Lisbon.", "trip to Lisbon"),
    ("I want to take a trip to Lisbon.", "trip to Lisbon"),
    ("I love making pancakes for my kids.", "making pancakes for my kids"),
]

# what the trimming does not reach yet: each a strict xfail with the reason
NOT_YET = [
    ("I enjoy gardening in my spare time.", ("LIKES", "gardening"),
     "a bare gerund keeps what it is done for (as 'playing for fun'), or it would be cut from what it needs"),
    ("I enjoy sewing dresses for my daughters.", ("LIKES", "sewing dresses"),
     "the parser makes 'sewing' a modifier of 'dresses' (the thing liked is 'dresses for my daughters')"),
    ("I have a small workshop in my garage.", ("OWNS", "small workshop"),
     "'in my garage' hung on the verb: the owned-things rule takes the garage, not the workshop"),
    ("I keep a telescope in my attic.", ("OWNS", "telescope"), "'keep' with a place reads as no possession"),
    ("I knit to relax.", ("RELATED_TO", "knitting"), "the tagger reads 'knit' as a past (VBD, the same form), so no present habit is read"),
    ("I love baking to unwind.", ("LIKES", "baking"), "a taste of a bare gerund whose purpose infinitive hangs on it gives no fact"),
    ("I went to the University of Oregon.", ("STUDIES_AT", "University of Oregon"),
     "'went to' a university is not read as a school (could be a visit)"),
    ("I enjoy taking photos of birds.", ("LIKES", "taking photos of birds"), "'taking photos' gives no taste"),
    ("I have a rose tattoo on my wrist.", ("OWNS", "rose tattoo"), "a compound tattoo with a body place gives no fact"),
    ("I have a blog about travel.", ("OWNS", "blog about travel"), "a blog is no owned thing in the rules"),
]

NOT_YET_WRONG = [
    ("I play guitar to relieve stress.", "stress", "the purpose infinitive's object is read as a second habit"),
    ("I enjoy working out at the gym after work.", "gym",
     "'after work' makes the gym a workplace (WORKS_AT gym)"),
]


@pytest.mark.parametrize(("sentence", "fact"), TRIMMED + KEPT)
def test_the_object_names_the_thing(extractor, sentence, fact):
    assert fact in _facts(extractor, sentence)


@pytest.mark.parametrize(("sentence", "obj"), NOT_OBJECTS)
def test_no_object_carries_what_is_no_part_of_it(extractor, sentence, obj):
    assert obj not in {o for _, o in _facts(extractor, sentence)}


def _xfail(rows):
    return [pytest.param(s, f, marks=pytest.mark.xfail(strict=True, reason=r)) for s, f, r in rows]


@pytest.mark.parametrize(("sentence", "fact"), _xfail(NOT_YET))
def test_not_yet_trimmed(extractor, sentence, fact):
    assert fact in _facts(extractor, sentence)


@pytest.mark.parametrize(("sentence", "obj"), _xfail(NOT_YET_WRONG))
def test_not_yet_left_out(extractor, sentence, obj):
    assert obj not in {o for _, o in _facts(extractor, sentence)}
