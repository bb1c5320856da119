// Async JSON over real loopback TCP, local sockets and pipes with Boost.Asio: a server
// coroutine writes about 50 MB to a deliberately slow client in bounded memory, a client reads
// a large array element by element, a client that disconnects is a clear error on the server,
// completion tokens of every kind work, and cancellation completes with operation_aborted.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <gtest/gtest.h>
#include <jsonjit/asio.hpp>
#include <jsonjit/jsonjit.hpp>

#include "../unit/engines.hpp"

namespace asio_test {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using jsonjit::engine;

struct record {
  std::int64_t id = 0;
  std::string name;
  std::vector<double> values;
  bool operator==(const record&) const = default;
};

std::vector<record> make_records(std::size_t count) {
  std::vector<record> records(count);
  for (std::size_t i = 0; i < count; ++i) {
    records[i].id = static_cast<std::int64_t>(i) * 1000003;
    records[i].name = "record number " + std::to_string(i) + " \"quoted\" \xC3\xA9t\xC3\xA9";
    records[i].values = {static_cast<double>(i) * 0.5, -1.25, 3e100, static_cast<double>(i % 97)};
  }
  return records;
}

/// FNV-1a over bytes as they arrive (the client keeps no copy).
struct running_hash {
  std::uint64_t value = 1469598103934665603ull;
  std::uint64_t bytes = 0;
  void add(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) value = (value ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
    bytes += n;
  }
};

/// The process's resident set (kB) and its peak since reset_peak_rss().
std::uint64_t status_field(const char* name) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(name, 0) == 0) return std::stoull(line.substr(std::string(name).size()));
  }
  return 0;
}
void reset_peak_rss() { std::ofstream("/proc/self/clear_refs") << "5"; }

jsonjit::serializer_options options_for(engine e) {
  jsonjit::serializer_options o;
  o.engine(e);
  return o;
}

/// An acceptor on 127.0.0.1 with an ephemeral port, and a connected pair of sockets.
struct loopback {
  asio::io_context io;
  tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)};
  tcp::socket server{io}, client{io};
  loopback() {
    client.connect(acceptor.local_endpoint());
    acceptor.accept(server);
  }
};

TEST(StreamAsio, FiftyMegabytesToASlowClientInBoundedMemory) {
  const auto records = make_records(440'000);
  for (const engine e : jsonjit_test::engines_to_test()) {
    const auto options = options_for(e);
    running_hash expected;
    {
      const std::string json = jsonjit::serialize(records, options);
      expected.add(json.data(), json.size());
    }
    ASSERT_GT(expected.bytes, 45u << 20);
    loopback net;
    auto& pool = jsonjit::buffer_pool::shared();
    const std::size_t pool_before = pool.stats().in_use;
    pool.reset_high_water();
    reset_peak_rss();
    const std::uint64_t rss_before = status_field("VmRSS:");
    error_code server_result = asio::error::would_block;
    asio::co_spawn(
        net.io,
        [&]() -> asio::awaitable<void> {
          co_await jsonjit::async_serialize(net.server, records, options,
                                            asio::redirect_error(asio::use_awaitable, server_result));
          net.server.shutdown(tcp::socket::shutdown_send);
        },
        asio::detached);
    running_hash received;
    std::thread client([&] {
      char chunk[256 << 10];
      error_code ec;
      int reads = 0;
      for (;;) {
        const std::size_t n = net.client.read_some(asio::buffer(chunk), ec);
        received.add(chunk, n);
        if (ec) break;
        if (++reads % 8 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a slow reader
      }
    });
    net.io.run();
    client.join();
    EXPECT_FALSE(server_result) << server_result.message();
    EXPECT_EQ(received.bytes, expected.bytes);
    EXPECT_EQ(received.value, expected.value);
    // The server's memory: one buffer and the serializer's state from the pool; the process
    // grew by little more than the stacks' touched pages (the value itself was resident).
    const std::size_t pool_peak = pool.stats().high_water - pool_before;
    const std::uint64_t rss_growth_kb = status_field("VmHWM:") - rss_before;
    EXPECT_LE(pool_peak, 3 * jsonjit::default_buffer_size);
#if !defined(JSONJIT_TEST_EMULATED)
    EXPECT_LE(rss_growth_kb, 2048u) << "peak RSS grew by " << rss_growth_kb << " kB";
#else
    // (Under qemu-user the process's RSS is the emulator's too, its translated code growing as
    // new paths run: the pool's high-water mark above is the library's bound there.)
#endif
    std::printf("[ engine %d ] %llu bytes; pool high-water %zu bytes; peak RSS growth %llu kB\n", static_cast<int>(e),
                static_cast<unsigned long long>(received.bytes), pool_peak,
                static_cast<unsigned long long>(rss_growth_kb));
  }
}

TEST(StreamAsio, ClientReadsALargeArrayElementByElement) {
  const auto records = make_records(100'000);
  for (const engine e : {engine::interpreter, engine::automatic}) {
    const auto options = options_for(e);
    loopback net;
    std::thread server([&] {
      jsonjit::fd_output out(net.server.native_handle());
      EXPECT_FALSE(jsonjit::serialize_to(records, out, options));
      net.server.shutdown(tcp::socket::shutdown_send);
    });
    auto& pool = jsonjit::buffer_pool::shared();
    const std::size_t pool_before = pool.stats().in_use;
    pool.reset_high_water();
    std::size_t count = 0, mismatches = 0;
    error_code result;
    asio::co_spawn(
        net.io,
        [&]() -> asio::awaitable<void> {
          jsonjit::async_element_reader<record, tcp::socket> reader(net.client, options);
          record item;
          while (co_await reader.async_next(item, asio::redirect_error(asio::use_awaitable, result))) {
            if (!(item == records[count])) ++mismatches;
            ++count;
          }
          EXPECT_FALSE(reader.error()) << jsonjit::to_string(reader.error());
          EXPECT_EQ(reader.count(), count);
        },
        asio::detached);
    net.io.run();
    server.join();
    EXPECT_FALSE(result) << result.message();
    EXPECT_EQ(count, records.size());
    EXPECT_EQ(mismatches, 0u);
    EXPECT_LE(pool.stats().high_water - pool_before, 3 * jsonjit::default_buffer_size);
  }
}

TEST(StreamAsio, AClientThatDisconnectsMidwayIsAnErrorOnTheServer) {
  const auto records = make_records(100'000);
  for (const engine e : jsonjit_test::engines_to_test()) {
    const auto options = options_for(e);
    loopback net;
    error_code server_result;
    asio::co_spawn(
        net.io,
        [&]() -> asio::awaitable<void> {
          co_await jsonjit::async_serialize(net.server, records, options,
                                            asio::redirect_error(asio::use_awaitable, server_result));
        },
        asio::detached);
    std::thread client([&] {
      char chunk[65536];
      std::size_t total = 0;
      while (total < 200'000) total += net.client.read_some(asio::buffer(chunk));
      net.client.close();
    });
    net.io.run();
    client.join();
    ASSERT_TRUE(server_result);
    EXPECT_TRUE(server_result == asio::error::broken_pipe || server_result == asio::error::connection_reset)
        << server_result.message();
  }
}

TEST(StreamAsio, JsonErrorsHaveTheirCategoryAndTheirPositionAndPath) {
  loopback net;
  const std::string text = "[{\"id\":1,\"name\":\"a\",\"values\":[]},\n {\"id\":\"two\"}]";
  asio::write(net.client, asio::buffer(text));
  net.client.shutdown(tcp::socket::shutdown_send);
  jsonjit::parse_error error;
  error_code ec;
  std::vector<record> value;
  asio::co_spawn(
      net.io,
      [&]() -> asio::awaitable<void> {
        value = co_await jsonjit::async_deserialize<std::vector<record>>(
            net.server, jsonjit::serializer_options::defaults(), error, asio::redirect_error(asio::use_awaitable, ec));
      },
      asio::detached);
  net.io.run();
  EXPECT_EQ(ec, jsonjit::make_error_code(jsonjit::error_code::expected_number));
  EXPECT_EQ(ec.category().name(), std::string("jsonjit"));
  EXPECT_EQ(error.path, "$[1].id");
  EXPECT_EQ(error.info.line, 2u);
  EXPECT_EQ(error.info.column, 8u);
  EXPECT_TRUE(value.empty());
}

TEST(StreamAsio, EveryKindOfCompletionToken) {
  const auto records = make_records(2000);
  const std::string expected = jsonjit::serialize(records);
  asio::io_context io;
  asio::local::stream_protocol::socket a(io), b(io);
  asio::local::connect_pair(a, b);
  // A callback, then deferred, then as_tuple: three values one after another.
  int written = 0;
  jsonjit::async_serialize(a, records, jsonjit::serializer_options::defaults(), [&](error_code ec) {
    EXPECT_FALSE(ec);
    ++written;
    auto op = jsonjit::async_serialize(a, records, jsonjit::serializer_options::defaults(), asio::deferred);
    std::move(op)([&](error_code ec2) {
      EXPECT_FALSE(ec2);
      ++written;
      jsonjit::async_serialize(a, records, jsonjit::serializer_options::defaults(),
                               asio::as_tuple([&](std::tuple<error_code> r) {
                                 EXPECT_FALSE(std::get<0>(r));
                                 ++written;
                                 a.shutdown(asio::socket_base::shutdown_send);
                               }));
    });
  });
  std::string received;
  std::thread reader([&] {
    char chunk[65536];
    error_code ec;
    for (;;) {
      const std::size_t n = b.read_some(asio::buffer(chunk), ec);
      received.append(chunk, n);
      if (ec) break;
    }
  });
  io.run();
  reader.join();
  EXPECT_EQ(written, 3);
  EXPECT_TRUE(received == expected + expected + expected);

  // use_future, reading JSON Lines from a pipe written by another thread.
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::thread writer([&] {
    std::string lines;
    for (const auto& r : records) lines += jsonjit::serialize(r) + "\n";
    for (std::size_t at = 0; at < lines.size();) at += static_cast<std::size_t>(write(fds[1], lines.data() + at, lines.size() - at));
    close(fds[1]);
  });
  asio::io_context pipe_io;
  asio::posix::stream_descriptor in(pipe_io, fds[0]);
  auto work = asio::make_work_guard(pipe_io);
  std::thread runner([&] { pipe_io.run(); });
  jsonjit::async_element_reader<record, asio::posix::stream_descriptor> lines(
      in, jsonjit::serializer_options::defaults(), jsonjit::sequence_format::lines);
  record item;
  std::size_t count = 0;
  while (lines.async_next(item, asio::use_future).get()) EXPECT_TRUE(item == records[count++]);
  EXPECT_EQ(count, records.size());
  work.reset();
  runner.join();
  writer.join();
}

TEST(StreamAsio, CancelledElementReadCompletesWithOperationAborted) {
  using namespace asio::experimental::awaitable_operators;
  loopback net;
  // Nothing arrives: the timer wins and the read is cancelled.
  bool timed_out = false;
  error_code next_result;
  error_code after_result;
  asio::co_spawn(
      net.io,
      [&]() -> asio::awaitable<void> {
        jsonjit::async_element_reader<record, tcp::socket> reader(net.client, jsonjit::serializer_options::defaults());
        record item;
        asio::steady_timer timer(net.io, std::chrono::milliseconds(50));
        auto result = co_await (reader.async_next(item, asio::redirect_error(asio::use_awaitable, next_result)) ||
                                timer.async_wait(asio::use_awaitable));
        timed_out = result.index() == 1;
        // The reader reports the aborted read from then on.
        co_await reader.async_next(item, asio::redirect_error(asio::use_awaitable, after_result));
      },
      asio::detached);
  net.io.run();
  EXPECT_TRUE(timed_out);
  EXPECT_EQ(next_result, asio::error::operation_aborted);
  EXPECT_EQ(after_result, asio::error::operation_aborted);

}

TEST(StreamAsio, CancelledSerializationUnwindsItsWriter) {
  using namespace asio::experimental::awaitable_operators;
  // A serialization cancelled while the peer does not read: its writer unwinds (the ASan run
  // checks that nothing leaks) and the operation completes with operation_aborted.
  loopback net;
  const auto records = make_records(200'000);
  error_code write_result;
  asio::co_spawn(
      net.io,
      [&]() -> asio::awaitable<void> {
        asio::steady_timer timer(net.io, std::chrono::milliseconds(100));
        co_await (jsonjit::async_serialize(net.server, records, jsonjit::serializer_options::defaults(),
                                           asio::redirect_error(asio::use_awaitable, write_result)) ||
                  timer.async_wait(asio::use_awaitable));
      },
      asio::detached);
  net.io.run();
  EXPECT_EQ(write_result, asio::error::operation_aborted);
}

}  // namespace
}  // namespace asio_test
