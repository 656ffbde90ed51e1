"""The suite's fixtures and hooks live in tests/fixtures.py, loaded here for every test folder
(tests/, accounts/, and each title's own tests under games/titles/<id>/tests/)."""
pytest_plugins = ["tests.fixtures"]
