"""Words of a phrase, compared the same way by every extraction benchmark.

:func:`content_words` is how the LoCoMo gold and ConvAI2 benchmarks decide that an extracted
object and a gold object speak of the same thing: lower-case content words, function words and
the plural ``s`` dropped, kin words spelled one way.
"""

from __future__ import annotations

import re

# Function words that carry no content of an object phrase.
STOPWORDS = frozenset(
    "a an the my our your his her their its this that these those some any of to for in on at with and or "
    "new old own much many lot lots few bit kind sort really very so just".split())
# Words for one relative or thing that annotators and extractors spell differently.
SYNONYMS = {"mom": "mother", "mum": "mother", "mommy": "mother", "dad": "father", "daddy": "father", "kid": "child",
            "children": "child", "hubby": "husband", "fam": "family"}
WORD = re.compile(r"[a-z0-9]+")


def content_words(phrase: str) -> frozenset[str]:
    """Lower-case content words of a phrase, plural ``s`` dropped, kin spelled one way (mom → mother).

    >>> sorted(content_words("the sound of rain on the roof"))
    ['rain', 'roof', 'sound']
    >>> sorted(content_words("Abstract paintings")), sorted(content_words("my Mom's old bikes"))
    (['abstract', 'painting'], ['bike', 'mother'])
    """
    out = set()
    for w in WORD.findall(phrase.lower().replace("'s", "")):
        if w in STOPWORDS:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.add(SYNONYMS.get(w, w))
    return frozenset(out)
