"""Relations between people named or spoken to in a conversation (placeholder: no rules yet)."""

from __future__ import annotations

from spacy.tokens import Span

from chronomem.extract.args import DocIndex
from chronomem.extract.records import Rel


def people_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Relations between people that no verb rule reads (none yet)."""
    return []
