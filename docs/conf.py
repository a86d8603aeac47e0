"""Sphinx configuration of grundy's documentation site.

Build it (warnings are errors, as in CI)::

    python -m pip install -e '.[docs]'
    python -m sphinx -W -b html docs docs/_build/html

The build needs no network: no intersphinx, no remote images, and the theme's
assets come with the pydata-sphinx-theme package.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Prefer the installed package (the compiled kernels are built by ``pip install``);
# fall back to the source tree so that ``import grundy`` works from a checkout.
_SRC = Path(__file__).resolve().parent.parent / "src"
try:
    import grundy  # noqa: F401
except ImportError:  # pragma: no cover - only without an install
    sys.path.insert(0, str(_SRC))
    import grundy  # noqa: F401

# ``grundy.__all__`` is the public API; a few of its names are imported on first
# use by the package's ``__getattr__`` (partizan values need pycgt).  Resolve them
# here so that ``automodule:: grundy`` with ``:members:`` documents every name of
# ``__all__`` (autodoc lists a module's members from its namespace).
for _name in grundy.__all__:
    if _name not in vars(grundy):
        setattr(grundy, _name, getattr(grundy, _name))

project = "grundy"
author = "the grundy authors"
copyright = "2026, the grundy authors"
version = release = grundy.__version__

extensions = [
    "sphinx.ext.autodoc",
    "numpydoc",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"

# Not part of the site: the build output, and the journal (the superseded,
# dated narratives behind results.md and performance.md: history, not user
# documentation; it stays in the repository under docs/journal/).
exclude_patterns = ["_build", "journal", "screenshots", "Thumbs.db", ".DS_Store"]

# Markdown pages: the existing pages use plain CommonMark plus tables.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# API reference: autodoc reads the docstrings, numpydoc renders their sections.
# Each page names the members it documents (``:members:`` alone follows the
# module's ``__all__``, in its order).
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "none"  # the numpydoc sections document the types
numpydoc_show_class_members = False  # members are documented by autodoc itself
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# Fully offline: sphinx.ext.intersphinx is not enabled, so no inventory is
# fetched, and the theme's assets ship with the package (no CDN).

html_theme = "pydata_sphinx_theme"
html_title = f"grundy {release}"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_depth": 2,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": [],
    "icon_links": [],
}
html_sidebars = {"index": []}
html_show_sourcelink = False
html_copy_source = False
