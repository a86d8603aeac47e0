"""Outcome certificates: a proof of who wins, without the nim-values an
outcome does not need (``grundy certify SPEC --outcome -o FILE``).

:class:`OutcomeProver` proves the outcome of a position on top of a
:class:`~grundy.certify.search.Certifier`, whose records it shares:

- a connected N-position gets the record ``"outcome": "N", "by": "move"``
  naming one option that is a P-position, proved first;
- a connected P-position gets ``"outcome": "P", "by": "replies"``: for one
  option of each isomorphism class of options, a reply (an option of it)
  that is a P-position, proved first;
- a position of several components is a disjoint sum, decided by the
  nim-sum of its components' values (Sprague-Grundy): they are valued by
  the certifier's value records; so is a connected position with an
  involution of Theorem 1 (Khandhawit-Ye; unless ``theory`` is off), whose
  value is its fixed part's.

Which option or reply is a P-position is asked of the engine (the
Lemoine-Viennot question "is G + *0 a P-position?", untrusted: a hint),
and so is whether a connected position is P before its options are
asked (a P-position has no winning move to look for);
``grundy verify`` re-checks every claim from the rules
(``docs/certificates.md``, "Outcome certificates"). Positions reached twice
are proved once: the proof is a DAG over canonical forms.
"""

from __future__ import annotations

from typing import Any

from grundy.certify.search import Certifier

__all__ = ["OutcomeProver"]


class OutcomeProver:
    """Proves outcomes and records the proofs on ``certifier``.

    Parameters
    ----------
    certifier : Certifier
        Supplies the positions' forms, components and options (the
        verifier's own, or equal to them), the engine's hints, the value records of disjoint
        sums, the limits, and the list of records (in dependency order).

    Attributes
    ----------
    outcomes : dict
        Canonical form of a connected position -> ``"N"`` or ``"P"``, for
        every outcome record made.
    """

    def __init__(self, certifier: Certifier) -> None:
        self.c = certifier
        self.outcomes: dict[Any, str] = {}

    def known(self, pos: Any) -> str | None:
        """The outcome of ``pos`` if the records already show it (empty:
        P; an outcome record; every component valued: P iff nim-sum 0), else None."""
        comps = self.c._components(pos)
        if not comps:
            return "P"
        if len(comps) == 1:
            got = self.outcomes.get(self.c._form(comps[0]))
            if got is not None:
                return got
        total = 0
        for comp in comps:
            value = self.c.values.get(self.c._form(comp))
            if value is None:
                return None
            total ^= value
        return "P" if total == 0 else "N"

    def refs(self, pos: Any) -> set[Any]:
        """The record keys the outcome of a known ``pos`` rests on."""
        comps = self.c._components(pos)
        if len(comps) == 1 and self.c._form(comps[0]) in self.outcomes:
            return {("outcome", self.c._form(comps[0]))}
        return {self.c._form(comp) for comp in comps}

    def _hint_p(self, pos: Any, split: tuple[int, tuple[Any, ...]] | None = None) -> bool:
        """Whether ``pos`` is a P-position, by the engine (a hint);
        ``split``: the engine's split of ``pos`` if already made."""
        c = self.c
        nim, unknown = c._oracle_split(pos) if split is None else split
        return bool(c._hint(lambda: c._oracle.is_p(nim, unknown)))  # type: ignore[union-attr]

    def _table_p(self, pos: Any, split: tuple[int, tuple[Any, ...]] | None = None) -> bool:
        """Whether the engine's table already shows ``pos`` to be a
        P-position, without a search (a hint); ``split`` as :meth:`_hint_p`."""
        c = self.c
        nim, unknown = c._oracle_split(pos) if split is None else split
        return c._oracle.known_outcome(nim, unknown)[0] == "P"  # type: ignore[union-attr]

    def _p_choice(self, positions: list[Any]) -> int | None:
        """The index of a P-position among ``positions``: the first the
        records already show, else, with a table file (``--table``), the
        cheapest (least unknown size, then first) the engine's table
        already shows to be P, else the cheapest the engine's search says is
        P; None if none. The engine searches in order of cost and no further
        than the first P it names. What an earlier search with the same table
        file proved is used before any option is searched, so a dear losing
        option met first in the order of cost is not searched when a
        winning one is known (Gale n = 7's 4-set after ``gale.py
        --replies``). Without a table file the choice does not depend on
        what the engine happens to have searched, so a resumed certificate
        (``--keep``) is the one made in one go."""
        unknown = []
        for i, pos in enumerate(positions):
            seen = self.known(pos)
            if seen == "P":
                return i
            if seen is None:
                unknown.append((self.c._unknown_size(pos), i))
        unknown.sort()
        # each candidate split once for both questions, when first asked: the table's
        # question usually names a P-position among the first few
        splits: dict[int, tuple[int, tuple[Any, ...]]] = {}

        def split(i: int) -> tuple[int, tuple[Any, ...]]:
            got = splits.get(i)
            if got is None:
                got = splits[i] = self.c._oracle_split(positions[i])
            return got

        if self.c.table is not None:
            for _, i in unknown:
                if self._table_p(positions[i], split(i)):
                    return i
        for _, i in unknown:
            if self._hint_p(positions[i], split(i)):
                return i
        return None

    def _reply(self, opt: Any) -> tuple[int | None, Any]:
        """``(j, option j of opt)`` for a reply to ``opt`` that is a
        P-position, as :meth:`_p_choice` picks it from every option of
        ``opt`` (``(None, None)``: none). The options are made one at a time
        and the first the records already show P ends the scan, so the
        options after it are never made (in Gale n = 6's certificate the
        first such reply came at index 6 of 24 on average, in 12,139 of its
        12,847 replies)."""
        subs = []
        for j, sub in enumerate(self.c._options_lazily(opt)):
            if self.known(sub) == "P":
                return j, sub
            subs.append(sub)
        j = self._p_choice(subs)
        return (None, None) if j is None else (j, subs[j])

    def prove(self, pos: Any) -> str:
        """The outcome of ``pos`` (any number of components), ``"N"`` or
        ``"P"``, with every record its proof needs.

        Raises
        ------
        SearchLimitReached
            At the certifier's time or position limit.
        RuntimeError
            If the engine's hints contradict each other (a bug).
        """
        seen = self.known(pos)
        if seen is not None:
            return seen
        comps = self.c._components(pos)
        if len(comps) > 1 or not self.c.proofs.replies:
            # a disjoint sum, or a kind valued without replies (heaps): by the components' values
            return "P" if self.c.value(pos) == 0 else "N"
        c = self.c
        c._tick()
        form = c._form(pos)
        if c.theory and c._involution(form) is not None:
            # Theorem 1 gives its value as its fixed part's, usually far smaller: one value record
            return "P" if c.value(form) == 0 else "N"
        options = c._options(form)
        # a P-position (by the engine: one question) has no winning move to look
        # for among its options; the replies below fail if the engine was wrong
        move = None if self._hint_p(form) else self._p_choice(options)
        deps: set[Any] = set()
        if move is not None:
            if self.prove(options[move]) != "P":  # pragma: no cover - the engine and the rules disagree
                raise RuntimeError("the engine's winning move leads to an N-position")
            deps |= self.refs(options[move])
            record = c._position(form) | {"outcome": "N", "by": "move", "move": move}
            outcome = "N"
        else:
            replies: list[list[int]] = []
            classes: set[Any] = set()
            for i, opt in enumerate(options):
                shape = c._form(opt)
                if shape in classes:  # an isomorphic option has its reply: the same answer serves
                    continue
                classes.add(shape)
                j, reply = self._reply(opt)
                if j is None or self.prove(reply) != "P":  # pragma: no cover
                    raise RuntimeError("the engine found no reply to an option of a P-position")
                deps |= self.refs(reply)
                replies.append([i, j])
            record = c._position(form) | {"outcome": "P", "by": "replies", "replies": replies}
            outcome = "P"
        self.outcomes[form] = outcome
        c._deps[("outcome", form)] = deps
        c._order.append(("outcome", form))
        c.records.append(record)
        return outcome
