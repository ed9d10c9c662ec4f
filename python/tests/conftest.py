"""Shared fixtures: the command line to compare with (``POLYDAME_BIN``, set by the
Rust test that runs this suite; otherwise ``target/release/polydame`` if it is built)."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def polydame_bin():
    """The polydame command line, or the test is skipped."""
    path = os.environ.get("POLYDAME_BIN") or str(ROOT / "target" / "release" / "polydame")
    if not os.path.isfile(path):
        pytest.skip("the polydame command line is not built (cargo build --release, or set POLYDAME_BIN)")
    return path
