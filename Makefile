# The two entry points. Both install missing Debian packages first.
#   make test   - build (Debug) and run every test with ctest (packaging, the benchmark report's
#                 quick run, the fuzzers' seeds replayed), then the unit tests again under
#                 ASan+UBSan (the seeds are replayed under ASan by the fuzz build), the JIT's tests (compiling and running from 8 threads) and the
#                 streams' I/O and element tests under TSan, the unit tests built by clang with
#                 libc++, everything again cross-compiled for AArch64 and run under qemu-aarch64
#                 (the benchmark report's processor-dependent groups too),
#                 the shared library (libjsonjit.so: a program, a dlopen'ed plugin, its exports,
#                 the package, the schema and conformance suites against it), then the fuzzers
#                 (clang + libFuzzer) for a short run each, two at a time
#   make bench  - build Release and run the side-by-side benchmark report: every workload in a
#                 process of its own, contenders interleaved and repeated, outputs checked first;
#                 tables in bench/results/report.md and .csv, charts in bench/results/*.svg/png
#                 QUICK=1: every workload once on small inputs (under a minute; bench/results/quick/)
#                 FILTER=REGEX: only the benchmarks whose group/workload/contender matches
#                 CALLGRIND=1: instructions per operation (valgrind) instead of times

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
	cmake --preset libcxx
	cmake --build --preset libcxx --target jsonjit_unit_tests jsonjit_fiber_ucontext_tests
	ctest --preset libcxx
	cmake --preset aarch64
	cmake --build --preset aarch64
	ctest --preset aarch64
	cmake --preset shared
	cmake --build --preset shared --target jsonjit_shared_program jsonjit_plugin jsonjit_plugin_host \
	  jsonjit_schema_tests jsonjit_conformance_tests jsonjit_cli
	ctest --preset shared
	cmake --preset fuzz
	cmake --build --preset fuzz
	ctest --test-dir build/fuzz --output-on-failure -L fuzz -j2

# A quick run writes into bench/results/quick/, so it never replaces a full report.
results = bench/results$(if $(QUICK),/quick)

bench:
	scripts/install-deps.sh bench
	cmake --preset release
	cmake --build --preset release
	build/release/bench/jsonjit_bench --results $(results) $(if $(QUICK),--quick) \
	  $(if $(FILTER),--filter '$(FILTER)') $(if $(CALLGRIND),--callgrind)
	$(if $(CALLGRIND),,bench/report/charts.sh $(results)/report.csv $(results))

clean:
	rm -rf build
