"""The web front end: ``grundy serve``'s application (FastAPI, the optional
extra ``grundy[web]``): one page to choose, see and play a position, and a
JSON API under ``/api/`` (see :mod:`grundy.web.app`)."""

from __future__ import annotations

__all__ = ["create_app"]


def create_app(*args: object, **kwargs: object) -> object:
    """See :func:`grundy.web.app.create_app` (imported on first use, so
    that ``import grundy.web`` works without FastAPI)."""
    from grundy.web.app import create_app as make

    return make(*args, **kwargs)  # type: ignore[arg-type]
