"""The synthetic temporal benchmark (run it with ``python -m bench.temporal_bench``).

* :mod:`~bench.temporal.world` and :mod:`~bench.temporal.histories` simulate worlds whose facts
  change: the ground truth (stints between boundaries) and the events that tell it;
* :mod:`~bench.temporal.generator` tells every event in some session (promptly, late, ahead of
  time), adds restatements, distractors, corrections and small talk, and shuffles arrival;
  :mod:`~bench.temporal.render` writes the sentences from :mod:`~bench.temporal.templates` and
  :mod:`~bench.temporal.timephrases` and records the gold claims;
* :mod:`~bench.temporal.probes` derives the questions; :mod:`~bench.temporal.scorer` ingests,
  asks and scores them, validated by an oracle extractor that must score 100%.

The templates live here only: the extractor must never see them.
"""
