"""Poset games: exact nim-values, outcomes and winning moves.

The game
--------
A position is a finite partially ordered set. A move picks an element ``x``
and removes every element ``>= x`` (its up-set, ``x`` included); the player
who cannot move (the empty poset) loses. With ``dual=True`` the order is
flipped: a move removes every element ``<= x``. What is left after any
sequence of moves is a down-set (order ideal) of the start.

Well-known poset games are members of the families (:data:`POSET_FAMILIES`):

- ``chain:n`` is a Nim heap of size ``n``; disjoint chains are Nim.
- ``product:m,n`` is the product of a chain of ``m`` and one of ``n``
  elements. Rectangular ``m x n`` Chomp (choose a square, eat every square
  above and to the right of it; whoever eats the poisoned corner loses) is
  the normal-play poset game on ``product:m,n`` *minus its bottom element*
  (the poison): eating the poison is the one move nobody wants to make, so
  "taking it loses" is "it is not there and the player who cannot move
  loses". ``product:m,n`` itself, bottom included, always has value >= 1
  (taking the bottom empties it).
- ``divisors:n`` is Chomp's number-theoretic form: the divisors of ``n``
  other than 1 ordered by divisibility (1, the poison, removed as above); a
  move names a divisor and removes all its multiples.
- ``boolean:n`` is the Boolean lattice of an ``n``-set *without the empty
  set*, by the same convention (the empty set, which would take everything,
  is the poison). It is the face poset of the full simplex on ``n``
  vertices, so this poset game is subset take-away on ``simplex:n``
  (:mod:`grundy.games.complexes`); removing its top element as well gives Gale's
  game ``simplex-boundary:n``. ``divisors`` of a product of ``n`` distinct
  primes is ``boolean:n``.

The package
-----------
:mod:`.poset` holds the position type, its keys and the involution
reduction (with its proof); :mod:`.families` the named families;
:mod:`.game` the game the search plays (:class:`PosetSolver`);
:mod:`.analysis` the answers for the user (:func:`analyze_poset`,
:func:`text_report`). The readers (:func:`load_poset`, the ``.poset`` and
JSON formats) are in :mod:`grundy.readwrite.posets` (readers import the
games, not the other way round).

>>> s = PosetSolver()
>>> s.value_of(*s.decompose(build_poset_family("chain:3").up))
3
>>> analyze_poset(build_poset_family("product:2,3"))["value"] > 0      # a bottom element: take it all
True
"""

from __future__ import annotations

from grundy.games.posets.analysis import analyze_poset, text_report
from grundy.games.posets.families import POSET_FAMILIES, build_poset_family
from grundy.games.posets.game import PosetGame, PosetSolver, PosetTheory
from grundy.games.posets.poset import INVOLUTION_SOURCE, Poset, poset_involution, poset_key

__all__ = [
    "Poset",
    "PosetTheory",
    "PosetSolver",
    "PosetGame",
    "POSET_FAMILIES",
    "INVOLUTION_SOURCE",
    "build_poset_family",
    "analyze_poset",
    "poset_involution",
    "poset_key",
    "text_report",
]
