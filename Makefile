# osbench build.  `make` leaves the plain optimised ./osbench (and its exec
# helper) at the top; `make test` builds with warnings as errors and runs
# every test.  Variants: make SANITIZE=address,undefined test ;
# make SANITIZE=thread test.  Sanitized and test builds stay under build/
# and never replace ./osbench.

CC ?= cc
CFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.2.0

STD := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Wvla
CPPFLAGS += -Iinclude -Isrc -DOSBENCH_VERSION='"$(VERSION)"' -MMD -MP
# build provenance for the host record's build line (src/sys/build.c)
BUILD_FACTS = -DOSBENCH_CFLAGS='"$(strip $(CFLAGS))"' -DOSBENCH_SANITIZE='"$(SANITIZE)"'
PLAIN_FACTS = -DOSBENCH_CFLAGS='"$(strip $(CFLAGS))"' -DOSBENCH_SANITIZE='""'
LDLIBS += -lpthread -lm

comma := ,
# each compiler and sanitizer gets its own objects
ifeq ($(SANITIZE),)
VARIANT := $(notdir $(firstword $(CC)))
else
VARIANT := $(notdir $(firstword $(CC)))-san-$(subst $(comma),-,$(SANITIZE))
SANFLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
endif

B := build/$(VARIANT)
T := build/test-$(VARIANT)
# the plain optimised build, whatever SANITIZE says: the only one that
# may stand at the top
P := build/$(notdir $(firstword $(CC)))

LIB_SRC := $(sort $(filter-out src/main.c src/helper/%,$(shell find src -name "*.c")))
UNIT_SRC := $(wildcard tests/unit/*.c)

ifeq ($(SANITIZE),)
all: osbench osbench-helper
else
all: $(B)/osbench $(B)/osbench-helper
	@echo "sanitized build: $(B)/osbench (./osbench stays the plain build)"
endif

# copied whenever it differs, so a top-level binary from anywhere else
# (an older tree, a hand copy) never survives a plain make
osbench: $(P)/osbench FORCE
	@cmp -s $< $@ || cp $< $@
osbench-helper: $(P)/osbench-helper FORCE
	@cmp -s $< $@ || cp $< $@
FORCE:

# $(call objs,DIR,SOURCES)
objs = $(patsubst %.c,$(1)/%.o,$(2))

# Every object directory keeps the flags it was built with in .flags,
# rewritten only when they change, and its objects depend on it: a build
# with other flags (a package's CFLAGS) and then a plain make rebuilds
# everything, so the plain ./osbench is never one built with other flags.
define variant
$(1)/.flags: FORCE
	$$(shell mkdir -p $$(@D))$$(file >$$@.new,$$(CC) $$(STD) $$(CPPFLAGS) $$($(3)) $$(CFLAGS) $(2) $$($(4)) $$(WARN) $$(LDFLAGS) $$(LDLIBS))
	@cmp -s $$@.new $$@ && rm -f $$@.new || mv -f $$@.new $$@
$(1)/%.o: %.c Makefile $(1)/.flags
	@mkdir -p $$(@D)
	$$(CC) $$(STD) $$(CPPFLAGS) $$($(3)) $$(CFLAGS) $(2) $$($(4)) $$(WARN) -c -o $$@ $$<
$(1)/osbench: $(call objs,$(1),src/main.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/osbench-helper: $(call objs,$(1),src/helper/helper.c)
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^
$(1)/unit: $(call objs,$(1),$(UNIT_SRC) $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
# every UNIT_TEST(name) of tests/unit/*.c, for main.c to declare and call
$(1)/tests/unit/main.o: $(1)/tests/unit/unit_list.h
$(1)/tests/unit/main.o: private CPPFLAGS += -I$(1)/tests/unit
# (made every time, replaced only when it changes: a group removed is gone)
$(1)/tests/unit/unit_list.h: FORCE
	@mkdir -p $$(@D)
	@sed -n 's/^UNIT_TEST(\([a-z_0-9]*\))$$$$/UNIT(\1)/p' $(UNIT_SRC) >$$@.tmp
	@if cmp -s $$@.tmp $$@; then rm -f $$@.tmp; else mv $$@.tmp $$@; fi
$(1)/fuzz-args-replay: $(call objs,$(1),tests/fuzz/fuzz_args.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/fuzz-reader-replay: $(call objs,$(1),tests/fuzz/fuzz_reader.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/fuzz-plot-replay: $(call objs,$(1),tests/fuzz/fuzz_plot.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$($(4)) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
# $(call variant,DIR,EXTRA-CFLAGS,FACTS-VARIABLE,SANITIZER-FLAGS-VARIABLE)
NO_SANFLAGS :=
$(eval $(call variant,$(B),,BUILD_FACTS,SANFLAGS))
$(eval $(call variant,$(T),-Werror,BUILD_FACTS,SANFLAGS))
ifneq ($(P),$(B))
$(eval $(call variant,$(P),,PLAIN_FACTS,NO_SANFLAGS))
endif

# sanitizer reports must fail the tests, not scroll by
# the tests know what they run: a sanitized test build need not warn
SANITIZER_ENV := OSBENCH_ACCEPT_BUILD=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	ASAN_OPTIONS=detect_leaks=1 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

TEST_DEPS := $(T)/osbench $(T)/osbench-helper $(T)/unit $(T)/fuzz-args-replay \
	$(T)/fuzz-reader-replay $(T)/fuzz-plot-replay build/tools/deny
TEST_RUN = $(SANITIZER_ENV) OSBENCH=$(CURDIR)/$(T)/osbench UNIT=$(CURDIR)/$(T)/unit \
	REPLAY=$(CURDIR)/$(T) SANITIZE=$(SANITIZE) DENY=$(CURDIR)/build/tools/deny tests/run

# every test but the few that take minutes (tests/slow), which
# test-slow runs; CI runs both
test: $(TEST_DEPS)
	TESTS=quick $(TEST_RUN)

test-slow: $(TEST_DEPS)
	TESTS=slow $(TEST_RUN)

# the per-call seccomp test's listing of every module's system calls,
# written anew for this machine and libc (as root: it needs pid
# namespaces); commit it with the sources it was listed from
syscalls: $(T)/osbench $(T)/osbench-helper build/tools/deny
	BYSTANDER_LIST=write OSBENCH=$(CURDIR)/$(T)/osbench DENY=$(CURDIR)/build/tools/deny \
		sh tests/t_bystander.sh

# the same test with every module listed afresh, not from tests/syscalls
# (CI runs it once): its outcome, and its last line "N passed, N failed"
syscalls-fresh: $(T)/osbench $(T)/osbench-helper build/tools/deny
	@BYSTANDER_LIST=fresh OSBENCH=$(CURDIR)/$(T)/osbench DENY=$(CURDIR)/build/tools/deny \
		sh tests/t_bystander.sh >$(T)/bystander.log 2>&1; \
	grep -E '^(FAIL|skip|#) ' $(T)/bystander.log; \
	echo "$$(grep -c '^ok ' $(T)/bystander.log) passed, $$(grep -c '^FAIL ' $(T)/bystander.log) failed"; \
	! grep -q '^FAIL ' $(T)/bystander.log && grep -qx 'end t_bystander.sh' $(T)/bystander.log

# the tests' seccomp wrapper: the system's compiler and its kernel headers,
# whatever CC builds osbench with (musl-gcc has no linux/ headers)
build/tools/deny: tests/deny.c
	@mkdir -p $(@D)
	cc -O2 -Wall -Wextra -o $@ $<

# libFuzzer runs (clang): FUZZ_SECONDS per target, new crashes reported
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

# install-files installs what BINDIR_SRC holds (the tests install their
# own build that way, without building anything at the top)
BINDIR_SRC ?= .
install: osbench osbench-helper install-files
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/osbench \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 $(BINDIR_SRC)/osbench $(DESTDIR)$(PREFIX)/bin/osbench
	install -m 0755 $(BINDIR_SRC)/osbench-helper $(DESTDIR)$(PREFIX)/libexec/osbench/osbench-helper
	install -m 0644 osbench.1 $(DESTDIR)$(PREFIX)/share/man/man1/osbench.1

clean:
	rm -rf build osbench osbench-helper

.PHONY: all test test-slow syscalls syscalls-fresh fuzz install install-files clean FORCE
-include $(shell find build -name '*.d' 2>/dev/null)
