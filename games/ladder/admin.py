from django.contrib import admin

from .models import (Challenge, Ladder, LadderEntry, Rating, RatingChange, RatingRecompute, TeamRating,
                     TeamRatingChange)


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ["name", "title_id", "allow_takebacks", "inactivity_days"]


@admin.register(LadderEntry)
class LadderEntryAdmin(admin.ModelAdmin):
    list_display = ["ladder", "rung", "user", "last_active_at"]
    list_filter = ["ladder"]
    raw_id_fields = ["user"]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["ladder", "challenger", "defender", "status", "created_at"]
    raw_id_fields = ["challenger", "defender", "game"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "title_id", "rating", "rd", "games"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "outcome", "rating_before", "rating_after"]
    raw_id_fields = ["game", "user"]


@admin.register(RatingRecompute)
class RatingRecomputeAdmin(admin.ModelAdmin):
    list_display = ["game", "title_id", "games_replayed", "created_at"]
    readonly_fields = ["changes", "previous_result", "new_result"]


@admin.register(TeamRating)
class TeamRatingAdmin(admin.ModelAdmin):
    list_display = ["user", "title_id", "ordinal", "mu", "sigma", "games"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]


@admin.register(TeamRatingChange)
class TeamRatingChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "role", "rank", "outcome", "mu_before", "mu_after"]
    raw_id_fields = ["game", "user"]
