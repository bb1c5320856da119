#!/usr/bin/env bash
# Installs the Debian 12 packages a job needs, if any is missing. Usage: install-deps.sh test|bench
set -euo pipefail

# PCRE2 and libidn2: JSON Schema's regular expressions and internationalized hostnames.
common=(cmake ninja-build g++ make libfast-float-dev libasmjit-dev libssl-dev libboost1.81-dev libpcre2-dev libidn2-dev)
# The benchmark report's program and its peers (make test runs the report's quick run too).
report=(libbenchmark-dev rapidjson-dev libsimdjson-dev libboost-json1.81-dev nlohmann-json3-dev gnuplot-nox
  libvalijson-dev)
# The AArch64 build and its tests under qemu (the aarch64 preset): Debian's cross compiler,
# qemu-user, and the target's libraries as multiarch packages (the host must know arm64).
# The benchmark's peers too (make bench must build there), but libsimdjson-dev, which cannot be
# installed beside the host's: its arm64 package is unpacked instead (see the end).
aarch64=(g++-aarch64-linux-gnu qemu-user libstdc++6:arm64 libasmjit-dev:arm64 libpcre2-dev:arm64
  libidn2-dev:arm64 libgtest-dev:arm64 libboost1.81-dev:arm64 libbenchmark-dev:arm64 libboost-json1.81-dev:arm64
  libssl-dev:arm64)
# The clang + libc++ build (what macOS users have); GoogleTest is built from Debian's sources
# (googletest) there, as the packaged library is compiled against libstdc++.
libcxx=(libc++-14-dev libc++abi-14-dev googletest)
case "${1:-}" in
  # python3-jsonschema: the JSON Schema tests cross-check verdicts with it; python3 also makes
  # programs of README.md's code blocks (tests/docs/extract_blocks.py).
  # dpkg-dev unpacks asmjit's source package for the shared library (see the end).
  test) wanted=("${common[@]}" "${report[@]}" "${aarch64[@]}" "${libcxx[@]}" libgtest-dev clang libclang-rt-14-dev
      pkg-config python3 python3-jsonschema dpkg-dev) ;;
  bench) wanted=("${common[@]}" "${report[@]}" valgrind) ;;
  *) echo "usage: $0 test|bench" >&2; exit 2 ;;
esac

missing=()
# A package is there when it is installed for the architecture asked for (name:arch), or else
# for the host's (or for all): with arm64 libraries beside the host's, a name alone lists both.
native=$(dpkg --print-architecture)
for package in "${wanted[@]}"; do
  arch=$native
  [[ "$package" == *:* ]] && arch=${package#*:}
  statuses=$(dpkg-query -W -f='${Status} ${Architecture}\n' "$package" 2>/dev/null || true)
  grep -qxE "install ok installed ($arch|all)" <<< "$statuses" || missing+=("$package")
done
# node and npm run ajv, the report's JavaScript peer (Debian's nodejs and npm, unless a node
# with its own npm is installed already).
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)

sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "Installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if [[ "${missing[*]}" == *:arm64* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
    "${sudo_cmd[@]}" dpkg --add-architecture arm64
  fi
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The shared library (the shared preset) contains asmjit compiled with -fPIC: Debian ships only
# a static archive built without it, so the build compiles Debian's source package of the very
# version installed (unpacked once into /usr/local/src/jsonjit/asmjit; apt needs a deb-src line
# for the main archive, added here if none is there).
if [[ "$1" == test ]]; then
  asmjit_dir=/usr/local/src/jsonjit/asmjit
  asmjit_version=$(dpkg-query -W -f='${source:Version}' "libasmjit-dev:$native")
  if [[ "$(cat "$asmjit_dir/.debian-version" 2> /dev/null)" != "$asmjit_version" ]]; then
    echo "Unpacking asmjit's sources ($asmjit_version) into $asmjit_dir"
    if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' 'Components: main' \
        'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
        "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/jsonjit-sources.sources > /dev/null
    fi
    "${sudo_cmd[@]}" apt-get update -qq
    work=$(mktemp -d)
    (cd "$work" && "${sudo_cmd[@]}" apt-get source -qq "asmjit=$asmjit_version" > /dev/null)
    "${sudo_cmd[@]}" rm -rf "$asmjit_dir"
    "${sudo_cmd[@]}" mkdir -p "$(dirname "$asmjit_dir")"
    "${sudo_cmd[@]}" mv "$work"/asmjit-*/ "$asmjit_dir"
    echo "$asmjit_version" | "${sudo_cmd[@]}" tee "$asmjit_dir/.debian-version" > /dev/null
    "${sudo_cmd[@]}" rm -rf "$work"
  fi
fi

# simdjson for AArch64 (the aarch64 preset's benchmark peer): libsimdjson-dev:arm64 and its
# library, of the host's version, unpacked into /usr/local/lib/jsonjit/simdjson-arm64 (its
# CMake package finds itself there).
if [[ "$1" == test ]]; then
  simdjson_dir=/usr/local/lib/jsonjit/simdjson-arm64
  simdjson_version=$(dpkg-query -W -f='${Version}' "libsimdjson-dev:$native")
  if [[ "$(cat "$simdjson_dir/.debian-version" 2> /dev/null)" != "$simdjson_version" ]]; then
    echo "Unpacking simdjson $simdjson_version for arm64 into $simdjson_dir"
    simdjson_library=$(dpkg-query -W -f='${Depends}' "libsimdjson-dev:$native" | grep -o 'libsimdjson[0-9]*' | head -1)
    work=$(mktemp -d)
    # apt downloads as its sandbox user where that user may write (else as root, with a warning).
    if id _apt > /dev/null 2>&1; then "${sudo_cmd[@]}" chown _apt "$work"; fi
    (cd "$work" && "${sudo_cmd[@]}" apt-get download -qq "libsimdjson-dev:arm64=$simdjson_version" \
      "$simdjson_library:arm64=$simdjson_version")
    "${sudo_cmd[@]}" rm -rf "$simdjson_dir"
    "${sudo_cmd[@]}" mkdir -p "$simdjson_dir"
    for deb in "$work"/*.deb; do "${sudo_cmd[@]}" dpkg-deb -x "$deb" "$simdjson_dir"; done
    echo "$simdjson_version" | "${sudo_cmd[@]}" tee "$simdjson_dir/.debian-version" > /dev/null
    "${sudo_cmd[@]}" rm -rf "$work"
  fi
fi

# The JavaScript peers (ajv; json-p3 and jsonpath-rfc9535), from the npm registry, as
# bench/package.json and its lock pin them.
bench_dir="$(cd "$(dirname "$0")/../bench" && pwd)"
for package in ajv json-p3 jsonpath-rfc9535; do
  if [[ ! -f "$bench_dir/node_modules/$package/package.json" ]]; then
    echo "Installing the benchmark's npm packages (ajv, json-p3, jsonpath-rfc9535) into bench/node_modules"
    npm ci --prefix "$bench_dir" --no-audit --no-fund --loglevel=error
    break
  fi
done
