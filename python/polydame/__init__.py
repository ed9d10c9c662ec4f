"""polydame: every checkers/draughts variant from a description file.

>>> import polydame
>>> board = polydame.Board("international")
>>> board.push("32-28")
Move('32-28')
>>> len(board.legal_moves)
9

The rules, the move generation and the player are polydame's Rust library; this package is
a thin layer over it (``polydame._core``). ``polydame.env`` is a PettingZoo environment
(``pip install polydame[env]``), ``polydame.distributed`` runs perft, matches and
validation as Ray tasks (``pip install polydame[distributed]``). The ``MAX_*`` constants are
the limits of what the package reads and does (docs/python.md lists them).
"""

from ._core import (
    MAX_FEN_BYTES,
    MAX_GAME_BYTES,
    MAX_GAME_MOVES,
    MAX_LINE_BYTES,
    MAX_MOVE_BYTES,
    MAX_NAME_BYTES,
    MAX_NESTING,
    MAX_PARTS,
    MAX_PDN_BYTES,
    MAX_PERFT_DEPTH,
    MAX_PERFT_THREADS,
    MAX_SEARCH_DEPTH,
    MAX_VARIANT_BYTES,
    MAX_VARIATION_DEPTH,
    WORK_STACK_BYTES,
    BestMove,
    Board,
    Engine,
    BudgetExceeded,
    IllegalMove,
    InvalidFen,
    Move,
    Outcome,
    PdnGame,
    PolydameError,
    SelfPlayed,
    Variant,
    VariantError,
    Verdict,
    best_move,
    read_pdn,
    report,
    self_play,
    validate,
    variants,
)

__all__ = [
    "MAX_FEN_BYTES",
    "MAX_GAME_BYTES",
    "MAX_GAME_MOVES",
    "MAX_LINE_BYTES",
    "MAX_MOVE_BYTES",
    "MAX_NAME_BYTES",
    "MAX_NESTING",
    "MAX_PARTS",
    "MAX_PDN_BYTES",
    "MAX_PERFT_DEPTH",
    "MAX_PERFT_THREADS",
    "MAX_SEARCH_DEPTH",
    "MAX_VARIANT_BYTES",
    "MAX_VARIATION_DEPTH",
    "WORK_STACK_BYTES",
    "BestMove",
    "Board",
    "BudgetExceeded",
    "Engine",
    "IllegalMove",
    "InvalidFen",
    "Move",
    "Outcome",
    "PdnGame",
    "PolydameError",
    "SelfPlayed",
    "Variant",
    "VariantError",
    "Verdict",
    "best_move",
    "env",
    "read_pdn",
    "report",
    "self_play",
    "validate",
    "variants",
    "write_pdn",
]


def write_pdn(boards, tags=None):
    """The games of ``boards`` (one Board or several) as one PDN text, each with ``tags``
    (a dict, or one dict a board)."""
    if isinstance(boards, Board):
        boards = [boards]
    if isinstance(boards, (str, bytes)):
        raise TypeError(f"write_pdn takes a Board or an iterable of Boards, not {type(boards).__name__}")
    boards = list(boards)
    for b in boards:
        if not isinstance(b, Board):
            raise TypeError(f"write_pdn takes Boards, not {type(b).__name__}")
    if tags is None or isinstance(tags, dict):
        tags = [tags] * len(boards)
    return "\n".join(board.pdn(t) for board, t in zip(boards, tags))


def env(variant="international", **kwargs):
    """A PettingZoo AEC environment of ``variant`` (see ``polydame.environment``)."""
    from .environment import env as make

    return make(variant, **kwargs)
