"""The hand-written stubs (``polydame/_core.pyi``) against the built module: mypy's
``stubtest`` imports ``polydame._core`` and reports every name, signature, class marker or
``__all__`` entry of the one that the other does not have (as pydantic-core's Makefile runs
it on its own stubs). The stubs read are this source tree's, the module the installed one.

It needs mypy (in the ``test`` extra): without it the test is skipped, unless
``POLYDAME_STUBTEST=required`` (as .ci/run sets it), when it fails.
"""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

# The package's source folder: mypy reads the stubs from it (MYPYPATH comes before the
# installed package).
SOURCE = pathlib.Path(__file__).resolve().parents[1]


def test_the_stubs_are_the_native_module(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("POLYDAME_STUBTEST") == "required":
            pytest.fail("POLYDAME_STUBTEST=required, and mypy is not installed: pip install './python[test]'")
        pytest.skip("mypy is not installed (pip install './python[test]'): the stubs are not checked")
    # stubtest takes no --ignore-missing-imports: a config says it. PettingZoo (imported by
    # polydame.environment, which mypy follows from polydame.env) has no type information.
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n")
    env = dict(os.environ, MYPYPATH=str(SOURCE))
    # Run from an empty folder: the module imported is the installed one, never a source
    # folder's (which has no native module), and mypy's files stay out of the tree.
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "polydame._core", "--mypy-config-file", str(config)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if run.returncode != 0:
        pytest.fail(f"stubtest finds python/polydame/_core.pyi untrue to the module:\n{run.stdout}{run.stderr}", pytrace=False)
