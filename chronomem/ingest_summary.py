"""What an ingest or import run did: :class:`IngestSummary` (the CLI prints it as the closing summary)."""

from __future__ import annotations

from dataclasses import dataclass, field

from chronomem.graph.base import WriteReport
from chronomem.schema.models import Session


@dataclass
class IngestSummary:
    """What an ingest run did (the CLI prints it as the closing summary)."""

    sessions: int = 0
    sessions_skipped: int = 0
    turns: int = 0
    entities: int = 0
    facts_added: int = 0
    facts_closed: int = 0
    facts_corrected: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    records: int = 0  # imported fact records (import_facts; no sessions)

    def add(self, report: WriteReport, session: Session | None) -> None:
        if session is not None:
            self.sessions += 1 if report.session_added else 0
            self.sessions_skipped += 0 if report.session_added else 1
        self.turns += len(session.turns) if session is not None and report.session_added else 0
        self.entities += report.entities_added
        self.facts_added += report.facts_added
        self.facts_closed += report.facts_closed
        self.facts_corrected += report.facts_corrected

    def line(self) -> str:
        skipped = f" ({self.sessions_skipped} already known)" if self.sessions_skipped else ""
        errors = f"; {len(self.errors)} skipped with errors" if self.errors else ""
        read = (f"{self.records} records imported" if self.records and not self.sessions
                else f"{self.sessions} sessions{skipped}, {self.turns} turns")
        return (f"{read}, {self.entities} new entities; facts: "
                f"{self.facts_added} added, {self.facts_closed} closed, {self.facts_corrected} corrected; "
                f"{self.seconds:.1f} s{errors}")
