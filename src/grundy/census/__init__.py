"""Whole classes of graphs: the census (every graph of a class valued, built
bottom-up as a tablebase), the papers' tables and conjectures checked over
classes. A front end (DESIGN.md layer 7): built on the games and the core."""
