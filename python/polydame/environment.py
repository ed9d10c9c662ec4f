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
    ``Discrete(squares² + 1)``, the indices of ``Board.move_index``: ``from × squares + to``,
    the squares counted in ``Variant.squares`` order, and ``squares²`` for a pass. Two legal
    captures with the same origin and destination (different pieces taken on the way) share
    one index; the action plays the first of them in ``Board.legal_moves`` order
    (``Board.move_from_index``), so the other cannot be chosen.

Observations
    A dict: ``"observation"`` and ``"action_mask"``, both ``int8`` arrays of 0 and 1.

    ``"observation"`` has shape ``(2 × kinds + 1, squares)``, one row ("plane") a channel
    and one column a square, in ``Variant.squares`` order:

    * rows ``0 .. kinds-1``: the observing agent's own pieces, one row a kind in
      ``Variant.kinds`` order (``man``, ``king`` for most variants);
    * rows ``kinds .. 2·kinds-1``: the opponent's pieces, by kind in the same order;
    * row ``2·kinds``: all ones when the observing agent is Black, all zeros for White.

    This is ``Board.planes()`` with its side axis swapped for Black, flattened to channels,
    and the colour plane added. The board is **not** rotated or mirrored for Black: a
    square is the same column for both agents, so own men move towards the top of the
    board for White and towards the bottom for Black; the colour plane tells which. In
    variants with stacks of pieces (Lasca, Bashni) only the piece on top of each square is
    shown.

    ``"action_mask"`` has one entry an action: 1 where a legal move has that index. It is
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


def env(
    variant: str | Variant = "international",
    render_mode: str | None = None,
    max_plies: int | None = 400,
    **variant_options: Any,
) -> AECEnv:
    """The environment of ``variant`` (an id or a ``Variant``), wrapped as PettingZoo's
    classic games are: an illegal action ends the game with -1 for its agent, an action out
    of the action space is an error, and the API's call order is enforced.

    ``variant_options`` are the variant's options (``Variant(id, **options)``);
    ``max_plies`` truncates a game that has not ended after that many half-moves.
    """
    environment = raw_env(variant, render_mode=render_mode, max_plies=max_plies, **variant_options)
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
        "name": "polydame_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | Variant = "international",
        render_mode: str | None = None,
        max_plies: int | None = 400,
        **variant_options: Any,
    ):
        EzPickle.__init__(self, variant, render_mode, max_plies, **variant_options)
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies is a positive number or None, not {max_plies!r}")

        if isinstance(variant, Variant):
            if variant_options:
                raise TypeError("variant options go with a variant's id, not with a Variant")
            self.variant = variant
        else:
            self.variant = Variant(variant, **variant_options)
        self.render_mode = render_mode
        self.max_plies = max_plies

        self.board = Board(self.variant)
        self._squares = len(self.variant.squares)
        self._kinds = len(self.variant.kinds)
        self._actions = self.board.action_count

        self.possible_agents = list(SIDES)
        self.agents = self.possible_agents[:]
        self.action_spaces = {
            agent: spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        observation_shape = (2 * self._kinds + 1, self._squares)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=1, shape=observation_shape, dtype=np.int8
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

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same for both)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The board from ``agent``'s side (own pieces first) and its action mask."""
        if agent not in SIDES:
            raise KeyError(f"no agent {agent!r}; the agents are {list(SIDES)}")
        planes = self.board.planes()  # [side (0 white)][kind][square]
        own, other = (planes[0], planes[1]) if agent == "white" else (planes[1], planes[0])
        colour = np.full((1, self._squares), 1 if agent == "black" else 0, dtype=np.int8)
        observation = np.concatenate([own.astype(np.int8), other.astype(np.int8), colour])

        if agent == self.board.turn and not self._truncated and not self.board.is_game_over():
            mask = self.board.legal_action_mask().astype(np.int8)
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
        """Plays the move with action index ``action`` for the agent to move.

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
        self.board.push(self.board.move_from_index(int(action)))

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
