"""Type stubs of polydame's native module (``polydame._core``).

Written by hand, and checked against the built module by ``mypy.stubtest``
(``python/tests/test_stubs.py``). The aliases whose names start with ``_`` are not in the
module: import them under ``typing.TYPE_CHECKING`` only.
"""

import os
from typing import Any, ClassVar, Literal, Optional, Sequence, SupportsIndex, Union, final

import numpy as np
import numpy.typing as npt
from typing_extensions import TypeAlias

__all__ = [
    "PolydameError",
    "VariantError",
    "IllegalMove",
    "InvalidFen",
    "BudgetExceeded",
    "variants",
    "MAX_VARIANT_BYTES",
    "MAX_NAME_BYTES",
    "MAX_NESTING",
    "MAX_PARTS",
    "MAX_FEN_BYTES",
    "MAX_MOVE_BYTES",
    "MAX_PDN_BYTES",
    "MAX_GAME_BYTES",
    "MAX_LINE_BYTES",
    "MAX_GAME_MOVES",
    "MAX_VARIATION_DEPTH",
    "MAX_PERFT_DEPTH",
    "MAX_PERFT_THREADS",
    "MAX_SEARCH_DEPTH",
    "WORK_STACK_BYTES",
    "Variant",
    "Board",
    "Move",
    "Outcome",
    "BestMove",
    "Engine",
    "PdnGame",
    "Verdict",
    "read_pdn",
    "validate",
    "best_move",
    "SelfPlayed",
    "self_play",
    "report",
]

_Side: TypeAlias = Literal["white", "black"]
"""A side, as the module names it."""
_Routes: TypeAlias = Literal["distinct", "paths", "landings"]
"""What ``Board.perft`` counts (as ``polydame perft --routes``)."""
_Source: TypeAlias = Union[str, bytes, os.PathLike[str]]
"""A record: a path, PDN text, or its bytes."""

MAX_VARIANT_BYTES: int
"""The longest variant file or text read, in bytes."""
MAX_NAME_BYTES: int
"""The longest variant id or path, option name and choice, in bytes."""
MAX_NESTING: int
"""The deepest an expression of a variant file nests parentheses."""
MAX_PARTS: int
"""The most parts an expression of a variant file joins with operators and commas."""
MAX_FEN_BYTES: int
"""The longest FEN a board is made from, in bytes."""
MAX_MOVE_BYTES: int
"""The longest text of a move read, in bytes."""
MAX_PDN_BYTES: int
"""The most PDN text (unpacked) and packed bytes one ``read_pdn`` or ``validate`` reads."""
MAX_GAME_BYTES: int
"""The longest game of a record, in bytes: a longer one is refused."""
MAX_LINE_BYTES: int
"""The longest line of a record, in bytes: the game it is in is refused."""
MAX_GAME_MOVES: int
"""The most moves of a game, variations included: a game with more is refused."""
MAX_VARIATION_DEPTH: int
"""The deepest a game nests variations: a deeper game is refused."""
MAX_PERFT_DEPTH: int
"""The deepest ``Board.perft``."""
MAX_PERFT_THREADS: int
"""The most threads of ``Board.perft``."""
MAX_SEARCH_DEPTH: int
"""The deepest search of ``best_move``."""
WORK_STACK_BYTES: int
"""The stack of the thread that reads, compiles and searches, in bytes."""

class PolydameError(ValueError):
    """What polydame refuses of what it is given (a variant, a move, a FEN, a position past the capture budget)."""

class VariantError(PolydameError):
    """A variant that cannot be loaded."""

    diagnostics: list[dict[str, Any]]
    """Each problem of the file: file, line, column, end_line, end_column, kind, message, label, help."""

class IllegalMove(PolydameError):
    """A move that is not legal in the position, or not a move."""

    code: str
    reason: str

class InvalidFen(PolydameError):
    """A FEN that cannot be read in the variant."""

    code: str
    column: int

class BudgetExceeded(PolydameError):
    """The capture search of a position passed the variant's budget."""

def variants() -> list[str]:
    """The ids of the shipped variants."""

@final
class Variant:
    """The compiled rules of a variant, shared by every board of it."""

    def __new__(cls, name: str, **options: str) -> Variant: ...
    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]], **options: str) -> Variant: ...
    @staticmethod
    def from_text(text: str, name: str = "<text>", **options: str) -> Variant: ...
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def squares(self) -> list[str]:
        """The squares' names in cell order (the planes' and the action index's order)."""
    @property
    def kinds(self) -> list[str]: ...
    @property
    def first(self) -> _Side: ...
    @property
    def options(self) -> list[tuple[str, list[str], str]]:
        """Each option: (name, choices, the choice made)."""
    def describe(self) -> str:
        """The rules in words (``polydame show``)."""
    @property
    def coordinates(self) -> list[tuple[int, int]]:
        """Each square's (column, row), in ``squares`` order."""
    @property
    def turned_squares(self) -> list[int]:
        """Square i of Black's view is square ``turned_squares[i]``."""
    @property
    def turned_actions(self) -> list[int]:
        """Each action seen from the other side (its own inverse)."""
    def __eq__(self, value: object, /) -> bool: ...
    # Not hashable: pyo3 leaves ``__hash__`` None for a class with ``__eq__`` and no ``__hash__``.
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Move:
    """A legal move; ``str(move)`` is how the variant writes it."""

    @property
    def from_square(self) -> str: ...
    @property
    def to_square(self) -> str: ...
    @property
    def path(self) -> list[str]:
        """Every square the piece stands on, origin first, destination last."""
    @property
    def captured(self) -> list[str]: ...
    @property
    def removed(self) -> list[str]:
        """Squares of the pieces taken off without being captured (huffing)."""
    @property
    def is_capture(self) -> bool: ...
    @property
    def is_drop(self) -> bool:
        """Whether it places pieces from the hand (``path``: where, in order)."""
    @property
    def promotes(self) -> bool: ...
    def __hash__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[_Side]: ...
    @property
    def reason(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def result(self) -> str: ...

@final
class Board:
    """A game of a variant: the position reached and its history."""

    def __new__(cls, variant: Union[Variant, str], fen: Optional[str] = None) -> Board: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def legal_moves(self) -> list[Move]: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def pop(self) -> Move: ...
    @property
    def move_stack(self) -> list[Move]: ...
    def is_legal(self, move: Union[Move, str]) -> bool: ...
    @property
    def fen(self) -> str: ...
    @property
    def turn(self) -> _Side: ...
    @property
    def ply(self) -> int: ...
    def piece_at(self, square: Union[str, int]) -> Optional[tuple[_Side, str]]: ...
    def outcome(self) -> Optional[Outcome]: ...
    def is_game_over(self) -> bool: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Board: ...
    def perft(self, depth: SupportsIndex, routes: _Routes = "distinct", threads: Optional[SupportsIndex] = None) -> int:
        """Leaves ``depth`` plies deep (at most ``MAX_PERFT_DEPTH``; threads at most ``MAX_PERFT_THREADS``); Ctrl-C stops it."""
    def svg(self, last_move: bool = True, size: Optional[SupportsIndex] = None) -> str:
        """The board as SVG; the last move marked unless ``last_move=False``; ``size`` pixels wide."""
    def _repr_svg_(self) -> str: ...
    def pdn(self, tags: Optional[dict[str, str]] = None) -> str: ...
    def planes(self, turned: bool = False) -> npt.NDArray[np.uint8]:
        """Shape (2, kinds, squares): [side (0 White)][kind][square]; squares seen from
        Black's side when ``turned``."""
    def move_index(self, move: Union[Move, str]) -> int:
        """A move's first action (``from × squares + to``)."""
    def move_actions(self, move: Union[Move, str]) -> list[int]:
        """The actions that spell a legal move here (one for nearly every move)."""
    def move_from_actions(self, actions: Sequence[SupportsIndex]) -> Optional[Move]:
        """The move the actions spell, or None while more are needed."""
    def move_from_index(self, index: SupportsIndex) -> Move: ...
    @property
    def action_count(self) -> int: ...
    def legal_action_mask(self, actions: Sequence[SupportsIndex] = ...) -> npt.NDArray[np.uint8]:
        """1 for each action that may come after ``actions``."""
    @property
    def repetitions(self) -> int:
        """How many times the position reached stood earlier in the game."""
    @property
    def move_counts(self) -> list[Optional[int]]:
        """Each move-count rule's half-moves counted (None: its condition does not hold)."""

@final
class BestMove:
    """What the player found."""

    @property
    def move(self) -> Optional[Move]: ...
    @property
    def score(self) -> int: ...
    @property
    def line(self) -> list[str]: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...

def best_move(
    board: Board,
    depth: Optional[SupportsIndex] = None,
    time: Optional[float] = None,
    seed: int = 0,
    weights: Union[str, os.PathLike[str], None] = None,
) -> BestMove: ...

@final
class Engine:
    """A player that keeps its transposition table from one move of a game to the next."""

    def __new__(cls, weights: Union[str, os.PathLike[str], None] = None, seed: int = 0) -> Engine: ...
    def best_move(self, board: Board, depth: Optional[SupportsIndex] = None, time: Optional[float] = None) -> BestMove: ...
    def new_game(self) -> None: ...

@final
class PdnGame:
    """A game as written."""

    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def variations(self) -> list[tuple[Optional[int], int, list[str]]]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def line(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def refused(self) -> Optional[str]:
        """Why the game was refused unread (then it has no moves), or None."""
    def tag(self, name: str) -> Optional[str]: ...

@final
class Verdict:
    """The verdict on one game of a record."""

    @property
    def game(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def variant(self) -> Optional[str]: ...
    @property
    def valid(self) -> bool: ...
    @property
    def plies(self) -> int: ...
    @property
    def error(self) -> Optional[dict[str, Any]]: ...
    @property
    def variation_errors(self) -> list[dict[str, Any]]: ...
    @property
    def warnings(self) -> list[tuple[str, str]]: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def judgement(self) -> str: ...
    def __new__(
        cls,
        game: int,
        line: int,
        variant: Optional[str],
        valid: bool,
        plies: int,
        error: Optional[dict[str, Any]],
        variation_errors: list[dict[str, Any]],
        warnings: list[tuple[str, str]],
        tags: list[tuple[str, str]],
        judgement: str,
    ) -> Verdict: ...

def read_pdn(source: _Source) -> list[PdnGame]: ...
def validate(source: _Source, variant: Union[Variant, str, None] = None) -> list[Verdict]: ...

@final
class SelfPlayed:
    """One game the player played against itself."""

    @property
    def variant(self) -> Variant: ...
    @property
    def index(self) -> int: ...
    @property
    def pdn(self) -> str: ...
    @property
    def result(self) -> str: ...
    @property
    def opening(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    def __new__(cls, variant: Variant, index: int, pdn: str, result: str, opening: int, nodes: int) -> SelfPlayed: ...

def self_play(
    variant: Union[Variant, str], index: int, depth: int = 4, opening_plies: int = 4, seed: int = 1, max_plies: int = 400
) -> SelfPlayed: ...
def report(
    variants: Sequence[tuple[str, Sequence[SelfPlayed]]], depth: int = 4, opening_plies: int = 4, seed: int = 1, max_plies: int = 400
) -> tuple[str, str, str]:
    """(json, html, text) of the designer's report."""
