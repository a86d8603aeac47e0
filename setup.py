"""Build of the optional compiled kernel (everything else is in pyproject.toml).

``grundy.games.graphs._kernel`` speeds up the search; if it cannot be compiled the
package still installs and runs on its pure-Python path.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [Extension("grundy.games.graphs._kernel", ["src/grundy/games/graphs/_kernel.pyx"], optional=True)],
        compiler_directives={"language_level": "3"},
    )
)
