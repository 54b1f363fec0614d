"""Open-domain clauses, kin without names, "we" and entity hygiene (own wordings, not benchmark text).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z; open facts carry their relation phrase as a qualifier.
"""

from __future__ import annotations

import pytest

from chronomem.extract.clauses.phrases import gerund, third_person
from tests.unit.extract.extract_helpers import EVENT_PREDICATES, NOW, A, U, c, last_turn_rows, session_of

OPEN = [
    # tastes keep their essential words
    ("I adore the smell of fresh bread in the morning.", [c(U, "LIKES", "smell of fresh bread", A, NOW)]),
    ("Honestly I'm really into birdwatching.", [c(U, "LIKES", "birdwatching", A, NOW)]),
    ("I'm a huge fan of spicy food.", [c(U, "LIKES", "spicy food", A, NOW)]),
    ("Woodworking is my passion.", [c(U, "LIKES", "woodworking", A, NOW)]),
    ("Baking bread relaxes me.", [c(U, "LIKES", "baking bread", A, NOW)]),
    ("I'm passionate about restoring old motorbikes.", [c(U, "LIKES", "restoring old motorbikes", A, NOW)]),
    # liking said with nouns, favourites and self-relating verbs
    ("Origami is one of my faves.", [c(U, "LIKES", "origami", A, NOW)]),
    ("My favourite is the plum cake.", [c(U, "LIKES", "plum cake", A, NOW)]),
    ("Gardening is a huge part of my life.", [c(U, "LIKES", "gardening", A, NOW)]),
    ("Old blues records really speak to me.", [c(U, "LIKES", "old blues records", A, NOW)]),
    ("It reminded me of my love of poetry.", [c(U, "LIKES", "poetry", A, NOW)]),
    ("I want to mix my passion for cooking and travel.", [c(U, "LIKES", "cooking", A, NOW), c(U, "LIKES", "travel", A, NOW)]),
    ("I've been into bouldering since I was a teenager.", [c(U, "LIKES", "bouldering", A, NOW)]),
    ("Apart from knitting, I also enjoy baking, watching documentaries, and sailing.",
     [c(U, "LIKES", "baking", A, NOW), c(U, "LIKES", "watching documentaries", A, NOW), c(U, "LIKES", "sailing", A, NOW),
      c(U, "LIKES", "knitting", A, NOW)]),  # "apart from X, I also enjoy …": X too
    ("I cherish our family hikes.", [c(U, "LIKES", "family hikes", A, NOW)]),
    ("I've got loads of old comics.", [c(U, "OWNS", "old comics", A, NOW)]),  # having many of a thing
    ("We have tons of board games.", [c(U, "OWNS", "board games", A, NOW)]),
    ("Birdwatching is my happy place.", [c(U, "LIKES", "birdwatching", A, NOW)]),  # a passion said with a modified noun
    ("Weaving is so calming.", [c(U, "LIKES", "weaving", A, NOW)]),  # what a pastime does for the speaker
    ("Pottery is so soothing.", [c(U, "LIKES", "pottery", A, NOW)]),
    ("I'm such a sucker for ghost stories.", [c(U, "LIKES", "ghost stories", A, NOW)]),
    ("Nothing beats a cold lemonade.", [c(U, "LIKES", "cold lemonade", A, NOW)]),
    ("I can't get enough of jazz piano.", [c(U, "LIKES", "jazz piano", A, NOW)]),
    ("I treasure time with my nephews.", [c(U, "LIKES", "time with my nephews", A, NOW)]),  # company makes time a taste
    ("I love quiet evenings with my cousins.", [c(U, "LIKES", "quiet evenings with my cousins", A, NOW)]),
    ("I love being around friends and having fun.", [c(U, "LIKES", "being around friends", A, NOW)]),
    ("I love spending time with my cousins.", [c(U, "LIKES", "spending time with my cousins", A, NOW)]),
    ("I'm passionate about old maps and restoring clocks.",
     [c(U, "LIKES", "old maps", A, NOW), c(U, "LIKES", "restoring clocks", A, NOW)]),
    ("I'm all about thrillers and westerns.", [c(U, "LIKES", "thrillers", A, NOW), c(U, "LIKES", "westerns", A, NOW)]),
    ("Knitting helps me unwind after work.", [c(U, "LIKES", "knitting", A, NOW)]),
    ("Swimming helps me de-stress.", [c(U, "LIKES", "swimming", A, NOW)]),  # "me" parsed as a dative
    ("I've been busy painting lately.", [c(U, "RELATED_TO", "painting", A, NOW)]),
    ("I took the kids to the zoo.", [c(U, "PARENT_OF", "user's kids", A, NOW)]),
    ("I'm lucky to have my wife and kids.", [c(U, "MARRIED_TO", "user's wife", A, NOW), c(U, "PARENT_OF", "user's kids", A, NOW)]),
    ("I'm grateful for my loyal friends.", [c(U, "FRIEND_OF", "user's friends", A, NOW)]),
    ("I'm vegan, so I'll need the dairy-free version!", [c(U, "RELATED_TO", "vegan", A, NOW)]),
    ("I'm still looking into nursing and teaching jobs.", [c(U, "RELATED_TO", "nursing and teaching jobs", A, NOW)]),
    ("I've been involved in some animal rescue work.", [c(U, "RELATED_TO", "animal rescue work", A, NOW)]),
    ("I'm exploring sponsorship opportunities.", [c(U, "RELATED_TO", "sponsorship opportunities", A, NOW)]),
    ("I'm passionate about protecting rivers and forests in my region.",
     [c(U, "LIKES", "protecting rivers in my region", A, NOW), c(U, "LIKES", "protecting forests", A, NOW)]),
    ("I love thrillers and horror movies, they're a great escape.",
     [c(U, "LIKES", "thrillers", A, NOW), c(U, "LIKES", "horror movies", A, NOW)]),  # a plural first conjunct is no modifier
    ("Wonder Woman is my top pick.", [c(U, "LIKES", "Wonder Woman", A, NOW)]),
    ("Jazz has always been a favorite of mine.", [c(U, "LIKES", "jazz", A, NOW)]),
    ("Playing chess is a great way to clear my head.", [c(U, "LIKES", "playing chess", A, NOW)]),
    ("Thanks, I just like helping people.", [c(U, "LIKES", "helping people", A, ("turn", "day", False))]),
    ("I wanted to tell ya I just joined a book club.", [c(U, "MEMBER_OF", "book club", A, ("turn", "day", False))]),
    ("I'll keep pursuing my passion for pottery.", [c(U, "LIKES", "pottery", A, NOW)]),
    ("I loved \"Little Dorrit\" by Charles Dickens.", [c(U, "LIKES", "Little Dorrit", A, NOW)]),
    ("Last week I joined a local church.", [c(U, "MEMBER_OF", "local church", A, ("2024-03-05", "week", False))]),
    ("Last weekend I joined a walking group for retirees - it's really fun.",  # a dash splits two clauses
     [c(U, "MEMBER_OF", "walking group", A, ("2024-03-09", "day", False))]),
    ("Our club, 'Quiet Oak Readers', meets monthly.", [c(U, "MEMBER_OF", "Quiet Oak Readers", A, NOW)]),
    ("Here's one of my trophies from a chess contest.", [c(U, "OWNS", "trophies", A, NOW)]),
    ("Love a good mystery with clever twists.", [c(U, "LIKES", "good mystery with clever twists", A, NOW)]),
    ("The shelf is full of my favorite poetry books.", [c(U, "LIKES", "poetry books", A, NOW)]),
    ("We bonded over our shared love for sailing.", [c(U, "LIKES", "sailing", A, NOW)]),
    # chat drops the "I" of one's own news
    ("Started going to the climbing gym last week.", [c(U, "RELATED_TO", "climbing gym", A, ("2024-03-05", "week", False))]),
    ("Lost my job as a courier yesterday.", [c(U, "HAS_ROLE", "courier", "end", ("2024-03-11", "day", False))]),
    ("Been practicing the violin every day.", [c(U, "RELATED_TO", "violin", A, NOW)]),
    ("I've been busy painting - here's one I just finished.", [c(U, "RELATED_TO", "painting", A, NOW)]),
    ("Been busy volunteering at the animal shelter.", [c(U, "RELATED_TO", "volunteering at the animal shelter", A, NOW)]),
    ("Just started doing hot yoga, it's great.", [c(U, "RELATED_TO", "hot yoga", A, ("turn", "day", False))]),
    ("Local history is really interesting to me.", [c(U, "LIKES", "local history", A, NOW)]),
    ("I started a weekend pottery class with a friend.", [c(U, "RELATED_TO", "pottery class", A, NOW)]),
    ("I loved \"The Secret Garden\" as a kid and I still love \"The Hobbit\".",  # quoted titles stay whole
     [c(U, "LIKES", "The Secret Garden", A, NOW), c(U, "LIKES", "The Hobbit", A, NOW)]),
    ("I love songs that tell a story.", [c(U, "LIKES", "songs that tell a story", A, NOW)]),
    ("I've always been drawn to lighthouses.", [c(U, "LIKES", "lighthouses", A, NOW)]),
    ("I started surfing five years ago and it's been great.", [c(U, "RELATED_TO", "surfing", A, ("2019-03-12", "year", False))]),
    ("I collect lots of old sci-fi novels.", [c(U, "RELATED_TO", "old sci-fi novels", A, NOW)]),
    ("Gardening has been my focus lately.", [c(U, "LIKES", "gardening", A, NOW)]),
    # habits and ongoing activities
    ("I play the cello in a community orchestra.", [c(U, "RELATED_TO", "cello", A, NOW),
                                                    c(U, "MEMBER_OF", "community orchestra", A, NOW)]),
    ("I'm training for the city marathon.", [c(U, "RELATED_TO", "city marathon", A, NOW)]),
    # identities
    ("I'm a vegetarian.", [c(U, "RELATED_TO", "vegetarian", A, NOW)]),
    # possessions, relative clauses, unnamed pets and relatives
    ("The canoe that I bought is in the garage.", [c(U, "OWNS", "canoe", A, NOW)]),
    ("I have three hamsters.", [c(U, "HAS_PET", "user's three hamsters", A, NOW)]),  # how many is said
    ("I own two cats.", [c(U, "HAS_PET", "user's two cats", A, NOW)]),
    ("My dog loves the park.", [c(U, "HAS_PET", "user's dog", A, NOW),  # an unnamed pet is still a pet
                                c("user's dog", "LIKES", "park", A, NOW)]),  # with its tastes
    ("I practice every evening on my cello.", [c(U, "OWNS", "cello", A, NOW), c(U, "RELATED_TO", "cello", A, NOW)]),
    ("I love fantasy and sci-fi movies.", [c(U, "LIKES", "fantasy movies", A, NOW), c(U, "LIKES", "sci-fi movies", A, NOW)]),
    ("I opened an online bookstore last year.", [c(U, "OWNS", "online bookstore", A, ("2023-01-01", "year", False))]),
    ("I've been blogging about local politics.", [c(U, "RELATED_TO", "local politics", A, NOW)]),
    ("I drove my kids to school.", [c(U, "PARENT_OF", "user's kids", A, NOW)]),
    ("My brother visited on Sunday.", [c(U, "SIBLING_OF", "user's brother", A, NOW)]),
    # conditions, progressive projects, several loved things at once
    ("I'm allergic to cats and dust.", [c(U, "RELATED_TO", "cats", A, NOW), c(U, "RELATED_TO", "dust", A, NOW)]),
    ("I'm diabetic.", [c(U, "RELATED_TO", "diabetic", A, NOW)]),
    ("I'm writing a novel about sailors.", [c(U, "RELATED_TO", "novel about sailors", A, NOW)]),
    ("Knitting and sewing are my favorite hobbies.", [c(U, "LIKES", "knitting", A, NOW), c(U, "LIKES", "sewing", A, NOW)]),
    ("I've always loved horses.", [c(U, "LIKES", "horses", A, NOW)]),
    ("I run my own bakery.", [c(U, "OWNS", "bakery", A, NOW), c(U, "RELATED_TO", "bakery", A, NOW)]),
    # jobs named through "my job", groups through "our club" and "joined"
    ("I lost my job as a cashier last week.", [c(U, "HAS_ROLE", "cashier", "end", ("2024-03-05", "week", False))]),
    ("Our choir, 'Silver Larks', sings on Fridays.", [c(U, "MEMBER_OF", "Silver Larks", A, NOW)]),
    ("My climbing crew won a prize.", [c(U, "MEMBER_OF", "user's climbing crew", A, NOW)]),
    ("I joined a reading circle last spring.", [c(U, "MEMBER_OF", "reading circle", A, ("2023-03-01", "season", False))]),
    ("I've been looking into beekeeping courses.", [c(U, "RELATED_TO", "beekeeping courses", A, NOW)]),
    # enrolling in a class or a group: taking it, or belonging, from then
    ("I signed up for a ceramics class on Monday.", [c(U, "RELATED_TO", "ceramics class", A, ("2024-03-11", "day", False))]),
    ("Yesterday I enrolled in a coding course.", [c(U, "RELATED_TO", "coding course", A, ("2024-03-11", "day", False))]),
    ("I signed up for guitar lessons.", [c(U, "RELATED_TO", "guitar lessons", A, ("turn", "day", True))]),
    ("I've registered for the running club.", [c(U, "MEMBER_OF", "running club", A, NOW)]),
    # a bare participle goes on from a present progressive clause; chat drops the "have" of "have been"
    ("I'm keeping busy, volunteering at the library and learning Portuguese.",
     [c(U, "RELATED_TO", "library", A, NOW), c(U, "RELATED_TO", "Portuguese", A, NOW)]),
    ("Been studying Italian lately.", [c(U, "RELATED_TO", "Italian", A, NOW)]),
    ("I've been fixing bikes and baking sourdough bread.",  # the second participle shares "I've been"
     [c(U, "RELATED_TO", "bikes", A, NOW), c(U, "RELATED_TO", "sourdough bread", A, NOW)]),
    ("I've been sketching old churches - it calms me down.", [c(U, "RELATED_TO", "old churches", A, NOW)]),
    # an abstract head made concrete by a noun before it; things held dear; named works rated
    ("Board games matter a lot to me.", [c(U, "LIKES", "board games", A, NOW)]),
    ("Quiet family time matters a lot to me.", [c(U, "LIKES", "quiet family time", A, NOW)]),
    ("I really like action and disaster movies.", [c(U, "LIKES", "action movies", A, NOW), c(U, "LIKES", "disaster movies", A, NOW)]),
    ("My grandpa's pocket watch is very special to me.", [c(U, "LIKES", "pocket watch", A, NOW)]),
    ("\"The Quiet Harbor\" is wonderful.", [c(U, "LIKES", "The Quiet Harbor", A, NOW)]),
    ("That reminds me why I love teaching.", [c(U, "LIKES", "teaching", A, NOW)]),
    # "have got" is having; unnamed pets in general; a described business of one's own; the listener's close family
    ("We've got a puppy and two hamsters.", [c(U, "HAS_PET", "user's puppy", A, NOW), c(U, "HAS_PET", "user's two hamsters", A, NOW)]),
    ("My pets keep me sane.", [c(U, "HAS_PET", "user's pets", A, NOW), c(U, "LIKES", "pets", A, NOW)]),
    ("My little flower shop had a busy week.", [c(U, "OWNS", "flower shop", A, NOW)]),
    # where a person is from; chat drops the "I'm" of an ongoing activity
    ("I'm originally from Chile.", [c(U, "RELATED_TO", "Chile", A, NOW)]),
    ("The scarf was knitted by my aunt in my home country, Norway.", [c(U, "RELATED_TO", "Norway", A, NOW)]),
    ("Still working on my pottery studio.", [c(U, "OWNS", "pottery studio", A, NOW), c(U, "RELATED_TO", "pottery studio", A, NOW)]),
    ("Currently learning Korean.", [c(U, "RELATED_TO", "Korean", A, NOW)]),
    # a question tagged on after a dash or a semicolon leaves the statement before it standing
    ("I play the oboe; do you play anything?", [c(U, "RELATED_TO", "oboe", A, NOW)]),
    ("Batman has always been a favorite of mine - I mean, who doesn't love a gadget?", [c(U, "LIKES", "Batman", A, NOW)]),
    ("I've always had a real love for sailboats!", [c(U, "LIKES", "sailboats", A, NOW)]),
    ("I feel a deep connection to folk music.", [c(U, "LIKES", "folk music", A, NOW)]),
    # the speaker's unnamed relatives as subjects: named from the speaker
    ("My daughter adores giraffes.", [c(U, "PARENT_OF", "user's daughter", A, NOW), c("user's daughter", "LIKES", "giraffes", A, NOW)]),
    ("The kids love the aquarium downtown.", [c(U, "PARENT_OF", "user's kids", A, NOW),
                                              c("user's kids", "LIKES", "aquarium downtown", A, NOW)]),
    ("Outside of work, I'm looking into beekeeping.", [c(U, "RELATED_TO", "beekeeping", A, NOW)]),  # a fronted setting
    # an identity said in passing, through "my … journey/life/story"
    ("I wrote about my bisexual identity for the zine.", [c(U, "RELATED_TO", "bisexual", A, NOW)]),
    ("My life as a vegetarian started in college.", [c(U, "RELATED_TO", "vegetarian", A, NOW)]),
    ("The song tells my story as a deaf musician.", [c(U, "RELATED_TO", "deaf musician", A, NOW)]),
    # goals: what a person wants, hopes or aims to do
    ("I want to open a bike repair shop someday, honestly.", []),  # "someday" hedges it
    ("I really want to open a bike repair shop.", [c(U, "RELATED_TO", "bike repair shop", A, NOW)]),
    ("I'm hoping to get into wildlife photography.", [c(U, "RELATED_TO", "wildlife photography", A, NOW)]),
    ("I wanna build a treehouse for the kids.",
     [c(U, "PARENT_OF", "user's kids", A, NOW), c(U, "RELATED_TO", "treehouse for the kids", A, NOW)]),
    # "one of my favourite …", "more into …"
    ("Lisbon is one of my favourite cities.", [c(U, "LIKES", "Lisbon", A, NOW)]),
    ("Dumplings are one of my favorite foods.", [c(U, "LIKES", "dumplings", A, NOW)]),
    ("I'm more into chess than poker these days.", [c(U, "LIKES", "chess", A, NOW)]),
    # belonging to a group: "part of", "a member of", also taken as given by "proud/lucky to be"
    ("I'm part of a knitting circle.", [c(U, "MEMBER_OF", "knitting circle", A, NOW)]),
    ("I'm a member of the rowing club.", [c(U, "MEMBER_OF", "rowing club", A, NOW)]),
    ("I feel so lucky to be a part of this orchestra!", [c(U, "MEMBER_OF", "user's orchestra", A, NOW)]),
    # everyday things of one's own, when shown or described
    ("These are my trusty climbing gloves, and this is my lucky scarf.", [c(U, "OWNS", "lucky scarf", A, NOW)]),
    ("Here's a picture of my bookcase.", [c(U, "OWNS", "bookcase", A, NOW)]),
    ("I keep a few treasures, like my hand-carved bowl.", [c(U, "OWNS", "hand-carved bowl", A, NOW)]),
    # chat words: "go-to" is one word, "biz" names a business, "hubby" a husband
    ("Crosswords are my go-to on lazy Sundays.", [c(U, "LIKES", "crosswords", A, NOW)]),
    ("My go-to breakfast is porridge.", [c(U, "LIKES", "porridge", A, NOW)]),
    ("Still growing my biz.", [c(U, "RELATED_TO", "business", A, NOW)]),
    ("I adore my hubby.", [c(U, "MARRIED_TO", "user's hubby", A, NOW)]),
    # what one is busy doing goes on, read as the activity itself
    ("Been busy tutoring at the library.", [c(U, "RELATED_TO", "library", A, NOW)]),
    # lasting limits and discoveries: "can't have dairy", "turns out I'm allergic to …"
    ("I can't have dairy, sadly.", [c(U, "RELATED_TO", "dairy", A, NOW)]),
    ("Sadly I cannot eat peanuts.", [c(U, "RELATED_TO", "peanuts", A, NOW)]),
    ("Turns out I'm allergic to horses.", [c(U, "RELATED_TO", "horses", A, NOW)]),
    # a spaced dash ends an object phrase; a chat line's dropped "I" before a taste
    ("I love restoring old radios - check out this one!", [c(U, "LIKES", "restoring old radios", A, NOW)]),
    ("Thanks! Love fermenting hot sauces.", [c(U, "LIKES", "fermenting hot sauces", A, NOW)]),
    # where one grew up stays true
    ("I grew up in Montana.", [c(U, "RELATED_TO", "Montana", A, NOW)]),
    ("I grew up on a sheep farm.", [c(U, "RELATED_TO", "sheep farm", A, NOW)]),
    ("I was born in Quito in 1988.", [c(U, "RELATED_TO", "Quito", A, NOW)]),  # the year is when, not where
    # a superlative standing for a child
    ("I'll always remember the day my youngest said her first word.", [c(U, "PARENT_OF", "user's youngest", A, NOW)]),
    ("I'm so proud of my eldest.", [c(U, "PARENT_OF", "user's eldest", A, NOW)]),
    # an emphatic "do" the parser takes for the verb
    ("I do love baking sourdough.", [c(U, "LIKES", "baking sourdough", A, NOW)]),
    ("I do like board games.", [c(U, "LIKES", "board games", A, NOW)]),
    ("Besides chess, I also enjoy poker.", [c(U, "LIKES", "chess", A, NOW), c(U, "LIKES", "poker", A, NOW)]),
    # learning to play something is learning it
    ("I'm learning how to play the harp.", [c(U, "RELATED_TO", "harp", A, NOW)]),
    ("I'm learning to crochet.", [c(U, "RELATED_TO", "crochet", A, NOW)]),
    # a new job as …
    ("I started a new job as a paramedic last month.", [c(U, "HAS_ROLE", "paramedic", A, ("2024-02-01", "month", False))]),
]

NO_OPEN_FACT = [
    "I was born in 1988.",  # a year is no place of birth
    "My twins were born on a Sunday.",
    "I think you're right.", "I love the time with you.", "I spent some time with my aunt.", "The view is so calming.",
    "Volunteering abroad is inspiring.",
    "It is so relaxing.", "I have lots of questions.", "The library is a happy place.", "I've got tons of work this week.",
    "My commute was relaxing.", "I couldn't get enough of cartoons as a kid.", "Nothing beats that.",
    "I hope you have a lovely weekend!",
    "I really want to make a difference.", "Do you play the cello?", "I don't eat meat.", "I'm so happy for you.",
    "I took a nap.", "Wow, that sounds amazing!", "I love it!", "I might take up pottery.",
    "My late grandfather loved chess.", "I bought lunch for the team.", "I'm eating pasta right now.",
    "I'm meeting her tonight.", "I love that sunset in your photo.", "This vase is so special to me.",
    "My dream studio would have big windows.", "My store was packed today.", "I'm off to go do some research.",
    "Enjoy the sunshine tomorrow!",
    "I've been jogging farther to de-stress.", "These are my favorite books.", "Try the soup, it's great.",
    "Bring snacks next time.", "Being a parent is awesome.", "Our kids are our future.", "I love my single life.",
    "Maybe I'll sketch a plan and publish a zine.", "I want to be brave for my team.",
    "The kids at the library were loud.", "I signed up for the charity race.", "The soup is amazing here.",
    "\"Blue Lanterns\" was great, thanks for the tip.", "I'll take some time off.", "I'm back from Lima.",
    "I'm from the sales team.", "Looking forward to it!", "Working late tonight.", "I want to grab a coffee.",
    "I don't want to learn French.", "I want you to meet my cousin.", "I'd want to write a novel.",
    "I wanted to start a band.", "I had a love for trains as a boy.", "I don't feel any connection to opera.",
    "Loving the colors in this one!", "Nice photo! I love the old bridge and quiet river.",
    "I love how you framed the mountains.", "Do you still live in Porto - or did you move?",
    "We both face the same problems.", "My local bakery was closed today.",
    "When your kids grow up, you miss this.", "I was walking home, thinking about guitars.",
    "I'm sitting outside, eating a sandwich.",
    "It's one of my favourite places.", "I was part of a choir in school.",
    "I'd be happy to be part of the team.", "It's part of my morning routine.", "My shoes got soaked today.",
    "I left my bag on the train.", "I can't have coffee right now.", "I can't eat another bite.",
    "If I can't eat cheese, I'll cry.", "I didn't eat meat yesterday.", "I do love you.", "I do like your hat!",
    "Besides chess, we talked about films.", "Enjoy reading!", "Love seeing your pics!",
    "I didn't grow up in Texas.", "If I had grown up in Paris, I'd speak French.", "Kids grow up so fast.",
]


@pytest.mark.parametrize(("text", "expected"), OPEN, ids=[t for t, _ in OPEN])
def test_open_clause(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NO_OPEN_FACT)
def test_no_open_fact(extractor, text):
    # a happening with its time is an event fact (tests/unit/extract/test_happenings.py), not a state
    assert [r for r in last_turn_rows(extractor, text) if r[1] not in EVENT_PREDICATES] == []


@pytest.mark.parametrize(("text", "relation", "statement"), [
    ("I volunteer at the food bank on weekends.", "volunteers at", "user volunteers at food bank"),
    ("I've been coding in Scratch lately.", "codes in", "user codes in Scratch"),  # the model's lemma: "cod" (a listed language is USES)
])
def test_open_fact_reads_with_its_relation(extractor, text, relation, statement):
    (claim,) = extractor.extract(session_of(text)).claims
    assert claim.predicate == "RELATED_TO" and claim.qualifiers == {"relation": relation}
    assert claim.statement == statement


def test_no_entity_from_greetings_interjections_or_vocatives(extractor):
    session = session_of(("Ines", "Hey Bruno! Woohoo, congrats on the new flat!"), ("Bruno", "Yep Ines, thanks!"),
                         ("Ines", "Glad you liked it. Thanks, Bruno!"))
    names = {e.name for e in extractor.extract(session).entities}
    assert not names & {"Woohoo", "Yep Ines", "Yep", "Glad", "Hey Bruno"}
    assert "Bruno" not in names  # a vocative is not a mention


def test_we_in_a_two_person_chat_is_the_speakers_household(extractor):
    session = session_of(("Noor", "We got a second puppy, Biscuit."), group_id="chat-17")
    result = extractor.extract(session)
    assert {e.name for e in result.entities} >= {"Noor", "Biscuit"}
    assert "chat-17" not in {e.name for e in result.entities}


def test_word_forms():
    assert [gerund(v) for v in ("jog", "hike", "garden")] == ["jogging", "hiking", "gardening"]
    assert [third_person(v) for v in ("watch", "carry", "coach")] == ["watches", "carries", "coaches"]


def test_the_listeners_close_family(extractor):
    session = session_of(("Rosa", "We finally moved into the new house."), ("Lena", "Say hi to your husband and kids for me!"))
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    pairs = {(names[c.subject_id], c.predicate, names[c.object_id]) for c in result.claims}
    assert {("Rosa", "MARRIED_TO", "Rosa's husband"), ("Rosa", "PARENT_OF", "Rosa's kids")} <= pairs


def test_you_is_the_person_spoken_to(extractor):
    session = session_of(("Rosa", "I got the job!"), ("Lena", "You're my best friend, honestly."),
                         ("Rosa", "I cherish our friendship so much."))
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    pairs = {(names[c.subject_id], c.predicate, names[c.object_id]) for c in result.claims}
    assert pairs == {("Lena", "FRIEND_OF", "Rosa"), ("Rosa", "FRIEND_OF", "Lena")}


def test_names_that_contain_chat_words_stay_whole(extractor):
    # "hope", "bravo", "okay" and "sun" are chat words or day abbreviations on their own, parts of names here
    rows_ = last_turn_rows(extractor, "Hope Carter married Jaime Bravo in 1961.")
    assert rows_ == [c("Hope Carter", "MARRIED_TO", "Jaime Bravo", A, ("1961-01-01", "year", False))]
    names = {e.name for e in extractor.extract(session_of("Sun Wei moved to Lyon in 2015.")).entities}
    assert "Sun Wei" in names


@pytest.mark.parametrize(("text", "expected"), [
    ("We finally got a puppy! This is Mochi.", [c(U, "HAS_PET", "Mochi", A, NOW)]),
    ("Meet Pip, the newest addition to the family!", [c(U, "HAS_PET", "Pip", A, NOW)]),
    ("Our two-year-old is a handful, her name is Ivy!", [c(U, "PARENT_OF", "Ivy", A, NOW)]),
    ("This is Rome, where we spent the summer.", []),
    ("We adopted a kitten in June. She's called Nutmeg.", [c(U, "HAS_PET", "Nutmeg", A, NOW)]),  # named by a pronoun
    ("My sons are twins, they're called Leo and Max.",  # named: the placeholder "user's sons" says nothing more
     [c(U, "PARENT_OF", "Leo", A, NOW), c(U, "PARENT_OF", "Max", A, NOW)]),
    ("Our new rabbit is shy. His name's Biscuit.", [c(U, "HAS_PET", "Biscuit", A, NOW)]),
    ("I spoke to a new colleague. She is called Dana.", []),  # no pet or child in the turn
    ("My neighbour Tariq got a puppy; it's called Fig.", []),  # someone else's pet (the vocabulary rules' to read)
])
def test_a_pet_or_child_named_where_it_is_introduced(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("HAS_PET", "PARENT_OF")] == expected


@pytest.mark.parametrize("text", ["Your friendship means the world to me.", "You're a wonderful friend.",
                                  "Thanks for being such a good friend!"])
def test_friendship_with_the_person_spoken_to(extractor, text):
    session = session_of(("Rosa", "I got the job!"), ("Lena", text))
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    assert {(names[x.subject_id], x.predicate, names[x.object_id]) for x in result.claims} == {("Lena", "FRIEND_OF", "Rosa")}


@pytest.mark.parametrize(("text", "expected"), [
    ("Just wanted to let you know that I'm training for a triathlon.", [c(U, "RELATED_TO", "triathlon", A, NOW)]),
    ("I have to tell you that I live in Porto now.", [c(U, "LIVES_IN", "Porto", A, ("turn", "day", False))]),
    ("I think that I might move to Porto.", []),
])
def test_news_told_to_the_listener_is_stated(extractor, text, expected):
    assert last_turn_rows(extractor, text) == expected


@pytest.mark.parametrize(("text", "kept", "dropped"), [
    ("On Sundays we watch films, bike and bake together.", {"films", "biking", "baking"}, {"bike", "bake"}),
    ("We play board games, bike and swim.", {"board games", "biking", "swimming"}, {"bike", "swim"}),  # pastimes: habits
    ("I enjoy travel and dance.", {"travel", "dance"}, set()),  # a list of likes stays whole
    ("I like novels, poetry and music.", {"novels", "poetry", "music"}, set()),  # a noun list stays whole
])
def test_a_noun_list_that_turns_into_verbs_ends_before_them(extractor, text, kept, dropped):
    objects = {r[2] for r in last_turn_rows(extractor, text)}
    assert kept <= objects and not (dropped & objects)


def _triples(extractor, text: str) -> set[tuple[str, str, str]]:
    return {r[:3] for r in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    # a pet that arrives (got, bought, adopted) is the subject's from then, named or not
    ("I got a hamster for my birthday.", {(U, "HAS_PET", "user's hamster")}, set()),
    ("We bought two goldfish and a tank.", {(U, "HAS_PET", "user's two goldfish"), (U, "OWNS", "tank")}, set()),
    # got for someone else, named later in the turn, or not a pet at all: no placeholder pet
    ("I got a kitten for my nephew.", set(), {(U, "HAS_PET", "user's kitten")}),
    ("Look, I got this bunny for you!", set(), {(U, "HAS_PET", "user's bunny")}),
    ("I got a puppy and we named her Mochi.", set(), {(U, "HAS_PET", "user's puppy")}),
    ("I got a new job downtown.", set(), {(U, "HAS_PET", "user's job")}),
])
def test_a_pet_that_arrives(extractor, text, wanted, unwanted):
    found = _triples(extractor, text)
    assert wanted <= found and not unwanted & found, found


@pytest.mark.parametrize(("text", "unwanted"), [
    ("I went bowling with my friends.", ("FRIEND_OF", "user's friends")),
    ("My dad called me last night.", ("PARENT_OF", "user")),
    ("I'm visiting my parents this weekend.", ("PARENT_OF", "user")),
])
def test_a_relation_everyone_has_to_no_one_in_particular_is_no_fact(extractor, text, unwanted):
    assert not any(p == unwanted[0] and unwanted[1] in (s, o) for s, p, o in _triples(extractor, text))


@pytest.mark.parametrize(("text", "wanted"), [
    ("I miss my college friends.", (U, "FRIEND_OF", "user's friends")),  # told apart: which friends
    ("My kids love the zoo.", (U, "PARENT_OF", "user's kids")),  # not everyone has kids
])
def test_a_relation_that_tells_something_is_kept(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


def test_the_speakers_own_pet_is_not_what_a_habit_is_about(extractor):
    found = _triples(extractor, "I walk my dog before work.")
    assert (U, "HAS_PET", "user's dog") in found and not [t for t in found if t[1] == "RELATED_TO"], found


@pytest.mark.parametrize(("text", "wanted"), [
    ("I attend a tiny art college in Maine.", True),  # a vocabulary verb its rule left unread: the phrase table maps it
    ("i attend a community college .", True),
    ("I attended a wedding in June.", False),  # no school: no STUDIES_AT
])
def test_a_vocabulary_verb_the_phrase_table_maps(extractor, text, wanted):
    assert any(p == "STUDIES_AT" for _, p, _ in _triples(extractor, text)) is wanted


@pytest.mark.parametrize(("text", "wanted"), [
    ("I just got a new scooter.", True),  # getting a possession is owning it from then
    ("We inherited a cottage by the sea.", True),
    ("I got a scooter for my daughter.", False),  # a gift
    ("I got a cold last week.", False),  # not a possession
])
def test_a_possession_that_arrives(extractor, text, wanted):
    assert any(p == "OWNS" for _, p, _ in _triples(extractor, text)) is wanted


@pytest.mark.parametrize(("text", "wanted"), [
    ("I'm studying chemistry at a small university.", (U, "STUDIES_AT", "small university")),  # a place beside the object
    ("I sing folk songs in a local choir.", (U, "MEMBER_OF", "local choir")),
    ("I finally started grad school.", (U, "STUDIES_AT", "grad school")),  # a school begun
])
def test_what_the_phrase_table_maps_beside_an_object_or_a_beginning(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


@pytest.mark.parametrize("text", ["I read comics at the beach.", "I started a podcast at the library."])
def test_a_place_the_phrase_table_does_not_map_is_no_vocabulary_fact(extractor, text):
    assert not {p for _, p, _ in _triples(extractor, text)} & {"STUDIES_AT", "MEMBER_OF", "WORKS_AT"}


@pytest.mark.parametrize(("text", "liked", "disliked"), [
    ("I love to bake but hate washing the dishes.", "baking", "washing the dishes"),
    ("I like to jog but hate running in the rain.", "jogging", "running in the rain"),
])
def test_a_second_taste_verb_under_the_first_ones_object_is_its_own_taste(extractor, text, liked, disliked):
    found = _triples(extractor, text)
    assert (U, "LIKES", liked) in found and (U, "DISLIKES", disliked) in found
    assert not [o for _, p, o in found if p == "LIKES" and o.startswith("hat")], found  # never "LIKES hating …"


@pytest.mark.parametrize(("text", "liked"), [
    ("i like listening to rap music when i exercise .", "listening to rap music"),  # "to" parsed as "rap"'s infinitive marker
    ("i like to sing when i work out .", "singing"),  # a when-clause does not leave the gerund incomplete
])
def test_a_taste_with_a_habit_clause_after_it(extractor, text, liked):
    assert (U, "LIKES", liked) in _triples(extractor, text)


def test_a_gerund_cut_from_what_it_needs_is_still_no_object(extractor):
    assert not [t for t in _triples(extractor, "I love watching them play.") if t[1] == "LIKES"]


@pytest.mark.parametrize(("text", "wanted"), [
    ("I've lived in Vermont my whole life.", True),  # a perfect that has held all along, and still does
    ("i have lived in oregon since i was a kid .", True),
    ("I've lived in Vermont for most of my life.", True),  # "most of" it: held all along, still does
    ("I've lived in Vermont my whole adult life.", True),
    ("I live with my sister in Nevada.", True),  # the place hung on who one lives with
    ("I've lived in Vermont.", False),  # maybe long ago: no current fact
    ("I lived in Vermont my whole life.", False),  # a past tense: it may have ended
])
def test_where_one_has_lived_all_along(extractor, text, wanted):
    assert any(p == "LIVES_IN" for _, p, _ in _triples(extractor, text)) is wanted


@pytest.mark.parametrize(("text", "workplace"), [
    ("I work as a barista at a small cafe.", "cafe"),  # the workplace beside a role
    ("I work at the local library as a clerk.", "local library"),
])
def test_a_workplace_beside_a_role(extractor, text, workplace):
    found = _triples(extractor, text)
    assert (U, "WORKS_AT", workplace) in found and any(p == "HAS_ROLE" for _, p, _ in found), found


def test_a_place_that_is_no_workplace_beside_a_role(extractor):
    assert not [t for t in _triples(extractor, "I work as a guide in the mountains.") if t[1] == "WORKS_AT"]


@pytest.mark.parametrize(("text", "worked_at"), [
    ("I'm a cook at a busy restaurant.", True),  # a role at an unnamed place of work
    ("I was hired at a bakery last spring.", True),
    ("I'm a regular at the corner diner.", False),  # no role: a customer
    ("I left the office early today.", False),
])
def test_an_unnamed_place_of_work(extractor, text, worked_at):
    assert any(p == "WORKS_AT" for _, p, _ in _triples(extractor, text)) is worked_at


@pytest.mark.parametrize(("text", "liked", "not_liked"), [
    ("my favorite season is fall .", "fall", "season"),  # "fall" tagged a verb; the kind is never the taste
    ("my favorite season is fall because of the colors .", "fall", "season"),
])
def test_a_favourite_named_by_a_word_the_tagger_took_for_a_verb(extractor, text, liked, not_liked):
    found = _triples(extractor, text)
    assert (U, "LIKES", liked) in found and (U, "LIKES", not_liked) not in found, found


def test_a_broken_favourite_is_no_taste(extractor):
    assert not [t for t in _triples(extractor, "my favorite mug is broken .") if t[1] == "LIKES"]


def test_a_pet_named_by_a_friend_word_in_lower_case_is_no_friend(extractor):
    """"my dog buddy": the dog's name, not a friend of the speaker's (an idiom read literally)."""
    assert not [t for t in _triples(extractor, "my dog buddy is the best .") if t[1] == "FRIEND_OF"]


def test_a_friend_beside_a_pet_is_still_a_friend(extractor):
    assert any(p == "FRIEND_OF" for _, p, _ in _triples(extractor, "I walked my dog with my best friend."))


@pytest.mark.parametrize(("text", "liked"), [
    ("I go kayaking every Saturday.", True),  # a pastime gone to as a habit is a leisure habit: a taste
    ("we go skating every winter .", True),
    ("I went kayaking last Saturday.", False),  # once: an event
    ("I want to go kayaking.", False),  # a wish
])
def test_a_pastime_one_goes_to_as_a_habit(extractor, text, liked):
    assert ((U, "LIKES", "kayaking") in _triples(extractor, text) or (U, "LIKES", "skating") in _triples(extractor, text)) is liked


@pytest.mark.parametrize(("text", "name"), [
    ("My rabbit is named Clover.", "Clover"),  # the speaker's pet given its name by a passive
    ("our goldfish is called bubbles .", "Bubbles"),
    ("My gecko's name is Ziggy.", "Ziggy"),  # the pet's name as the subject
    ("i adopted a kitten and her name is juniper .", "Juniper"),  # "name" misparsed as a second object
])
def test_a_pet_the_speaker_names_in_the_same_turn(extractor, text, name):
    found = _triples(extractor, text)
    assert (U, "HAS_PET", name) in found and not [t for t in found if t[1] == "HAS_PET" and "'s" in t[2]], found


def test_someone_elses_pet_named_is_not_the_speakers(extractor):
    pets = [t for t in _triples(extractor, "my cousin has a parrot and his name is mango .") if t[1] == "HAS_PET"]
    assert pets == [("user's cousin", "HAS_PET", "Mango")]  # the cousin's, named


@pytest.mark.parametrize(("text", "wanted"), [
    ("I have a weekend job at a garden center.", None),  # no place of work the table knows: nothing made up
    ("i have a part time job at a pharmacy .", (U, "WORKS_AT", "pharmacy")),  # a job held at an unnamed workplace
    ("I have a summer job as a lifeguard.", (U, "HAS_ROLE", "lifeguard")),  # a job held as a role
    ("I've got a job at a car wash now.", (U, "WORKS_AT", "car wash")),
])
def test_a_job_one_has(extractor, text, wanted):
    found = _triples(extractor, text)
    assert (wanted in found) if wanted else not [t for t in found if t[1] == "WORKS_AT"], found


@pytest.mark.parametrize(("text", "wanted"), [
    # a verb of taste after "and"/"but" that the tagger missed in lower case is its own clause's verb
    ("i'm gluten free and love baking .", {(U, "LIKES", "baking")}),  # "love" tagged a noun
    ("i like chess but hate poker .", {(U, "LIKES", "chess"), (U, "DISLIKES", "poker")}),  # "hate" tagged an auxiliary
    ("i enjoy fishing and love camping .", {(U, "LIKES", "fishing"), (U, "LIKES", "camping")}),  # "fishing" under "camping"
    ("i like tennis but hate golfing .", {(U, "LIKES", "tennis"), (U, "DISLIKES", "golfing")}),
])
def test_a_second_taste_verb_the_tagger_missed(extractor, text, wanted):
    found = _triples(extractor, text)
    assert wanted <= found and not [t for t in found if t[1] in ("LIKES", "DISLIKES") and " " in t[2]], found


def test_a_word_parsed_as_punctuation_after_a_copula_is_its_complement(extractor):
    assert (U, "LIKES", "tacos") in _triples(extractor, "my favorite food is tacos")


@pytest.mark.parametrize("text", ["i drive an old mazda .", "I drive a Subaru to work."])
def test_a_car_named_by_its_make_is_a_vehicle_one_drives(extractor, text):
    assert any(p == "OWNS" for _, p, _ in _triples(extractor, text))


@pytest.mark.parametrize(("text", "liked"), [
    # a habit said of one's free time is a pastime: a taste
    ("In my spare time I build model trains.", "building model trains"),
    ("i spend my free time baking .", "baking"),
    ("I whittle spoons as a hobby.", "whittling spoons"),
    ("i draw for fun", "drawing"),
])
def test_a_habit_of_ones_free_time_is_a_taste(extractor, text, liked):
    assert (U, "LIKES", liked) in _triples(extractor, text)


@pytest.mark.parametrize("text", [
    "I spend my free time with my grandkids.",  # nothing done: no taste
    "In my free time I have errands to run.",  # a light verb
    "I built model trains in my spare time last year.",  # past: no habit now
])
def test_free_time_with_no_pastime_in_it_is_no_taste(extractor, text):
    assert not [t for t in _triples(extractor, text) if t[1] == "LIKES"]


def test_a_senior_at_a_school_studies_there(extractor):
    assert any(p == "STUDIES_AT" for _, p, _ in _triples(extractor, "i'm a senior in high school ."))


@pytest.mark.parametrize(("text", "wanted"), [
    ("i detest celery", (U, "DISLIKES", "celery")),  # the taste verb tagged as a modifier of a root noun
    ("I detest celery.", (U, "DISLIKES", "celery")),
    ("i hate doing the dishes", (U, "DISLIKES", "doing the dishes")),  # "doing" with a concrete object names an activity
    ("i love doing pilates", (U, "LIKES", "doing pilates")),
])
def test_a_taste_verb_the_tagger_misread_or_a_chore_done(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


@pytest.mark.parametrize("text", ["i love doing my best", "i like doing stuff"])
def test_doing_with_nothing_concrete_is_no_taste(extractor, text):
    assert not [t for t in _triples(extractor, text) if t[1] == "LIKES"]


@pytest.mark.parametrize(("text", "studies"), [
    ("I'm a sophomore at Rutgers.", True),  # a year of study beside a named school: studies there, works nowhere
    ("i'm a freshman at nyu", True),
])
def test_a_year_of_study_at_a_named_school(extractor, text, studies):
    found = _triples(extractor, text)
    assert any(p == "STUDIES_AT" for _, p, _ in found) is studies and not [t for t in found if t[1] == "WORKS_AT"], found


@pytest.mark.parametrize(("text", "wanted"), [
    ("I never liked mushrooms.", {(U, "DISLIKES", "mushrooms")}),  # "never" in the past: to this day
    ("i never cared for reality tv", {(U, "DISLIKES", "reality tv")}),
    ("I didn't like the soup yesterday.", set()),  # one meal: no lasting dislike
])
def test_a_taste_never_held_is_a_lasting_dislike(extractor, text, wanted):
    assert {t for t in _triples(extractor, text) if t[1] == "DISLIKES"} == wanted


@pytest.mark.parametrize(("text", "place"), [
    ("we just moved to phoenix", "Phoenix"),  # a place also a first name or a word: cased after a place word
    ("i grew up in perth but live in lima now", "Lima"),
])
def test_a_lower_case_place_after_a_place_word(extractor, text, place):
    assert (U, "LIVES_IN", place) in _triples(extractor, text)


def test_a_first_name_that_is_also_a_place_stays_a_name(extractor):
    assert not [t for t in _triples(extractor, "austin and i play chess on sundays") if t[1] == "LIVES_IN"]


@pytest.mark.parametrize(("text", "role"), [
    ("i teach fourth grade", "teacher"),  # a verb whose present tense says one's work
    ("I've been tutoring kids in math since May.", "tutor"),
    ("I practice medicine in a small town.", "doctor"),  # the object says which role
    ("i haul freight and drive a bus for a living", "bus driver"),  # any occupation verb with a livelihood phrase
    ("I repair bikes for a living.", "bike repairer"),
    ("I used to teach at a middle school.", "teacher"),
])
def test_a_verb_that_names_ones_work(extractor, text, role):
    assert (U, "HAS_ROLE", role) in _triples(extractor, text)


@pytest.mark.parametrize("text", [
    "I bake bread on weekends.",  # a pastime: no livelihood phrase, and baking alone is no job
    "I teach my niece to knit.",  # a person taught: help, not work
    "I'd love to teach one day.",  # a wish
    "Do you still teach?",
])
def test_doing_what_a_job_does_is_not_always_the_job(extractor, text):
    assert not [t for t in _triples(extractor, text) if t[1] == "HAS_ROLE"]


def test_a_living_is_no_part_of_what_is_driven(extractor):
    assert not [t for t in _triples(extractor, "I drive a cab for a living.") if t[1] == "OWNS"]


@pytest.mark.parametrize(("text", "feared"), [
    ("i'm scared of snakes", {"snakes"}),  # what one fears one does not like
    ("I've always been terrified of deep water.", {"deep water"}),
    ("I'm afraid I can't come tonight.", set()),  # a polite regret, nothing feared
])
def test_a_fear_is_an_aversion(extractor, text, feared):
    assert {o for _, p, o in _triples(extractor, text) if p == "DISLIKES"} == feared


def test_a_place_after_while_is_no_workplace(extractor):
    assert not [t for t in _triples(extractor, "i work weekends while in school") if t[1] == "WORKS_AT"]


@pytest.mark.parametrize(("text", "role"), [
    ("i'm a nursing student", "nursing student"),  # a student of no school said holds the role
    ("I'm a PhD student.", "PhD student"),
    ("i am a grad student", "grad student"),
    ("I'm a good student.", "student"),  # praise is no part of the role
])
def test_a_student_of_no_school_said(extractor, text, role):
    found = _triples(extractor, text)
    assert (U, "HAS_ROLE", role) in found and not [t for t in found if t[1] == "STUDIES_AT"], found


@pytest.mark.parametrize(("text", "school"), [
    ("i'm in my third year of medical school", "medical school"),  # a part of a course of study: in the school
    ("I'm in my final semester of college.", "college"),
])
def test_a_year_of_a_school_is_being_in_it(extractor, text, school):
    assert (U, "STUDIES_AT", school) in _triples(extractor, text)


@pytest.mark.parametrize(("text", "pet"), [
    ("i have a german shepherd", "user's german shepherd"),  # a breed of two words is a pet noun
    ("My pit bull is named Tank.", "Tank"),
])
def test_a_breed_of_two_words(extractor, text, pet):
    assert (U, "HAS_PET", pet) in _triples(extractor, text)


@pytest.mark.parametrize(("text", "liked"), [
    ("i'm a big gamer", "gaming"),  # one who does a pastime likes it
    ("I'm an avid hiker.", "hiking"),
    ("i'm a coin collector", "coin collecting"),
    ("I'm a keen baker.", "baking"),  # also a job: only with a keen word
])
def test_the_doer_of_a_pastime_likes_it(extractor, text, liked):
    found = _triples(extractor, text)
    assert (U, "LIKES", liked) in found and not [t for t in found if t[1] == "HAS_ROLE"], found


def test_a_doer_noun_that_is_a_job_stays_a_role(extractor):
    found = _triples(extractor, "I'm a baker.")
    assert (U, "HAS_ROLE", "baker") in found and not [t for t in found if t[1] == "LIKES"], found


def test_an_aspiring_role_is_no_role(extractor):
    assert not [t for t in _triples(extractor, "I'm an aspiring novelist.") if t[1] == "HAS_ROLE"]


@pytest.mark.parametrize(("text", "wanted"), [
    ("Big dogs make me nervous.", {(U, "DISLIKES", "big dogs")}),  # what upsets the speaker, said as the subject
    ("Wasps freak me out.", {(U, "DISLIKES", "wasps")}),
    ("Slow drivers drive me crazy.", {(U, "DISLIKES", "slow drivers")}),
    ("Clowns don't scare me.", set()),  # negated: nothing
    ("The storm scared me last night.", set()),  # one past event, no lasting dislike
])
def test_what_upsets_the_speaker_is_disliked(extractor, text, wanted):
    assert {t for t in _triples(extractor, text) if t[1] == "DISLIKES"} == wanted


@pytest.mark.parametrize(("text", "wanted"), [
    ("Serena Williams is my idol.", {(U, "LIKES", "Serena Williams")}),  # one admired is liked; no role
    ("Popcorn is my guilty pleasure.", {(U, "LIKES", "popcorn")}),
    ("My grandpa is my hero.", set()),  # a relative is no taste
])
def test_one_admired_is_liked(extractor, text, wanted):
    found = _triples(extractor, text)
    assert {t for t in found if t[1] == "LIKES"} == wanted and not [t for t in found if t[1] == "HAS_ROLE"], found


def test_a_person_whose_name_holds_a_tool_name_is_the_person(extractor):
    # NER's person "Julia Roberts" wins over the gazetteer's language "Julia" inside it; a favourite is a taste
    found = _triples(extractor, "Julia Roberts is my favorite actress.")
    assert (U, "LIKES", "Julia Roberts") in found and not [t for t in found if t[1] == "HAS_ROLE"], found


@pytest.mark.parametrize(("text", "wanted"), [
    ("i have three kids", (U, "PARENT_OF", "user's three kids")),  # how many stays with the unnamed relatives
    ("I have 2 older brothers.", (U, "SIBLING_OF", "user's 2 brothers")),
])
def test_unnamed_relatives_keep_how_many(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


@pytest.mark.parametrize(("text", "place"), [
    ("I was born in Peru.", "Peru"),  # where one was born stays true
    ("I was born and raised in Leeds.", "Leeds"),
])
def test_where_one_was_born_or_raised(extractor, text, place):
    assert (U, "RELATED_TO", place) in _triples(extractor, text)


def test_raising_animals_is_no_upbringing(extractor):
    assert not [t for t in _triples(extractor, "I raise chickens in Vermont.") if t[2] == "Vermont"]


@pytest.mark.parametrize(("text", "role"), [
    ("I'm a former paramedic.", "paramedic"),  # a role said with a word of the past was held, and is over
    ("i'm a retired firefighter", "firefighter"),
])
def test_a_former_role_has_ended(extractor, text, role):
    found = [r[:4] for r in last_turn_rows(extractor, text) if r[1] == "HAS_ROLE"]
    assert found == [(U, "HAS_ROLE", role, "end")], found


@pytest.mark.parametrize(("text", "status"), [
    ("I'm retired now.", {"retired"}),  # a participle of who one is, parsed as a passive
    ("i'm widowed", {"widowed"}),
    ("I am unemployed.", {"unemployed"}),
    ("I was adopted by my aunt.", set()),  # an event with its agent, not a bare status
    ("i'm married.", {"married"}),  # a marital status without the spouse's name says who one is
    ("I am happily married.", {"married"}),
    ("i'm separated", {"separated"}),
    ("I'm not married.", set()),
    ("Are you married?", set()),
])
def test_a_status_said_as_a_participle(extractor, text, status):
    assert {o for _, p, o in _triples(extractor, text) if p == "RELATED_TO"} == status


@pytest.mark.parametrize(("text", "expected"), [
    # a school begun from a time to come: studies there from then (the phrase table's start row)
    ("i start college in september.", ("user", "STUDIES_AT", "college", "assert", "2024-09-01", "month", False)),
    # a school left: the studies end (an unnamed school, as well as a named one)
    ("i quit school last year.", ("user", "STUDIES_AT", "school", "end", "2023-01-01", "year", False)),
    ("i graduated from college last may.", ("user", "STUDIES_AT", "college", "end", "2023-05-01", "month", False)),
    ("I dropped out of law school.", ("user", "STUDIES_AT", "law school", "end", "turn", "unknown", True)),
    ("My brother Tom dropped out of Yale in 2019.", ("Tom", "STUDIES_AT", "Yale", "end", "2019-01-01", "year", False)),
])
def test_a_school_begun_or_left(extractor, text, expected):
    assert expected in last_turn_rows(extractor, text)


@pytest.mark.parametrize("text", [
    "I leave school at 3 every day.",  # a daily leaving ends nothing
    "I finish school at noon on Fridays.",
    "I'm starting a diet in May.",  # no school
    "I quit my book club's group chat.",
    "I might drop out of college.",  # a supposition
])
def test_no_school_begun_or_left(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "STUDIES_AT"] == []


@pytest.mark.parametrize(("text", "expected"), [
    # a plan for a time to come begins what a row marked "planned" maps: a school from then
    ("i'm starting college in the fall.", ("user", "STUDIES_AT", "college", "assert", "2024-09-01", "season", False)),
    ("i will be attending law school next year.",
     ("user", "STUDIES_AT", "law school", "assert", "2025-01-01", "year", False)),
    ("I'm going to college next year.", ("user", "STUDIES_AT", "college", "assert", "2025-01-01", "year", False)),
])
def test_a_plan_begins_a_school(extractor, text, expected):
    found = [r for r in last_turn_rows(extractor, text) if r[1] == "STUDIES_AT"]
    assert found == [expected], found


@pytest.mark.parametrize(("text", "predicate"), [
    ("I might start college next year.", "STUDIES_AT"),  # a supposition
    ("I'm not going to college next year.", "STUDIES_AT"),
    ("Are you starting college in the fall?", "STUDIES_AT"),
    ("I'm starting college.", "STUDIES_AT"),  # no time said: no start to date (and no plan)
    ("I'm watching a film tonight.", "LIKES"),  # a plan of a leisure phrase is no taste
    ("I'm going to the gym tonight.", "STUDIES_AT"),
])
def test_no_plan_begins_a_state(extractor, text, predicate):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == predicate] == []


@pytest.mark.parametrize(("text", "expected"), [
    # a pet with no name that dies or is lost is no longer had (not asserted as a pet still had)
    ("my dog died last year.", ("user", "HAS_PET", "user's dog", "end", "2023-01-01", "year", False)),
    ("Our cat passed away in May.", ("user", "HAS_PET", "user's cat", "end", "2023-05-01", "month", False)),
    ("I lost my old hamster last month.", ("user", "HAS_PET", "user's hamster", "end", "2024-02-01", "month", False)),
])
def test_an_unnamed_pet_that_leaves(extractor, text, expected):
    found = [r for r in last_turn_rows(extractor, text) if r[1] == "HAS_PET"]
    assert found == [expected], found


@pytest.mark.parametrize("text", [
    "My neighbour's dog died last week.",  # not the speaker's pet
    "Pickles, my dog, died on February 21, 2023.",  # a named pet: never also an unnamed one beside it
])
def test_no_unnamed_pet_ends(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "HAS_PET" and "'s" in r[2]] == []


@pytest.mark.parametrize(("text", "role"), [
    ("i walk dogs for a living.", "dog walker"),  # the object names the kind
    ("I groom horses for a living.", "horse groomer"),
    ("i wait tables at a diner.", "waiter"),  # the present tense alone says it
    ("i weld for a living.", "welder"),
    ("i cut hair for a living.", "hairdresser"),  # an object that names the work ("cut", read as a past, is a present)
    ("I write code for a living.", "programmer"),  # not a writer
])
def test_more_verbs_that_name_ones_work(extractor, text, role):
    assert (U, "HAS_ROLE", role) in _triples(extractor, text)


@pytest.mark.parametrize("text", ["i walk my dog every morning.", "i wait for the bus every day.", "i walk dogs.",
                                  "I cut hair.", "I cut my hair last week.", "I cut the grass for a living."])
def test_a_walk_or_a_wait_is_no_work(extractor, text):
    assert not [t for t in _triples(extractor, text) if t[1] == "HAS_ROLE"]


@pytest.mark.parametrize(("text", "expected"), [
    ("i have two cats named tom and jerry.", {"Tom", "Jerry"}),  # each name of a plural noun
    ("We adopted two kittens called Bean and Pip last week.", {"Bean", "Pip"}),  # one name span, two pets
    ("I have a dog named Max and a cat.", {"Max"}),
])
def test_several_pets_named_at_once(extractor, text, expected):
    assert {o for _, p, o in _triples(extractor, text) if p == "HAS_PET"} == expected


@pytest.mark.parametrize(("text", "role"), [
    ("i'm a stay at home mom.", "stay-at-home mom"),  # a kin noun a modifier makes a role, written apart or not
    ("I am a stay-at-home dad.", "stay-at-home dad"),
    ("i'm a foster parent.", "foster parent"),
])
def test_a_kin_noun_made_a_role(extractor, text, role):
    assert (U, "HAS_ROLE", role) in _triples(extractor, text)


@pytest.mark.parametrize("text", ["I stay at home on Sundays.", "My mom is great."])
def test_no_kin_role(extractor, text):
    assert not [t for t in _triples(extractor, text) if t[1] == "HAS_ROLE"]


@pytest.mark.parametrize(("text", "wanted"), [
    # an object slot that says how much or how often leaves a habit with no object
    ("I've been knitting a lot lately.", {(U, "RELATED_TO", "knitting")}),
    ("We bake most weekends.", {(U, "RELATED_TO", "baking")}),
    ("I jog some mornings.", {(U, "RELATED_TO", "jogging")}),
    # recurring time spent doing something is free time: a taste
    ("I spend my Saturdays fishing.", {(U, "LIKES", "fishing")}),
    ("I spend most evenings sewing.", {(U, "LIKES", "sewing")}),
    ("I spend every afternoon drawing.", {(U, "LIKES", "drawing")}),
])
def test_a_habit_said_with_how_much_or_how_often(extractor, text, wanted):
    assert wanted <= _triples(extractor, text)


@pytest.mark.parametrize(("text", "unwanted"), [
    ("I've been knitting a lot of hats.", (U, "RELATED_TO", "knitting")),  # "a lot of" counts the object
    ("I'm spending the weekend fishing.", (U, "LIKES", "fishing")),  # one weekend: a plan, no taste
    ("I spent my Saturdays fishing as a boy.", (U, "LIKES", "fishing")),  # the past
    ("Do you spend your evenings sewing?", (U, "LIKES", "sewing")),
])
def test_no_habit_from_how_much_or_how_often(extractor, text, unwanted):
    assert unwanted not in _triples(extractor, text)
