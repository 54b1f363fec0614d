"""A name NER ran on into a lower-case adverb after it that the parser hangs on the verb ("Ovid Labs maybe") is cut
back to the name; names whose own words are all capitalised, or whose adverb belongs to the name, are left alone.
Sentences of our own."""

from __future__ import annotations

from tests.unit.extract.extract_helpers import U, last_turn_rows


def test_a_hedge_after_a_workplace_is_no_part_of_its_name(extractor):
    got = {r[:4] for r in last_turn_rows(extractor, "I started at Ovid Labs maybe 3 months ago.") if r[1] == "WORKS_AT"}
    assert got == {(U, "WORKS_AT", "Ovid Labs", "assert")}


def test_the_cut_leaves_the_name_its_label(extractor):
    doc = extractor.nlp("I started at Ovid Labs maybe 3 months ago.")
    assert [e.text for e in doc.ents if e.label_ != "DATE"] == ["Ovid Labs"]


def test_names_without_a_stray_adverb_are_unchanged(extractor):
    for text, name in (("I moved to Salt Lake City in 2019.", "Salt Lake City"), ("I work at Acme Corp now.", "Acme Corp")):
        doc = extractor.nlp(text)
        assert name in [e.text for e in doc.ents]
