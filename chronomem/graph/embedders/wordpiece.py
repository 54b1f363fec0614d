"""The all-MiniLM-L6-v2 tokenizer, built from the WordPiece vocabulary shipped with chronomem.

Both MiniLM embedders use it, so they cut text into the same tokens: lower-cased BERT
normalisation, WordPiece over ``chronomem/data/minilm/vocab.txt``, ``[CLS] … [SEP]`` around
each text, truncated to ``max_length`` tokens and not padded (the embedders pad per batch).
The ``tokenizers`` library is imported on the first call only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

VOCAB_PATH = Path(__file__).resolve().parent.parent.parent / "data" / "minilm" / "vocab.txt"


def bert_tokenizer(max_length: int = 256, vocab: str | Path = VOCAB_PATH) -> Any:
    """A ``tokenizers.Tokenizer`` equal to all-MiniLM-L6-v2's, truncating to ``max_length``.

    >>> tok = bert_tokenizer()
    >>> tok.encode("Moved to Lisbon!").tokens
    ['[CLS]', 'moved', 'to', 'lisbon', '!', '[SEP]']
    """
    from tokenizers import BertWordPieceTokenizer

    wrapper = BertWordPieceTokenizer(
        str(vocab), lowercase=True, clean_text=True, handle_chinese_chars=True, strip_accents=None
    )
    tokenizer = wrapper._tokenizer
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_length)
    return tokenizer


def padded_batches(ids: Sequence[Sequence[int]], batch_size: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Group token-id lists by length into zero-padded ``int64`` batches.

    Returns ``(rows, batch, lengths)`` triples: ``rows`` are the positions of the batch's texts
    in ``ids``, ``batch`` their ids padded to the longest, ``lengths`` their real lengths.
    Sorting by length first keeps padding (wasted work) small.

    >>> [(r.tolist(), b.tolist()) for r, b, _ in padded_batches([[1, 2, 3], [4], [5, 6]], 2)]
    [([1, 2], [[4, 0], [5, 6]]), ([0], [[1, 2, 3]])]
    """
    lengths = np.fromiter((len(x) for x in ids), dtype=np.int64, count=len(ids))
    order = np.argsort(lengths, kind="stable")
    out = []
    for start in range(0, len(order), batch_size):
        rows = order[start : start + batch_size]
        width = int(lengths[rows].max())
        batch = np.zeros((len(rows), width), dtype=np.int64)
        for row, index in enumerate(rows):
            batch[row, : lengths[index]] = ids[index]
        out.append((rows, batch, lengths[rows]))
    return out
