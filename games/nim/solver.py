"""Nim solved by Bouton's theorem: every position's value and every move's, with the nim-sum
in the explanation. Loaded only when a solve, a hint or the AI asks for it."""

from __future__ import annotations

from games.heaps import size_text
from games.nim.moves import Heaps, NimMove, NimMoves, NimState, leaves_lost, mover_wins, nim_sum
from minimax_cli.core.game import Game, SearchError
from minimax_cli.core.i18n import M_, Joined, Message, Value, Words, _, nM_
from minimax_cli.core.params import grouped, quote
from minimax_cli.core.result import MoveValue
from minimax_cli.core.score import PovScore, Score
from minimax_cli.core.solver import ExactSolver, Progress, Solution


class NimSolver(ExactSolver[NimState, NimMove]):
    """Every Nim position solved by Bouton's theorem: the value and every move's value, with the
    nim-sum of the position in the explanation. No game lengths: a score's plies are given only
    where the game ends at once."""

    def __init__(self, game: Game[NimState, NimMove], misere: bool, max_listed_moves: int) -> None:
        self.game = game  # for the moves' names in the explanation
        self.misere = misere
        self.max_listed_moves = max_listed_moves

    def solve(self, state: NimState, progress: Progress | None = None) -> Solution[NimMove]:
        heaps, mover = state
        count = sum(heaps)
        if count > self.max_listed_moves:
            shown = quote(",".join(map(str, heaps[:12])) + ("" if len(heaps) <= 12 else ",..."))
            raise SearchError(
                _("heaps {heaps} allow {count} moves; solve lists every move with its value and "
                  "takes at most {most} (the sum of the heaps)").format(
                    heaps=shown, count=size_text(count), most=grouped(self.max_listed_moves)))
        wins = mover_wins(heaps, self.misere)
        lost = leaves_lost(heaps, self.misere)  # each move in O(1), without copying the heaps
        moves, good = [], []
        for move in NimMoves(heaps):
            ends = 1 if move[1] == count else None  # the last objects: the game is over
            won = lost(*move)
            moves.append(MoveValue(move, PovScore(_result(won, ends), mover)))
            if won:
                good.append(self.game.format_move(state, move))
        plies: int | None = None
        if not moves:
            plies = 0
        elif (any(m.score.relative.plies == 1 and m.score.relative.number > 0 for m in moves)
              if wins else all(m.score.relative.plies == 1 for m in moves)):
            plies = 1
        return Solution(PovScore(_result(wins, plies), mover), tuple(moves), "theorem",
                        self._explain(heaps, wins, good), len(moves) + 1,
                        {"nim_sum": nim_sum(heaps)})

    def _explain(self, heaps: Heaps, wins: bool, good: list[str]) -> tuple[Words, ...]:
        play = (M_("misère play (who cannot move wins)") if self.misere else
                M_("normal play (who cannot move loses)"))
        total = nim_sum(heaps)
        sentences: list[Words] = [
            M_("Nim with heaps {heaps}, {play}.", heaps=", ".join(map(str, heaps)), play=play),
            M_("Bouton's theorem: under normal play the player to move loses exactly when the "
               "nim-sum (the bitwise exclusive or of the heaps) is 0, since from nim-sum 0 every "
               "move makes it non-zero, and from a non-zero nim-sum some move makes it 0, until "
               "no heap is left."),
        ]
        if self.misere:
            sentences.append(
                M_("Under misère play the same holds while some heap has 2 or more; once every "
                   "heap has at most 1, the player to move loses exactly when the nim-sum is 1 "
                   "(an odd number of 1-heaps)."))
        small = self.misere and all(h <= 1 for h in heaps)
        here: list[Value] = [M_("Here the nim-sum is {sum}",
                                sum=f"{' xor '.join(map(str, heaps))} = {total}")]
        if 1 < len(heaps) <= 6 and max(heaps) > 1:
            width = max(heaps).bit_length()
            here.append(M_(" (in binary {sum})",
                           sum=f"{' xor '.join(format(h, f'0{width}b') for h in heaps)} = "
                               f"{format(total, f'0{width}b')}"))
        if small and any(heaps):
            here.append(nM_(", and every heap has at most 1 ({count} heap of 1)",
                            ", and every heap has at most 1 ({count} heaps of 1)",
                            sum(heaps), count=sum(heaps)))
        verdict: Message
        if not any(heaps):
            verdict = (M_("no heap is left, so the game is over and the player to move wins "
                          "(misère play).") if self.misere else
                       M_("no heap is left, so the game is over and the player to move loses."))
        elif wins:
            shown: Value = ", ".join(good[:10])
            if len(good) > 10:
                shown = M_("{items} and {count} more", items=shown, count=len(good) - 10)
            verdict = M_("the player to move wins, with {moves}.", moves=shown)
        else:
            verdict = M_("the player to move loses, whatever they take.")
        sentences.append(Joined((*here, ": ", verdict), separator=""))  # one sentence
        return tuple(sentences)


def _result(mover_wins: bool, plies: int | None) -> Score:
    return Score.win(plies) if mover_wins else Score.loss(plies)
