"""Moderation rows are read-only in the admin: every change goes through the
services, which write the audit log. The audit log itself has no add, change
or delete path here or anywhere."""
from django.contrib import admin

from .models import Appeal, AuditEntry, ChatMessage, ClockPause, Report, TakebackRequest, UserSanction


class ReadOnlyAdmin(admin.ModelAdmin):
    actions = None

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "actor", "action", "game", "subject_user"]
    list_filter = ["action"]
    search_fields = ["actor__username", "subject_user__username", "reason"]


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "kind", "reporter", "status", "created_at"]
    list_filter = ["status", "kind"]


@admin.register(UserSanction)
class UserSanctionAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "starts_at", "ends_at", "lifted_at", "created_by"]
    list_filter = ["kind"]


for model in (ChatMessage, TakebackRequest, Appeal, ClockPause):
    admin.site.register(model, ReadOnlyAdmin)
