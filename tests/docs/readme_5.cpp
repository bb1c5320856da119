// compile only (a coroutine over a socket): README.md's Boost.Asio block.
#include <jsonjit/asio.hpp>

#include <boost/asio.hpp>

#include "doc_check.hpp"

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct Order {
  std::string id;
  double total = 0;
};

// @DECLARATIONS

void process(const Order&) {}

asio::awaitable<void> session(tcp::socket socket, Order request, const jsonjit::serializer_options& options) {
  // @STATEMENTS
  (void)order;
}

int main() {
  asio::io_context io;
  asio::co_spawn(io, session(tcp::socket(io), Order{}, jsonjit::serializer_options::defaults()), asio::detached);
}
