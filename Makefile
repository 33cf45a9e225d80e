# osbench build.  `make` leaves ./osbench (and its exec helper) at the top;
# `make test` builds with warnings as errors and runs every test.
# Variants: make SANITIZE=address,undefined test ; make SANITIZE=thread test

CC ?= cc
CFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

STD := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Wvla
CPPFLAGS += -Iinclude -DOSBENCH_VERSION='"$(VERSION)"' -MMD -MP
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

LIB_SRC := $(filter-out src/main.c,$(wildcard src/*.c src/modules/*.c))
UNIT_SRC := $(wildcard tests/unit/*.c)

all: osbench osbench-helper

osbench: $(B)/osbench
	cp $< $@
osbench-helper: $(B)/osbench-helper
	cp $< $@

# $(call objs,DIR,SOURCES)
objs = $(patsubst %.c,$(1)/%.o,$(2))

define variant
$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(CC) $$(STD) $$(CPPFLAGS) $$(CFLAGS) $(2) $$(SANFLAGS) $$(WARN) -c -o $$@ $$<
$(1)/osbench: $(call objs,$(1),src/main.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/osbench-helper: $(call objs,$(1),src/helper/helper.c)
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^
$(1)/unit: $(call objs,$(1),$(UNIT_SRC) $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/fuzz-args-replay: $(call objs,$(1),tests/fuzz/fuzz_args.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/fuzz-reader-replay: $(call objs,$(1),tests/fuzz/fuzz_reader.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
$(1)/fuzz-plot-replay: $(call objs,$(1),tests/fuzz/fuzz_plot.c tests/fuzz/replay.c $(LIB_SRC))
	$$(CC) $$(CFLAGS) $$(SANFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
$(eval $(call variant,$(B),))
$(eval $(call variant,$(T),-Werror))

# sanitizer reports must fail the tests, not scroll by
SANITIZER_ENV := UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	ASAN_OPTIONS=detect_leaks=1 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

test: $(T)/osbench $(T)/osbench-helper $(T)/unit $(T)/fuzz-args-replay $(T)/fuzz-reader-replay \
		$(T)/fuzz-plot-replay
	$(SANITIZER_ENV) OSBENCH=$(CURDIR)/$(T)/osbench UNIT=$(CURDIR)/$(T)/unit \
		REPLAY=$(CURDIR)/$(T) SANITIZE=$(SANITIZE) tests/run

# libFuzzer runs (clang): FUZZ_SECONDS per target, new crashes reported
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/osbench \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0755 osbench $(DESTDIR)$(PREFIX)/bin/osbench
	install -m 0755 osbench-helper $(DESTDIR)$(PREFIX)/libexec/osbench/osbench-helper
	install -m 0644 osbench.1 $(DESTDIR)$(PREFIX)/share/man/man1/osbench.1

clean:
	rm -rf build osbench osbench-helper

.PHONY: all test fuzz install clean
-include $(shell find build -name '*.d' 2>/dev/null)
