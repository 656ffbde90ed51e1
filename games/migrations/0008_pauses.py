# Planned absences at team tables (games/pauses.py): seat pauses, table pauses and their votes.

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_state_lz4'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='paused_ever',
            field=models.BooleanField(default=False, help_text='a seat or table pause has touched this seat'),
        ),
        migrations.CreateModel(
            name='SeatPause',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('started_at', models.DateTimeField()),
                ('ends_at', models.DateTimeField()),
                ('ended_at', models.DateTimeField(blank=True, help_text='resumed early', null=True)),
                ('seat', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pauses', to='games.seat')),
            ],
            options={
                'ordering': ['started_at', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='TablePause',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('hours', models.PositiveSmallIntegerField()),
                ('status', models.CharField(choices=[('proposed', 'proposed'), ('running', 'running'), ('ended', 'ended'), ('withdrawn', 'withdrawn'), ('expired', 'expired'), ('rejected', 'voted down')], default='proposed', max_length=10)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('ends_at', models.DateTimeField(blank=True, null=True)),
                ('ended_at', models.DateTimeField(blank=True, null=True)),
                ('resumed_by_vote', models.BooleanField(default=False)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='table_pauses', to='games.game')),
                ('proposed_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['created_at', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='TablePauseVote',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('resume', models.BooleanField(default=False)),
                ('yes', models.BooleanField()),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('pause', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='votes', to='games.tablepause')),
                ('seat', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='games.seat')),
            ],
        ),
        migrations.AddIndex(
            model_name='tablepause',
            index=models.Index(condition=models.Q(('status', 'running')), fields=['ends_at'], name='table_pause_running'),
        ),
        migrations.AddConstraint(
            model_name='tablepause',
            constraint=models.UniqueConstraint(condition=models.Q(('status__in', ['proposed', 'running'])), fields=('game',), name='table_pause_one_open'),
        ),
        migrations.AddConstraint(
            model_name='tablepausevote',
            constraint=models.UniqueConstraint(fields=('pause', 'seat', 'resume'), name='table_pause_one_vote'),
        ),
    ]
