// The .NET benchmark models serialize to exactly the bytes System.Text.Json writes
// (data/models/expected) and read back to equal values.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "dotnet_models.hpp"
#include "test_files.hpp"

namespace {

using namespace models;

std::string expected(const std::string& name) {
  return jsonjit::test::read_file(std::string(JSONJIT_DATA_DIR) + "/models/expected/" + name + ".json");
}

template <class T>
void expect_exact_round_trip(const T& value, const std::string& file,
                             const jsonjit::serializer_options& options = jsonjit::serializer_options::defaults()) {
  const std::string json = expected(file);
  ASSERT_FALSE(json.empty()) << file;
  EXPECT_EQ(jsonjit::serialize(value, options), json) << file;
  auto back = jsonjit::try_deserialize<T>(json, options);
  ASSERT_TRUE(back) << file << ": " << jsonjit::to_string(back.error());
  EXPECT_TRUE(*back == value) << file;
}

TEST(SerializerModels, LoginViewModel) { expect_exact_round_trip(make_login(), "LoginViewModel"); }

TEST(SerializerModels, Location) { expect_exact_round_trip(make_location(), "Location"); }

TEST(SerializerModels, LocationCamelCase) {
  jsonjit::serializer_options options;
  options.naming(jsonjit::naming_policy::camel_case);
  expect_exact_round_trip(make_location(), "Location.camelCase", options);
}

TEST(SerializerModels, IndexViewModelWritesTheComputedPropertyAndSkipsItOnRead) {
  IndexViewModel m = make_index(fixed_clock());
  expect_exact_round_trip(m, "IndexViewModel.fixedclock");
  // HasFeaturedCampaign is computed: a JSON value for it cannot change what it says.
  m.FeaturedCampaign.reset();
  ASSERT_FALSE(jsonjit::deserialize_into(m, R"({"HasFeaturedCampaign":true})"));
  EXPECT_FALSE(m.HasFeaturedCampaign());
  EXPECT_NE(jsonjit::serialize(m).find(R"("HasFeaturedCampaign":false})"), std::string::npos);
}

TEST(SerializerModels, MyEventsListerViewModel) {
  expect_exact_round_trip(make_my_events(fixed_clock()), "MyEventsListerViewModel.fixedclock");
}

TEST(SerializerModels, CollectionsOfPrimitives) {
  expect_exact_round_trip(make_collections(fixed_clock()), "CollectionsOfPrimitives.fixedclock");
}

TEST(SerializerModels, BinaryDataPayload) { expect_exact_round_trip(make_binary_data(), "BinaryDataPayload"); }

TEST(SerializerModels, SmallStructsAndScalars) {
  expect_exact_round_trip(make_simple_struct(), "SimpleStructWithProperties");
  expect_exact_round_trip(make_large_struct(), "LargeStructWithProperties");
  expect_exact_round_trip(std::vector<std::int32_t>{10, 20, 30}, "SimpleListOfInt");
  expect_exact_round_trip(std::int32_t{42}, "Int32");
  expect_exact_round_trip(std::optional<DateTimeOffset>(DateTimeOffset{ticks_of(2021, 8, 13, 11, 11, 5), 0}),
                          "NullableDateTimeOffset");
  expect_exact_round_trip(make_class_record(), "ClassRecord");
  expect_exact_round_trip(make_class_record(), "StructRecord");
}

TEST(SerializerModels, PrivateMembersStayInvisible) {
  ClassImplementingIXmlSerialiable c = make_xml_class();
  expect_exact_round_trip(c, "ClassImplementingIXmlSerialiable");
  // The private BoolValue is neither written nor read, even when the JSON names it.
  c.set_bool_value(false);
  EXPECT_EQ(jsonjit::serialize(c), R"({"StringValue":"Hello world"})");
  ASSERT_FALSE(jsonjit::deserialize_into(c, R"({"StringValue":"x","BoolValue":true})"));
  EXPECT_EQ(c.StringValue, "x");
  EXPECT_FALSE(c.bool_value());
}

TEST(SerializerModels, TreeRecordWritesTheDiscriminatorFirst) {
  expect_exact_round_trip(make_tree(5), "TreeRecord");
}

TEST(SerializerModels, StringCollections) {
  const std::vector<std::string> strings = make_strings();
  ASSERT_EQ(strings.size(), 100u);
  EXPECT_EQ(strings[0], "tT12");
  insertion_ordered_map<std::string, std::string> dictionary;
  std::map<std::string, std::string> ordinal;
  struct culture_less {  // ICU order for these ASCII letters and digits: case-insensitive
    bool operator()(const std::string& a, const std::string& b) const {
      auto fold = [](std::string s) {
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
      };
      return fold(a) < fold(b);
    }
  };
  std::map<std::string, std::string, culture_less> icu;
  for (const std::string& s : strings) {
    dictionary.insert_or_assign(s, s);
    ordinal.emplace(s, s);
    icu.emplace(s, s);
  }
  expect_exact_round_trip(dictionary, "Dictionary_String_String");
  expect_exact_round_trip(strings, "ArrayList");
  expect_exact_round_trip(strings, "HashSet_String");
  expect_exact_round_trip(ordinal, "ImmutableSortedDictionary_String_String.ordinal");
  expect_exact_round_trip(icu, "ImmutableSortedDictionary_String_String.icu");
}

TEST(SerializerModels, TenThousandUsers) {
  const std::vector<User> users = make_users();
  EXPECT_EQ(users[0].Id.to_string(), "994cd293-2b06-4dff-9c3e-7c081b46dc0a");
  expect_exact_round_trip(users, "Users10000");
}

}  // namespace
