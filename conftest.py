"""pytest configuration shared by the tests and the doctests of src/grundy.

The web front end (grundy.web.app) needs the optional extra grundy[web]:
without FastAPI its module is not collected for doctests, so the core's
tests run on a core install."""

from __future__ import annotations

import importlib.util

collect_ignore = []
if importlib.util.find_spec("fastapi") is None:
    collect_ignore.append("src/grundy/web/app.py")
