# The two entry points. Both install missing Debian packages first.
#   make test   - build (Debug) and run every test with ctest, then the unit tests again under
#                 ASan+UBSan, then the reader fuzzer (clang + libFuzzer) for a short run
#   make bench  - build Release and print the side-by-side benchmark report

.PHONY: test bench clean

test:
	scripts/install-deps.sh test
	cmake --preset debug
	cmake --build --preset debug
	ctest --preset debug
	cmake --preset asan
	cmake --build --preset asan
	ctest --preset asan
	cmake --preset fuzz
	cmake --build --preset fuzz
	ctest --test-dir build/fuzz --output-on-failure -L fuzz

bench:
	scripts/install-deps.sh bench
	cmake --preset release
	cmake --build --preset release
	build/release/bench/jsonjit_bench --benchmark_min_time=0.2 --benchmark_repetitions=5 \
	  --benchmark_enable_random_interleaving=true --benchmark_display_aggregates_only=true
	bench/json_serde/compare.sh build/release/bench/json_serde_compare data

clean:
	rm -rf build
