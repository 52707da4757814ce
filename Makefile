# Dual Powers: Revolution 1917 -- developer tasks.
#
#   make venv      create $(VENV) (only if it is missing)
#   make install   editable install with the `lab` extra
#   make lab       open the course (notebooks/00_learn.ipynb) in JupyterLab; Ctrl+C stops it
#                  (extra arguments for JupyterLab: make lab LAB_ARGS='--port=9999 --no-browser')
#   make test      editable install with the `test` extra, then pytest on three worker
#                  processes (pytest-xdist; PYTEST_JOBS=0 runs serially in one process)
#                  (extra arguments: make test PYTEST_ARGS='-m "not binder" -x')
#   make bench     print the speed figures (engine, drawing, advisor, simulations)
#   make measure   measure player strength and solo difficulty, copy the tables into README.md
#                  (about an hour on 2 cores; see benchmarks/strength.py)
#   make notebooks write the French and Italian notebooks from the English ones, then re-run
#                  every notebook and store its outputs (so they show without a kernel)
#   make clean     remove build artefacts, caches and stamp files (keeps $(VENV))

VENV        ?= .venv
PYTHON      ?= python3
PYTEST_ARGS ?=
LAB_ARGS    ?=
# pytest-xdist workers for `make test`: CI has two cores, but two workers keep them only
# about half busy (the browser tests wait on pages and servers), so three (docs/testing.md).
# Each file runs whole on one worker (pyproject's addopts, conftest.py).
# PYTEST_JOBS=0: one process, no workers.
PYTEST_JOBS ?= 3

VPY   := $(VENV)/bin/python
PIP   := $(VPY) -m pip
# -q keeps pip quiet on success; errors are still printed and fail the target.
PIP_INSTALL := $(PIP) install -q --disable-pip-version-check

# Stamp files: a re-run is a no-op until pyproject.toml, the files an install copies into
# the environment (Voila's template and configuration) or the venv change.
LAB_STAMP  := $(VENV)/.stamp-install-lab
TEST_STAMP := $(VENV)/.stamp-install-test
INSTALLED  := pyproject.toml $(wildcard share/jupyter/voila/templates/dualpowers/*) \
              $(wildcard jupyter-config/*)

# --allow-root only when running as root (e.g. in a container / CI).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root,)
# Where Linux's setpriv is found, JupyterLab gets SIGTERM when make ends (make ends at
# once on SIGTERM, and would otherwise leave the server running without it).
DIE_WITH_MAKE := $(if $(shell command -v setpriv 2>/dev/null),setpriv --pdeathsig TERM,)
# The notebook a beginner starts with (the README says so too).
START_NOTEBOOK := notebooks/00_learn.ipynb

.PHONY: venv install lab test bench measure notebooks clean

venv: $(VPY)

$(VPY):
	$(PYTHON) -m venv $(VENV)

$(LAB_STAMP): $(INSTALLED) | $(VPY)
	@echo "Installing dualpowers and JupyterLab into $(VENV): the first install takes a couple of minutes."
	$(PIP) install --disable-pip-version-check --progress-bar on -e ".[lab]"
	@touch $@

# --no-compile: pip byte-compiles every module it installs, the test suites of pandas, pyarrow and
# the others included; the suite imports a small part of them, which Python compiles when first
# imported. Measured in a fresh venv (2026-11-28, load 11-13): 39.7 s of CPU with, 22.0 s without;
# importing the suite's main packages then took 5.2 s of CPU either way.
$(TEST_STAMP): $(INSTALLED) | $(VPY)
	$(PIP_INSTALL) --no-compile -e ".[test]"
	@touch $@

install: $(LAB_STAMP)

# default_url makes both the browser and the URL printed in the terminal open the course;
# answer_yes: one Ctrl+C stops the server (Jupyter would otherwise ask to confirm, and make
# would wait for it after the terminal had moved on).
lab: install
	@echo "Starting JupyterLab on the course (stop it with Ctrl+C)."
	$(DIE_WITH_MAKE) $(VENV)/bin/jupyter lab $(ALLOW_ROOT) --ServerApp.answer_yes=True \
	    --LabApp.default_url=/lab/tree/$(START_NOTEBOOK) $(LAB_ARGS)

test: $(TEST_STAMP)
	$(VPY) -m pytest -n $(PYTEST_JOBS) --durations=15 $(PYTEST_ARGS)

bench: $(TEST_STAMP)
	$(VPY) benchmarks/engine.py
	$(VPY) benchmarks/drawing.py
	$(VPY) benchmarks/advisor.py
	$(VPY) benchmarks/simulate.py

measure: $(TEST_STAMP)
	$(VPY) benchmarks/strength.py
	$(VPY) scripts/results_tables.py

notebooks: $(TEST_STAMP)
	$(VPY) scripts/translate_notebooks.py
	$(VPY) scripts/execute_notebooks.py

clean:
	rm -rf build dist *.egg-info .eggs .pytest_cache .hypothesis .ipynb_checkpoints \
	       htmlcov .coverage .coverage.* test-results test-output playwright-report
	find . \( -path ./.git -o -path ./$(VENV) \) -prune -o -type d \( -name __pycache__ \
	       -o -name .ipynb_checkpoints -o -name .pytest_cache -o -name '*.egg-info' \) \
	       -prune -exec rm -rf {} +
	rm -f $(LAB_STAMP) $(TEST_STAMP)
