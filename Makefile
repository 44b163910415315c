# shoal: build, run, test, install, sanitize and benchmark, all from here.
#
# User-facing targets first install the Debian packages the project needs
# (target `deps`), then re-enter make so that pkg-config sees them. The real
# build rules live below under the `build-*` names.

.DEFAULT_GOAL := all
SHELL := /bin/bash

PREFIX ?= /usr/local
DESTDIR ?=
BUILD ?= build

# ---------------------------------------------------------------- packages
# What a fresh Debian 12 machine needs, in three lists, so that a player's
# `make run` installs no test tools. tests/e2e_deps.sh checks that every
# command and Python module the tests use comes from RUN_PKGS or TEST_PKGS.
# To build and play: compiler, SDL2 and its image, font and mixer (sound)
# libraries, stb, zlib (core checks PNG checksums with it), ENet (network
# play: reliable ordered UDP).
RUN_PKGS := build-essential pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev \
            libsdl2-mixer-dev libstb-dev zlib1g-dev fonts-dejavu-core libenet-dev
# To test (make check): Check; Xvfb and xdotool for real windows, and
# x11-utils for xprop (what a window's title really is in X); clang and
# its runtime for the fuzz harnesses; valgrind; clang-format for the style
# check; strace for fault injection; Python with PIL and numpy to read the
# screenshots (numpy also synthesises the sounds); sox to measure the
# shipped sounds' format, length, peak and loudness (e2e_sounds); git, for
# tools/ci/under-load.sh's clean clones.
TEST_PKGS := check xvfb xdotool x11-utils clang libclang-rt-14-dev valgrind clang-format strace \
             python3 python3-pil python3-numpy sox git
# Only `make bench` needs these: OpenCV is the yardstick for the shore bake;
# valgrind (cachegrind) counts the sea's instructions per fish (count-ir.sh).
BENCH_PKGS := python3 python3-opencv python3-numpy valgrind
# Root installs directly; anyone else goes through sudo (and without sudo
# is told, in one line, what to install as root: exit 2).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

define install_missing
	@missing=$$(for p in $(1); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ] && [ -n "$(SUDO)" ] && ! type sudo >/dev/null 2>&1; then \
	  echo "shoal: needs the Debian packages" $$missing "and cannot install them: you are not root and sudo is not installed; as root run: apt-get install" $$missing >&2; \
	  exit 2; \
	fi; \
	if [ -n "$$missing" ]; then \
	  echo "shoal: installing Debian packages:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# ------------------------------------------------------------ build lines
# Short lines ("  CC   src/core/sea.c") unless V=1 shows every command.
ifeq ($(V),1)
Q :=
say := @true
else
Q := @
say := @printf '  %-4s %s\n'
endif

# ------------------------------------------------------------------- flags
CC ?= cc
# Warnings of DESIGN.md: every one is an error under CI (CI=true).
# -Wformat=2: printf-style calls with non-literal formats and bad arguments;
# -Wcast-qual: casting const away; -Wundef: #if on an undefined macro;
# -Wvla: no variable-length arrays (stack blow-ups from a bad size).
WARN := -Wall -Wextra -Wpedantic \
        -Wmissing-prototypes -Wstrict-prototypes \
        -Wshadow -Wformat=2 -Wcast-qual -Wundef -Wvla
# GCC only (clang builds the fuzz harnesses): the same condition twice in an
# if-else chain; && / || that is always true, false or redundant.
WARN_GCC := -Wduplicated-cond -Wlogical-op
ifneq ($(CI),)
WARN += -Werror
endif
OPT ?= -O2 -g
# _POSIX_C_SOURCE for clock_gettime, pthreads, realpath, fdopen and friends.
# -ffp-contract=off: no fused multiply-add, so generated maps and the sea are
# bit-identical on every machine and compiler.
BASE_CFLAGS := -std=c11 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(if $(findstring clang,$(CC)),,$(WARN_GCC)) $(OPT) -pthread -MMD -MP
# stb is included as a system header so its internals don't trip our warnings.
STB_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags stb 2>/dev/null))
SDL_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags sdl2 SDL2_image SDL2_ttf SDL2_mixer 2>/dev/null))
SDL_LIBS := $(shell pkg-config --libs sdl2 SDL2_image SDL2_ttf SDL2_mixer 2>/dev/null)
ENET_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags libenet 2>/dev/null))
ENET_LIBS := $(shell pkg-config --libs libenet 2>/dev/null)
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
# SAN carries the sanitizer flags of `make asan` / `make tsan` (empty normally).
SAN ?=
CFLAGS_ALL = $(BASE_CFLAGS) $(SAN) $(STB_CFLAGS) -Isrc $(CFLAGS)
LDFLAGS_ALL = $(SAN) -pthread $(LDFLAGS)
LIBS_CORE := -lm -lz
# Where an installed shoal looks for its data when nothing closer is found.
DATADIR := $(PREFIX)/share/shoal
DEFS := -DSHOAL_DATADIR='"$(DATADIR)"'

# ----------------------------------------------------------------- sources
CORE_SRC := $(wildcard src/core/*.c)
UI_SRC := $(wildcard src/ui/*.c)
NET_SRC := $(wildcard src/net/*.c)
GAME_SRC := $(wildcard src/game/*.c)
MAP_SRC := $(wildcard tools/map/*.c)
BENCH_SRC := $(wildcard tools/bench/*.c)
EDITOR_SRC := $(wildcard tools/editor/*.c)
TEST_SRC := $(wildcard tests/test_*.c)

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
UI_OBJ := $(UI_SRC:%.c=$(BUILD)/%.o)
NET_OBJ := $(NET_SRC:%.c=$(BUILD)/%.o)
GAME_OBJ := $(GAME_SRC:%.c=$(BUILD)/%.o)
MAP_OBJ := $(MAP_SRC:%.c=$(BUILD)/%.o)
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/%.o)
EDITOR_OBJ := $(EDITOR_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

CORE_LIB := $(BUILD)/libshoalcore.a
UI_LIB := $(BUILD)/libshoalui.a
# Network play (ENet): above core, below the game.
NET_LIB := $(BUILD)/libshoalnet.a
# The game without its main(), for the test suites of its parts.
GAME_LIB := $(BUILD)/libshoalgame.a

BINS := $(BUILD)/shoal $(BUILD)/shoal-map $(BUILD)/shoal-bench
ifneq ($(EDITOR_SRC),)
BINS += $(BUILD)/shoal-editor
endif

# --------------------------------------------------------- user targets
.PHONY: all run test asan tsan check check-full bench install clean deps deps-test format \
        format-check build-all build-tests test-run fuzz fuzz-smoke print-pkgs

NPROC := $(shell nproc 2>/dev/null || echo 1)

# What building and playing needs; deps-test adds what the tests need.
deps:
	$(call install_missing,$(RUN_PKGS))
deps-test: deps
	$(call install_missing,$(TEST_PKGS))

all: deps
	@$(MAKE) --no-print-directory -j$(NPROC) build-all

# Build the game alone, on every core, and start it (extra flags:
# make run ARGS="--seed 7").
run: deps
	@$(MAKE) --no-print-directory -j$(NPROC) $(BUILD)/shoal
	./$(BUILD)/shoal $(ARGS)

# Build and run every Check suite and end-to-end script: the quick run.
test: deps-test
	@$(MAKE) --no-print-directory phase-test

# Every suite under AddressSanitizer + UndefinedBehaviorSanitizer, light.
asan: deps-test
	@$(MAKE) --no-print-directory phase-asan

# Every suite under ThreadSanitizer, light.
tsan: deps-test
	@$(MAKE) --no-print-directory phase-tsan

# What each sanitizer watches in make check: what it is for, not everything
# twice (make asan, make tsan and make check-full run every suite).
# ASan + UBSan: every Check suite and every end-to-end run without a window
# (the window scripts drive the same code through X, once, in make test).
# TSan: the suites whose code runs threads: the job pool and what runs on
# it (grid, sea, metrics, the game's sea life), the loader that starts
# battles off the main thread, the network sessions, the bench and its
# soak, and thread counts compared (e2e_simd). The probes (test_probe,
# e2e_probe) run the same threaded step for minutes under TSan: ASan and
# the plain build run them.
TSAN_SUITES := test_jobs test_grid test_sea test_metrics test_metrics_observe test_ui_loader \
               test_ui_sealife test_net e2e_bench e2e_simd

# phases PHASE...: run each (a make target), stop at the first that fails,
# and print each one's time (the phases print their own parts) and the total.
define phases
	@s=$$(date +%s); \
	for p in $(1); do \
	  t=$$(date +%s); \
	  $(MAKE) --no-print-directory $$p || { echo "make $@: $$p FAILED after $$(($$(date +%s) - t)) s ($$(($$(date +%s) - s)) s in all)"; exit 1; }; \
	  echo "make $@: $$p took $$(($$(date +%s) - t)) s"; \
	done; \
	echo "make $@: $(1) passed in $$(($$(date +%s) - s)) s"
endef

# What CI runs (.ci/run), within 25 minutes on two cores: the format check,
# every suite, every fuzz harness over its corpus for a few seconds, then
# the sanitizers on what each watches (above). Stops at the first failure.
check: deps-test
	$(call phases,format-check phase-test fuzz-smoke phase-asan-check phase-tsan-check)

# The deep sweep, before resolving work on threads or parsers: the same,
# with every suite under ASan + UBSan and again under TSan (about an hour).
check-full: deps-test
	$(call phases,format-check phase-test fuzz-smoke phase-asan phase-tsan)

# Speed figures: the sea benchmark and the shore bake against OpenCV.
bench: deps
	$(call install_missing,$(BENCH_PKGS))
	@$(MAKE) --no-print-directory -j$(NPROC) build-all
	tools/bench/run-bench.sh $(BUILD)

# The package lists, one line each, for tests/e2e_deps.sh.
print-pkgs:
	@echo "run: $(RUN_PKGS)"
	@echo "test: $(TEST_PKGS)"
	@echo "bench: $(BENCH_PKGS)"

install: deps
	@$(MAKE) --no-print-directory -j$(NPROC) build-all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	cp -r data/. $(DESTDIR)$(DATADIR)/

clean:
	rm -rf build build-asan build-tsan build-fuzz

FORMAT_SRC = $(shell find src tools tests -name '*.[ch]')
format:
	clang-format -i $(FORMAT_SRC)

# Fails naming each file whose formatting differs from .clang-format.
format-check:
	@clang-format --dry-run -Werror $(FORMAT_SRC) && echo "make format-check: $(words $(FORMAT_SRC)) files formatted"

# ------------------------------------------------------------ build rules
build-all: $(BINS)

# PHASE_BUILD="shoal-bench tests/test_jobs ...": only these (paths under
# $(BUILD)), for a phase that runs a few suites.
PHASE_BUILD ?=
build-tests: $(if $(PHASE_BUILD),$(addprefix $(BUILD)/,$(PHASE_BUILD)),$(BINS) $(TEST_BIN) \
             $(BUILD)/tests/shoal-bench-scalar)

test-run: build-tests
	@tests/run.sh $(BUILD)

# Test phases: phase-NAME builds NAME's tree on every core, then runs its
# suites from a make without -j (e2e_install runs make itself, and a job
# server it cannot reach makes it complain), and prints both wall times.
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
PHASE_VARS_test :=
PHASE_VARS_asan := BUILD=$(ASAN_BUILD) OPT="-O1 -g" \
                   SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
PHASE_VARS_tsan := BUILD=$(TSAN_BUILD) OPT="-O1 -g" SAN="-fsanitize=thread"
# Sanitizers slow our code 3 to 30 times: their runs take the light profile
# (shorter loops, same assertions: tu_scale in tests/testutil.h and the e2e
# scripts), and Check's per-test timeouts, hang guards, stretch five-fold.
PHASE_ENV_test :=
PHASE_ENV_asan := SHOAL_TEST_LIGHT=1 CK_TIMEOUT_MULTIPLIER=5
# TSan builds run the game several times slower than ASan ones: the window
# scripts wait 3 times longer again (lib_e2e.sh's slow).
PHASE_ENV_tsan := $(PHASE_ENV_asan) SHOAL_TEST_SLOW=15
# make check's sanitizer phases: the same builds, fewer suites (TSAN_SUITES).
PHASE_VARS_asan-check := $(PHASE_VARS_asan)
PHASE_ENV_asan-check := $(PHASE_ENV_asan) SHOAL_TEST_WINDOWS=0
PHASE_VARS_tsan-check := $(PHASE_VARS_tsan) PHASE_BUILD="shoal shoal-bench tests/shoal-bench-scalar \
                         $(patsubst %,tests/%,$(filter test_%,$(TSAN_SUITES)))"
PHASE_ENV_tsan-check := $(PHASE_ENV_tsan) SHOAL_TEST_ONLY="$(TSAN_SUITES)"
.PHONY: phase-test phase-asan phase-tsan phase-asan-check phase-tsan-check
phase-test phase-asan phase-tsan phase-asan-check phase-tsan-check: phase-%:
	@s=$$(date +%s); \
	if $(MAKE) --no-print-directory -j$(NPROC) $(PHASE_VARS_$*) build-tests; then \
	  b=$$(date +%s); $(PHASE_ENV_$*) $(MAKE) --no-print-directory $(PHASE_VARS_$*) test-run; rc=$$?; \
	  echo "make $*: build $$((b - s)) s, tests $$(($$(date +%s) - b)) s: $$([ $$rc = 0 ] && echo passed || echo FAILED)"; \
	  exit $$rc; \
	else echo "make $*: build FAILED after $$(($$(date +%s) - s)) s"; exit 1; fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(say) CC $<
	$(Q)$(CC) $(CFLAGS_ALL) $(DEFS) -c $< -o $@

# SDL headers only where SDL is used: ui, game, editor and their tests.
$(UI_OBJ) $(GAME_OBJ) $(EDITOR_OBJ): CFLAGS += $(SDL_CFLAGS)
$(NET_OBJ): CFLAGS += $(ENET_CFLAGS)
# The fish stage passes 8-wide vectors to always-inlined helpers, so GCC's
# note that a 32-byte vector argument's ABI changed in GCC 4.6 never
# applies; GCC 12 prints it from the command line's -Wpsabi alone, past
# sea_simd.h's pragma.
$(BUILD)/src/core/sea_step.o: CFLAGS += -Wno-psabi
# The stb implementations are third-party code: compile them quietly.
$(BUILD)/src/core/stb_impl.o: CFLAGS += -w
# Under TSan, stb (never threaded) runs uninstrumented like the system
# libraries: its PNG coding was 90% of test_save's time there. ASan and
# UBSan still check it.
ifneq ($(filter -fsanitize=thread,$(SAN)),)
$(BUILD)/src/core/stb_impl.o: override SAN :=
endif

$(CORE_LIB): $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(UI_LIB): $(UI_OBJ)
	@mkdir -p $(dir $@)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(NET_LIB): $(NET_OBJ)
	@mkdir -p $(dir $@)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(GAME_LIB): $(filter-out $(BUILD)/src/game/main.o,$(GAME_OBJ))
	@mkdir -p $(dir $@)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/shoal: $(GAME_OBJ) $(UI_LIB) $(NET_LIB) $(CORE_LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) $^ $(SDL_LIBS) $(ENET_LIBS) $(LIBS_CORE) -o $@

$(BUILD)/shoal-editor: $(EDITOR_OBJ) $(UI_LIB) $(CORE_LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) $^ $(SDL_LIBS) $(LIBS_CORE) -o $@

$(BUILD)/shoal-map: $(MAP_OBJ) $(CORE_LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) $^ $(LIBS_CORE) -o $@

$(BUILD)/shoal-bench: $(BENCH_OBJ) $(CORE_LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) $^ $(LIBS_CORE) -o $@

# shoal-bench with the sea's fish stage in plain C (no SSE, no AVX): the
# SIMD builds must match it bit for bit (tests/e2e_simd.sh). Its object
# comes before the library, so the library's sea_step.o is not linked.
$(BUILD)/tests/sea_step_scalar.o: src/core/sea_step.c
	@mkdir -p $(dir $@)
	$(say) CC "$< (plain C)"
	$(Q)$(CC) $(CFLAGS_ALL) $(DEFS) -DSEA_NO_SIMD -c $< -o $@

$(BUILD)/tests/shoal-bench-scalar: $(BENCH_OBJ) $(BUILD)/tests/sea_step_scalar.o $(CORE_LIB)
	$(say) LD $@
	$(Q)$(CC) $(LDFLAGS_ALL) $^ $(LIBS_CORE) -o $@

# Every tests/test_X.c is one Check suite binary; ui and game suites get SDL.
$(BUILD)/tests/%: tests/%.c $(GAME_LIB) $(UI_LIB) $(NET_LIB) $(CORE_LIB)
	@mkdir -p $(dir $@)
	$(say) TEST $@
	$(Q)$(CC) $(CFLAGS_ALL) $(DEFS) $(CHECK_CFLAGS) $(SDL_CFLAGS) $(ENET_CFLAGS) -Itests $< \
	  $(GAME_LIB) $(UI_LIB) $(NET_LIB) $(CORE_LIB) $(LDFLAGS_ALL) $(CHECK_LIBS) $(SDL_LIBS) \
	  $(ENET_LIBS) $(LIBS_CORE) -o $@

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ----------------------------------------------------------------- fuzzing
# `make fuzz FUZZ_SECONDS=60`: builds the libFuzzer harnesses of tools/fuzz
# into $(FUZZ_BUILD) (clang, ASan + UBSan, everything they link compiled in
# and instrumented) and runs each for FUZZ_SECONDS on a copy of its seed
# corpus; fails if any harness finds a crash (tools/fuzz/run.sh). The parsers:
# PNG maps, sidecars, saves, CLI numbers, settings.ini, editor scripts, and
# the command lines of shoal, shoal-editor and shoal-bench, scenarios, and
# the packets a network peer sends.
FUZZ_SECONDS ?= 60
FUZZ_BUILD ?= build-fuzz
# FUZZ_ONLY="settings script" runs only those harnesses (all by default).
FUZZ_ONLY ?=
FUZZ_CC := clang
FUZZ_SAN := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c11 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) \
               -g -O1 -pthread $(FUZZ_SAN) $(STB_CFLAGS) $(SDL_CFLAGS) $(DEFS) -Isrc
FUZZ_NAMES := map_png sidecar save cli settings script options editor_args bench_args scenario net
# Per harness: FUZZ_DEPS_x, objects and instrumented libraries it links
# (a library gives only the members needed, so no harness lists the core
# modules it uses: that list went stale once, when saves began to look for
# moved maps); FUZZ_LDLIBS_x, system libraries.
FUZZ_DEPS_map_png := $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_sidecar := $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_save := $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_scenario := $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_cli := $(FUZZ_BUILD)/libcore.a
# The packet parser alone: net_msg.c knows no sockets.
FUZZ_DEPS_net := $(FUZZ_BUILD)/obj/src/net/net_msg.o $(FUZZ_BUILD)/libcore.a
# settings.ini's key.* lines are read by keys.c, which names keys through SDL.
FUZZ_DEPS_settings := $(FUZZ_BUILD)/obj/src/game/settings.o $(FUZZ_BUILD)/obj/src/game/keys.o \
                      $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_options := $(FUZZ_BUILD)/obj/src/game/options.o $(FUZZ_BUILD)/obj/src/game/autoplay.o \
                     $(FUZZ_BUILD)/libnet.a $(FUZZ_BUILD)/libcore.a
# script.c and the editor's and bench's main.c are compiled into their
# harnesses (for private records and parsers), so the libraries leave
# main.c out; the editor harnesses need the rest of the editor and SDL.
FUZZ_DEPS_script := $(FUZZ_BUILD)/libeditor.a $(FUZZ_BUILD)/libui.a $(FUZZ_BUILD)/libcore.a
FUZZ_DEPS_editor_args := $(FUZZ_DEPS_script)
FUZZ_DEPS_bench_args := $(FUZZ_BUILD)/libbench.a $(FUZZ_BUILD)/libcore.a
FUZZ_LDLIBS_script := $(SDL_LIBS)
FUZZ_LDLIBS_settings := $(SDL_LIBS)
FUZZ_LDLIBS_options := $(ENET_LIBS)
FUZZ_LDLIBS_editor_args := $(SDL_LIBS)
FUZZ_AR_core := $(CORE_SRC)
FUZZ_AR_ui := $(UI_SRC)
FUZZ_AR_net := $(NET_SRC)
FUZZ_AR_editor := $(filter-out tools/editor/main.c,$(EDITOR_SRC))
FUZZ_AR_bench := $(filter-out tools/bench/main.c,$(BENCH_SRC))
FUZZ_BINS := $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)
.PHONY: fuzz-build

fuzz: deps-test
	@$(MAKE) --no-print-directory -j$(NPROC) fuzz-build
	tools/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_ONLY)

# Part of make check: every harness builds and runs over its seed corpus
# and a few seconds more, so none can rot unseen.
FUZZ_SMOKE_SECONDS ?= 4
fuzz-smoke:
	@s=$$(date +%s); \
	if $(MAKE) --no-print-directory -j$(NPROC) fuzz-build; then \
	  b=$$(date +%s); tools/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SMOKE_SECONDS); rc=$$?; \
	  echo "make fuzz-smoke: build $$((b - s)) s, runs $$(($$(date +%s) - b)) s: $$([ $$rc = 0 ] && echo passed || echo FAILED)"; \
	  exit $$rc; \
	else echo "make fuzz-smoke: build FAILED after $$(($$(date +%s) - s)) s"; exit 1; fi

fuzz-build: $(FUZZ_BINS)

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(say) CC "$< (fuzz)"
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@
# stb_image copies 0 bytes to NULL+0 when the first IDAT chunk is empty (a
# legal PNG); harmless and not ours, so only those two checks are off there.
$(FUZZ_BUILD)/obj/src/core/stb_impl.o: FUZZ_CFLAGS += -w -fno-sanitize=pointer-overflow,nonnull-attribute
# The sea's SIMD kernel uses GCC's __builtin_shuffle, which clang lacks; the
# editor's harnesses link the sea (its live preview), so they get its plain
# C kernel, the one tests/e2e_simd.sh holds the SIMD builds to.
$(FUZZ_BUILD)/obj/src/core/sea_step.o: FUZZ_CFLAGS += -DSEA_NO_SIMD

define fuzz_archive
$(FUZZ_BUILD)/lib$(1).a: $(FUZZ_AR_$(1):%.c=$(FUZZ_BUILD)/obj/%.o)
	$(say) AR $$@
	$(Q)rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach a,core ui net editor bench,$(eval $(call fuzz_archive,$(a))))

define fuzz_link
$(FUZZ_BUILD)/fuzz_$(1): $(FUZZ_BUILD)/obj/tools/fuzz/fuzz_$(1).o $(FUZZ_DEPS_$(1))
	$(say) LD $$@
	$(Q)$$(FUZZ_CC) $$(FUZZ_SAN) -pthread $$^ $$(FUZZ_LDLIBS_$(1)) -lm -lz -o $$@
endef
$(foreach f,$(FUZZ_NAMES),$(eval $(call fuzz_link,$(f))))

-include $(shell find $(FUZZ_BUILD)/obj -name '*.d' 2>/dev/null)
