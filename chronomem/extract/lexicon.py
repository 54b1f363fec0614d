"""Word lists behind the extraction rules (all lower-case).

Plain data, no spaCy: the rules in :mod:`chronomem.extract.rules.verbs.relations` and
:mod:`chronomem.extract.rules.people.nominal` look words up here, so extending coverage is a data change.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- pronouns
FIRST_SINGULAR = frozenset({"i", "me", "myself", "my", "mine"})
FIRST_PLURAL = frozenset({"we", "us", "ourselves", "our", "ours"})
THIRD_PERSON = {"he": "m", "him": "m", "his": "m", "himself": "m", "she": "f", "her": "f", "hers": "f", "herself": "f"}
OTHER_PRONOUNS = frozenset({
    "you", "your", "yours", "yourself", "it", "its", "they", "them", "their", "theirs", "this", "that", "these",
    "those", "who", "whom", "what", "which", "someone", "somebody", "anyone", "anybody", "everyone", "everybody",
    "nobody", "none", "one", "something", "anything", "everything", "nothing", "there", "here", "y'all", "u",
})

# --------------------------------------------------------------------------- filters
# Modal auxiliaries that make a statement hypothetical ("will"/"shall" mark the future instead).
BLOCK_MODALS = frozenset({"might", "may", "could", "would", "should", "'d", "can", "must", "ought", "ca", "wo'nt"})
FUTURE_MODALS = frozenset({"will", "'ll", "shall", "wo"})
# Words anywhere in a sentence that make every verb rule in it too uncertain to record.
HEDGES = frozenset({
    "maybe", "perhaps", "probably", "possibly", "hopefully", "someday", "eventually", "likely", "unlikely",
    "almost", "nearly", "supposedly", "hypothetically", "allegedly", "apparently", "presumably", "kinda", "sorta",
})
# Words that make a whole sentence conditional or hypothetical.
CONDITIONALS = frozenset({"if", "unless", "whether", "suppose", "supposing", "imagine", "assuming", "wish", "wished",
                          "hypothetical", "pretend", "lest", "otherwise"})
# Verbs that, governing a fact verb ("thinking about moving", "want to join"), make it a non-fact.
# "I'm proud to be part of the team", "lucky to have a sister": the adjective takes the state as a
# given (a governing adjective otherwise blocks: "I'd be happy to help", "eager to move").
FACTIVE_ADJECTIVES = frozenset({
    "proud", "lucky", "happy", "glad", "grateful", "thankful", "blessed", "fortunate", "honored", "honoured",
})
BLOCK_GOVERNORS = frozenset({
    "think", "consider", "plan", "want", "hope", "wish", "dream", "intend", "try", "attempt", "need", "expect",
    "decide", "like", "love", "prefer", "hate", "imagine", "suppose", "mean", "seem", "tend", "refuse", "fail",
    "forget", "promise", "offer", "aim", "arrange", "prepare", "look", "talk", "discuss", "debate", "weigh",
    "explore", "research", "propose", "suggest", "ask", "tell", "let", "make", "allow", "convince", "persuade",
    "encourage", "help", "have", "doubt", "wonder", "guess", "fear", "worry", "pretend", "claim", "threaten",
    "struggle", "hesitate", "dread", "regret", "avoid", "resist", "postpone", "delay", "cancel", "evaluate",
    "test", "trial", "pilot", "prototype", "investigate", "contemplate", "ponder", "mull", "afford",
    "deserve", "push", "lobby", "argue", "vote", "recommend", "advise", "urge", "beg", "dare", "choose", "opt",
    "agree", "learn", "wait", "require", "insist",
})
# Governors that pass the fact through with a start or an end ("started using", "stopped using").
START_GOVERNORS = frozenset({"start", "begin", "commence"})
END_GOVERNORS = frozenset({"stop", "quit", "cease", "finish"})
# Phrases that say a plan was dropped or undone.
DROPPED = (
    "but didn't", "but did not", "but never", "but couldn't", "but could not", "but wasn't", "but weren't",
    "decided against", "decided not to", "fell through", "called off", "backed out", "changed my mind",
    "changed our minds", "changed his mind", "changed her mind", "didn't work out", "did not work out",
    "but then didn't", "not yet", "never happened", "didn't happen", "did not happen",
)
NEGATORS = frozenset({"not", "n't", "never", "no", "nor", "neither", "nobody", "nothing", "none", "without"})
ENDING_ADVERBS = frozenset({"anymore", "longer"})  # "not … anymore", "no longer", "not … any longer"
CURRENT_MARKERS = frozenset({"currently", "still", "presently", "nowadays"})
FRESH_MARKERS = frozenset({"just", "now", "newly", "recently", "finally", "officially"})
# Past forms spelled like the present ("I quit Spotify in February"): read as past without an auxiliary.
SAME_PAST_FORMS = frozenset({"quit", "split", "shut", "set", "cut", "let", "put"})
# A verb conjoined after a clause that named a value, with no object of its own, ends that value
# ("joined the choir in 2018 and quit in 2021"): lemma → the predicates it can end (empty: any).
CONJ_ENDINGS: dict[str, frozenset[str]] = {
    "leave": frozenset(), "exit": frozenset(), "depart": frozenset(),
    "quit": frozenset({"WORKS_AT", "HAS_ROLE", "MEMBER_OF", "LEADS", "STUDIES_AT", "USES"}),
    "resign": frozenset({"WORKS_AT", "HAS_ROLE", "MEMBER_OF", "LEADS"}),
    "retire": frozenset({"WORKS_AT", "HAS_ROLE"}),
    "graduate": frozenset({"STUDIES_AT"}),
}

# --------------------------------------------------------------------------- nouns
TEAM_NOUNS = frozenset({"team", "squad", "group", "department", "dept", "division", "unit", "crew", "guild", "tribe",
                        "chapter", "committee", "org", "pod", "taskforce"})
# Groups people join and quit that need no modifier to be one ("joined the choir", "quit the book club").
CLUB_NOUNS = frozenset({"choir", "chorus", "band", "orchestra", "club", "ensemble", "troupe", "league", "society",
                        "quartet"})
# Bare areas that name a team when someone "works on" them ("Tom works on billing").
TEAM_AREAS = frozenset({
    "billing", "payments", "payment", "platform", "infra", "infrastructure", "search", "growth", "security", "mobile",
    "ios", "android", "web", "frontend", "front-end", "backend", "back-end", "data", "analytics", "ml", "ai",
    "onboarding", "checkout", "ads", "fraud", "identity", "auth", "devops", "sre", "reliability", "support",
    "sales", "marketing", "design", "product", "research", "api", "core", "ranking", "recommendations",
    "observability", "storage", "networking", "compliance", "risk", "finance", "hr", "recruiting", "operations",
    "ops", "qa", "testing", "tooling", "developer experience", "integrations", "partnerships", "localization",
})
ROLE_HEADS = frozenset({
    "engineer", "developer", "dev", "programmer", "architect", "designer", "manager", "director", "lead", "head",
    "scientist", "analyst", "researcher", "teacher", "professor", "lecturer", "tutor", "nurse", "doctor",
    "physician", "surgeon", "dentist", "pharmacist", "therapist", "psychologist", "lawyer", "attorney",
    "paralegal", "accountant", "consultant", "advisor", "adviser", "intern", "trainee", "apprentice",
    "cto", "ceo", "cfo", "coo", "cpo", "ciso", "vp", "president", "founder", "cofounder", "co-founder", "owner",
    "editor", "writer", "journalist", "reporter", "photographer", "artist", "musician", "chef", "cook", "baker",
    "barista", "bartender", "waiter", "waitress", "cashier", "clerk", "receptionist", "assistant", "secretary",
    "administrator", "admin", "sre", "pm", "tpm", "em", "recruiter", "marketer", "salesperson", "strategist",
    "specialist", "coordinator", "technician", "mechanic", "electrician", "plumber", "carpenter", "pilot",
    "driver", "firefighter", "officer", "police", "soldier", "librarian", "student", "postdoc", "tester",
    "copywriter", "translator", "economist", "statistician", "mathematician", "physicist", "chemist",
    "biologist", "veterinarian", "vet", "paramedic", "midwife", "principal", "coach", "trainer", "instructor",
    "product manager", "representative", "rep", "agent", "broker", "banker", "trader", "auditor", "supervisor",
    "executive", "associate", "partner", "contractor", "freelancer", "maintainer", "contributor", "sysadmin",
    "devrel", "evangelist", "advocate", "ux", "staff", "principal engineer", "tech lead", "team lead",
    # trades and professions of everyday talk (actors, masseuses, scientists of one field)
    "actor", "actress", "masseuse", "masseur", "paleontologist", "archaeologist", "anthropologist", "botanist",
    "chiropractor", "orthodontist", "periodontist", "dermatologist", "pediatrician", "gynecologist", "babysitter",
    "nanny", "curator", "critic", "dancer", "singer", "comedian", "butcher", "doorman", "janitor", "lifeguard",
    "counselor", "counsellor", "understudy", "cop", "detective", "sheriff", "firefighter", "caterer", "stylist",
    # positions on a team (a professional's role), and working for oneself
    "guard", "point guard", "shooting guard", "goalkeeper", "goalie", "striker", "quarterback", "pitcher",
    "midfielder", "defender", "shortstop", "entrepreneur",
})
# Role nouns that are also kin/boss words or too vague to stand alone after a copula.
WEAK_ROLE_HEADS = frozenset({"partner", "owner", "head", "staff", "associate", "agent", "rep", "advocate",
                             "student", "police", "executive", "representative", "contributor"})
# Words that make a capitalised name an organisation or a place rather than a person.
ORG_WORDS = frozenset({
    "party", "inc", "inc.", "corp", "corporation", "ltd", "llc", "plc", "gmbh", "co", "company", "companies", "university",
    "college", "school", "academy", "institute", "bank", "group", "team", "club", "fc", "united", "city", "association",
    "council", "foundation", "church", "ministry", "agency", "department", "republic", "union", "league", "society",
    "committee", "army", "navy", "airlines", "airways", "labs", "lab", "systems", "technologies", "tech", "software",
    "records", "press", "news", "times", "hospital", "museum", "government", "parliament", "congress", "senate",
    "front", "alliance", "movement", "federation", "kingdom", "state", "states", "county", "province", "island",
    "islands", "street", "avenue", "river", "lake", "mountain", "valley", "bay", "north", "south", "east",
    "west", "new", "san", "los", "las", "santa", "saint", "st", "st.", "fort", "port", "capital", "holdings",
    "partners", "ventures", "studios", "media", "health", "energy", "motors", "pharma", "international", "global",
    "national", "democrats", "republicans", "conservatives", "liberals", "socialists", "communists", "greens",
})
# Words that, anywhere in a capitalised name, make it an organisation ("Perth Glory FC", "Liberal Front Party").
ORG_HEADS = frozenset({
    "party", "university", "college", "fc", "f.c", "f.c.", "club", "inc", "inc.", "corp", "corporation", "ltd", "llc",
    "plc", "gmbh", "bank", "institute", "academy", "company", "association", "council", "foundation", "league", "union",
    "front", "alliance", "labs", "hospital", "ministry", "calcio", "s.c.", "a.c.", "sc", "ac", "cf", "afc",
    "polytechnic", "conservatory", "seminary", "congress", "federation", "movement",
})
# Lower-case words inside personal names ("Ludwig van Beethoven", "Miguel Herrero y Rodríguez de Miñón").
NAME_PARTICLES = frozenset({"de", "da", "das", "do", "dos", "del", "della", "di", "du", "der", "den", "van", "von",
                            "la", "le", "y", "e", "bin", "ibn", "al", "el", "ben", "ter", "ten", "zu", "of"})
JOB_NOUNS = frozenset({"job", "position", "role", "gig", "internship", "post", "contract", "placement", "residency",
                       "fellowship", "apprenticeship", "career", "work"})
LEAD_NOUNS = frozenset({"lead", "leader", "head", "manager", "director", "captain", "owner"})
TEAM_LEAD_VERBS = frozenset({"lead", "head", "manage", "run", "oversee", "direct", "captain", "helm"})
PET_NOUNS = frozenset({
    "dog", "cat", "puppy", "pup", "kitten", "kitty", "doggo", "hamster", "rabbit", "bunny", "parrot", "bird",
    "budgie", "canary", "fish", "goldfish", "horse", "pony", "turtle", "tortoise", "snake", "lizard", "gecko",
    "ferret", "guinea pig", "chinchilla", "rat", "mouse", "hedgehog", "cockatiel", "iguana", "pig", "goat", "pet",
})
# kin word → (relation, gender of the named person); relations: see nominal.KIN_RELATIONS
KIN: dict[str, tuple[str, str]] = {
    "sister": ("sibling", "f"), "brother": ("sibling", "m"), "sibling": ("sibling", ""), "sis": ("sibling", "f"),
    "twin": ("sibling", ""), "stepsister": ("sibling", "f"), "stepbrother": ("sibling", "m"),
    "mom": ("parent", "f"), "mum": ("parent", "f"), "mother": ("parent", "f"), "mommy": ("parent", "f"),
    "mama": ("parent", "f"), "dad": ("parent", "m"), "father": ("parent", "m"), "daddy": ("parent", "m"),
    "papa": ("parent", "m"), "parent": ("parent", ""), "stepmom": ("parent", "f"), "stepdad": ("parent", "m"),
    "son": ("child", "m"), "daughter": ("child", "f"), "kid": ("child", ""), "child": ("child", ""),
    "baby": ("child", ""), "stepson": ("child", "m"), "stepdaughter": ("child", "f"),
    "wife": ("spouse", "f"), "husband": ("spouse", "m"), "spouse": ("spouse", ""), "hubby": ("spouse", "m"),
    "partner": ("partner", ""), "girlfriend": ("partner", "f"), "boyfriend": ("partner", "m"), "gf": ("partner", "f"),
    "bf": ("partner", "m"), "soulmate": ("partner", ""), "fiance": ("fiance", "m"), "fiancé": ("fiance", "m"), "fiancee": ("fiance", "f"),
    "fiancée": ("fiance", "f"),
    "boss": ("boss", ""), "manager": ("boss", ""), "supervisor": ("boss", ""), "lead": ("boss", ""),
    "report": ("report", ""), "friend": ("friend", ""), "buddy": ("friend", ""), "pal": ("friend", ""),
    "bestie": ("friend", ""), "bff": ("friend", ""),
    "cousin": ("relative", ""), "aunt": ("relative", "f"), "uncle": ("relative", "m"), "niece": ("relative", "f"),
    "nephew": ("relative", "m"), "grandma": ("relative", "f"), "grandpa": ("relative", "m"),
    "grandmother": ("relative", "f"), "grandfather": ("relative", "m"), "granny": ("relative", "f"),
    "grandson": ("relative", "m"), "granddaughter": ("relative", "f"), "mother-in-law": ("relative", "f"),
    "father-in-law": ("relative", "m"), "sister-in-law": ("relative", "f"), "brother-in-law": ("relative", "m"),
}
ENDED_KIN_MODIFIERS = frozenset({"ex", "ex-", "former", "previous", "childhood", "onetime", "one-time", "erstwhile"})
# hyphenated prefixes kept as one token before a kin or role noun ("ex-wife" → "ex-" "wife")
KIN_PREFIXES = ("ex-", "half-", "step-")
SKIP_KIN_MODIFIERS = frozenset({"late", "future", "dead", "deceased", "imaginary", "potential", "prospective"})
# "my old dog Rex from when I was a kid": "old" means former only with a childhood phrase beside it
OLD_KIN_MODIFIERS = frozenset({"old"})
# ... but for a working or living arrangement "old" is former: "my old boss", "my old landlord"
# (an old friend is a long-standing one)
OLD_MEANS_FORMER = frozenset({"boss", "manager", "supervisor", "employer", "coworker", "co-worker", "colleague",
                              "landlord", "landlady", "roommate", "flatmate", "housemate", "neighbor", "neighbour",
                              "teammate", "classmate", "tenant"})
CHILDHOOD_PHRASES = ("when i was a kid", "when i was little", "when i was a child", "when i was young",
                     "when i was younger", "when i was a boy", "when i was a girl", "when i was a teenager",
                     "growing up", "as a kid", "as a child", "in my childhood", "back in high school")
# Housemates: not in the vocabulary, recorded as an open relation ("relation": "roommate")
HOUSEMATES: dict[str, tuple[str, str]] = {"roommate": ("relative", ""), "flatmate": ("relative", ""),
                                          "housemate": ("relative", ""), "room-mate": ("relative", "")}

# Person nouns without a name: a pronoun after "my mom" or "this guy" means them, not someone named earlier.
PERSON_NOUNS = {"guy": "m", "man": "m", "boy": "m", "dude": "m", "woman": "f", "girl": "f", "lady": "f",
                "colleague": "", "coworker": "", "co-worker": "", "neighbor": "", "neighbour": "", "roommate": "",
                "teacher": "", "doctor": "", "landlord": "", "classmate": "", "client": "", "customer": ""}

# --------------------------------------------------------------------------- common first names with a usual gender
FEMALE_NAMES = frozenset("""
aarti anita bhavna jyoti kajal komal manisha nandini pallavi preeti rekha shweta sneha sonali tanvi usha
mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty sandra margaret
ashley kimberly emily donna michelle carol amanda melissa deborah stephanie rebecca sharon laura cynthia amy
kathleen angela shirley brenda emma anna nicole helen samantha katherine christine debra rachel carolyn janet
maria catherine heather diane olivia julie joyce victoria ruth virginia lauren kelly christina joan evelyn
judith andrea hannah megan cheryl jacqueline martha madison teresa gloria sara janice ann kathryn abigail
sophia frances jean alice judy isabella julia grace amber denise danielle marilyn beverly charlotte natalie
theresa diana brittany doris kayla alexis lori marie priya ana sofia lucia chloe mia ava ella zoe lily leah
nina eva laila aisha fatima mei yuki sakura elena irina olga natasha katya ingrid astrid freya sienna harper
aria layla nora camila luna valentina gabriela isabel ines beatriz carmen rosa lucy molly ellie ruby alice
sophie jasmine maya anya tara caroline melanie jenny kate claire emma-jane sunita anjali deepa kavya meera
neha pooja riya greta tessa naomi amara camille clara elise helene ines irene isla jade julia juliette leila
lena lina louise mila noemi paula rita silvia simone stella vera wendy yasmin zara adriana alejandra daniela
fernanda florencia paloma renata ximena alessia chiara francesca giulia martina aurora bianca federica hanna
johanna katharina lea leonie marlene mathilda paulina svenja ida ebba elsa saga signe maja alma agnes linnea
dagny solveig liv malin ewa agnieszka katarzyna magdalena zofia hana petra jana lenka tereza ioana andreea
elif zeynep ayse selin defne amina khadija maryam noor salma yara hiba rania dalia farah lina nadia samira
zainab amani chioma ngozi adaeze wanjiru akua abena efua ama esi nia imani zawadi ayumi haruka hina kaori
keiko mai misaki naoko rin yui yumi jia xia xin ying yan lan hui jing min-ji seo-yeon ji-woo hye-jin su-bin
ananya divya ishita lakshmi nisha priyanka shreya swati aditi kiran lan linh mai thao anh ngoc hoa trang sari
dewi putri ayu isabelle madeleine genevieve margot manon oceane anais chloe-marie rosalie eloise cecile sabine
brigitte ursula heidi monika claudia sandra tanja nadine kristin annika birgit wiebke beatrice alessandra
serena valeria natalia veronica ximena lorena marisol esperanza guadalupe rocio pilar consuelo dolores
montserrat nuria olivia-rose abby addison allison amelia aubrey audrey avery bella brooke chelsea courtney
delilah eleanor eliza ella-grace erin fiona gemma georgia gwen hailey jess jocelyn josephine kaitlyn katie
kelsey kylie lila lillian lucille mackenzie maddie mallory miranda morgan naomi-jane paige penelope phoebe
piper quinn reese riley sabrina savannah scarlett sydney taylor tiffany vanessa whitney zoey beth becky cathy
debbie jill joanne kay lynn marge meg pam peggy
""".split())
MALE_NAMES = frozenset("""
nikhil rohit ajay vijay sunil anil rakesh mahesh ramesh dinesh sandeep vikas abhishek ankit kunal mohit neeraj pankaj
prakash rajesh sachin shyam tarun uday
james robert john michael david william richard joseph thomas charles christopher daniel matthew anthony mark
donald steven paul andrew joshua kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob
gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel gregory alexander frank patrick
raymond jack dennis jerry tyler aaron jose adam nathan henry douglas zachary peter kyle noah ethan jeremy
walter christian keith roger terry austin sean gerald carl harold dylan arthur lawrence jordan jesse bryan
billy bruce gabriel joe logan albert willie alan eugene russell vincent philip bobby johnny bradley roy ralph
louis tom tim mike dave steve bob bill jim ben sam max leo luca lucas mateo diego carlos juan luis pedro
miguel raj rahul arjun vikram amit ravi sanjay wei hiroshi kenji takashi ivan dmitri sergei nikolai hans klaus
jan lars erik sven olaf pierre jean-luc francois antoine marco giovanni paolo ahmed mohammed omar ali hassan
yusuf tariq kwame chen hugo oscar felix theo oliver harry charlie archie freddie alfie finn liam mason elijah
owen caleb isaac julian miles jake pablo nikhil rafael victor simon tobias karl leon lukas jonas elias emil
anton moritz niklas paul-henri fabian florian dominik matthias stefan andreas markus tobias-jan johannes
bastian marcel sebastian henrik magnus nils anders bjorn gustav axel oskar viktor mikkel rasmus mads jesper
aksel johan piotr pawel tomasz krzysztof marcin jakub michal lukasz mateusz ondrej jiri tomas martin radek
andrei mihai bogdan cristian vlad alexandru emre mehmet mustafa burak cem kerem baris hakan murat karim rami
tarek nabil samir walid khalid faisal bilal hamza ibrahim ismail youssef mahmoud amir reza farid kofi kojo
kwesi yaw chidi emeka obinna tunde segun femi olu juma baraka jabari haruto hiroki kaito kazuki kenta ren riku
ryo ryota sota takumi yuto daiki shota hao lei ming tao wen yang yong zhang min-jun seo-jun ji-ho hyun-woo
jae-won do-yun aditya akash anand arun ashok deepak gaurav harsh karan manish naveen nitin pranav rohan sahil
siddharth suresh varun vivek yash minh duc tuan quang huy bao dat khanh agus budi dimas eko andrea-luca
alessandro antonio davide federico francesco giorgio lorenzo matteo riccardo simone-paolo stefano vittorio
alberto alvaro andres fernando gonzalo ignacio javier jorge manuel pablo-luis rodrigo santiago sergio
tomas-andres eduardo enrique felipe gustavo joaquin julio mauricio nicolas ricardo rafa thiago vinicius joao
gabriel-luiz bruno caio diogo leandro marcelo rui tiago vasco louis-pierre mathieu maxime nicolas-jean olivier
romain thibault vincent-louis yannick benoit cedric didier etienne fabrice guillaume jerome laurent ludovic
aidan brody cameron carter chase cole colin connor cooper dalton declan dominic easton elliot emmett everett
gavin graham grayson hayden hunter ian jace jasper jaxon josiah kai landon levi lincoln luke marcus micah
nolan parker preston reid rowan ryder silas spencer tristan tucker wesley weston wyatt xavier zane ned ted
""".split())

# sentence-initial bare nouns that are not names ("Work is busy", "Dinner was great")
COMMON_SUBJECT_NOUNS = frozenset({
    "work", "life", "everything", "nothing", "something", "dinner", "lunch", "breakfast", "coffee", "tea", "school",
    "college", "traffic", "weather", "rent", "money", "time", "today", "tomorrow", "yesterday", "tonight", "home",
    "family", "food", "music", "business", "management", "engineering", "marketing", "sales", "finance", "support",
    "security", "design", "product", "research", "legal", "hr", "training", "practice", "testing", "deployment",
    "production", "staging", "documentation", "history", "science", "math", "art", "sport", "football", "soccer",
    "basketball", "tennis", "golf", "running", "cooking", "travel", "health", "sleep", "water", "power", "internet",
})

# capitalised words that do name a time (months, weekdays, seasons, holidays)
TIME_NAMES = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "monday",
    "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "spring", "summer", "autumn", "fall", "winter",
    "christmas", "easter", "thanksgiving", "halloween", "ramadan", "diwali", "hanukkah", "today", "yesterday",
    "tomorrow", "tonight", "now", "weekend", "noon", "midnight",
})

# --------------------------------------------------------------------------- words around names and things
SKIP_MODIFIERS = frozenset({"new", "old", "current", "same", "whole", "entire", "first", "own", "other", "previous",
                            "former", "next", "last", "great", "good", "nice", "amazing", "awesome", "big", "little",
                            "small", "fantastic", "wonderful", "lovely", "cool", "favorite", "favourite", "actual"})
VAGUE_THINGS = frozenset({"thing", "things", "stuff", "lot", "lots", "idea", "time", "times", "one", "ones", "way",
                          "bit", "kind", "sort", "part", "fact", "it", "that", "this", "everything", "anything",
                          "something", "nothing", "all", "much", "more", "most", "some", "any", "job", "work",
                          "place", "life", "day", "week", "month", "year", "people", "person", "guy", "girl"})
DET_WORDS = frozenset({"the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these",
                       "those", "some", "any"})
TIME_TAILS = frozenset({"today", "yesterday", "tonight", "tomorrow", "now", "recently", "again"})
NAME_SUFFIXES = frozenset({"jr.", "jr", "sr.", "sr", "ii", "iii", "iv"})
NOBLE_TITLES = frozenset({"duke", "duchess", "baron", "baroness", "earl", "count", "countess", "viscount", "viscountess",
                          "marquess", "marquis", "lord", "lady", "prince", "princess", "king", "queen", "hereditary", "grand",
                          "archduke", "archduchess", "sir", "dame"})
ORG_GLUE = frozenset({"of", "for", "the", "a", "an", "and", "in", "de", "du", "des", "la", "le", "del", "der", "für", "'", "’",
                      "'s", "’s", "&"})
INSTITUTIONS = frozenset({"university", "institute", "college", "school", "center", "centre", "hospital", "academy"})
NATIONAL_TEAM_WORDS = frozenset({"national", "football", "soccer", "basketball", "rugby", "hockey", "cricket", "volleyball",
                                 "handball", "olympic", "youth", "team", "women's", "men's"})

# --------------------------------------------------------------------------- questions and reported speech
WH_WORDS = frozenset({"who", "what", "when", "where", "why", "how", "which", "whose", "whom"})
INVERTING_VERBS = frozenset({"do", "does", "did", "are", "is", "was", "were", "am", "have", "has", "had", "can", "could",
                             "would", "will", "should", "shall", "may", "might", "must", "'re", "ai"})
# Phrasal verbs that state their complement as a fact: "(it) turns out I'm allergic to cats".
FACT_PHRASALS = frozenset({("turn", "out")})

REPORTING_VERBS = frozenset({"say", "tell", "mention", "hear", "know", "learn", "find", "announce", "confirm", "realize",
                             "notice", "write", "post", "explain", "share", "text", "message", "email", "admit", "reveal",
                             "remind", "realise"})

# --------------------------------------------------------------------------- pronouns an object phrase cannot be
OBJECT_PRONOUNS = frozenset({"i", "me", "my", "you", "your", "he", "him", "his", "she", "her", "it", "its", "we",
                             "us", "our", "they", "them", "their", "this", "that", "these", "those", "one"})
