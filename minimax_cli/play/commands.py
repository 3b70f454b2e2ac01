"""The play session's commands (hint, why, undo) and the end of a game: what they print, given
the sitting that holds the game, the AI and the console. `Sitting` says what they use of it;
minimax_cli.play.session's Session is one (this module does not import it: imports go one way)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from minimax_cli.answer.engine_review import Estimator, engine_judges
from minimax_cli.answer.policy import Choice, Thinker
from minimax_cli.answer.review import review_game
from minimax_cli.answer.thinks import think_report, why_report
from minimax_cli.core.game import CHANCE, MAX, AnyGame
from minimax_cli.core.i18n import _, language, ngettext
from minimax_cli.core.score import format_number
from minimax_cli.core.words import count, grouped
from minimax_cli.play import hints
from minimax_cli.play.claims import Verdict, claim_draw, list_moves, resign
from minimax_cli.play.config import PlayConfig, winners_words
from minimax_cli.play.review_words import review_words
from minimax_cli.reports.words import Party

COMMANDS = ("hint", "undo", "why", "board", "help", "quit", "moves", "draw", "resign")
#: The commands' names in other languages (the first for each command is the one shown), taken in
#: every language so that a script means the same whatever the locale.
LOCAL_COMMANDS = {
    "es": {"pista": "hint", "deshacer": "undo", "por qué": "why", "porqué": "why",
           "por que": "why", "porque": "why", "tablero": "board", "ayuda": "help",
           "salir": "quit", "jugadas": "moves", "tablas": "draw",
           "abandonar": "resign"},
}
ALIASES = {"q": "quit", "exit": "quit", "?": "help", "h": "help",
           **{word: command for words in LOCAL_COMMANDS.values() for word, command in words.items()}}


class Sitting(Protocol):
    """What the commands use of a play session: the game and its history (`states[i]` before
    `moves[i]`), the AI (`thinker`, and `analyses`: how it chose its move at each ply), the
    console and how the words name the players."""

    game: AnyGame
    config: PlayConfig
    console: Console
    names: tuple[str, ...]
    states: list[Any]
    moves: list[Any]
    analyses: dict[int, Choice]
    shown: int
    thinker: Thinker
    on_grid: bool
    verdict: Verdict | None

    @property
    def state(self) -> Any: ...

    def say(self, text: str, markup: bool = False) -> None: ...

    def who(self, player: int) -> str: ...

    def party(self, player: int) -> Party: ...

    def other(self, player: int) -> Party: ...

    def thinking(self, text: str) -> AbstractContextManager[None]: ...

    def stopped_by_ctrl_c(self) -> None: ...


def hint(session: Sitting) -> None:
    """Every move with its value for the player to move, best first, found within the AI's
    time budget."""
    game, state = session.game, session.state
    budget = session.config.policy.budget
    thought = session.thinker.hint(state, session.thinking(
        _("thinking about a hint (up to {budget} s; Ctrl-C: stop)…").format(
            budget=f"{budget:g}")))
    if thought.interrupted:  # the hint is abandoned: the prompt comes back
        session.stopped_by_ctrl_c()
        session.say(_("(Ctrl-C stopped the hint; Ctrl-C again quits.)"))
        return
    player = game.to_move(state)
    table, line = hints.hint_view(game, state, think_report(game, state, thought),
                                  session.party(player), session.other(player),
                                  session.names[player])
    if table is not None:
        session.console.print(table)
    if line is not None:
        session.say(line)
    if len(thought.result.pv) > 1:  # the principal variation, when the search has one
        session.say(_("expected line: {moves}").format(moves=spoken_line(game, state,
                                                                         thought.result.pv)))


def spoken_line(game: AnyGame, state: Any, moves: Any) -> str:
    """`moves` played on from `state`, each as the interface's reader is shown it."""
    said = []
    for move in moves:
        said.append(game.spoken_move(state, move))
        state = game.play(state, move)
    return " ".join(said)

def why(session: Sitting) -> None:
    """The AI's last move in this game explained: the move it played, the line it expects
    from that move on, and its moves table."""
    plies = [i for i in session.analyses if i < len(session.moves)]
    if not plies:
        session.say(_("the AI has not moved yet in this game"))
        return
    ply = max(plies)
    state, choice = session.states[ply], session.analyses[ply]
    with session.thinking(_("working out the line after the AI's move…")):
        line = session.thinker.line(state, choice.thought, choice.move)
    player = session.game.to_move(state)
    # A ply is a player's move: the chance outcomes before it are not counted.
    number = sum(session.game.to_move(s) != CHANCE for s in session.states[:ply + 1])
    why = why_report(session.game, state, number, choice, line, session.config.policy)
    session.console.print(hints.why_view(session.game, state, why, session.party(player),
                                         session.other(player), session.names[player]))

def undo(session: Sitting) -> None:
    """Take back the last full turn: the human's last move and the AI's replies after it."""
    human_turns = [i for i in range(len(session.states) - 1)
                   if session.game.to_move(session.states[i]) != CHANCE
                   and not session.config.ai[session.game.to_move(session.states[i])]]
    if not human_turns:
        session.say(_("nothing to undo"))
        return
    keep = human_turns[-1]
    game = session.game
    # A chance outcome is nobody's move: named as it is, and counted apart from the plies.
    taken = [game.format_move(s, m) if game.to_move(s) == CHANCE else
             session.party(game.to_move(s)).move_of(game.format_move(s, m))
             for s, m in zip(session.states[keep:-1], session.moves[keep:], strict=True)]
    outcomes = sum(game.to_move(s) == CHANCE for s in session.states[keep:-1])
    del session.states[keep + 1:]
    del session.moves[keep:]
    # One form in English; the plural picks the verb's number in other languages (Spanish).
    session.say(ngettext("took back {plies} ({moves})", "took back {plies} ({moves})",
                         len(taken)).format(plies=plies_words(len(taken) - outcomes, outcomes),
                                            moves=", ".join(taken)))
    session.shown = -1


def plies_words(plies: int, outcomes: int) -> str:
    """`4 plies`, or with chance `4 plies and 4 chance outcomes`: a ply is a player's move."""
    words = count(plies, "ply")
    if not outcomes:
        return words
    return _("{plies} and {outcomes}").format(plies=words, outcomes=ngettext(
        "{count} chance outcome", "{count} chance outcomes", outcomes).format(
        count=grouped(outcomes)))

def summary(session: Sitting) -> None:
    """The game's result after how many plies (players' moves; chance outcomes counted apart),
    then the review."""
    game, console = session.game, session.console
    value = session.verdict.value if session.verdict is not None else game.outcome(session.state)
    assert value is not None
    if len(session.names) != 2:
        verdict = _("game over: {result}").format(result=winners_words(game, session.state))
    elif not game.win_loss:
        verdict = _("game over: value {value} (MAX's view)").format(
            value=format_number(value))
    elif value == 0:
        verdict = _("game over: a draw")
    else:
        verdict = _("game over: {player} wins").format(
            player=session.who(MAX if value > 0 else 1 - MAX))
    outcomes = sum(game.to_move(state) == CHANCE for state in session.states[:-1])
    plies = plies_words(len(session.moves) - outcomes, outcomes)
    session.say(_("{verdict} after {plies}").format(
        verdict=f"[bold]{escape(verdict)}[/]", plies=plies), markup=True)
    if not session.config.review:
        return
    estimator = _estimator(session)
    if engine_judges(game) and any(game.to_move(state) in (estimator.players or ())
                                   for state in session.states[:-1]):
        console.print(_("(the engine reviews your moves: at most {seconds} s; Ctrl-C stops "
                        "it)").format(seconds=f"{estimator.budget()[1]:g}"), style="dim")
    try:
        review = review_game(game, session.states[:-1], session.moves, estimator=estimator)
    except KeyboardInterrupt:
        session.stopped_by_ctrl_c()
        session.say(_("(Ctrl-C stopped the review; Ctrl-C again quits.)"))
        return
    names = [session.who(player) for player in range(len(session.names))]
    lines, note = review_words(game, review, names, session.on_grid)
    for line in lines:
        session.say(line)
    if note is not None:
        console.print(note, style="dim")


def _estimator(session: Sitting) -> Estimator:
    """The engine review's request: the humans' moves (every player's when no one is the AI),
    judged with the AI's evaluation and, when its algorithm is the engine's, its switches."""
    config, policy = session.config, session.config.policy
    humans = [player for player, ai in enumerate(config.ai) if not ai]
    return Estimator.of_ai(humans, policy.evaluator, policy.algorithm, policy.engine)


def command_names() -> tuple[str, ...]:
    """The commands as the interface's language names them (for Tab completion)."""
    return tuple(command_name(command) for command in COMMANDS)


def command_name(command: str) -> str:
    """`help`, or its name in the interface's language (`ayuda`)."""
    words = LOCAL_COMMANDS.get(language(), {})
    return next((word for word, meant in words.items() if meant == command), command)



#: The commands that act on the sitting alone (the session draws `board` and `help` itself).
ACTIONS: dict[str, Callable[[Any], None]] = {
    "hint": hint, "why": why, "undo": undo, "moves": list_moves, "draw": claim_draw,
    "resign": resign}
