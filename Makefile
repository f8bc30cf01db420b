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

.PHONY: all install generate build build-validators build-generator check-generated lint typecheck publint package-checks consumer api-report api-report-check unit test bench assumptions clean

## all: install (npm ci when the lock file changed), generate, build.
all: install generate build

## install: `npm ci` when node_modules is missing or older than package-lock.json.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

GENERATOR := node generator/dist/src/cli.js

## generate: generate the client package generated/ from spec/ (bundle, types, validators, ...; deterministic).
generate: build-validators build-generator
	$(GENERATOR) generate --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --out generated

## build: compile the publishable packages.
build: build-validators
	npm run build --workspace @account-funds/client

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

## publint: every publishable package has exports and types that resolve.
publint: build
	$(BIN)/publint run validators --strict
	$(BIN)/publint run generated --strict

## package-checks: attw ("are the types wrong") on the packed tarballs of both packages, with the esm-only profile:
## they are ESM-only ("type": "module", no "require" condition), so require() from CommonJS and node10 resolution
## of subpaths are not expected to work, and every ESM resolution (node16 from ESM, bundler) must be clean.
package-checks: build
	@dir="$$(mktemp -d)"; trap 'rm -rf "$$dir"' EXIT; \
	npm pack --silent --loglevel=error --workspace @account-funds/validators --workspace @account-funds/client --pack-destination "$$dir" >/dev/null; \
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

## unit: every vitest project (unit, property, contract tests).
unit: build
	$(BIN)/vitest run

## test: everything CI runs.
test: install lint typecheck check-generated build publint package-checks consumer api-report-check unit

## bench: benchmarks with ratios against peers measured in the same run: the validators' (validators/bench) and the
## client's (generator/bench: per-call overhead, generate time, type instantiations, bundle size).
bench: build build-generator
	npm run bench --workspaces --if-present

## assumptions: every x-assumption of the bundled spec with its JSON pointer (JSON: add ARGS=--json).
assumptions: build-generator
	@$(GENERATOR) assumptions --spec $(SPEC_ROOT) --config $(REDOCLY_CONFIG) $(ARGS)

clean:
	rm -rf validators/dist generator/dist generated/dist api-report/temp
