"""The deputy leader (correspondence-design §4 item 6, a house rule): when a
team's leader is absent while the table waits on one of its inputs, a
teammate acts for it instead of autopilot playing the default at once.

A title names that teammate with the optional hook ``rules.deputy(state,
role) -> role | None`` (Dead of Winter: the colony's next seat in turn order,
for a combat input of the colony phase). "Absent" is autopilot
(`Seat.autopilot`, after two timeouts in a row); a deputy whose own seat is
absent is no deputy. While the hook names a present deputy:

- the leader's seat gets the step's normal window (of its kind) instead of
  autopilot's instant deadline (`deadlines.sync_seats` opens it;
  `keeps_window` for a seat the sweep has just put on autopilot, and for
  every later refresh: vacation, pauses, granted time, `deadlines.refresh_deadline`);
- the deputy's player may act for it: ``move_submit(as_role=<leader>)``,
  `Move.source` "deputy", the log line "Mia (Player 5) acted as deputy leader
  for Player 3:"; the game page shows them the leader's seat as a proxy sees
  it (`rules.proxy_view`: its hand, never its secret objective);
- at the deadline the sweep plays the default like any autopilot turn (no
  timeout counted), and for the next step the leader owes a fresh window opens.

Only paced games (the team tables' time control): their windows are per step.
The leader's own move or "I'm back" ends autopilot, and with it the deputy.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from games import engine
from games.clocks.control import control_of, pace_step
from games.engine import registry
from games.errors import Forbidden
from games.models import Game, Seat


def named(game: Game, role: str) -> str | None:
    """The role the title names as ``role``'s deputy now (absent or not)."""
    hook = getattr(engine.rules_for(game), "deputy", None)
    if hook is None or game.state is None or game.status != Game.Status.ACTIVE:
        return None
    return hook(game.state, role)


def deputy_of(game: Game, seat: Seat, seats: list[Seat] | None = None) -> Seat | None:
    """The seat acting for ``seat`` now: ``seat`` on autopilot in a paced game,
    asked for an input the title gives a deputy for, and that deputy's own seat
    present. ``seats``: the game's seats when loaded (else one query)."""
    if not seat.autopilot or control_of(game).kind != "pace":
        return None
    role = named(game, seat.role)
    if role is None or role == seat.role:
        return None
    found = next((s for s in seats or [] if s.role == role), None)
    if found is None:
        found = Seat.objects.select_related("user").filter(game_id=game.pk, role=role).first()
    return found if found is not None and not found.autopilot else None






def keeps_window(game: Game, seat: Seat) -> bool:
    """A seat the sweep has just put on autopilot, or whose clock is recomputed
    (`deadlines.refresh_deadline`), keeps the window its step opened with while
    a deputy may act for it (instead of being due at once)."""
    return deputy_of(game, seat) is not None


def holds(game: Game, seat: Seat, late_step: str | None) -> bool:
    """Should the sweep stop defaulting autopilot ``seat`` here? Yes at an input
    its deputy may give, unless it is the step whose window has just expired
    (``late_step``: the seat's step name when the sweep found it late)."""
    return deputy_of(game, seat) is not None and pace_step(game, seat.role)[1] != late_step


def may_act(game: Game, user, seats: list[Seat], role: str) -> bool:
    """May ``user`` act for ``role`` as its deputy now? False when no deputy is
    called for (a proxy may still cover the seat); Forbidden, naming the deputy,
    when one is and it is someone else."""
    seat = next((s for s in seats if s.role == role), None)
    deputy = deputy_of(game, seat, seats) if seat is not None and not seat.proxy_id else None
    if deputy is None:
        return False
    if deputy.user_id != getattr(user, "pk", None):
        show = registry.presentation(game.title_id)
        raise Forbidden(_("Only %(deputy)s may act for %(seat)s now, as deputy leader while its player is away.")
                        % {"deputy": show.role_label(deputy.role), "seat": show.role_label(role)})
    return True


def lines(source: str, role: str, user, seats: list[Seat]) -> list[dict]:
    """The site's log line before a deputy's move (presentation.site_line words it)."""
    if source != "deputy":
        return []
    mine = next((s.role for s in seats if s.user_id == user.pk and s.role), "")
    return [{"kind": "defaulted", "role": role, "source": "deputy", "name": user.display, "by": mine}]


def led_seats(game: Game, user, seats: list[Seat]) -> list[Seat]:
    """The absent leaders' seats ``user`` acts for as deputy now."""
    if not getattr(user, "is_authenticated", False) or game.status != Game.Status.ACTIVE:
        return []
    return [s for s in seats if s.autopilot and s.role in game.active_roles
            and getattr(deputy_of(game, s, seats), "user_id", None) == user.pk]


def roles_for(game: Game, user) -> list[str]:
    """The roles ``user`` may act for as deputy now (selectors.proxy_picture)."""
    if not getattr(user, "is_authenticated", False) or game.state is None:
        return []
    return [s.role for s in led_seats(game, user, list(game.seats.all()))]
