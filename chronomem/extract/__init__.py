"""Extraction: transcript readers, the spaCy + rules extractor, temporal expressions.

``SpacyRuleExtractor`` is exported lazily, so ``import chronomem`` never imports spaCy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chronomem.extract.extractor import SpacyRuleExtractor

__all__ = ["SpacyRuleExtractor"]


def __getattr__(name: str) -> Any:
    if name == "SpacyRuleExtractor":
        from chronomem.extract.extractor import SpacyRuleExtractor

        return SpacyRuleExtractor
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
