"""Every title is one package here (a Django app): rules/, presentation, templates/, static/, tests/."""
