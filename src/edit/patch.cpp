// JSON Patch (RFC 6902): reading a patch document, applying it all or nothing, writing it.
#include <jsonjit/patch.hpp>

#include <optional>
#include <utility>

#include "edit/pointer_p.hpp"

namespace jsonjit {

std::string_view to_string(patch_op op) noexcept {
  switch (op) {
    case patch_op::add: return "add";
    case patch_op::remove: return "remove";
    case patch_op::replace: return "replace";
    case patch_op::move: return "move";
    case patch_op::copy: return "copy";
    case patch_op::test: return "test";
  }
  return "?";
}

std::string to_string(const patch_error& error) {
  std::string text = "operation " + std::to_string(error.operation);
  if (!error.op.empty()) {
    text += " (" + error.op;
    if (!error.pointer.empty() || error.code != error_code::invalid_patch) text += " " + error.pointer;
    text += ")";
  }
  text += ": ";
  text += message(error.code);
  if (!error.detail.empty()) text += " (" + error.detail + ")";
  return text;
}

namespace {

// --- reading ---------------------------------------------------------------------------------

constexpr patch_op all_ops[] = {patch_op::add,  patch_op::remove, patch_op::replace,
                                patch_op::move, patch_op::copy,   patch_op::test};

bool needs_value(patch_op op) noexcept {
  return op == patch_op::add || op == patch_op::replace || op == patch_op::test;
}
bool needs_from(patch_op op) noexcept {
  return op == patch_op::move || op == patch_op::copy;
}

// A patch is read from a document's elements or from nodes alike: what differs is how a
// member's value is held while an operation object is read and how it becomes a node.
const node* hold(const node& value) noexcept {
  return &value;
}
element hold(const element& value) noexcept {
  return value;
}
const node& held(const node* value) noexcept {
  return *value;
}
const element& held(const element& value) noexcept {
  return value;
}
node copy_of(const node& value) {
  return value;
}
node copy_of(const element& value) {
  return node::from(value);
}

/// Reads one operation object (the `index`th of the patch).
template <class Value>
result<patch_operation, patch_error> read_operation(const Value& object, std::size_t index) {
  patch_error error{error_code::invalid_patch, index, {}, {}, {}};
  auto refuse = [&error](std::string detail) {
    error.detail = std::move(detail);
    return error;
  };
  if (!object.is_object()) return refuse("an operation is an object");
  using handle = decltype(hold(object));
  std::optional<handle> op_member, path_member, from_member, value_member;
  for (const auto m : object.members()) {
    std::optional<handle>* slot = m.name == "op"     ? &op_member
                                  : m.name == "path" ? &path_member
                                  : m.name == "from" ? &from_member
                                  : m.name == "value" ? &value_member
                                                      : nullptr;
    if (slot == nullptr) continue;  // RFC 6902 §4: other members are ignored
    if (*slot) return refuse("the operation has two \"" + std::string(m.name) + "\" members");
    *slot = hold(m.value);
  }

  patch_operation operation;
  if (!op_member) return refuse("the operation has no \"op\"");
  const auto op_name = held(*op_member).get_string();
  if (!op_name) return refuse("\"op\" is not a string");
  bool known = false;
  for (const patch_op op : all_ops) {
    if (*op_name == to_string(op)) operation.op = op, known = true;
  }
  if (!known) return refuse("unknown op \"" + std::string(*op_name) + "\"");
  error.op = std::string(*op_name);

  auto read_pointer = [&](const std::optional<handle>& member, const char* name,
                          json_pointer& into) -> std::optional<patch_error> {
    if (!member) return refuse(std::string("the operation has no \"") + name + "\"");
    const auto text = held(*member).get_string();
    if (!text) return refuse(std::string("\"") + name + "\" is not a string");
    auto pointer = json_pointer::parse(*text);
    if (!pointer) {
      error.code = error_code::invalid_pointer;
      error.pointer = std::string(*text);
      return refuse(std::string("\"") + name + "\", column " + std::to_string(pointer.error().info.column));
    }
    into = std::move(*pointer);
    return std::nullopt;
  };
  if (auto failed = read_pointer(path_member, "path", operation.path)) return *failed;
  if (needs_from(operation.op)) {
    if (auto failed = read_pointer(from_member, "from", operation.from)) return *failed;
  }
  if (needs_value(operation.op)) {
    if (!value_member) return refuse("the operation has no \"value\"");
    operation.value = copy_of(held(*value_member));
  }
  if (operation.op == patch_op::move && operation.from != operation.path &&
      operation.from.size() < operation.path.size() &&
      std::equal(operation.from.tokens().begin(), operation.from.tokens().end(), operation.path.tokens().begin())) {
    error.pointer = operation.from.to_string();
    return refuse("a value cannot be moved into one of its own children");
  }
  return operation;
}

template <class Value>
result<json_patch, patch_error> read_patch(const Value& patch) {
  if (!patch.is_array()) {
    return patch_error{error_code::invalid_patch, 0, {}, {}, "a patch is an array of operation objects"};
  }
  std::vector<patch_operation> operations;
  operations.reserve(patch.size());
  for (const auto& item : patch.elements()) {
    auto operation = read_operation(item, operations.size());
    if (!operation) return operation.error();
    operations.push_back(std::move(*operation));
  }
  return json_patch(std::move(operations));
}

// --- applying --------------------------------------------------------------------------------

/// Applies operations to a node and keeps what undoes each, so that a failure leaves the node
/// as it was. Entries name places by the operations' own pointers (not by address: a move
/// gives a container a new node): undone in reverse order, each meets the tree exactly as its
/// operation left it, so its pointer leads where it did then.
class patch_application {
 public:
  explicit patch_application(node& root) noexcept : root_(root) {}

  /// Applies `operation` (not a test); `value` is the value it places (copied or moved out of
  /// the patch). On an error nothing of the operation is applied; failed_at_from() says
  /// whether its `from` was what failed. The operation must outlive this object.
  parse_error apply(const patch_operation& operation, node&& value) {
    failed_at_from_ = false;
    switch (operation.op) {
      case patch_op::add: return add(operation.path, std::move(value));
      case patch_op::remove: return remove(operation.path, nullptr);
      case patch_op::replace: {
        auto target = operation.path.at(root_);
        if (!target) return target.error();
        replace_value(operation.path, **target, std::move(value));
        return {};
      }
      case patch_op::move: {
        node moved;
        if (operation.from == operation.path) {
          auto source = operation.from.at(root_);  // must exist; moving it changes nothing
          failed_at_from_ = !source;
          return source ? parse_error{} : source.error();
        }
        if (parse_error failed = remove(operation.from, &moved)) {
          failed_at_from_ = true;
          return failed;
        }
        parse_error failed = add(operation.path, std::move(moved));
        if (failed) {  // (add took nothing): the removal is undone with the value itself
          undo_.back().value = std::move(moved);
          undo_.back().carried = false;
          undo();
        }
        return failed;
      }
      case patch_op::copy: {
        auto source = operation.from.at(std::as_const(root_));
        if (!source) {
          failed_at_from_ = true;
          return source.error();
        }
        return add(operation.path, node(**source));
      }
      case patch_op::test: break;
    }
    return {};
  }

  /// A test: whether the value at `path` equals `expected` (the error's name holds the value
  /// found, as JSON, where it does not).
  parse_error test(const json_pointer& path, const node& expected) const {
    auto target = path.at(std::as_const(root_));
    if (!target) return target.error();
    if (**target == expected) return {};
    constexpr std::size_t shown = 200;  // of the value found, in the error
    std::string found = (*target)->to_json().value_or("?");
    if (found.size() > shown) found = found.substr(0, shown) + "...";
    return parse_error{error_info{error_code::test_failed}, (*target)->path(), std::move(found)};
  }

  bool failed_at_from() const noexcept { return failed_at_from_; }

  /// Undoes everything applied so far.
  void roll_back() {
    while (!undo_.empty()) undo();
  }

 private:
  enum class undo_kind : std::uint8_t { restore, erase_member, erase_element, insert_member, insert_element };
  struct undo_entry {
    undo_kind what;
    const json_pointer* place;  // of the value to restore, the value added, or the value removed
    std::size_t index = 0;      // of the element added or removed, or the member removed
    node value;                 // what was there (restore), or what was removed (insert_*)
    bool carried = false;       // insert_*: the value was moved on (a move's source); it is in carry_
  };

  node& value_at(const json_pointer& place) { return *place.find(root_); }
  node& container_of(const json_pointer& place) { return **detail::parent_of(root_, place.tokens()); }

  /// Undoes the last entry. What an erase or restore takes out is carried to the entry before
  /// it, which is a move's removal where that value came from.
  void undo() {
    undo_entry& u = undo_.back();
    switch (u.what) {
      case undo_kind::restore: {
        node& target = value_at(*u.place);
        carry_ = std::move(target);
        target = std::move(u.value);
        break;
      }
      case undo_kind::erase_member: {
        node& object = container_of(*u.place);
        carry_ = std::move(*object.find(u.place->back()));
        object.erase(u.place->back());
        break;
      }
      case undo_kind::erase_element: {
        node& array = container_of(*u.place);
        carry_ = std::move(array[u.index]);
        array.erase(u.index);
        break;
      }
      case undo_kind::insert_member:
        (void)container_of(*u.place).insert(u.index, u.place->back(), std::move(u.carried ? carry_ : u.value));
        break;
      case undo_kind::insert_element:
        (void)container_of(*u.place).insert(u.index, std::move(u.carried ? carry_ : u.value));
        break;
    }
    undo_.pop_back();
  }

  void replace_value(const json_pointer& place, node& target, node&& value) {
    undo_.push_back({undo_kind::restore, &place, 0, std::move(target)});
    target = std::move(value);
  }

  /// Adds `value` at `path`; on an error, `value` is untouched.
  parse_error add(const json_pointer& path, node&& value) {
    auto done = detail::add_at(root_, path.tokens(), std::move(value));
    if (!done) return done.error();
    switch (done->what) {
      case detail::edit::kind::replaced: undo_.push_back({undo_kind::restore, &path, 0, std::move(done->value)}); break;
      case detail::edit::kind::added_member: undo_.push_back({undo_kind::erase_member, &path, 0, node()}); break;
      default: undo_.push_back({undo_kind::erase_element, &path, done->index, node()}); break;
    }
    return {};
  }

  /// Removes the value at `path`; moves it to `taken` where given (a move's source, never
  /// the whole value: a patch that moves "" into its own child is refused when read).
  parse_error remove(const json_pointer& path, node* taken) {
    auto done = detail::remove_at(root_, path.tokens());
    if (!done) return done.error();
    const undo_kind undo = done->what == detail::edit::kind::replaced         ? undo_kind::restore
                           : done->what == detail::edit::kind::removed_member ? undo_kind::insert_member
                                                                               : undo_kind::insert_element;
    undo_.push_back({undo, &path, done->index, std::move(done->value)});
    if (taken != nullptr) {
      *taken = std::move(undo_.back().value);
      undo_.back().carried = true;
    }
    return {};
  }

  node& root_;
  std::vector<undo_entry> undo_;
  node carry_;
  bool failed_at_from_ = false;
};

template <bool move_values, class Operations>
patch_error apply_all(Operations& operations, node& target) {
  patch_application application(target);
  for (std::size_t i = 0; i < operations.size(); ++i) {
    auto& operation = operations[i];
    parse_error failed;
    if (operation.op == patch_op::test) {
      failed = application.test(operation.path, operation.value);
    } else if constexpr (move_values) {
      failed = application.apply(operation, std::move(operation.value));
    } else {
      failed = application.apply(operation, needs_value(operation.op) ? node(operation.value) : node());
    }
    if (!failed) continue;
    application.roll_back();
    patch_error error{failed.info.code, i, std::string(to_string(operation.op)), {}, "at " + failed.path};
    error.pointer = (application.failed_at_from() ? operation.from : operation.path).to_string();
    if (failed.info.code == error_code::test_failed) {
      error.detail += ", found " + failed.name;
    } else if (!failed.name.empty()) {
      error.detail += ": \"" + failed.name + "\"";
    }
    return error;
  }
  return {};
}

}  // namespace

result<json_patch, patch_error> json_patch::parse(const element& patch) {
  return read_patch(patch);
}

result<json_patch, patch_error> json_patch::parse(const node& patch) {
  return read_patch(patch);
}

patch_error json_patch::apply(node& target) const& {
  return apply_all<false>(operations_, target);
}

patch_error json_patch::apply(node& target) && {
  patch_error error = apply_all<true>(operations_, target);
  operations_.clear();
  return error;
}

patch_error apply_patch(node& target, const node& patch) {
  auto parsed = json_patch::parse(patch);
  if (!parsed) return parsed.error();
  return parsed->apply(target);
}

void json_patch::write(writer& w) const {
  w.start_array();
  for (const patch_operation& operation : operations_) {
    w.start_object();
    w.property_name("op");
    w.string_value(to_string(operation.op));
    if (needs_from(operation.op)) {
      w.property_name("from");
      w.string_value(operation.from.to_string());
    }
    w.property_name("path");
    w.string_value(operation.path.to_string());
    if (needs_value(operation.op)) {
      w.property_name("value");
      operation.value.write(w);
    }
    w.end_object();
  }
  w.end_array();
}

node json_patch::to_node() const {
  node patch = node::array();
  for (const patch_operation& operation : operations_) {
    node& object = patch.push_back(node::object());
    object.set("op", to_string(operation.op));
    if (needs_from(operation.op)) object.set("from", operation.from.to_string());
    object.set("path", operation.path.to_string());
    if (needs_value(operation.op)) object.set("value", operation.value);
  }
  return patch;
}

result<std::string> json_patch::to_json(const writer_options& options) const {
  memory_output out;
  writer w(out, options);
  write(w);
  if (!w.ok()) return w.error();
  return out.str();
}

}  // namespace jsonjit
