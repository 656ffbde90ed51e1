"""One function per kind of mail. Each returns how many mails it sent.

Every mail is keyed by a Notification row, so a retried or duplicated task
never sends it twice. Mail never contains hidden information: only the game,
whose turn it is, clocks and results, the opponent's last move as the public
log tells it, and links. A game mail names the title, the reader's side, the
opponents, what is asked of the reader and the opponent's last move
(`game_facts`). Templates: ``templates/emails/<kind>-subject.txt``,
``-body.txt`` and ``-body.html``, rendered in the recipient's language (the
.txt ones without HTML autoescaping: they are plain text), with a signed
one-click unsubscribe link and the List-Unsubscribe headers.
"""
from __future__ import annotations

import smtplib
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.http import urlencode
from django.utils.text import get_text_list
from django.utils.translation import gettext

from games import briefing, clocks
from games.clocks import deadlines
from games.engine import registry
from games.models import Game, Move, Notification, Seat
from games.play.names import named_seats
from games.rules.core.pseudo import MARKERS
from games.signals import game_over_mail, game_over_told, invitation_told, reminder_told, turn_told
from games.engine.teams import is_team_game, team_index, teammates, teams_of

# mail kind -> the profile flag that turns it off (Profile.email_<flag>)
PREFERENCE = {"turn": "your_turn", "reminder": "reminders", "started": "invitations",
              "invitation": "invitations", "over": "game_over", "vacation": "reminders",
              "digest": "digest", "dispute": "disputes", "seat-invitation": "invitations",
              "substitute": "invitations", "heads-up": "your_turn", "timeout": "your_turn",
              "table-pause": "your_turn", "hook-off": "your_turn"}
UNSUBSCRIBE_SALT = "hotline.unsubscribe"


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def game_url(game: Game) -> str:
    return absolute(reverse("games:detail", args=[game.pk]))


def unsubscribe_token(user, flag: str) -> str:
    return signing.dumps({"u": user.pk, "f": flag}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> dict:
    return signing.loads(token, salt=UNSUBSCRIBE_SALT)


def wants(user, kind: str) -> bool:
    flag = PREFERENCE[kind]
    if flag == "digest":
        return user.profile.digest_hour is not None
    return bool(user.email) and user.profile.wants_email(flag)


# Kinds a digest reader gets in the next digest instead of at once (correspondence
# design §4): only "your input is needed" (a paced turn notice) and the last call
# before a deadline go out at once to everyone.
DIGESTED = ("started", "over", "heads-up", "timeout", "reminder")
# Mails another player can cause at will: at most this many of the kind reach one
# recipient in a day (a propose-withdraw loop mailed every seat 58 times in 90 s).
# Invitations are capped where they are sent (limits/throttles.check_invitation).
PLAYER_CAUSED_PER_DAY = {"table-pause": 4}
CAPPED = "over the daily cap of mails other players cause"
DIGEST_WAIT = "waits for the digest"


def digest_reader(user) -> bool:
    return getattr(user.profile, "digest_hour", None) is not None


def deliver(kind: str, user, key: str, context: dict, game: Game | None = None, urgent: bool = False) -> int:
    """Send one keyed mail at most once. SMTP errors are recorded, then re-raised
    so the Celery task retries with backoff; a refused recipient counts as a bounce.
    A digest reader's mail of a `DIGESTED` kind waits for the digest unless ``urgent``."""
    failure = None
    with transaction.atomic():
        note, _ = Notification.objects.get_or_create(key=key, defaults={"user": user, "kind": kind, "game": game})
        note = Notification.objects.select_for_update().get(pk=note.pk)
        if note.status in (Notification.Status.SENT, Notification.Status.SKIPPED) or note.error == DIGEST_WAIT:
            return 0
        if not user.email or not wants(user, kind):
            return _close(note, Notification.Status.SKIPPED)
        if _over_daily_cap(user, kind):
            return _close(note, Notification.Status.SKIPPED, CAPPED)
        if not urgent and kind in DIGESTED and digest_reader(user):
            return _wait_for_digest(note)
        note.attempts += 1
        try:
            _message(kind, user, context).send()
        except smtplib.SMTPRecipientsRefused as error:
            _bounce(user)
            return _close(note, Notification.Status.FAILED, repr(error))
        except (smtplib.SMTPException, OSError) as error:
            failure = error
            _close(note, Notification.Status.FAILED, repr(error))
        else:
            return _close(note, Notification.Status.SENT)
    raise failure


def _over_daily_cap(user, kind: str) -> bool:
    cap = PLAYER_CAUSED_PER_DAY.get(kind)
    if cap is None:
        return False
    since = timezone.now() - timedelta(days=1)
    return Notification.objects.filter(user=user, kind=kind, status=Notification.Status.SENT,
                                       sent_at__gte=since).count() >= cap


def _wait_for_digest(note: Notification) -> int:
    """A reminder is folded into the digest's list of waiting games; the rest
    is listed there by its own line (`digest_news`)."""
    if note.kind == "reminder":
        return _close(note, Notification.Status.SKIPPED, DIGEST_WAIT)
    note.error = DIGEST_WAIT
    note.save(update_fields=["error"])
    return 0


def _close(note: Notification, status: str, error: str = "") -> int:
    note.status, note.error = status, error
    note.sent_at = timezone.now() if status == Notification.Status.SENT else None
    note.save(update_fields=["status", "error", "sent_at", "attempts"])
    return 1 if status == Notification.Status.SENT else 0


def _bounce(user) -> None:
    from django.db.models import F

    type(user.profile).objects.filter(pk=user.profile.pk).update(bounces=F("bounces") + 1)


def _message(kind: str, user, context: dict) -> EmailMultiAlternatives:
    flag = PREFERENCE[kind]
    unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, flag)]))
    context = {**context, "user": user, "unsubscribe_url": unsubscribe,
               "preferences_url": absolute(reverse("accounts:profile"))}
    # the reader's language, and dates in the reader's timezone (named, localized formats)
    with translation.override(reader_language(user)), timezone.override(user.profile.timezone or "UTC"):
        subject = " ".join(plain_text(f"emails/{kind}-subject.txt", context).split())
        text = plain_text(f"emails/{kind}-body.txt", context)
        html = render_to_string(f"emails/{kind}-body.html", context)
    message = EmailMultiAlternatives(subject, text, to=[user.email], headers={
        "List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated"})
    message.attach_alternative(html, "text/html")
    return message


@lru_cache(maxsize=1)
def _text_engine():
    """The site's templates with autoescaping off: a plain-text mail shows
    "O'Neil", never "O&#x27;Neil" (the HTML part stays escaped)."""
    from django.template.backends.django import DjangoTemplates

    site = settings.TEMPLATES[0]
    return DjangoTemplates({"NAME": "mail-text", "DIRS": site.get("DIRS", []), "APP_DIRS": True,
                            "OPTIONS": {"autoescape": False}})


def reader_language(user) -> str:
    profile = getattr(user, "profile", None)
    return getattr(profile, "language", "") or settings.LANGUAGE_CODE


def plain_text(template: str, context: dict) -> str:
    return _text_engine().get_template(template).render(context)


# -- what every game mail says ------------------------------------------------
def game_facts(game: Game, user, asked: str = "", told: bool = False) -> dict:
    """The title, the reader's side, the opponents, what is asked and the
    opponents' last move in words (secret arguments hidden while the game runs),
    in the reader's language (``asked`` may be lazy: `prompt_text`). ``told``:
    the turn mail and the digest tell all that happened since the reader last
    looked (``briefing``, games/briefing/) instead of the last move alone."""
    with translation.override(reader_language(user)), named_seats(game.pk):
        facts = _game_facts(game, user, asked)
        account = briefing.for_seat(game, game.player_seat(user)) if told else None
        if account:
            facts.update(briefing=account.text(), last_move="")
        return facts



def _game_facts(game: Game, user, asked) -> dict:
    show = registry.presentation(game.title_id)
    seats = list(game.seats.select_related("user__profile"))
    role = next((s.role for s in seats if s.user_id == user.pk and s.role), None)
    others = [s.user.display for s in seats if s.user_id != user.pk]
    if game.status == Game.Status.OPEN and game.invited_user_id == user.pk:
        role = next((r for r in _roles(game) if r != game.creator_role), None) if game.creator_role else None
    side = show.role_label(role) if role else ""
    team = _team_of_role(game, role) if role and game.status != Game.Status.OPEN and _team_game(game) else ""
    if team:  # a team game: the reader's seat in its team, against the other teams' players
        mates = _teammates(game, role)
        others = [s.user.display for s in seats if s.user_id != user.pk and s.role not in mates]
    return {"title": show.title_name, "side": side, "team": team,
            "opponents": _joined(others), "asked": str(asked), "last_move": last_move_text(game, role)}


def _teammates(game: Game, role: str) -> list[str]:
    return teammates(game, role)


def _roles(game: Game) -> list:
    rules = registry.get(game.title_id)
    return list(rules.roles(game.scenario, game.options))


def _joined(names: list) -> str:
    return str(get_text_list(names, gettext("and"))) if names else ""


def last_move_text(game: Game, role) -> str:
    """The latest move that counts by anyone but ``role``, described."""
    moves = game.moves.filter(rolled_back=False, undone=False).exclude(verb__in=MARKERS).exclude(verb="undo")
    if role:
        moves = moves.exclude(role=role)
    move = moves.order_by("-seq").first()
    if move is None:
        return ""
    hidden = not game.is_over and not move.verb.startswith(".")
    return registry.presentation(game.title_id).describe(move, hide_arg=hidden)


def prompt_text(game: Game, role):
    """What the rules ask ``role`` now ("" when nothing is asked), in the words of
    the language active when it is read (lazy: `game_facts` reads it in the reader's)."""
    if game.status != Game.Status.ACTIVE or role not in (game.active_roles or []) or game.state is None:
        return ""
    prompt = registry.get(game.title_id).prompt(game.state, role)
    return lazy(registry.presentation(game.title_id).prompt_text, str)(prompt) if prompt else ""


# -- the kinds ---------------------------------------------------------------
def _game(game_id: int) -> Game | None:
    return Game.objects.filter(pk=game_id).first()


def _seats(game: Game, roles=None) -> list[Seat]:
    seats = game.seats.select_related("user__profile")
    return [s for s in seats if roles is None or s.role in roles]


def turn_notice(game_id: int, seq: int, roles: list[str]) -> int:
    """At most one mail per turn; none for players still at the board. In a
    paced game "your input is needed" goes out at once even to digest readers
    (its window is hours); elsewhere the digest lists their waiting games."""
    game = _game(game_id)
    if game is None or game.status != Game.Status.ACTIVE:
        return 0
    sent, paced = 0, deadlines.is_paced(game)
    for seat in _seats(game, roles):
        sent += deputy_notice(game, seat)
        if not seat.awaiting or seat.turn_started_at is None:
            continue
        later = digest_reader(seat.user) and not paced  # the digest lists the game; webhooks tell it now
        if seat.orders and seat.deadline_at is not None and seat.deadline_at <= seat.turn_started_at:
            continue  # its standing orders answer: the sweep plays them at once (games/deadlines.follow_orders)
        key = f"turn:{seat.pk}:{seat.turn_started_at.isoformat()}"
        if _recently_active(seat):
            if not later:
                Notification.objects.get_or_create(key=key, defaults={
                    "user": seat.user, "kind": "turn", "game": game, "status": Notification.Status.SKIPPED})
            continue
        turn_told.send(sender=Seat, seat=seat, key=key)
        if later:
            continue
        context = {"game": game, "seat": seat, "url": game_url(game),
                   **game_facts(game, seat.user, prompt_text(game, seat.role), told=True)}
        sent += deliver("turn", seat.user, key, context, game, urgent=True)
    return sent


def deputy_notice(game: Game, seat: Seat) -> int:
    """The turn notice of an absent leader's input (``seat`` on autopilot) also
    goes to the teammate who may act for it as deputy leader (games/clocks/deputies.py),
    with a link to the leader's seat: what is asked, never its hand or objective."""
    from games.clocks import deputies

    if not seat.autopilot or not seat.awaiting or seat.turn_started_at is None:
        return 0
    deputy = deputies.deputy_of(game, seat)
    if deputy is None:
        return 0
    key = f"deputy:{seat.pk}:{seat.turn_started_at.isoformat()}"
    if _recently_active(deputy):
        Notification.objects.get_or_create(key=key, defaults={
            "user": deputy.user, "kind": "turn", "game": game, "status": Notification.Status.SKIPPED})
        return 0
    with translation.override(reader_language(deputy.user)):
        leader = registry.presentation(game.title_id).role_label(seat.role)
    url = f"{game_url(game)}?{urlencode({'as_role': seat.role})}"
    context = {"game": game, "seat": seat, "url": url, "deputy_for": leader,
               **game_facts(game, deputy.user, prompt_text(game, seat.role))}
    return deliver("turn", deputy.user, key, context, game, urgent=True)


def _recently_active(seat: Seat) -> bool:
    since = timezone.now() - timedelta(seconds=settings.HOTLINE_TURN_MAIL_QUIET_SECONDS)
    return Move.objects.filter(game_id=seat.game_id, user_id=seat.user_id, created_at__gte=since).exists()


def reminder(seat_id: int, turn_started: str, index: int) -> int:
    seat = Seat.objects.select_related("game", "user__profile").filter(pk=seat_id).first()
    if seat is None or not seat.awaiting or seat.deadline_at is None or \
            seat.turn_started_at is None or seat.turn_started_at.isoformat() != turn_started:
        return 0
    last_call = is_last_call(seat, index)
    context = {"game": seat.game, "seat": seat, "url": game_url(seat.game), "deadline": seat.deadline_at,
               "left": seat.deadline_at - timezone.now(), "last_call": last_call,
               **game_facts(seat.game, seat.user, prompt_text(seat.game, seat.role))}
    key = f"reminder:{seat.pk}:{turn_started}:{index}"
    reminder_told.send(sender=Seat, seat=seat, key=key)
    return deliver("reminder", seat.user, key, context, seat.game, urgent=last_call)


def is_last_call(seat: Seat, index: int) -> bool:
    """The reminder at the last mark before the deadline (2 hours before it)."""
    marks = clocks.reminder_times(seat.turn_started_at, seat.deadline_at, paced=bool(seat.step))
    return bool(marks) and index >= len(marks)


def heads_up(game_id: int, roles: list[str], round_tag: str = "") -> int:
    """"You are up next": the seats acting after the current ones, once per
    seat and round (``round_tag``; without one, once between two of its moves)."""
    game = _game(game_id)
    if game is None or game.status != Game.Status.ACTIVE:
        return 0
    sent = 0
    for seat in _seats(game, roles):
        key = heads_up_key(game.pk, seat.role, round_tag or f"m{_last_move_seq(game, seat.role)}")
        if seat.awaiting or seat.autopilot:  # already asked (the turn notice says it), or away
            Notification.objects.get_or_create(key=key, defaults={
                "user": seat.user, "kind": "heads-up", "game": game, "status": Notification.Status.SKIPPED})
            continue
        sent += deliver("heads-up", seat.user, key, _seat_context(game, seat), game)
    return sent


def heads_up_key(game_id: int, role: str, tag: str) -> str:
    return f"heads-up:{game_id}:{role}:{tag}"


def _last_move_seq(game: Game, role: str) -> int:
    move = game.moves.filter(role=role).order_by("-seq").only("seq").first()
    return move.seq if move else 0


def _seat_context(game: Game, seat: Seat) -> dict:
    """The title, the reader's seat and team (no one's hand, objective or sealed input)."""
    show = registry.presentation(game.title_id)
    with translation.override(reader_language(seat.user)):
        return {"game": game, "seat": seat, "url": game_url(game), "title": show.title_name,
                "seat_name": show.role_label(seat.role), "team": _team_of_role(game, seat.role)}


def timeout_notice(game_id: int, seq: int, role: str) -> int:
    """A team-game seat timed out: the default the site played for it, or,
    after the second timeout in a row, that it is on autopilot until "I'm back"."""
    game = _game(game_id)
    move = Move.objects.filter(game_id=game_id, seq=seq, role=role, source="timeout").first()
    seat = Seat.objects.select_related("user__profile").filter(game_id=game_id, role=role).first()
    if game is None or move is None or seat is None or not _team_game(game):
        return 0
    context = {**_seat_context(game, seat), "autopilot": seat.autopilot,
               "default": _own_move_text(game, move, seat.user)}
    return deliver("timeout", seat.user, f"timeout:{game.pk}:{seq}", context, game)


def _team_game(game: Game) -> bool:
    return is_team_game(game)


def _own_move_text(game: Game, move: Move, user) -> str:
    """The default played for the reader, as its button reads ("Pass"): their
    own choice, and none of the move's log (which may tell about other seats)."""
    from games.rules.core import Choice

    with translation.override(reader_language(user)):
        choice = Choice(move.verb, move.arg, move.verb.replace("_", " "))
        return str(registry.presentation(game.title_id).choice_label(choice))


def game_started(game_id: int) -> int:
    game = _game(game_id)
    if game is None:
        return 0
    return sum(deliver("started", s.user, f"started:{game.pk}:{s.user_id}",
                       {"game": game, "url": game_url(game), **game_facts(game, s.user, prompt_text(game, s.role))},
                       game) for s in _seats(game))


def game_over(game_id: int) -> int:
    game = _game(game_id)
    if game is None or game.status != Game.Status.FINISHED:
        return 0
    sent = 0
    for seat in _seats(game):
        context = {"game": game, "seat": seat, "url": game_url(game),
                   "won": seat.role in (game.result or {}).get("winners", []),
                   "result": registry.presentation(game.title_id).result_text(game.result),
                   **game_facts(game, seat.user), **_over_extras(game, seat.user)}
        sent += deliver("over", seat.user, f"over:{game.pk}:{seat.user_id}", context, game)
        game_over_told.send(sender=Seat, seat=seat, key=f"over:{game.pk}:{seat.user_id}", result=context["result"])
    return sent


def _over_extras(game: Game, user) -> dict:
    """What other apps add to a game-over mail (the ladder: the rating change)."""
    extras = {}
    for _receiver, response in game_over_mail.send(sender=Game, game=game, user=user):
        extras.update(response or {})
    return extras


def invitation(game_id: int) -> int:
    game = Game.objects.select_related("invited_user__profile", "created_by").filter(pk=game_id).first()
    if game is None or game.invited_user is None or game.status != Game.Status.OPEN:
        return 0
    context = {"game": game, "url": game_url(game), "inviter": game.created_by,
               **game_facts(game, game.invited_user)}
    invitation_told.send(sender=Game, user=game.invited_user, game=game, key=f"invitation:{game.pk}",
                         inviter=game.created_by)
    return deliver("invitation", game.invited_user, f"invitation:{game.pk}", context, game)


def _team_name(game: Game, team: str) -> str:
    """"Colony A" for team key "0"; "" for none."""
    if not str(team or "").isdigit():
        return ""
    teams = teams_of(game)
    k = int(team)
    return registry.presentation(game.title_id).team_label(teams[k]) if k < len(teams) else ""


def _team_of_role(game: Game, role: str) -> str:
    k = team_index(game, role) if role else None
    return _team_name(game, str(k)) if k is not None else ""


def seat_invitation(invitation_id: int) -> int:
    """A seat kept for the reader in an open team game: who invites, the title, the team."""
    from games.models import Invitation

    invitation = Invitation.objects.select_related("game__created_by", "user__profile").filter(
        pk=invitation_id).first()
    if invitation is None or invitation.game.status != Game.Status.OPEN:
        return 0
    game, user = invitation.game, invitation.user
    with translation.override(reader_language(user)):
        context = {"game": game, "url": game_url(game), "inviter": game.created_by,
                   "title": registry.presentation(game.title_id).title_name,
                   "team": _team_name(game, invitation.team), "seats": len(_roles(game))}
    invitation_told.send(sender=Game, user=user, game=game, key=f"seat-invitation:{invitation.pk}",
                         inviter=game.created_by)
    return deliver("seat-invitation", user, f"seat-invitation:{invitation.pk}", context, game)


def substitute_invitation(seat_id: int, substitute_id: int, inviter_id: int | None = None) -> int:
    """The reader is asked to take over an away seat: who asks, the title, the seat and its team."""
    seat = Seat.objects.select_related("game", "user", "substitute__profile").filter(pk=seat_id).first()
    if seat is None or seat.substitute_id != substitute_id or seat.game.status != Game.Status.ACTIVE:
        return 0
    from django.contrib.auth import get_user_model

    game, user = seat.game, seat.substitute
    inviter = get_user_model().objects.filter(pk=inviter_id).first() if inviter_id else None
    show = registry.presentation(game.title_id)
    with translation.override(reader_language(user)):
        context = {"game": game, "url": game_url(game), "inviter": inviter, "player": seat.user,
                   "title": show.title_name, "seat_name": show.role_label(seat.role),
                   "team": _team_of_role(game, seat.role)}
    return deliver("substitute", user, f"substitute:{seat.pk}:{substitute_id}", context, game)


def table_pause_proposal(pause_id: int) -> int:
    """Every other seat is asked to vote on a table-wide pause, once per
    proposal and seat; none once it is decided."""
    from games.models import TablePause

    pause = TablePause.objects.select_related("game", "proposed_by__profile").filter(pk=pause_id).first()
    if pause is None or pause.status != TablePause.Status.PROPOSED:
        return 0
    game, sent = pause.game, 0
    for seat in _seats(game):
        if seat.user_id == pause.proposed_by_id or not seat.role:
            continue
        with translation.override(reader_language(seat.user)):
            context = {"game": game, "url": game_url(game), "proposer": pause.proposed_by, "hours": pause.hours,
                       "title": registry.presentation(game.title_id).title_name}
        sent += deliver("table-pause", seat.user, f"table-pause:{pause.pk}:{seat.user_id}", context, game)
    return sent


def auto_vacation(user_id: int, vacation_id: int) -> int:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.select_related("profile").get(pk=user_id)
    context = {"days_left": user.profile.vacation_days, "url": absolute(reverse("vacation"))}
    return deliver("vacation", user, f"vacation:{vacation_id}", context)


def digest(user_id: int, local_date: str) -> int:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.select_related("profile").get(pk=user_id)
    seats = list(Seat.objects.filter(user=user, awaiting=True, game__status=Game.Status.ACTIVE)
                 .select_related("game").order_by("deadline_at"))
    notes = list(Notification.objects.filter(user=user, status=Notification.Status.PENDING, error=DIGEST_WAIT)
                 .select_related("game").order_by("created_at", "pk"))
    if not seats and not notes:
        return 0
    with translation.override(reader_language(user)):
        news = [{"text": digest_line(note), "url": game_url(note.game) if note.game else ""} for note in notes]
    context = {"seats": seats, "urls": {s.pk: game_url(s.game) for s in seats}, "date": local_date,
               "facts": {s.pk: game_facts(s.game, user, prompt_text(s.game, s.role), told=True) for s in seats},
               "news": news}
    sent = deliver("digest", user, f"digest:{user.pk}:{local_date}", context)
    if sent:
        Notification.objects.filter(pk__in=[n.pk for n in notes]).update(
            status=Notification.Status.SENT, error="", sent_at=timezone.now())
    return sent


def digest_line(note: Notification) -> str:
    """One line of the digest for a mail that waited for it."""
    game = note.game
    if game is None:
        return ""
    words = {"title": registry.presentation(game.title_id).title_name, "id": game.pk}
    lines = {"started": gettext("%(title)s, game #%(id)s, has started."),
             "heads-up": gettext("You are up next in %(title)s, game #%(id)s."),
             "timeout": gettext("Time ran out in %(title)s, game #%(id)s: the site played the default for you."),
             "over": gettext("%(title)s, game #%(id)s, is over.")}
    return lines.get(note.kind, gettext("News from %(title)s, game #%(id)s.")) % words
