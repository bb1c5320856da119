// Streams side by side (the seed's Json_ToStream): each model serialized per operation to
// /dev/null and to a pipe another thread drains, synchronously (fd_output, flushed per
// operation) and asynchronously (async_serialize over a local socket pair), resumably
// (serializer::write_some into a 16 KiB and a 256-byte buffer), with both engines, beside
// jsonjit into a reused string ("jsonjit_string", the 'vs string' column), RapidJSON's
// FileWriteStream, nlohmann's operator<< and Boost.JSON's serializer::read into a fixed buffer,
// and the floors: Asio writing the finished bytes ("asio_async_write_bytes", under async) and
// a reused string written whole with write(2) ("string_then_write_*", under a flush per
// operation). "*_lines_*" writes one value per operation through a JSON Lines
// element_writer that flushes only when its buffer is full.
// Reading: a 100 MB array of users element by element from a file, against the same elements
// read from the text in memory ("jsonjit_string", the 'vs string' column) and the whole array
// read from memory into a vector.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio.hpp>
#include <jsonjit/asio.hpp>
#include <jsonjit/jsonjit.hpp>

#include "main.hpp"
#include "typed/peers.hpp"

namespace jsonjit::bench::stream {
namespace {

using namespace models;
using typed::interpreter_options;
namespace asio = boost::asio;

/// The write end of a pipe whose read end a thread drains for as long as the process runs.
int drained_pipe() {
  static const int write_end = [] {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    std::thread([fd = fds[0]] {
      static char buffer[1 << 16];
      while (read(fd, buffer, sizeof buffer) > 0) {
      }
    }).detach();
    return fds[1];
  }();
  return write_end;
}

int dev_null() {
  static const int fd = open("/dev/null", O_WRONLY);
  return fd;
}

/// A local socket pair whose far end a thread drains; the near end belongs to `io`.
struct drained_socket {
  asio::io_context io;
  asio::local::stream_protocol::socket near{io};
  drained_socket() {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return;
    near.assign(asio::local::stream_protocol(), fds[0]);
    std::thread([fd = fds[1]] {
      static char buffer[1 << 16];
      while (read(fd, buffer, sizeof buffer) > 0) {
      }
    }).detach();
  }
};

/// write(2) until all of `bytes` is written; errno on failure.
int write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

void set_bytes(benchmark::State& state, std::size_t bytes) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
}

template <class Body>
void add(std::string_view model, std::string_view engine, std::size_t bytes, Body body) {
  register_benchmark("stream_write/" + std::string(model) + "/" + std::string(engine),
                               [body, bytes](benchmark::State& state) mutable {
                                 body(state);  // warm: pools, compiled code, buffers
                                 allocation_counter allocations(state);
                                 for (auto _ : state) body(state);
                                 set_bytes(state, bytes);
                               })
      ->Unit(benchmark::kMicrosecond);
}

template <class T>
void add_model(std::string_view name, const T& value) {
  (void)jsonjit::precompile<T>();
  const std::string json = jsonjit::serialize(value);
  (void)jsonjit::serialize(value, interpreter_options());
  const std::size_t n = json.size();
  auto string_out = std::make_shared<std::string>();
  add(name, "jsonjit_string", n, [value, string_out](benchmark::State&) {
    jsonjit::serialize_to(value, *string_out);
    benchmark::DoNotOptimize(string_out->data());
  });
  for (const bool interpreted : {false, true}) {
    const jsonjit::serializer_options& options =
        interpreted ? interpreter_options() : jsonjit::serializer_options::defaults();
    const std::string engine = interpreted ? "jsonjit_interp" : "jsonjit";
    auto to_null = std::make_shared<jsonjit::fd_output>(dev_null());
    add(name, engine + "_devnull", n, [value, to_null, &options](benchmark::State& state) {
      if (jsonjit::serialize_to(value, *to_null, options)) state.SkipWithError("writing failed");
    });
    auto to_pipe = std::make_shared<jsonjit::fd_output>(drained_pipe());
    add(name, engine + "_pipe", n, [value, to_pipe, &options](benchmark::State& state) {
      if (jsonjit::serialize_to(value, *to_pipe, options)) state.SkipWithError("writing failed");
    });
    // Many values per flush: JSON Lines through one element_writer, one value per operation.
    for (const auto& [sink, fd] : {std::pair{"devnull", dev_null()}, std::pair{"pipe", drained_pipe()}}) {
      auto lines_out = std::make_shared<jsonjit::fd_output>(fd);
      auto lines = std::make_shared<jsonjit::element_writer<T>>(*lines_out, options, jsonjit::sequence_format::lines);
      add(name, engine + "_lines_" + sink, n + 1, [value, lines_out, lines](benchmark::State& state) {
        if (lines->write(value)) state.SkipWithError("writing failed");
      });
    }
    // The socket the async benchmark writes to, written synchronously: async's own cost.
    auto sync_socket = std::make_shared<drained_socket>();
    auto to_socket = std::make_shared<jsonjit::fd_output>(sync_socket->near.native_handle());
    add(name, engine + "_socket", n, [value, sync_socket, to_socket, &options](benchmark::State& state) {
      if (jsonjit::serialize_to(value, *to_socket, options)) state.SkipWithError("writing failed");
    });
    for (const std::size_t size : {std::size_t{16384}, std::size_t{256}}) {
      add(name, engine + "_write_some_" + std::to_string(size), n, [value, size, &options, json](benchmark::State& state) {
        thread_local std::vector<char> buffer(16384);
        jsonjit::serializer s(value, options);
        std::size_t total = 0;
        while (!s.done()) {
          total += s.write_some(std::span<char>(buffer.data(), size));
          benchmark::DoNotOptimize(buffer.data());
        }
        if (total != json.size()) state.SkipWithError("write_some wrote another length");
      });
    }
    // As a server writes: one coroutine awaiting one serialization after another.
    auto socket = std::make_shared<drained_socket>();
    register_benchmark("stream_write/" + std::string(name) + "/" + engine + "_async",
        [value, socket, &options, n](benchmark::State& state) {
          boost::system::error_code ec;
          asio::co_spawn(
              socket->io,
              [&]() -> asio::awaitable<void> {
                auto token = asio::redirect_error(asio::use_awaitable, ec);
                co_await jsonjit::async_serialize(socket->near, value, options, token);  // warm
                allocation_counter allocations(state);
                for (auto _ : state) {
                  co_await jsonjit::async_serialize(socket->near, value, options, token);
                  if (ec) state.SkipWithError("async writing failed");
                }
              },
              asio::detached);
          socket->io.restart();
          socket->io.run();
          set_bytes(state, n);
        })
        ->Unit(benchmark::kMicrosecond);
  }
  // What a stream saves a user from: serializing into a reused string, then writing it whole.
  // The difference to jsonjit_string is the system call's own cost, the floor under any
  // synchronous write that flushes per operation.
  for (const auto& [sink, fd] : {std::pair{"devnull", dev_null()}, std::pair{"pipe", drained_pipe()}}) {
    add(name, std::string("string_then_write_") + sink, n, [value, string_out, fd](benchmark::State& state) {
      jsonjit::serialize_to(value, *string_out);
      if (write_all(fd, *string_out) != 0) state.SkipWithError("writing failed");
    });
  }
  // The floor under any async serializer: Asio writing the finished bytes the same way.
  auto socket = std::make_shared<drained_socket>();
  register_benchmark("stream_write/" + std::string(name) + "/asio_async_write_bytes",
                               [json, socket, n](benchmark::State& state) {
                                 asio::co_spawn(
                                     socket->io,
                                     [&]() -> asio::awaitable<void> {
                                       allocation_counter allocations(state);
                                       for (auto _ : state) {
                                         co_await asio::async_write(socket->near, asio::buffer(json), asio::use_awaitable);
                                       }
                                     },
                                     asio::detached);
                                 socket->io.restart();
                                 socket->io.run();
                                 set_bytes(state, n);
                               })
      ->Unit(benchmark::kMicrosecond);
  std::FILE* null_file = std::fopen("/dev/null", "wb");
  add(name, "rapidjson_devnull", n, [value, null_file](benchmark::State&) { typed::rapidjson_peer::write_to(value, null_file); });
  auto null_stream = std::make_shared<std::ofstream>("/dev/null", std::ios::binary);
  add(name, "nlohmann_devnull", n, [value, null_stream](benchmark::State&) {
    typed::nlohmann_peer::write_to(value, *null_stream);
    null_stream->flush();
  });
  add(name, "boost_json_read_16384", n, [value](benchmark::State&) {
    thread_local std::vector<char> buffer(16384);
    typed::boost_json_peer::write_through(value, buffer, [](std::string_view piece, void*) { benchmark::DoNotOptimize(piece.data()); },
                                          nullptr);
  });
}

/// 100 MB of users in a file (and in memory), made once.
struct users_file {
  std::string text;
  std::filesystem::path path;
  users_file() {
    const std::vector<User> users = make_users();
    std::vector<User> many;
    while (many.size() * 176 < (100u << 20)) many.insert(many.end(), users.begin(), users.end());
    text = jsonjit::serialize(many);
    path = std::filesystem::temp_directory_path() / ("jsonjit_bench_users_" + std::to_string(getpid()) + ".json");
    std::ofstream(path, std::ios::binary) << text;
  }
  ~users_file() { std::filesystem::remove(path); }
};

const users_file& users_100mb() {
  static const users_file file;
  return file;
}

void add_read(std::string_view engine, void (*body)(benchmark::State&)) {
  register_benchmark("stream_read/users_100MB/" + std::string(engine),
                               [body](benchmark::State& state) {
                                 (void)users_100mb();
                                 allocation_counter allocations(state);
                                 auto& pool = jsonjit::buffer_pool::shared();
                                 pool.reset_high_water();
                                 const std::size_t before = pool.stats().in_use;
                                 for (auto _ : state) body(state);
                                 state.counters["pool_peak_bytes"] = static_cast<double>(pool.stats().high_water - before);
                                 set_bytes(state, users_100mb().text.size());
                               })
      ->Unit(benchmark::kMillisecond);
}

/// Reads every element of `in` one by one; fails the benchmark if the count is off.
void read_elements(benchmark::State& state, jsonjit::input& in, const jsonjit::serializer_options& options) {
  jsonjit::element_reader<User> elements(in, options);
  User user;
  std::size_t count = 0;
  while (elements.next(user)) {
    benchmark::DoNotOptimize(&user);
    ++count;
  }
  if (elements.error() || count == 0) state.SkipWithError("reading the elements failed");
}

void register_all() {
  typed::for_each_model([](std::string_view name, const auto& value) { add_model(name, value); });

  // The baseline ('vs string'): the same elements read from the text in memory.
  add_read("jsonjit_string", [](benchmark::State& state) {
    jsonjit::memory_input in(users_100mb().text);
    read_elements(state, in, jsonjit::serializer_options::defaults());
  });
  add_read("jsonjit_string_whole_array", [](benchmark::State& state) {
    std::vector<User> users;
    if (jsonjit::deserialize_into(users, users_100mb().text)) state.SkipWithError("reading failed");
    benchmark::DoNotOptimize(users.data());
  });
  for (const bool interpreted : {false, true}) {
    auto body = interpreted ? +[](benchmark::State& state) {
      const int fd = open(users_100mb().path.c_str(), O_RDONLY);
      jsonjit::fd_input in(fd);
      read_elements(state, in, interpreter_options());
      close(fd);
    }
                            : +[](benchmark::State& state) {
                                const int fd = open(users_100mb().path.c_str(), O_RDONLY);
                                jsonjit::fd_input in(fd);
                                read_elements(state, in, jsonjit::serializer_options::defaults());
                                close(fd);
                              };
    add_read(interpreted ? "jsonjit_interp_file_elements" : "jsonjit_file_elements", body);
  }
}

const bool registered = (register_all(), true);

}  // namespace
}  // namespace jsonjit::bench::stream
