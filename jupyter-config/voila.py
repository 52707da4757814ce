# Voila's configuration for the dualpowers notebooks.  The package installs this file into
# the environment's etc/jupyter, where `voila` and JupyterLab's /voila/render read it.
c = get_config()  # noqa: F821 (traitlets provides get_config in a configuration file)

# The project's page template: Voila's lab page without requests to a CDN.
c.VoilaConfiguration.template = "dualpowers"
# A page loads the JupyterLab extensions it draws with, and no others: every extension installed in
# the environment (the notebook's lab extension, the syntax highlighter, a teacher's own) costs each
# learner's browser its scripts (docs/classroom.md, "Where a page's time goes").  The widgets'
# manager (ipywidgets' and Voila's own for ipywidgets 8), ipycanvas for the board, anywidget for
# the board's view probe.
c.VoilaConfiguration.extension_allowlist = [
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "ipycanvas",
    "anywidget",
]
# A notebook is an app: its cells tagged "notebook-only" (how to run it in JupyterLab, the
# sections for programmers) are not run, and the template does not show them (no prelaunch
# hook: Voila refuses one with pre-heated kernels).
c.VoilaExecutor.skip_cells_with_tag = "notebook-only"
# A classroom (docs/classroom.md): `voila NOTEBOOK --preheat_kernel=True --pool_size=N` keeps
# N kernels that have run the notebook waiting.  This kernel manager gives a kernel taken from
# the pool the idle time before it may be culled (it had been idle since it ran the notebook,
# and the culler shut it down before the learner's page connected).
c.VoilaConfiguration.multi_kernel_manager_class = "dualpowers.voila_app.KernelManager"
# Refill the pool once a burst of learners is served, not while their pages load.
c.VoilaKernelManager.fill_delay = 20
# A kernel busy with other pages may send a cell's output late: wait for it rather than
# leave the page without its board (nbclient's default is 4 s).
c.VoilaExecutor.iopub_timeout = 60
# The kernel of a page that was closed is shut down after two idle minutes.
c.MappingKernelManager.cull_idle_timeout = 120
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
