# account-funds: the two commands a fresh machine needs are `make` and `make test`.
# Target names are a public interface: later work extends them, never renames them.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := all

BIN := node_modules/.bin
REDOCLY := $(BIN)/redocly
REDOCLY_CONFIG := spec/redocly.yaml
SPEC_ROOT := spec/openapi.yaml
BUNDLE := generated/openapi.json
export REDOCLY_TELEMETRY := off
export REDOCLY_SUPPRESS_UPDATE_NOTICE := true

.PHONY: all install generate build check-generated lint typecheck publint unit test bench assumptions clean

## all: install (npm ci when the lock file changed), generate, build.
all: install generate build

## install: `npm ci` when node_modules is missing or older than package-lock.json.
install: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## generate: bundle spec/ into generated/openapi.json (deterministic).
generate: install
	$(REDOCLY) bundle $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --output $(BUNDLE) --ext json
	$(BIN)/tsx spec/tools/normalize-bundle.ts $(BUNDLE)

## build: compile the publishable packages.
build: install
	npm run build --workspace @account-funds/validators

## check-generated: fail when generated/ differs from what `make generate` would write.
check-generated: install
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(REDOCLY) bundle $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --output "$$tmp/openapi.json" --ext json >/dev/null 2>&1; \
	$(BIN)/tsx spec/tools/normalize-bundle.ts "$$tmp/openapi.json"; \
	if ! diff -u $(BUNDLE) "$$tmp/openapi.json" > "$$tmp/drift.diff"; then \
	  head -n 80 "$$tmp/drift.diff"; \
	  echo "generated/ is stale: run 'make generate' and commit the result." >&2; exit 1; \
	fi; echo "generated/ is up to date."

## lint: Redocly lint of the spec (zero errors, zero warnings).
lint: install
	$(REDOCLY) lint $(SPEC_ROOT) --config $(REDOCLY_CONFIG) --max-problems 500

## typecheck: TypeScript strict over every package's sources and tests.
typecheck: build
	$(BIN)/tsc -p validators/tsconfig.json
	$(BIN)/tsc -p validators/tsconfig.test.json
	$(BIN)/tsc -p spec/tsconfig.json
	$(BIN)/tsc -p test/tsconfig.json

## publint: every publishable package has exports and types that resolve.
publint: build
	$(BIN)/publint run validators --strict
	$(BIN)/publint run generated --strict

## unit: every vitest project (unit, property, contract tests).
unit: build
	$(BIN)/vitest run

## test: everything CI runs.
test: install lint typecheck check-generated build publint unit

## bench: benchmarks with ratios against peers measured in the same run.
bench: build
	npm run bench --workspaces --if-present

## assumptions: every x-assumption of the bundled spec with its JSON pointer.
assumptions: install
	$(BIN)/tsx spec/tools/list-assumptions.ts $(BUNDLE)

clean:
	rm -rf validators/dist
