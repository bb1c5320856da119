# The two entry points. Both install missing Debian packages first.
#   make test   - build (Debug) and run every test with ctest, then the unit tests again under
#                 ASan+UBSan, the JIT's tests (compiling and running from 8 threads) and the
#                 streams' I/O and element tests under TSan,
#                 then the fuzzers (clang + libFuzzer) for a short run each
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
	cmake --preset tsan
	cmake --build --preset tsan --target jsonjit_unit_tests
	ctest --preset tsan -R '^(Jit|StreamIo|StreamElements)'
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
