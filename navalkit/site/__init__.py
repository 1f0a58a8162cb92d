"""The server-free site: the games playing in the browser through Pyodide, from a static folder.

:func:`build_site` (``navalkit build-site DIR``) writes the folder; :mod:`.controller` is the
Python that runs in the page (both import only the standard library and navalkit's pure parts).
"""

from __future__ import annotations

from .build import PYODIDE_VERSION, SiteBuildError, SiteReport, build_site

__all__ = ["PYODIDE_VERSION", "SiteBuildError", "SiteReport", "build_site"]
