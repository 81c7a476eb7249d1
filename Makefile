# The two commands: `make run` and `make test`. Both install what is missing (Debian packages),
# configure and build. Everything else here supports them.
PRESET ?= dev
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)
EXAMPLE := resources/examples/keras_control_flow
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

DEBIAN_PACKAGES := build-essential cmake ninja-build pkg-config ccache git \
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n \
  libqt6svg6 libqt6opengl6-dev qt6-qpa-plugins libgl-dev libgraphviz-dev graphviz libprotobuf-dev protobuf-compiler \
  libeigen3-dev catch2 clang-format nlohmann-json3-dev libsnappy-dev zlib1g-dev xvfb xauth fonts-dejavu-core fonts-wqy-microhei

.PHONY: run test build deps configure clean cli-demo bench format format-check tidy fuzz package

# $(call install_missing,PACKAGES): apt-get installs those of PACKAGES that are not installed.
define install_missing
	@missing=$$(for p in $(1); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing missing Debian packages: $$missing"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEBIAN_PACKAGES))

configure: deps
	@mkdir -p build && cmake --preset $(PRESET) > $(BUILD_DIR).configure.log 2>&1 || (cat $(BUILD_DIR).configure.log; exit 1)

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS)

run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	    $(BUILD_DIR)/app/graphlens $(EXAMPLE); \
	else \
	    echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): showing 'graphlens-cli inspect' of the example instead."; \
	    echo "Run 'make run' from a desktop session to open the GUI."; \
	    $(BUILD_DIR)/app/graphlens-cli inspect $(EXAMPLE); \
	fi

cli-demo: build
	$(BUILD_DIR)/app/graphlens-cli inspect $(EXAMPLE)

test: format-check build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD_DIR)/tests/bench/graphlens-bench-import
	$(BUILD_DIR)/tests/bench/graphlens-bench-view
	$(BUILD_DIR)/tests/bench/bench_optimize
	python3 tests/bench/run_b3.py $(BUILD_DIR)/app/graphlens-cli
	python3 tests/bench/run_b4.py $(BUILD_DIR)
	python3 tests/bench/run_b5.py $(BUILD_DIR)
	python3 tests/bench/run_b6.py $(BUILD_DIR)
	python3 tests/bench/run_b7.py $(BUILD_DIR)

# The Debian package: the release preset (-O2 -g, no tests), CPack's graphlens and graphlens-dbgsym
# packages in build/release, then tests/package/check_package.sh (lintian, stripping, icons,
# desktop files, an install with dpkg --root that runs graphlens-cli inspect on the example).
PACKAGE_TOOLS := lintian file binutils
package: deps
	$(call install_missing,$(PACKAGE_TOOLS))
	@$(MAKE) --no-print-directory build PRESET=release
	rm -f build/release/graphlens_*.deb build/release/graphlens-dbgsym_*.*deb
	cd build/release && cpack -G DEB
	bash tests/package/check_package.sh build/release

# The tracked C++ sources that exist in the work tree (a file deleted but not yet committed is left out).
FORMAT_FILES := git ls-files '*.cpp' '*.h' | while read -r f; do [ -f "$$f" ] && echo "$$f"; done

format:
	$(FORMAT_FILES) | xargs clang-format -i

# Fails on any difference from .clang-format (Debian 12's clang-format 14; other versions format
# differently). `make test` and so CI run it first.
format-check: deps
	@diffs=$$($(FORMAT_FILES) | xargs clang-format --dry-run 2>&1); \
	if [ -n "$$diffs" ]; then echo "$$diffs" | head -40; \
	  echo "Formatting differs from .clang-format in $$(echo "$$diffs" | grep -c 'warning:') places: run 'make format'."; exit 1; fi

clean:
	rm -rf build

# libFuzzer targets (the readers of core/graph/io, tests/io_fuzz; the core/lang parser and
# interpreter; the pass manager, tests/passes/fuzz_optimize.cpp) built with
# clang and ASan in build/fuzz, each run for FUZZ_SECONDS with leak detection on.
FUZZ_SECONDS ?= 60
FUZZ_DIR := build/fuzz
fuzz: deps
	@mkdir -p $(FUZZ_DIR) && cmake -S . -B $(FUZZ_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DGRAPHLENS_FUZZ=ON -DGRAPHLENS_BUILD_GUI=OFF > $(FUZZ_DIR).configure.log 2>&1 || (cat $(FUZZ_DIR).configure.log; exit 1)
	cmake --build $(FUZZ_DIR) -j $(JOBS) --target io_fuzzers lang_fuzz_parser lang_fuzz_interp passes_fuzz_optimize
	tests/io_fuzz/run_fuzzers.sh $(FUZZ_DIR) $(CURDIR)/../shared/fixtures/tf $(FUZZ_SECONDS)

# clang-tidy over our sources with the repository's .clang-tidy (warnings are errors).
tidy: configure
	git ls-files 'core/*.cpp' 'profiler/*.cpp' 'app/*.cpp' 'views/*.cpp' | xargs -P $(JOBS) -n 4 clang-tidy -p $(BUILD_DIR) --quiet
