.PHONY: run test test-fast ci messages
run:            ## set up everything and run web + worker + beat (embedded default)
	scripts/run
test:           ## the whole test suite
	scripts/test
test-fast:      ## skip the slow end-to-end and load tests
	scripts/test -m "not slow"
ci:             ## what CI runs: PostgreSQL + Redis, nothing may be skipped
	.ci/run
# makemessages runs from the root: strings under a folder with its own locale/ (a title) go there
messages:       ## refresh and compile translations
	.venv/bin/python manage.py makemessages -l ko -l ja -l es --ignore=.venv --ignore=staticfiles
	.venv/bin/python manage.py compilemessages --ignore=.venv
