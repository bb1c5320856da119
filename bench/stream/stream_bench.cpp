// Streams side by side (the seed's Json_ToStream). Every writing contender's output is checked
// before it is timed, through a pipe whose drain keeps what arrives (jsonjit's must be STJ's
// bytes; the peers' the same value); the readers must read every user.
//
// Each model serialized per operation to
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
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
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

/// A thread that drains a descriptor for as long as the process runs, keeping what it reads
/// while `recording` (the check before timing) and dropping it otherwise. The thread shares
/// the state it fills: it may still be emptying a pipe's backlog while the process exits and
/// static destructors run, so nothing it touches may be destroyed under it.
class drain {
 public:
  explicit drain(int fd) : state_(std::make_shared<state>()) {
    std::thread([state = state_, fd] {
      static thread_local char buffer[1 << 16];
      for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) {
        std::lock_guard<std::mutex> lock(state->mutex);
        if (state->recording) state->kept.append(buffer, static_cast<std::size_t>(n));
        state->arrived.notify_all();
      }
    }).detach();
  }
  void record() {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->kept.clear();
    state_->recording = true;
  }
  /// What arrived since record(), once `size` bytes have (or after a second without more).
  std::string recorded(std::size_t size) {
    std::unique_lock<std::mutex> lock(state_->mutex);
    state_->arrived.wait_for(lock, std::chrono::seconds(1), [&] { return state_->kept.size() >= size; });
    state_->recording = false;
    return std::move(state_->kept);
  }

 private:
  struct state {
    std::mutex mutex;
    std::condition_variable arrived;
    bool recording = false;
    std::string kept;
  };
  std::shared_ptr<state> state_;
};

/// The write end of a pipe a drain empties.
struct drained_pipe {
  int write_end = -1;
  std::unique_ptr<drain> reader;
  drained_pipe() {
    int fds[2];
    if (pipe(fds) != 0) return;
    write_end = fds[1];
    reader = std::make_unique<drain>(fds[0]);
  }
};

/// The pipe the timed "_pipe" contenders write to, and the one each contender's output is
/// checked through before timing.
drained_pipe& timing_pipe() {
  static drained_pipe p;
  return p;
}
drained_pipe& checking_pipe() {
  static drained_pipe p;
  return p;
}

int dev_null() {
  static const int fd = open("/dev/null", O_WRONLY);
  return fd;
}

/// A local socket pair whose far end a drain empties; the near end belongs to `io`.
struct drained_socket {
  asio::io_context io;
  asio::local::stream_protocol::socket near{io};
  std::unique_ptr<drain> far;
  drained_socket() {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return;
    near.assign(asio::local::stream_protocol(), fds[0]);
    far = std::make_unique<drain>(fds[1]);
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

/// Why `written` is not what a contender had to write: `expected`'s bytes (jsonjit's
/// contenders, which write STJ's), or with `same_value`, the same JSON value (the peers, which
/// escape their own way). Empty when it is.
std::string wrong_output(std::string_view written, std::string_view expected, bool same_value) {
  if (!same_value) return written == expected ? std::string() : "the bytes written are not STJ's";
  const auto a = jsonjit::document::parse(written), b = jsonjit::document::parse(expected);
  if (!a || !b || !(a->root() == b->root())) return "what was written is not the value";
  return {};
}

/// A contender that writes to a destination: `make(fd, checking)` makes its operation (a
/// function of the benchmark state) writing to `fd`. Before timing, one operation is made on
/// the checking pipe (`checking`: it flushes whatever it buffers) and what arrives must be
/// `expected` (see wrong_output); then the timed one is made on `fd`.
template <class Make>
void add(std::string_view model, std::string_view engine, std::size_t bytes, int fd, std::string expected,
         bool same_value, Make make) {
  register_benchmark("stream_write/" + std::string(model) + "/" + std::string(engine),
                     [make, fd, bytes, expected, same_value,
                      verdict = std::make_shared<std::optional<std::string>>()](benchmark::State& state) {
                       // Checked in the first repetition; the verdict stands for the others (Google Benchmark
                       // requires a benchmark to fail in every repetition or in none).
                       if (!*verdict) {
                         drained_pipe& check = checking_pipe();
                         check.reader->record();
                         auto checked = make(check.write_end, true);
                         checked(state);
                         *verdict =
                             wrong_output(check.reader->recorded(expected.size()), expected, same_value);
                       }
                       if (!(*verdict)->empty()) return state.SkipWithError((*verdict)->c_str());
                       auto body = make(fd, false);
                       body(state);  // warm: pools, compiled code, buffers
                       allocation_counter allocations(state);
                       for (auto _ : state) body(state);
                       set_bytes(state, bytes);
                     })
      ->Unit(benchmark::kMicrosecond);
}

/// A contender whose output is checked by itself (it hands its bytes to no descriptor):
/// `body(state)` is the operation, `written()` what the last one produced.
template <class Body, class Written>
void add_checked_in_memory(std::string_view model, std::string_view engine, std::size_t bytes,
                           std::string expected, bool same_value, Body body, Written written) {
  register_benchmark("stream_write/" + std::string(model) + "/" + std::string(engine),
                     [body, written, bytes, expected, same_value](benchmark::State& state) mutable {
                       body(state);  // warm, and checked
                       if (const std::string why = wrong_output(written(), expected, same_value);
                           !why.empty()) {
                         return state.SkipWithError(why.c_str());
                       }
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
  add_checked_in_memory(
      name, "jsonjit_string", n, json, false,
      [value, string_out](benchmark::State&) {
        jsonjit::serialize_to(value, *string_out);
        benchmark::DoNotOptimize(string_out->data());
      },
      [string_out] { return *string_out; });
  for (const bool interpreted : {false, true}) {
    const jsonjit::serializer_options& options =
        interpreted ? interpreter_options() : jsonjit::serializer_options::defaults();
    const std::string engine = interpreted ? "jsonjit_interp" : "jsonjit";
    // One value per operation, flushed: to /dev/null, to a pipe, to the socket the async
    // benchmark writes to (written synchronously: async's own cost is the difference).
    auto sync_socket = std::make_shared<drained_socket>();
    const std::pair<std::string, int> destinations[] = {{"devnull", dev_null()},
                                                        {"pipe", timing_pipe().write_end},
                                                        {"socket", sync_socket->near.native_handle()}};
    for (const auto& [sink, fd] : destinations) {
      add(name, engine + "_" + sink, n, fd, json, false, [value, &options, sync_socket](int to, bool) {
        auto out = std::make_shared<jsonjit::fd_output>(to);
        return [value, out, &options](benchmark::State& state) {
          if (jsonjit::serialize_to(value, *out, options)) state.SkipWithError("writing failed");
        };
      });
    }
    // Many values per flush: JSON Lines through one element_writer, one value per operation.
    for (const auto& [sink, fd] :
         {std::pair{"devnull", dev_null()}, std::pair{"pipe", timing_pipe().write_end}}) {
      add(name, engine + "_lines_" + sink, n + 1, fd, json + "\n", false,
          [value, &options](int to, bool checking) {
            auto out = std::make_shared<jsonjit::fd_output>(to);
            auto lines =
                std::make_shared<jsonjit::element_writer<T>>(*out, options, jsonjit::sequence_format::lines);
            return [value, out, lines, checking](benchmark::State& state) {
              if (lines->write(value) || (checking && lines->finish())) state.SkipWithError("writing failed");
            };
          });
    }
    for (const std::size_t size : {std::size_t{16384}, std::size_t{256}}) {
      add_checked_in_memory(
          name, engine + "_write_some_" + std::to_string(size), n, json, false,
          [value, size, &options, json](benchmark::State& state) {
            thread_local std::vector<char> buffer(16384);
            jsonjit::serializer s(value, options);
            std::size_t total = 0;
            while (!s.done()) {
              total += s.write_some(std::span<char>(buffer.data(), size));
              benchmark::DoNotOptimize(buffer.data());
            }
            if (total != json.size()) state.SkipWithError("write_some wrote another length");
          },
          [value, size, &options] {  // the same calls, their pieces kept
            std::vector<char> buffer(size);
            jsonjit::serializer s(value, options);
            std::string all;
            while (!s.done()) all.append(buffer.data(), s.write_some(std::span<char>(buffer.data(), size)));
            return all;
          });
    }
    // As a server writes: one coroutine awaiting one serialization after another.
    auto socket = std::make_shared<drained_socket>();
    register_benchmark("stream_write/" + std::string(name) + "/" + engine + "_async",
                       [value, socket, &options, n, json,
                        checked = std::make_shared<std::optional<bool>>()](benchmark::State& state) {
                         boost::system::error_code ec;
                         asio::co_spawn(
                             socket->io,
                             [&]() -> asio::awaitable<void> {
                               auto token = asio::redirect_error(asio::use_awaitable, ec);
                               // Checked in the first repetition, before the socket has
                               // carried anything else; the verdict stands for the others.
                               if (!*checked) socket->far->record();
                               co_await jsonjit::async_serialize(socket->near, value, options,
                                                                 token);  // warm
                               if (!*checked) *checked = !ec && socket->far->recorded(n) == json;
                               if (!**checked) {
                                 state.SkipWithError("the bytes written are not STJ's");
                                 co_return;
                               }
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
  for (const auto& [sink, fd] :
       {std::pair{"devnull", dev_null()}, std::pair{"pipe", timing_pipe().write_end}}) {
    add(name, std::string("string_then_write_") + sink, n, fd, json, false,
        [value, string_out](int to, bool) {
          return [value, string_out, to](benchmark::State& state) {
            jsonjit::serialize_to(value, *string_out);
            if (write_all(to, *string_out) != 0) state.SkipWithError("writing failed");
          };
        });
  }
  // The floor under any async serializer: Asio writing the finished bytes the same way.
  auto socket = std::make_shared<drained_socket>();
  register_benchmark(
      "stream_write/" + std::string(name) + "/asio_async_write_bytes",
      [json, socket, n, checked = std::make_shared<std::optional<bool>>()](benchmark::State& state) {
        asio::co_spawn(
            socket->io,
            [&]() -> asio::awaitable<void> {
              if (!*checked) socket->far->record();  // the first repetition only, as above
              co_await asio::async_write(socket->near, asio::buffer(json), asio::use_awaitable);
              if (!*checked) *checked = socket->far->recorded(n) == json;
              if (!**checked) {
                state.SkipWithError("the bytes written are not the text");
                co_return;
              }
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
  // The peers' own streams (their escaping: held to the same value, not to STJ's bytes).
  add(name, "rapidjson_devnull", n, dev_null(), json, true, [value](int to, bool checking) {
    // Its own FILE on a copy of the descriptor, closed with the operation.
    const std::shared_ptr<std::FILE> file(fdopen(dup(to), "wb"), [](std::FILE* f) { std::fclose(f); });
    return [value, file, checking](benchmark::State&) {
      typed::rapidjson_peer::write_to(value, file.get());
      if (checking) std::fflush(file.get());
    };
  });
  add(name, "nlohmann_devnull", n, dev_null(), json, true, [value](int to, bool) {
    auto stream = std::make_shared<std::ofstream>("/proc/self/fd/" + std::to_string(to), std::ios::binary);
    return [value, stream](benchmark::State&) {
      typed::nlohmann_peer::write_to(value, *stream);
      stream->flush();
    };
  });
  add_checked_in_memory(
      name, "boost_json_read_16384", n, json, true,
      [value](benchmark::State&) {
        thread_local std::vector<char> buffer(16384);
        typed::boost_json_peer::write_through(
            value, buffer, [](std::string_view piece, void*) { benchmark::DoNotOptimize(piece.data()); },
            nullptr);
      },
      [value] {  // the same calls, their pieces kept
        std::vector<char> buffer(16384);
        std::string all;
        typed::boost_json_peer::write_through(
            value, buffer,
            [](std::string_view piece, void* to) { static_cast<std::string*>(to)->append(piece); }, &all);
        return all;
      });
}

/// 100 MB of users in a file (and in memory; 1 MB in a quick run), made once.
struct users_file {
  std::string text;
  std::filesystem::path path;
  std::size_t count = 0;  // users in it: what every reader must read
  users_file() {
    const std::vector<User> users = make_users();
    std::vector<User> many;
    const std::size_t size = std::getenv("JSONJIT_BENCH_QUICK") != nullptr ? 1u << 20 : 100u << 20;
    while (many.size() * 176 < size) many.insert(many.end(), users.begin(), users.end());
    count = many.size();
    text = jsonjit::serialize(many);
    path = std::filesystem::temp_directory_path() /
           ("jsonjit_bench_users_" + std::to_string(getpid()) + ".json");
    std::ofstream(path, std::ios::binary) << text;
  }
  ~users_file() { std::filesystem::remove(path); }
};

const users_file& users_100mb() {
  static const users_file file;
  return file;
}

void add_read(std::string_view engine, void (*body)(benchmark::State&)) {
  register_benchmark("stream_read/users_100MB/" + std::string(engine), [body](benchmark::State& state) {
    (void)users_100mb();
    allocation_counter allocations(state);
    auto& pool = jsonjit::buffer_pool::shared();
    pool.reset_high_water();
    const std::size_t before = pool.stats().in_use;
    for (auto _ : state) body(state);
    state.counters["pool_peak_bytes"] = static_cast<double>(pool.stats().high_water - before);
    set_bytes(state, users_100mb().text.size());
  })->Unit(benchmark::kMillisecond);
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
  if (elements.error() || count != users_100mb().count) state.SkipWithError("reading the elements failed");
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
    if (jsonjit::deserialize_into(users, users_100mb().text) || users.size() != users_100mb().count) {
      state.SkipWithError("reading failed");
    }
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
