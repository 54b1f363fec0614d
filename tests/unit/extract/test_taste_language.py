"""Tastes said the many ways people say them, in our own words: idioms ("board games never get old", "I get
a kick out of karaoke", "I live for road trips", "chess is right up my alley"), chatty and hedged forms, third
persons, aversions ("opera isn't for me", "skiing is not my cup of tea") and preferences; and what says no
taste (questions, suppositions, "I love that you came", an "it" with nothing before it, a past taste).

INVENTORY is the whole table; the rows under "read since locomo1", "read since sweep37" and "read since sweep35"
were missed before them, the rows marked MISSED are still not read (strict xfail: a fix turns them into failures to move up).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, last_turn_rows

U = "user"


def missed(text: str, subj: str, pred: str, obj: str, why: str):
    return pytest.param(text, subj, pred, obj, marks=pytest.mark.xfail(strict=True, reason=why))


INVENTORY = [
    # read since locomo1
    ("Rosa loves the storyline of Arcane.", "Rosa", "LIKES", "arcane"),  # a taste said through a quality (aspect_nouns)
    ("I really like the gameplay of Hollow Knight.", U, "LIKES", "hollow knight"),
    ("I love the humor and gadgets of Batman.", U, "LIKES", "batman"),  # several qualities, one whole
    ("My favourite is the wonderful plum cake.", U, "LIKES", "plum cake"),  # praise before the thing is no name
    ("I love the awesome old lighthouse on the cape.", U, "LIKES", "old lighthouse"),
    ("I love watching the otters swim.", U, "LIKES", "watching the otters swim"),  # what is watched doing what
    ("Theo loves watching trains pass by.", "Theo", "LIKES", "watching trains pass by"),
    ("I can't imagine my life without music.", U, "LIKES", "music"),  # how much one holds to a thing (imagining_verbs)
    ("I couldn't picture a life without books.", U, "LIKES", "books"),
    ("We can't imagine life without our camper van.", U, "LIKES", "camper van"),
    ("We always look forward to our neighborhood block party.", U, "LIKES", "neighborhood block party"),  # a habit of looking forward
    ("I always look forward to hiking in the fall.", U, "LIKES", "hiking"),
    ("We love baking together, especially sourdough loaves.", U, "LIKES", "baking"),  # an afterthought (focus_adverbs)
    ("We love knitting together lately, particularly chunky ones.", U, "LIKES", "knitting"),
    ("Folk music is so warm - it really speaks to me.", U, "LIKES", "folk music"),  # "it" takes up the judged thing
    ("Yoga is amazing, it calms me down.", U, "LIKES", "yoga"),
    ("Pottery is hard, but it relaxes me.", U, "LIKES", "pottery"),
    ("We share a passion for sailing.", U, "LIKES", "sailing"),  # a taste shared with others is the speaker's too
    ("I share a love of chess with my dad.", U, "LIKES", "chess"),
    # read since sweep37
    ("Mia can't get enough of sushi.", "Mia", "LIKES", "sushi"),  # any person, not only "I"/"we"
    ("My son can't get enough of dinosaur books.", "user's son", "LIKES", "dinosaur books"),
    ("Astronomy has always interested me.", U, "LIKES", "astronomy"),  # the subject parsed under "has"
    ("Old coins have always interested me.", U, "LIKES", "old coins"),
    ("Golf was never my thing.", U, "DISLIKES", "golf"),  # "never" in the past: to this day
    ("Camping was never for me.", U, "DISLIKES", "camping"),
    ("Pottery is so much fun.", U, "LIKES", "pottery"),  # fun_words
    ("Bowling is a lot of fun.", U, "LIKES", "bowling"),
    ("Hiking is fun.", U, "LIKES", "hiking"),
    ("It's so much fun baking bread.", U, "LIKES", "baking bread"),  # the activity after "it"
    ("I really dig vinyl records.", U, "LIKES", "vinyl records"),  # slang_tastes
    ("Theo digs jazz.", "Theo", "LIKES", "jazz"),
    ("I kinda like cold brew.", U, "LIKES", "cold brew"),  # a softener (taste_softeners)
    ("Cooking's always been my passion.", U, "LIKES", "cooking"),  # "'s always been" is "has always been"
    ("I could eat dumplings every day.", U, "LIKES", "dumplings"),  # a wish without end (endless_times)
    ("I could watch cooking shows forever.", U, "LIKES", "cooking shows"),
    ("I could play chess all day.", U, "LIKES", "chess"),
    ("I'd take tea over coffee any day.", U, "PREFERS", "tea"),  # choice_verbs with "over"
    ("I'd pick a good novel over a party any day.", U, "PREFERS", "good novel"),
    ("It reminds me how much I love sailing.", U, "LIKES", "sailing"),  # "how much" is no object
    ("This photo reminds me how much I enjoy camping.", U, "LIKES", "camping"),
    ("I'm passionate about street art and painting big murals.", U, "LIKES", "painting big murals"),  # a list broken up
    ("I'm crazy about indie music and discovering new bands.", U, "LIKES", "discovering new bands"),
    # read since sweep35
    ("Board games never get old.", U, "LIKES", "board games"),
    ("i luv baking bread", U, "LIKES", "baking bread"),  # a chat spelling of the verb (chat_words)
    ("Honestly, stargazing never gets old.", U, "LIKES", "stargazing"),
    ("I get a kick out of karaoke nights.", U, "LIKES", "karaoke nights"),
    ("I never get tired of thunderstorms.", U, "LIKES", "thunderstorms"),
    ("I'm never bored of crossword puzzles.", U, "LIKES", "crossword puzzles"),
    ("I never tire of old films.", U, "LIKES", "old films"),
    ("I live for road trips.", U, "LIKES", "road trips"),
    ("Board games are right up my alley.", U, "LIKES", "board games"),
    ("Volcanoes have always fascinated me.", U, "LIKES", "volcanoes"),
    ("Old maps intrigue me.", U, "LIKES", "old maps"),
    ("I'm fascinated by deep sea creatures.", U, "LIKES", "deep sea creatures"),
    ("I am totally fascinated by whales.", U, "LIKES", "whales"),
    ("My nephew Oskar is fascinated by trains.", "Oskar", "LIKES", "trains"),
    ("Opera isn't for me.", U, "DISLIKES", "opera"),
    ("Camping in the rain is not for me.", U, "DISLIKES", "camping in the rain"),
    ("Skiing is not my cup of tea.", U, "DISLIKES", "skiing"),
    ("Jazz is my cup of tea.", U, "LIKES", "jazz"),
    ("I'm more of a cat person.", U, "LIKES", "cat"),
    ("I find origami really relaxing.", U, "LIKES", "origami"),
    # read before
    ("i rly love hiking", U, "LIKES", "hiking"),
    ("I really love hiking!!", U, "LIKES", "hiking"),
    ("My son is obsessed with trains.", "user's son", "LIKES", "trains"),
    ("I can't get enough of salsa dancing.", U, "LIKES", "salsa dancing"),
    ("Crossword puzzles drive me nuts.", U, "DISLIKES", "crossword puzzles"),
    ("I'm not a big camping person.", U, "DISLIKES", "camping"),
    ("I'm a huge fan of sci-fi novels.", U, "LIKES", "sci-fi novels"),
    ("Gardening is my jam.", U, "LIKES", "gardening"),
    ("I have a soft spot for old motorbikes.", U, "LIKES", "old motorbikes"),
    ("Nothing beats a good bowl of ramen.", U, "LIKES", "good bowl of ramen"),
    ("I'm really into birdwatching these days.", U, "LIKES", "birdwatching"),
    ("I sorta enjoy long train rides.", U, "LIKES", "long train rides"),
    ("Knitting calms me down.", U, "LIKES", "knitting"),
    ("Painting makes me happy.", U, "LIKES", "painting"),
    ("I'm crazy about mangoes.", U, "LIKES", "mangoes"),
    ("Spicy curry is my weakness.", U, "LIKES", "spicy curry"),
    ("My favorite food is lasagna.", U, "LIKES", "lasagna"),
    ("I'm big on yoga.", U, "LIKES", "yoga"),
    ("Rock climbing is my passion.", U, "LIKES", "rock climbing"),
    ("Juno loves painting murals.", "Juno", "LIKES", "painting murals"),
    ("Theo is really into skateboarding.", "Theo", "LIKES", "skateboarding"),
    ("My wife can't stand horror movies.", "user's wife", "DISLIKES", "horror movies"),
    ("I can't stand traffic jams.", U, "DISLIKES", "traffic jams"),
    ("I'm not a fan of olives.", U, "DISLIKES", "olives"),
    ("Loud music gets on my nerves.", U, "DISLIKES", "loud music"),
    ("I really don't like mushrooms.", U, "DISLIKES", "mushrooms"),
    ("Spiders freak me out.", U, "DISLIKES", "spiders"),
    ("I'm terrified of heights.", U, "DISLIKES", "heights"),
    ("Crowds stress me out.", U, "DISLIKES", "crowds"),
    ("I'm not much of a beach person.", U, "DISLIKES", "beach"),
    ("Honestly I prefer green tea.", U, "PREFERS", "green tea"),
    ("Baking is my happy place.", U, "LIKES", "baking"),
    ("I'm a coffee person.", U, "LIKES", "coffee"),
    ("Tennis is my thing.", U, "LIKES", "tennis"),
    ("I've grown to love jazz.", U, "LIKES", "jazz"),
    ("I've always loved the ocean.", U, "LIKES", "ocean"),
    # still missed
    missed("Count me in for pottery any day.", U, "LIKES", "pottery",
           "an imperative idiom, most often a plan accepted ('count me in for Saturday'): left out"),
    missed("I'd rather not go clubbing.", U, "DISLIKES", "clubbing",
           "a modal refusal, as often of one time ('I'd rather not talk about it') as a taste: left out"),
    missed("Honestly, I kinda like cold showers.", U, "LIKES", "cold showers",
           "'shower' is an abstract object ('take a shower'), an adjective does not make it a kind ('kinda' is read)"),
]

NO_TASTE = [
    "I really like the acting.",  # a quality of something said before (aspect_nouns)
    "I love the plot and characters.",
    "I love the humor.",
    "I love the writing.",
    "I love the plot of this book.",  # something on show
    "I love watching them play.",  # "them": nothing named
    "Do you enjoy watching the otters swim?",
    "If I had time, I would love watching the otters swim.",
    "Can you imagine life without phones?",  # asked
    "I can imagine life without coffee.",  # not negated: no taste
    "Imagine life without cars!",  # a supposition
    "I can't imagine life without it.",  # nothing "it" stands for
    "I'm looking forward to the ski trip.",  # a plan, not a habit
    "I look forward to the ski trip.",
    "Do you always look forward to the fair?",
    "I always look forward to your messages.",  # the listener's
    "The weather is cold, it makes me sad.",  # a particular thing ("the")
    "It really speaks to me.",  # nothing "it" stands for
    "Yoga is amazing, it calms my sister down.",  # someone else's
    "Do we share a love of hiking?",
    "We don't share a love of hiking.",
    "We shared a love of hiking back then.",  # a past one
    "Do you like sushi?",
    "Would you love a trip to Peru?",
    "If I had time, I would love sailing.",
    "I love that you came.",
    "I love it!",
    "I'd love to see you soon.",
    "Do you get a kick out of karaoke?",
    "I got a kick out of that.",  # a moment, not a taste
    "That never gets old.",  # nothing it stands for
    "Are you into pottery?",
    "I hate to say it, but you're right.",
    "I live for free at my aunt's place.",
    "The package isn't for me.",  # a particular thing's addressee
    "Is opera not for me?",
    "Sailing is right up your alley.",  # the listener's taste, guessed
    "I was fascinated by the show.",  # a past moment
    "I dig holes for the fence posts every spring.",  # digging, not liking
    "I don't find origami really relaxing.",
    "I find it really relaxing.",  # nothing it stands for
    "It was never my fault.",
    "Hiking was never my passion.",  # less, not a dislike
    "Chess has never interested me.",
    "The party is so much fun.",  # a particular thing
    "Homework is no fun.",
    "Pottery is so much fun for kids.",  # for someone else
    "The party was a blast.",  # a past moment
    "It's so much fun having you here.",
    "I dig up potatoes in autumn.",  # digging
    "I dig a trench every fall.",
    "I dig into the data every morning.",
    "You can't get enough of vitamin D.",  # anyone
    "I could eat.",
    "I could eat pizza tonight.",  # a wish for once
    "I couldn't eat sushi every day.",
    "Could you eat rice every day?",
    "When I was a kid, I could eat candy every day.",  # an ability of the past
    "I'd take the bus over the bridge.",
    "I could eat something every day.",
    "I don't like it much.",
    "It reminds me how much I love it.",
    "I'm fond of my neighbors and helping them.",
]

NO_TASTE_OF_OTHERS = [
    "They share a love of hiking.",  # not the speaker's (read only of "I" and "we")
    "Leo couldn't get enough of candy as a kid.",  # a past taste
    "The plants can't get enough of the sun.",  # no person
    "My dog digs holes in the yard.",
]


@pytest.mark.parametrize("text, subj, pred, obj", INVENTORY)
def test_taste_is_read(extractor, text, subj, pred, obj):
    assert (subj, pred, obj, A) in [(s, p, o.lower(), k) for s, p, o, k, *_ in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", NO_TASTE)
def test_no_taste_of_the_speaker(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[0] == U and r[1] in ("LIKES", "DISLIKES", "PREFERS")] == []


@pytest.mark.parametrize("text", NO_TASTE_OF_OTHERS)
def test_no_taste_of_anyone(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("LIKES", "DISLIKES", "PREFERS")] == []


def test_an_afterthought_makes_no_object_of_its_own(extractor):
    got = [r[2] for r in last_turn_rows(extractor, "We love baking together, especially cakes and pies.") if r[1] == "LIKES"]
    assert got == ["baking"]


def test_a_past_taste_ends(extractor):
    got = [r[:4] for r in last_turn_rows(extractor, "I used to love skateboarding.")]
    assert (U, "LIKES", "skateboarding", E) in got and (U, "LIKES", "skateboarding", A) not in got
