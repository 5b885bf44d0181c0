# Hewn: `make run` opens the editor, `make test` runs vet and every test (headless),
# `make wasm` builds the runtime module hewn-runtime.wasm.
# `make run` and `make test` install the Debian packages they need first (as root, or with sudo).

GO       ?= go
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEB_PKGS := gcc pkg-config libgl1-mesa-dev libxcursor-dev libxrandr-dev libxinerama-dev \
            libxi-dev libxxf86vm-dev libxkbcommon-dev libwayland-dev wayland-protocols \
            xvfb xdotool imagemagick tiled nodejs chromium
export LANG := en_US.UTF-8

.PHONY: run test bench deps build cli smoke fuzz wasm

## deps: install the system packages for cgo/GL and Xvfb when missing (idempotent)
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## build: the hewn binary
build: deps
	$(GO) build -o hewn .

## cli: hewn-cli, the command line without the editor (tag nogui: no Fyne, no cgo, a static binary
## for servers, containers and seed sweeps; it starts in a few milliseconds)
cli:
	CGO_ENABLED=0 $(GO) build -tags nogui -o hewn-cli .

## wasm: the runtime module hewn-runtime.wasm (wasip1 reactor, no cgo, no Fyne; see README)
wasm:
	GOOS=wasip1 GOARCH=wasm CGO_ENABLED=0 $(GO) build -buildmode=c-shared -o hewn-runtime.wasm ./projects/module/wasm

## run: open the editor on the embedded example project
run: build
	./hewn

## test: vet, every test, and the real-window smoke test under Xvfb
test: deps
	$(GO) vet ./...
	$(GO) vet -tags nogui . ./ui/desktop
	$(GO) test -count=1 ./...
	$(MAKE) smoke

## smoke: start the real app under Xvfb, screenshot it, fail if nothing was drawn
smoke: build
	scripts/smoke.sh ./hewn

## fuzz: every loader's fuzz target for FUZZTIME (default 10m) each, as a table
fuzz:
	scripts/fuzz.sh

## bench: every benchmark, with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...
