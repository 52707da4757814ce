# Voila's configuration for the dualpowers notebooks.  The package installs this file into
# the environment's etc/jupyter, where `voila` and JupyterLab's /voila/render read it.
c = get_config()  # noqa: F821 (traitlets provides get_config in a configuration file)

# The project's page template: Voila's lab page without requests to a CDN.
c.VoilaConfiguration.template = "dualpowers"
# A notebook is an app: its cells tagged "notebook-only" (how to run it in JupyterLab, the
# sections for programmers) are left out, neither shown nor run.
from dualpowers.voila_app import drop_notebook_only  # noqa: E402

c.VoilaConfiguration.prelaunch_hook = drop_notebook_only
# A kernel busy with other pages may send a cell's output late: wait for it rather than
# leave the page without its board (nbclient's default is 4 s).
c.VoilaExecutor.iopub_timeout = 60
# The kernel of a page that was closed is shut down after two idle minutes.
c.MappingKernelManager.cull_idle_timeout = 120
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
