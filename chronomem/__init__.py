"""chronomem: a temporal knowledge-graph memory for AI agents.

Facts are edges with a valid interval (when they were true) and a transaction interval (when
we believed them); ask what was true at any time, and what we believed at any time.
"""

from chronomem.errors import ChronomemError, ConfigError, ExtractionError, InputError, StoreError

__version__ = "0.1.0"

__all__ = [
    "ChronomemError",
    "ConfigError",
    "ExtractionError",
    "InputError",
    "StoreError",
    "__version__",
]
