"""The same legal moves as pydraughts (PyPI, an independent implementation) on
International, English, Russian and Frisian positions along random games."""

import random

import pytest

import polydame

draughts = pytest.importorskip("draughts")

# polydame's variant, pydraughts' name for it.
PAIRS = [("international", "standard"), ("english", "english"), ("russian", "russian"), ("frisian", "frisian")]


def russian_square(number):
    """pydraughts numbers Russian squares from a1 = 1 along the rows (c1 = 2, ..., b2 = 5)."""
    row, k = divmod(int(number) - 1, 4)
    return "abcdefgh"[2 * k + row % 2] + str(row + 1)


def square(number, variant):
    return russian_square(number) if variant == "russian" else str(number)


def their_move(m, variant):
    """A pydraughts move as polydame tells moves apart: origin, destination, the squares
    taken (two routes that take the same pieces between the same squares are one move)."""
    parts = m.pdn_move.replace("x", "-").split("-")
    taken = tuple(sorted(square(c, variant) for c in (m.captures or [])))
    return square(parts[0], variant), square(parts[-1], variant), taken


@pytest.mark.parametrize(("variant", "theirs"), PAIRS)
def test_the_same_legal_moves_as_pydraughts(variant, theirs):
    rng = random.Random(7)
    positions = 0
    for _ in range(3):
        board = polydame.Board(variant)
        while not board.is_game_over() and board.ply < 80:
            peer = draughts.Board(variant=theirs, fen=board.fen)
            ours = sorted((m.from_square, m.to_square, tuple(sorted(m.captured))) for m in board.legal_moves)
            their = sorted({their_move(m, variant) for m in peer.legal_moves()})
            assert ours == their, f"{variant} {board.fen}"
            positions += 1
            board.push(rng.choice(board.legal_moves))
    assert positions > 100
