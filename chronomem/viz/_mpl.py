"""Lazy matplotlib access and the shared colours."""

from __future__ import annotations

from typing import Any

from chronomem.errors import ConfigError

INSTALL_HINT = 'pip install -e ".[viz]" (in a chronomem checkout)'

# Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
STATUS_STYLE: dict[str, dict[str, Any]] = {
    "current": {"color": "#0072B2", "label": "current"},
    "future": {"color": "#009E73", "label": "future (not yet valid)"},
    "ended": {"color": "#9A9A9A", "label": "ended"},
    "superseded": {"color": "#E69F00", "label": "superseded version (older belief)", "hatch": "///"},
    "retracted": {"color": "#D55E00", "label": "retracted (corrected)", "hatch": "xxx"},
    "planned": {"color": "#56B4E9", "label": "planned (not yet happened)", "hatch": ".."},
    "cancelled": {"color": "#CC79A7", "label": "cancelled plan", "hatch": "\\\\"},
}
STATUS_ORDER = tuple(STATUS_STYLE)

TYPE_COLOURS: dict[str, str] = {
    "PERSON": "#56B4E9", "ORG": "#E69F00", "PLACE": "#009E73", "TOOL": "#CC79A7", "ROLE": "#F0E442",
    "PET": "#D55E00", "GROUP": "#0072B2", "VALUE": "#BBBBBB", "OTHER": "#DDDDDD",
}


def pyplot() -> Any:
    """``matplotlib.pyplot``, or a :class:`ConfigError` with the install hint."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ConfigError(f"drawing needs matplotlib: {INSTALL_HINT}") from e
    return plt
