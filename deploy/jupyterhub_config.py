"""JupyterHub configuration that serves navalkit's dashboards to a class, one server per student.

Run it with ``jupyterhub -f deploy/jupyterhub_config.py`` (see ``docs/jupyterhub.md``). Each
student logs in to the hub and gets a single-user Jupyter server that opens on Voila's page
``/voila/render/welcome.ipynb`` of navalkit's notebooks, with the classroom settings of
``navalkit serve`` (code hidden, no tracebacks, only harmless static files, idle kernels culled).

Settings you may change without editing this file (environment variables of the hub):

============================ ===================== ===========================================
variable                     default               meaning
============================ ===================== ===========================================
NAVALKIT_HUB_AUTHENTICATOR   ``pam``               how students log in (see below)
NAVALKIT_HUB_SPAWNER         ``localprocess``      how their servers are started (see below)
NAVALKIT_HUB_ALLOWED_USERS   (only admins)         comma-separated names who may log in; ``*``:
                                                   anyone the authenticator accepts
NAVALKIT_HUB_ADMIN_USERS     (none)                comma-separated teachers (hub admins)
NAVALKIT_HUB_SHARED_PASSWORD (none)                the class password, for ``shared-password``
NAVALKIT_HUB_NOTEBOOKS       navalkit's notebooks  the folder served, as the servers see it
NAVALKIT_HUB_MEM_LIMIT       ``1G``                memory cap per student (spawner permitting)
NAVALKIT_HUB_MEM_GUARANTEE   ``384M``              memory kept for each student (idem)
NAVALKIT_HUB_CULL_TIMEOUT    ``3600``              stop a server idle that long (s; 0: never)
NAVALKIT_HUB_TEACHER_KEY     (none)                the teacher key, for admins' servers only
============================ ===================== ===========================================

Authenticators (``NAVALKIT_HUB_AUTHENTICATOR``, any name JupyterHub knows):

* ``pam`` (JupyterHub's default): students log in with their account on this machine; list them
  in NAVALKIT_HUB_ALLOWED_USERS (or set ``c.LocalAuthenticator.allowed_groups`` below).
* ``shared-password``: the allowed names (``*``: any name) log in with the class password
  NAVALKIT_HUB_SHARED_PASSWORD (8 characters or more). Anyone with the password can log in as
  any student: for a trial or a one-off lesson, not for a school year.
* ``dummy``: any name, any password. For tests and trials on a machine nobody else can reach,
  never for a class.
* An OAuth login (``github``, ``google``, ``generic-oauth``… from the ``oauthenticator``
  package) or LDAP (``ldapauthenticator``): configure it below this file's settings.

Spawners (``NAVALKIT_HUB_SPAWNER``):

* ``localprocess`` (JupyterHub's default): each student's server runs as that student's
  account on this machine; the hub must run as root. It does NOT enforce memory limits.
* ``systemd`` (``jupyterhub-systemdspawner``, which The Littlest JupyterHub uses) and
  ``docker`` (``dockerspawner``) enforce the memory limit; ``kubespawner.KubeSpawner`` (Zero to
  JupyterHub) makes the limit and the guarantee the pod's memory limit and request.
* ``simple``: every server runs as the hub's own account, with no isolation between students.
  For tests only.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Any

c = get_config()  # type: ignore[name-defined]  # noqa: F821


def _env(name: str, default: str) -> str:
    return os.environ.get(f"NAVALKIT_HUB_{name}", "").strip() or default


def _names(name: str) -> set[str]:
    return {n.strip() for n in _env(name, "").split(",") if n.strip()}


# --- logging in ---------------------------------------------------------------------------

AUTHENTICATOR = _env("AUTHENTICATOR", "pam")
c.JupyterHub.authenticator_class = AUTHENTICATOR
if _names("ALLOWED_USERS") == {"*"}:
    c.Authenticator.allow_all = True  # whoever the authenticator lets in
elif _names("ALLOWED_USERS"):
    c.Authenticator.allowed_users = _names("ALLOWED_USERS")
if _names("ADMIN_USERS"):
    # a teacher can see every student's server on the hub's admin page and stop it
    c.Authenticator.admin_users = _names("ADMIN_USERS")
if AUTHENTICATOR == "shared-password":
    c.SharedPasswordAuthenticator.user_password = _env("SHARED_PASSWORD", "") or None
# With PAM, a Unix group instead of a list of names:
# c.LocalAuthenticator.allowed_groups = {"students"}

# --- starting each student's server -------------------------------------------------------

c.JupyterHub.spawner_class = _env("SPAWNER", "localprocess")

#: a student's server with no activity for this long is stopped (seconds; 0: never)
CULL_TIMEOUT = int(_env("CULL_TIMEOUT", "3600"))
WELCOME_PAGE = "welcome.ipynb"
#: the classroom settings of ``navalkit serve`` as of navalkit 0.1.0, for a hub whose own
#: Python has no navalkit (tests/browser/test_jupyterhub.py checks they match voila_options)
FALLBACK_FLAGS = [
    "--VoilaConfiguration.show_tracebacks=False",
    "--VoilaConfiguration.strip_sources=True",
    "--VoilaConfiguration.template=navalkit",
    "--MappingKernelManager.cull_interval=15",
    "--MappingKernelManager.cull_idle_timeout=45",
    "--VoilaConfiguration.file_allowlist="
    r".*\.(png|jpe?g|gif|svg|webp|ico|css|woff2?|ttf|csv|json|txt|md)",
    r"--VoilaConfiguration.file_denylist=.*\.(ipynb|py)",
    r"--VoilaConfiguration.file_denylist=(.*/)?\..*",
]


def _classroom_flags() -> list[str]:
    """``navalkit serve``'s Voila and kernel-culling flags (``navalkit.cli.voila_options``):
    code hidden, no tracebacks, navalkit's page template, only harmless static files, kernels
    of closed tabs culled. They apply to Voila's server extension in a single-user server."""
    try:
        from navalkit.cli import voila_options
    except ImportError:
        return FALLBACK_FLAGS
    wanted = ("--VoilaConfiguration.", "--MappingKernelManager.")
    flags, _ = voila_options(".")
    return [flag for flag in flags if flag.startswith(wanted)]


NOTEBOOKS = _env("NOTEBOOKS", "")
if not NOTEBOOKS:
    # the notebooks of the navalkit installed next to the hub: a wheel carries them inside the
    # package, a checkout has them next to it. The servers must see the same files (a local
    # spawner); otherwise set NAVALKIT_HUB_NOTEBOOKS to the folder as the servers see it.
    try:
        from navalkit._paths import notebooks_dir
        from navalkit.cli import voila_env
    except ImportError:
        sys.exit(
            "jupyterhub_config.py: navalkit is not installed next to the hub; install it "
            "(pip install 'navalkit[jupyter]') or set NAVALKIT_HUB_NOTEBOOKS to the notebooks "
            "folder the single-user servers see"
        )
    NOTEBOOKS = str(notebooks_dir())
    # a source checkout's page template is not under <prefix>/share/jupyter: put it on the path
    c.Spawner.environment.update(voila_env())

c.Spawner.notebook_dir = NOTEBOOKS
c.Spawner.default_url = f"/voila/render/{WELCOME_PAGE}"
c.Spawner.args = [
    *_classroom_flags(),
    # navalkit's protections in the server (navalkit.serving): a page's malformed websocket
    # frames refused, the waits for a kernel's replies rechecked (a page never finished
    # loading when a reply's wake-up was lost), and no MathJax from a CDN (the standalone
    # ``navalkit serve`` loads none either: Voila's server extension would otherwise ask
    # cdnjs.cloudflare.com for it on every page)
    "--ServerApp.jpserver_extensions=navalkit.serving=True",
    # a server whose kernels are all gone (tabs closed, kernels culled) stops by itself
    f"--ServerApp.shutdown_no_activity_timeout={CULL_TIMEOUT}",
]
# Voila's server extension also reads voila.json / voila.py from the Jupyter config path and
# the server's working folder (the student's home), and those override the flags above.

# The teacher's controls (every hand, the seats) appear on a page opened with
# ``?teacher=<key>`` in a server that holds the key: give it to the admins' servers only.
TEACHER_KEY = _env("TEACHER_KEY", "")
if TEACHER_KEY:

    def _teacher_key(spawner: Any) -> str:
        return TEACHER_KEY if spawner.user.admin else ""

    c.Spawner.environment.update({"NAVALKIT_TEACHER_KEY": _teacher_key})

# Memory per student (docs/jupyterhub.md, measured 2026-11-25): the student's server is about
# 180 MB RSS and each page open in it a kernel of about 90 MB, so one student on a play page
# uses about 270 MB, 360 MB for the minute the welcome page's kernel lingers. The guarantee
# covers that; the limit leaves room for several pages. LocalProcessSpawner ignores both;
# SystemdSpawner and DockerSpawner enforce the limit, KubeSpawner both.
c.Spawner.mem_limit = _env("MEM_LIMIT", "1G")
c.Spawner.mem_guarantee = _env("MEM_GUARANTEE", "384M")
# a class logging in at once: give slow machines time to start the servers
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60

# --- stopping idle servers ----------------------------------------------------------------

if CULL_TIMEOUT > 0 and importlib.util.find_spec("jupyterhub_idle_culler") is not None:
    # the hub stops servers with no activity (no page opened, no move played) for CULL_TIMEOUT
    c.JupyterHub.load_roles = [
        {
            "name": "jupyterhub-idle-culler-role",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["jupyterhub-idle-culler-service"],
        }
    ]
    c.JupyterHub.services = [
        {
            "name": "jupyterhub-idle-culler-service",
            "command": [
                sys.executable,
                "-m",
                "jupyterhub_idle_culler",
                f"--timeout={CULL_TIMEOUT}",
                f"--cull-every={max(60, CULL_TIMEOUT // 6)}",
            ],
        }
    ]
