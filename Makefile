# account-funds: the two commands a fresh machine needs are `make` and `make test`.
# Target names are a public interface: later work extends them, never renames them.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := all

BIN := node_modules/.bin
REDOCLY := $(BIN)/redocly
REDOCLY_CONFIG := spec/redocly.yaml
SPEC_ROOT := spec/openapi.yaml
export REDOCLY_TELEMETRY := off
export REDOCLY_SUPPRESS_UPDATE_NOTICE := true

.PHONY: all install generate build build-validators build-generator check-generated lint typecheck publint package-checks consumer api-report api-report-check unit test bench assumptions clean sandbox demo docs example browser review

## all: install (npm ci when the lock file changed), generate, build, then the main job: the demo of the generated
## client against the sandbox started in-process (demo/main.ts; exits non-zero when a step fails).
all: install generate build demo

## install: `npm ci` when node_modules is missing or older than package-lock.json.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

GENERATOR := node generator/dist/src/cli.js

## generate: generate the client package generated/ from spec/ (bundle, types, validators, ...; deterministic).
generate: build-validators build-generator
	$(GENERATOR) generate --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated

## build: compile the publishable packages (the sandbox imports the client's build).
build: build-validators
	npm run build --workspace @account-funds/client
	npm run build --workspace @account-funds/sandbox

## demo: the main job: the generated client against the in-process sandbox, with a readable transcript.
demo: build
	$(BIN)/tsx demo/main.ts

BASE ?=
## review: what the spec change since BASE (default: the merge base with main) does to client consumers
## (review/README.md); ARGS="--format github|json --output <file>"; exit 1 on an unacknowledged breaking change,
## 2 when BASE is missing (e.g. a shallow clone).
review: build-validators
	$(BIN)/tsx review/src/cli.ts --base "$(BASE)" $(ARGS)

## example: serve the beneficiary-form example on http://127.0.0.1:5173 (Vite dev server; imports the validators' build).
example: build-validators
	npm run dev --workspace @account-funds/example-beneficiary-form -- --host 127.0.0.1 --port 5173

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

## build-validators: the generator and the spec tests use @account-funds/validators' build (custom formats).
build-validators: install
	npm run build --workspace @account-funds/validators

## build-generator: compile the generator to generator/dist/ when its sources changed (quietly: `make assumptions`
## prints JSON). Node loads the compiled JavaScript, and the libraries it imports, seconds faster than tsx does the
## TypeScript; `make typecheck` type-checks the sources.
build-generator: generator/dist/src/cli.js
generator/dist/src/cli.js: $(shell find generator/src generator/runtime -name '*.ts' -o -name '*.js') generator/tsconfig.build.json generator/tsconfig.json tsconfig.json | install
	@rm -rf generator/dist
	@$(BIN)/tsc -p generator/tsconfig.build.json

## check-generated: fail, with a diff, when generated/ differs from what `make generate` would write.
check-generated: build-validators build-generator
	$(GENERATOR) check --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated

## lint: Redocly lint of the spec (zero errors, zero warnings).
lint: install
	$(REDOCLY) lint $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --max-problems 500

## typecheck: TypeScript strict over every package's sources and tests.
typecheck: build
	$(BIN)/tsc -p validators/tsconfig.json
	$(BIN)/tsc -p validators/tsconfig.test.json
	$(BIN)/tsc -p spec/tsconfig.json
	$(BIN)/tsc -p test/tsconfig.json
	$(BIN)/tsc -p generator/tsconfig.json
	$(BIN)/tsc -p generated/tsconfig.json
	$(BIN)/tsc -p test/client/tsconfig.json
	$(BIN)/tsc -p sandbox/tsconfig.json
	$(BIN)/tsc -p demo/tsconfig.json
	$(BIN)/tsc -p review/tsconfig.json
	$(BIN)/tsc -p examples/beneficiary-form/tsconfig.json
	$(BIN)/tsc -p examples/beneficiary-form/tsconfig.node.json

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

## docs: the HTML reference of the API, docs/dist/index.html (not committed): Redocly build-docs of the bundled spec
## (generated/openapi.json) with Redoc inlined, so the page opens offline (docs/build.ts; test/docs opens it in Chromium).
docs: install
	$(BIN)/tsx docs/build.ts

## test: everything CI runs.
test: install lint typecheck check-generated build publint package-checks consumer api-report-check unit

## bench: benchmarks with ratios against peers measured in the same run: the validators' (validators/bench), the
## client's (generator/bench: per-call overhead, generate time, type instantiations, bundle size), the sandbox's
## (sandbox/bench: req/s and p99 against Prism 5.14) and the example form's page size (examples/beneficiary-form/bench).
bench: build build-generator
	npm run bench --workspaces --if-present

## assumptions: every x-assumption of the bundled spec with its JSON pointer (JSON: add ARGS=--json).
assumptions: build-generator
	@$(GENERATOR) assumptions --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) $(ARGS)

clean:
	rm -rf validators/dist generator/dist generated/dist sandbox/dist docs/dist examples/beneficiary-form/dist api-report/temp test-results
