from django.urls import path

from . import api, moderator_views as mod, views

app_name = "moderation"
urlpatterns = [
    # players
    path("games/<int:game_id>/panel/", views.game_panel, name="game_panel"),
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
    path("games/<int:game_id>/takeback/", views.takeback_request, name="takeback_request"),
    path("takebacks/<int:takeback_id>/", views.takeback_answer, name="takeback_answer"),
    path("games/<int:game_id>/report/", views.report_create, name="report_create"),
    path("games/<int:game_id>/audit/", views.game_audit, name="game_audit"),
    path("reports/mine/", views.my_reports, name="my_reports"),
    path("me/", views.standing, name="standing"),
    path("sanctions/<int:sanction_id>/appeal/", views.appeal, name="appeal"),
    # moderators
    path("", mod.queue, name="queue"),
    path("games/<int:game_id>/", mod.timeline, name="timeline"),
    path("games/<int:game_id>/board/<int:seq>/", mod.board, name="board"),
    path("games/<int:game_id>/hand/", mod.hand, name="hand"),
    path("games/<int:game_id>/act/<slug:action>/", mod.game_action, name="game_action"),
    path("reports/<int:report_id>/close/", mod.report_close, name="report_close"),
    path("users/<int:user_id>/sanction/", mod.sanction, name="sanction"),
    path("audit/", mod.audit_log, name="audit"),
    path("appeals/", mod.appeals, name="appeals"),
    path("appeals/<int:appeal_id>/decide/", mod.appeal_decide, name="appeal_decide"),
    # JSON API
    path("api/reports/", api.reports, name="api_reports"),
    path("api/games/<int:game_id>/chat/", api.chat, name="api_chat"),
]
