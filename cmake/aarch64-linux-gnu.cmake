# Cross-compiling for AArch64 Linux on Debian (x86-64 host): Debian's cross toolchain
# (g++-aarch64-linux-gnu), the arm64 libraries installed as multiarch packages
# (scripts/install-deps.sh test installs them), and qemu-user to run what the build and ctest
# run.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Multiarch: the target's libraries and CMake packages are found under
# /usr/lib/aarch64-linux-gnu (no sysroot), headers under /usr/include as for the host.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Programs the build runs (the code generators' table generators) and every test run under
# qemu; the arm64 loader and libraries are where multiarch put them.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
# pkg-config (FindOpenSSL asks it first) reads the target's .pc files, not the host's.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
