"""Explore the graph in notebooks: timelines, subgraphs as of a date, and tables.

Drawing needs matplotlib and tables are DataFrames when pandas is installed
(the ``viz`` extra: ``pip install -e ".[viz]"`` in a checkout); both are imported only when a function needs them.

- :func:`plot_timeline`: fact versions as a Gantt chart, coloured by status.
- :func:`draw_subgraph`, :func:`draw_as_of_pair`: the graph around an entity (at two dates).
- :func:`facts_table`, :func:`diff_table`, :func:`belief_diff`, :func:`search_table`: facts,
  changes between two dates, what we believed before versus after a correction, search hits.
"""

from __future__ import annotations

from chronomem.viz._mpl import INSTALL_HINT, STATUS_STYLE
from chronomem.viz.graphs import (
    draw_as_of_pair,
    draw_subgraph,
    edge_text,
    graph_from_facts,
    neighbourhood_graph,
    subgraph_layout,
)
from chronomem.viz.tables import (
    belief_diff,
    belief_rows,
    diff_rows,
    diff_table,
    fact_rows,
    facts_table,
    search_rows,
    search_table,
)
from chronomem.viz.timeline import plot_timeline, row_label

__all__ = [
    "INSTALL_HINT",
    "STATUS_STYLE",
    "belief_diff",
    "belief_rows",
    "diff_rows",
    "diff_table",
    "draw_as_of_pair",
    "draw_subgraph",
    "edge_text",
    "fact_rows",
    "facts_table",
    "graph_from_facts",
    "neighbourhood_graph",
    "plot_timeline",
    "row_label",
    "search_rows",
    "search_table",
    "subgraph_layout",
]
