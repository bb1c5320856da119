#!/bin/sh
# Instructions per call into libjsonjit.so and into libjsonjit.a: builds the library both ways
# (Release, into build/overhead-{static,shared}), links call_overhead.cpp against each install
# by pkg-config, and runs each kind of call under callgrind at two counts: the difference over
# the difference in count is the cost per call, startup and compilation left out.
#   bench/shared_library/measure.sh        (from the project root; needs make test's packages)
set -eu
root=$(pwd)
work=$root/build/overhead
for kind in static shared; do
  shared=OFF
  [ "$kind" = shared ] && shared=ON
  cmake -S "$root" -B "$work-$kind" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=$shared \
    -DJSONJIT_BUILD_TESTS=OFF -DJSONJIT_BUILD_BENCH=OFF -DJSONJIT_BUILD_TOOLS=OFF \
    -DJSONJIT_ASMJIT_SOURCE_DIR=/usr/local/src/jsonjit/asmjit -DCMAKE_INSTALL_PREFIX="$work-$kind/prefix" >/dev/null
  cmake --build "$work-$kind" -j2 >/dev/null
  cmake --install "$work-$kind" >/dev/null
  pc="$work-$kind/prefix/lib/pkgconfig"
  [ -d "$pc" ] || pc=$(dirname "$(find "$work-$kind/prefix" -name jsonjit.pc)")
  static_flag=
  [ "$kind" = static ] && static_flag=--static
  # shellcheck disable=SC2046
  g++ -std=c++20 -O2 -o "$work-$kind/call_overhead" "$root/bench/shared_library/call_overhead.cpp" \
    $(PKG_CONFIG_PATH=$pc pkg-config $static_flag --cflags --libs jsonjit) -Wl,-rpath,"$work-$kind/prefix/lib"
done
count() {  # instructions of one run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-8s %12s %12s %8s\n' call static shared ratio
for what in tokens write read; do
  line="$what"
  for kind in static shared; do
    program="$work-$kind/call_overhead"
    small=$(count "$program" "$what" 100000)
    large=$(count "$program" "$what" 300000)
    per=$(echo "scale=2; ($large - $small) / 200000" | bc)
    line="$line $per"
  done
  echo "$line" | awk '{ printf "%-8s %12s %12s %8.3f\n", $1, $2, $3, $3 / $2 }'
done
