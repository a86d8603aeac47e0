"""Build of the optional compiled kernels (everything else is in pyproject.toml).

``grundy.games.graphs._kernel`` (graphs) and ``grundy.games.complexes._complex_kernel``
(simplicial complexes) speed up the search; if one cannot be compiled the package
still installs and runs on its pure-Python path.
"""

import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

# the hardware popcount instruction (every x86-64 processor since 2008); elsewhere the
# compiler's own builtin stays portable
FLAGS = ["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else []

setup(
    ext_modules=cythonize(
        [
            Extension("grundy.games.graphs._kernel", ["src/grundy/games/graphs/_kernel.pyx"], optional=True,
                      extra_compile_args=FLAGS),
            Extension("grundy.core._compiled", ["src/grundy/core/_compiled.pyx"], optional=True,
                      extra_compile_args=FLAGS),
            Extension(
                "grundy.games.complexes._complex_kernel",
                ["src/grundy/games/complexes/_complex_kernel.pyx"],
                optional=True,
                extra_compile_args=FLAGS,
            ),
        ],
        compiler_directives={"language_level": "3"},
        include_path=["src"],
    )
)
