"""Certificates of nim-values and outcomes (graphs, simplicial complexes,
posets, octal heaps): ``grundy certify SPEC -o FILE``.

A certifying search (:class:`Certifier`) values a position by memoisation
over canonical connected components and records every component it valued,
in dependency order, with how its value is justified (the mex rule over its
options, or a value-preserving involution, Khandhawit-Ye Theorem 1). The file
it writes (:func:`write_certificate`; format in ``docs/certificates.md``) is
re-checked by :mod:`grundy.verify`, which imports nothing of this package or
of the search.

>>> from grundy.certify import Certifier
>>> c = Certifier("graph", "chomp")
>>> c.value((0b110, 0b101, 0b011))     # the triangle K_3
0
"""

from grundy.certify.search import (
    Certificate,
    Certifier,
    certify_spec,
    write_certificate,
)

__all__ = ["Certificate", "Certifier", "certify_spec", "write_certificate"]
