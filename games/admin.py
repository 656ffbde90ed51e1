from django.contrib import admin

from games.models import Game, Hand, Move, Seat, Snapshot


class ReadOnlyAdmin(admin.ModelAdmin):
    """The log and its caches change only through the services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["user", "role", "awaiting", "deadline_at", "joined_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "title_id", "status", "rated", "seq", "created_by", "updated_at"]
    list_filter = ["title_id", "status", "rated"]
    search_fields = ["id", "seats__user__username"]
    readonly_fields = ["title_id", "rules_version", "scenario", "options", "seq", "state", "active_roles",
                       "result", "seed", "created_by", "created_at", "started_at", "finished_at"]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "role", "verb", "arg", "rolled_back", "created_at"]
    list_filter = ["verb", "rolled_back"]
    search_fields = ["game__id"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["game", "user", "role", "awaiting", "deadline_at"]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["game", "role", "seq"]


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "created_at"]
