"""What a notebook is as a Voila app, and how one Voila server serves a classroom.

A notebook of this project opens with how to run it in JupyterLab and has sections for
programmers; those cells are tagged ``notebook-only``.  The ``voila.py`` the package installs
into the environment's ``etc/jupyter`` has Voila skip them (``VoilaExecutor.skip_cells_with_tag``)
and the page template leave them out, so they are neither run nor shown: the app paints its
board without first playing the programmers' example games.  (A ``prelaunch_hook`` did this
before; Voila refuses one together with pre-heated kernels.)

For a classroom, Voila keeps kernels that have already run the notebook waiting in a pool
(``voila NOTEBOOK --preheat_kernel=True --pool_size=N``, docs/classroom.md), so a learner's
page is served at once.  Voila never culls a kernel waiting in its pool; but one taken from the
pool has been idle since it ran the notebook, so Voila's culler would shut it down at its next
pass if that came before the learner's page had connected to it (measured: culled at once,
"18 seconds of inactivity").  :class:`KernelManager` is Voila's kernel manager with one change:
a kernel is culled only once it has been out of the pool (or alive, for a kernel started for a
page) for the idle time at least.
"""

from __future__ import annotations

import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["NOTEBOOK_ONLY", "KernelManager"]

#: The cell tag of what a Voila app leaves out.
NOTEBOOK_ONLY = "notebook-only"


class KernelManager(AsyncMappingKernelManager):
    """Voila's kernels, culled as configured, but never before ``cull_idle_timeout`` has passed
    since the culler first saw them out of a pre-heated pool (Voila spares those in it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._free_since: dict[str, float] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        now = time.monotonic()
        for gone in set(self._free_since) - set(self._kernels):
            del self._free_since[gone]
        if now - self._free_since.setdefault(kernel_id, now) >= self.cull_idle_timeout:
            await super().cull_kernel_if_idle(kernel_id)
