"""Ratings (Glicko-2 per title) and challenge ladders.

``Rating`` and ``SideRecord`` are totals that can be rebuilt from
``RatingChange`` rows (one per player per rated finished game); a moderator's
correction recomputes them from that game onward (see ``ratings.py``).
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from . import glicko2


class Rating(models.Model):
    """A player's Glicko-2 rating in one title, as of ``last_played``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    title_id = models.CharField(max_length=40)
    rating = models.FloatField(default=glicko2.DEFAULT_RATING)
    rd = models.FloatField(default=glicko2.DEFAULT_RD)
    volatility = models.FloatField(default=glicko2.DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)
    # When inactivity will push the RD over the provisional threshold; null while
    # provisional. The main leaderboard filters on it, so it needs no per-row maths.
    ranked_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "title_id"], name="rating_one_per_title")]
        indexes = [
            # The leaderboard walks this index in rating order and filters on the
            # included columns without visiting the table (PostgreSQL).
            models.Index(fields=["title_id", "-rating", "id"], include=["ranked_until", "last_played"],
                         name="rating_board"),
            models.Index(fields=["title_id", "ranked_until"], name="rating_ranked"),
            models.Index(fields=["title_id", "last_played"], name="rating_active"),
        ]

    def __str__(self):
        return f"{self.user} {self.title_id} {self.rating:.0f}±{self.rd:.0f}"

    @property
    def player(self) -> glicko2.Player:
        return glicko2.Player(self.rating, self.rd, self.volatility)

    @property
    def win_rate(self):
        return self.wins / self.games if self.games else None


class SideRecord(models.Model):
    """Wins, losses and draws of a player with one side (role) of a title."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    title_id = models.CharField(max_length=40)
    role = models.CharField(max_length=40)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["role"]
        constraints = [models.UniqueConstraint(fields=["user", "title_id", "role"], name="side_record_unique")]


class RatingChange(models.Model):
    class Outcome(models.TextChoices):
        WIN = "win", _("win")
        LOSS = "loss", _("loss")
        DRAW = "draw", _("draw")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    title_id = models.CharField(max_length=40)
    role = models.CharField(max_length=40)
    outcome = models.CharField(max_length=4, choices=Outcome.choices)
    finished_at = models.DateTimeField()
    rating_before = models.FloatField()
    rd_before = models.FloatField()
    volatility_before = models.FloatField()
    last_played_before = models.DateTimeField(null=True, blank=True)
    rating_after = models.FloatField()
    rd_after = models.FloatField()
    volatility_after = models.FloatField()

    class Meta:
        ordering = ["finished_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_change_unique")]
        indexes = [models.Index(fields=["user", "title_id", "finished_at"], name="rating_change_history")]

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before

    # Short names used by the game-over email (games/mail/emails.py).
    @property
    def before(self) -> float:
        return self.rating_before

    @property
    def after(self) -> float:
        return self.rating_after


class RatingRecompute(models.Model):
    """The log of recomputations after a moderator changed a result."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    title_id = models.CharField(max_length=40)
    previous_result = models.JSONField(null=True, blank=True)
    new_result = models.JSONField(null=True, blank=True)
    games_replayed = models.PositiveIntegerField(default=0)
    # {username: [rating before, rating after]} for every player whose rating moved.
    changes = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class Ladder(models.Model):
    title_id = models.CharField(max_length=40, db_index=True)
    name = models.CharField(_("name"), max_length=80)
    time_control = models.JSONField(default=dict, blank=True)
    options = models.JSONField(default=dict, blank=True)
    allow_takebacks = models.BooleanField(default=False)
    inactivity_days = models.PositiveIntegerField(default=30, help_text=_("remove players idle this long"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["title_id", "name"]

    def __str__(self):
        return self.name


class LadderEntry(models.Model):
    """A player's rung (1 is the top). Rungs are always 1..n with no gaps."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_entries")
    rung = models.IntegerField()
    joined_at = models.DateTimeField(auto_now_add=True)
    last_active_at = models.DateTimeField()

    class Meta:
        ordering = ["ladder", "rung"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="ladder_entry_one_per_user"),
            models.UniqueConstraint(fields=["ladder", "rung"], name="ladder_entry_unique_rung"),
        ]

    def __str__(self):
        return f"{self.user} on rung {self.rung} of {self.ladder}"


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("in play")
        CHALLENGER_WON = "challenger_won", _("challenger won")
        DEFENDER_WON = "defender_won", _("defender won")
        VOID = "void", _("void")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    defender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="ladder_challenge")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    challenger_rung = models.IntegerField()
    defender_rung = models.IntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["ladder", "challenger", "created_at"], name="challenge_by_challenger"),
            models.Index(fields=["ladder", "status"], name="challenge_by_status"),
        ]
        constraints = [models.CheckConstraint(condition=~Q(challenger=models.F("defender")),
                                              name="challenge_not_self")]


class TeamRating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating in one title, from games of more than two seats.

    Duels keep Glicko-2 (``Rating``); a title may have both. ``mu`` and
    ``sigma`` are OpenSkill's; the shown value is the conservative ordinal
    ``mu - 3 sigma`` (``ordinal``, stored so the leaderboard can sort on it).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_ratings")
    title_id = models.CharField(max_length=40)
    mu = models.FloatField(default=25.0)
    sigma = models.FloatField(default=25.0 / 3)
    ordinal = models.FloatField(default=0.0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "title_id"], name="team_rating_one_per_title")]
        indexes = [models.Index(fields=["title_id", "-ordinal", "id"], name="team_rating_board")]

    def __str__(self):
        return f"{self.user} {self.title_id} {self.mu:.1f}±{self.sigma:.1f}"

    @property
    def win_rate(self):
        return self.wins / self.games if self.games else None


class TeamRatingChange(models.Model):
    """One player's OpenSkill change in one rated game of more than two seats."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="team_rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_rating_changes")
    title_id = models.CharField(max_length=40)
    role = models.CharField(max_length=40)
    # The seats rated together as one team in this game (roles), and its place (1 = best).
    team = models.JSONField(default=list)
    rank = models.PositiveSmallIntegerField(default=1)
    outcome = models.CharField(max_length=4, choices=RatingChange.Outcome.choices)
    finished_at = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["finished_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="team_rating_change_unique")]
        indexes = [models.Index(fields=["user", "title_id", "finished_at"], name="team_rating_change_history")]

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def ordinal_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after

    @property
    def delta(self) -> float:
        return self.ordinal_after - self.ordinal_before
