"""A notebook opened in JupyterLab shows no unsaved changes (issue 33).

Lab writes the started kernel's spec into the notebook's metadata; a notebook that stored
another spec was marked changed (the dot on its tab) the moment a learner opened it.  The
notebooks are opened as shipped, stored outputs and all, in each language.
"""

from __future__ import annotations

import shutil
import time

import pytest

from helpers import REPO_ROOT, open_notebook

pytestmark = pytest.mark.browser

OPENED = ("00_learn.ipynb", "fr/00_apprendre.ipynb", "it/05_consigliere.ipynb", "06_difficulty.ipynb")


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dp-as-shipped") / "notebooks"
    shutil.copytree(REPO_ROOT / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("name", OPENED)
def test_a_notebook_opens_without_unsaved_changes(page, lab, notebook_dir, name):
    before = (notebook_dir / name).read_bytes()
    open_notebook(page, lab, notebook_dir / name)
    time.sleep(2)                  # the kernel's info reply lands after the kernel is idle
    tab = page.locator(".lm-TabBar-tab.jp-mod-current")
    assert tab.count() == 1
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), f"{name} opens with unsaved changes"
    assert (notebook_dir / name).read_bytes() == before
