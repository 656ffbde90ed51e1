.PHONY: run test test-fast ci messages audit
run:            ## set up everything and run web + worker + beat (embedded default)
	scripts/run
test:           ## the whole test suite
	scripts/test
test-fast:      ## skip the slow end-to-end and load tests
	scripts/test -m "not slow"
ci:             ## what CI runs: PostgreSQL + Redis, nothing may be skipped
	.ci/run
# The site's catalog (locale/) from the root, without games/titles: a title without its own locale/
# would otherwise leak its strings into the site's catalog. Then each title that has a locale/ from
# its own folder (its strings go there, references relative to the title, as its tests expect).
# tests/test_site_catalogs.py reads the --ignore list of the first line.
messages:       ## refresh and compile translations
	.venv/bin/python manage.py makemessages -l ko -l ja -l es --ignore=.venv --ignore=staticfiles --ignore=games/titles
	for dir in games/titles/*/locale; do (cd "$${dir%/locale}" && ../../../.venv/bin/python ../../../manage.py makemessages -l ko -l ja -l es) || exit 1; done
	.venv/bin/python manage.py compilemessages --ignore=.venv
audit:          ## dependency audit that fails when a pinned package could not be checked
	scripts/audit
