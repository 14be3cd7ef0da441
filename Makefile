# weblens developer commands. `make test` is the whole suite (what .ci/run calls).
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python

.PHONY: install test lint typecheck unit bench screenshots clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed

lint: install
	$(PY) -m ruff check src tests bench
	$(PY) -m ruff format --check src tests bench
	$(VENV)/bin/lint-imports

typecheck: install
	$(PY) -m mypy

unit: install
	$(PY) -m pytest

test: lint typecheck unit

bench: install
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/extraction.py
	$(PY) bench/structure.py
	$(PY) bench/metadata.py
	$(PY) bench/pool.py
	$(PY) bench/classes.py
	$(PY) bench/fetch.py
	$(PY) bench/render.py
	$(PY) bench/gather.py
	$(PY) bench/rank.py
	$(PY) bench/answer.py
	$(PY) bench/session.py
	$(PY) bench/serve.py
	$(PY) bench/batch.py

screenshots: install
	$(PY) bench/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
