"""A PettingZoo AEC environment for any polydame variant.

>>> import polydame
>>> env = polydame.env("international")
>>> env.reset(seed=0)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.step(int(observation["action_mask"].nonzero()[0][0]))

Needs ``pettingzoo`` and ``gymnasium`` (``pip install polydame[env]``). The structure follows
PettingZoo's classic board games (``chess_v6``): ``env()`` gives the raw environment wrapped
in ``TerminateIllegalWrapper`` (an illegal action loses), ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``; ``raw_env`` is the bare ``AECEnv``.

Agents
    ``"white"`` and ``"black"``, always in that order in ``possible_agents``; the side the
    variant names first (``Variant.first``; Black in English draughts) moves first, and from
    then on ``agent_selection`` is always the side to move on the board.

Actions
    ``Discrete(Board.action_count)``: the exact action space of ``Board.move_actions``
    (``squares² + 3 × squares + kinds + 2`` actions). A move's first action is
    ``from × squares + to``; nearly every move is that one action. Where several legal
    moves share their first action (two captures with the same ends that take different
    pieces, a move that huffs one piece or another), the agent to move acts again, until its
    actions name one move (a leg of the path, a piece taken, a piece huffed): only then is
    the move played and the turn passed. ``agent_selection`` stays the same meanwhile, and
    the observation shows the actions chosen so far. No two legal moves share their
    actions, in any variant.

    With ``view="mover"`` (the default) Black's actions are seen from Black's side too:
    their squares go through ``Variant.turned_squares`` (``Variant.turned_actions`` maps an
    action of one view to the other). With ``view="white"`` both agents use White's
    squares.

Observations
    A dict: ``"observation"`` and ``"action_mask"``, both ``int8`` arrays.

    ``"observation"`` has one row ("plane") a channel and one column a square: shape
    ``(2 × kinds + 4 + counts, squares)`` with ``layout="flat"``, squares in
    ``Variant.squares`` order; with ``layout="grid"`` each row is laid out on the board's
    grid instead, shape ``(channels, height, width)``, square ``i`` at
    ``[row, column] = Variant.coordinates[i][::-1]`` (0 where no square is). The rows:

    * ``0 .. kinds-1``: the observing agent's own pieces, one row a kind in
      ``Variant.kinds`` order (``man``, ``king`` for most variants);
    * ``kinds .. 2·kinds-1``: the opponent's pieces, by kind in the same order;
    * ``2·kinds``: all ones when the observing agent is Black, all zeros for White;
    * ``2·kinds + 1``: the squares the agent to move has named in the actions chosen so far
      of the move it is spelling (origin, destination, legs); ``2·kinds + 2``: the pieces it
      has named as taken or huffed (both empty between moves);
    * ``2·kinds + 3``: every square holds how many times the position has stood earlier in
      the game (``Board.repetitions``, at most 127);
    * one row for each of the variant's move-count rules (``[[end.count]]``, ``counts`` of
      them, in file order): 0 while the rule's condition does not hold, else 1 + the
      half-moves it has counted (``Board.move_counts``), at most 127.

    With ``view="mover"`` (the default) Black sees the board turned: its own men move up
    the board as White's do (square ``i`` of its rows shows square
    ``Variant.turned_squares[i]``). With ``view="white"`` a square is the same column for
    both agents. In variants with stacks of pieces (Lasca, Bashni) only the piece on top of
    each square is shown.

    ``"action_mask"`` has one entry an action: 1 for each action that may come next. It is
    all zeros except for the agent to move in a game still going on.

Rewards
    +1 to the winner and -1 to the loser when the game ends with a win (by the variant's
    rules: no moves left, a goal reached, ...), 0 to both for a draw (repetition, move-count
    rules) and on every other step. An illegal action (through ``env()``) ends the game with
    -1 for the agent that took it and 0 for the other.

Termination and truncation
    Both agents terminate when the game is over (``Board.is_game_over()``); their ``info``
    then holds the outcome's ``"winner"``, ``"reason"`` code and ``"result"``. Both are
    truncated, with no reward, when ``max_plies`` half-moves have been played since the
    reset without an end (``max_plies=None``: never).

Reset options
    ``env.reset(options={"fen": "W:W31-50:B1-20"})`` starts from a position (in the
    variant's FEN) instead of the variant's start; other keys are ignored.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._core import Board, Variant

# How a game can be shown: "ansi" returns the board as text, "human" prints it.
RENDER_MODES = ["human", "ansi"]

__all__ = ["env", "raw_env"]

SIDES = ("white", "black")

# Whose side the board is seen from: Black's own ("mover"), or White's for both.
VIEWS = ("mover", "white")

# Observation rows as a row of squares ("flat") or laid out on the board's grid ("grid").
LAYOUTS = ("flat", "grid")

# The largest count an observation row holds (repetitions, move counts).
COUNT_CAP = 127


def env(
    variant: str | Variant = "international",
    render_mode: str | None = None,
    max_plies: int | None = 400,
    view: str = "mover",
    layout: str = "flat",
    **variant_options: Any,
) -> AECEnv:
    """The environment of ``variant`` (an id or a ``Variant``), wrapped as PettingZoo's
    classic games are: an illegal action ends the game with -1 for its agent, an action out
    of the action space is an error, and the API's call order is enforced.

    ``variant_options`` are the variant's options (``Variant(id, **options)``);
    ``max_plies`` truncates a game that has not ended after that many half-moves;
    ``view`` (``"mover"`` or ``"white"``) and ``layout`` (``"flat"`` or ``"grid"``) shape
    the observations and actions, as the module's documentation says.
    """
    environment = raw_env(
        variant, render_mode=render_mode, max_plies=max_plies, view=view, layout=layout, **variant_options
    )
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv, EzPickle):
    """A game of a polydame variant between the agents ``"white"`` and ``"black"``.

    See the module's documentation for the spaces, rewards and endings. ``board`` is the
    ``polydame.Board`` being played (a new one at each reset).
    """

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "polydame_v1",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | Variant = "international",
        render_mode: str | None = None,
        max_plies: int | None = 400,
        view: str = "mover",
        layout: str = "flat",
        **variant_options: Any,
    ):
        EzPickle.__init__(self, variant, render_mode, max_plies, view, layout, **variant_options)
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies is a positive number or None, not {max_plies!r}")
        if view not in VIEWS:
            raise ValueError(f"view is one of {list(VIEWS)}, not {view!r}")
        if layout not in LAYOUTS:
            raise ValueError(f"layout is one of {list(LAYOUTS)}, not {layout!r}")

        if isinstance(variant, Variant):
            if variant_options:
                raise TypeError("variant options go with a variant's id, not with a Variant")
            self.variant = variant
        else:
            self.variant = Variant(variant, **variant_options)
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.view = view
        self.layout = layout

        self.board = Board(self.variant)
        self._squares = len(self.variant.squares)
        self._kinds = len(self.variant.kinds)
        self._counts = len(self.board.move_counts)
        self._actions = self.board.action_count
        self._turned_squares = np.array(self.variant.turned_squares, dtype=np.intp)
        self._turned_actions = np.array(self.variant.turned_actions, dtype=np.intp)
        columns, rows = zip(*self.variant.coordinates)
        self._grid = (np.array(rows, dtype=np.intp), np.array(columns, dtype=np.intp))
        self._channels = 2 * self._kinds + 4 + self._counts
        if layout == "grid":
            observation_shape: tuple[int, ...] = (self._channels, max(rows) + 1, max(columns) + 1)
        else:
            observation_shape = (self._channels, self._squares)
        self._observation_shape = observation_shape

        self.possible_agents = list(SIDES)
        self.agents = self.possible_agents[:]
        self.action_spaces = {
            agent: spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=COUNT_CAP, shape=observation_shape, dtype=np.int8
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }

        self._fresh_state()

    def _fresh_state(self) -> None:
        """The state of a game not yet played: no rewards, no ending, the mover to move."""
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.board.turn
        self._truncated = False
        # The actions of the move being spelled, in White's squares.
        self._chosen: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same for both)."""
        return self.action_spaces[agent]

    def _turned(self, agent: str) -> bool:
        """Whether ``agent`` sees the board turned."""
        return self.view == "mover" and agent == "black"

    def _chosen_rows(self, turned: bool) -> np.ndarray:
        """The squares and the pieces taken named by the actions chosen so far."""
        rows = np.zeros((2, self._squares), dtype=np.int8)
        n = self._squares
        for action in self._chosen:
            if action < n * n:
                rows[0, [action // n, action % n]] = 1
            elif n * n < action <= n * n + 2 * n:
                rows[1, (action - n * n - 1) % n] = 1
            elif n * n + 2 * n < action <= n * n + 3 * n:
                rows[0, action - n * n - 1 - 2 * n] = 1
        return rows[:, self._turned_squares] if turned else rows

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The board from ``agent``'s side (own pieces first), the game's past, and the
        action mask."""
        if agent not in SIDES:
            raise KeyError(f"no agent {agent!r}; the agents are {list(SIDES)}")
        turned = self._turned(agent)
        planes = self.board.planes(turned=turned).astype(np.int8)  # [side (0 white)][kind][square]
        own, other = (planes[0], planes[1]) if agent == "white" else (planes[1], planes[0])
        n = self._squares
        colour = np.full((1, n), 1 if agent == "black" else 0, dtype=np.int8)
        mover = agent == self.board.turn
        chosen = self._chosen_rows(turned) if mover else np.zeros((2, n), dtype=np.int8)
        past = [min(self.board.repetitions, COUNT_CAP)]
        past += [0 if c is None else min(c + 1, COUNT_CAP) for c in self.board.move_counts]
        history = np.repeat(np.array(past, dtype=np.int8)[:, None], n, axis=1)
        observation = np.concatenate([own, other, colour, chosen, history])
        if self.layout == "grid":
            grid = np.zeros(self._observation_shape, dtype=np.int8)
            grid[:, self._grid[0], self._grid[1]] = observation
            observation = grid

        if mover and not self._truncated and not self.board.is_game_over():
            mask = self.board.legal_action_mask(self._chosen).astype(np.int8)
            if turned:
                mask = mask[self._turned_actions]
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from the variant's start, or from ``options["fen"]``.

        The game has no randomness: ``seed`` is accepted for the API and not used.
        """
        fen = (options or {}).get("fen")
        self.board = Board(self.variant, fen) if fen is not None else Board(self.variant)
        self.agents = self.possible_agents[:]
        self._fresh_state()
        if self.board.is_game_over():
            # A position with no game left (e.g. a side without moves) ends at once.
            self._end_game()
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | None) -> None:
        """Takes ``action`` for the agent to move: plays the move it completes, or keeps it
        as part of the move being spelled.

        The raw environment raises ``polydame.IllegalMove`` for an action no legal move has;
        ``env()``'s wrapper turns it into a loss before it gets here.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return

        if action is None:
            raise ValueError(f"{agent} is to move: its action is an action index, not None")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        action = int(action)
        if self._turned(agent) and 0 <= action < self._actions:
            action = int(self._turned_actions[action])
        move = self.board.move_from_actions(self._chosen + [action])
        if move is None:
            # More actions spell the move: the same agent acts again.
            self._chosen.append(action)
            self._accumulate_rewards()
            return
        self._chosen = []
        self.board.push(move)

        if self.board.is_game_over():
            self._end_game()
        elif self.max_plies is not None and self.board.ply >= self.max_plies:
            self._truncated = True
            self.truncations = dict.fromkeys(self.agents, True)

        self._accumulate_rewards()
        self.agent_selection = self.board.turn
        if self.render_mode == "human":
            self.render()

    def _end_game(self) -> None:
        """Terminates both agents with the game's outcome: ±1 for a win, 0 for a draw."""
        outcome = self.board.outcome()
        assert outcome is not None, "only an ended game ends"
        info = {"winner": outcome.winner, "reason": outcome.reason, "result": outcome.result}
        for agent in self.agents:
            self.terminations[agent] = True
            if outcome.winner is not None:
                self.rewards[agent] = 1 if agent == outcome.winner else -1
            self.infos[agent] = dict(info)

    def render(self) -> str | None:
        """The board as text: returned for ``"ansi"``, printed for ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render_mode; pass render_mode='ansi' or 'human'"
            )
            return None
        text = str(self.board)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the board lives in memory only."""
