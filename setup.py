"""Build of the optional compiled kernels (everything else is in pyproject.toml).

``grundy.games.graphs._kernel`` (graphs) and ``grundy.games.complexes._complex_kernel``
(simplicial complexes) speed up the search; if one cannot be compiled the package
still installs and runs on its pure-Python path.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension("grundy.games.graphs._kernel", ["src/grundy/games/graphs/_kernel.pyx"], optional=True),
            Extension("grundy.core._compiled", ["src/grundy/core/_compiled.pyx"], optional=True),
            Extension(
                "grundy.games.complexes._complex_kernel",
                ["src/grundy/games/complexes/_complex_kernel.pyx"],
                optional=True,
            ),
        ],
        compiler_directives={"language_level": "3"},
        include_path=["src"],
    )
)
