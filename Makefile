# Everything a fresh machine needs: `make demo` and `make test` install what they use.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
# Portable llama.cpp build: a -march=native build crashed on some CPUs here, and a native wheel
# cached on one machine may not run on another.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF
CHROMIUM ?= /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: install demo test lint typecheck bench browser clean reliability

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PY) -m pip install --quiet -e ".[local,dev,postgres,queue]"
	# An editable install leaves the package uncompiled; where PYTHONDONTWRITEBYTECODE is set, every command would
	# compile it again (about 60 ms of each CLI start-up).
	$(PY) -m compileall -q src/editorial_ai >/dev/null
	touch $@

install: $(VENV)/.installed

browser:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

demo: install
	bash scripts/demo.sh

test: install browser
	$(BIN)/pytest -q --durations=25

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/mypy

# Multi-process decision race (SQLite, and PostgreSQL when reachable), kill -9 + resume, hostile model output,
# API fuzzing; prints the counts and fails when any is above 0 (see docs/architecture.md).
reliability: install
	$(PY) scripts/reliability/run_all.py

bench: install
	$(BIN)/editorial-ai bench local --repeats 2
	$(BIN)/editorial-ai bench local --structured --repeats 2 --with-grammar

clean:
	rm -rf data/demo artifacts .pytest_cache .mypy_cache .ruff_cache
