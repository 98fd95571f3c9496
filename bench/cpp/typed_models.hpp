#pragma once
// C++ models of twitter.json and citm_catalog.json for the typed benchmarks
// ("decode": text into these structs; "encode": these structs into text).
// Each library is taught them its own way: ultrajson by the descriptions
// here, nlohmann by its NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE (bench_nlohmann.cpp).
// Members are the keys every record has with a non-null value; the rest of
// each record (retweeted_status, entities, nulls ...) is skipped by both.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <ultrajson/describe.hpp>

namespace models {

struct twitter_user {
  std::uint64_t id = 0;
  std::string id_str, name, screen_name, location, description, created_at, lang;
  std::uint64_t followers_count = 0, friends_count = 0, listed_count = 0, favourites_count = 0,
                statuses_count = 0;
  bool verified = false, geo_enabled = false;
  std::string profile_image_url;
};

struct twitter_status {
  std::string created_at;
  std::uint64_t id = 0;
  std::string id_str, text, source;
  bool truncated = false;
  twitter_user user;
  std::uint64_t retweet_count = 0, favorite_count = 0;
  bool favorited = false, retweeted = false;
  std::string lang;
};

struct twitter_metadata {
  double completed_in = 0;
  std::uint64_t max_id = 0;
  std::string max_id_str, next_results, query, refresh_url;
  std::uint64_t count = 0, since_id = 0;
  std::string since_id_str;
};

struct twitter {
  std::vector<twitter_status> statuses;
  twitter_metadata search_metadata;
};

struct citm_price {
  std::int64_t amount = 0, audienceSubCategoryId = 0, seatCategoryId = 0;
};
struct citm_area {
  std::int64_t areaId = 0;
  std::vector<std::int64_t> blockIds;
};
struct citm_seat_category {
  std::vector<citm_area> areas;
  std::int64_t seatCategoryId = 0;
};
struct citm_performance {
  std::int64_t eventId = 0, id = 0;
  std::vector<citm_price> prices;
  std::vector<citm_seat_category> seatCategories;
  std::int64_t start = 0;
  std::string venueCode;
};
struct citm_event {
  std::int64_t id = 0;
  std::string name;
  std::vector<std::int64_t> subTopicIds, topicIds;
};
struct citm_catalog {
  std::map<std::string, std::string> areaNames, audienceSubCategoryNames, seatCategoryNames,
      subTopicNames, subjectNames, topicNames, venueNames;
  std::map<std::string, citm_event> events;
  std::vector<citm_performance> performances;
  std::map<std::string, std::vector<std::int64_t>> topicSubTopics;
};

// A number that depends on every member, to check that two libraries
// decoded the same values.
inline std::uint64_t checksum(const twitter& t) {
  std::uint64_t sum = t.search_metadata.count + t.search_metadata.max_id_str.size();
  for (const twitter_status& s : t.statuses) {
    sum += s.id + s.text.size() + s.user.id + s.user.followers_count + s.user.screen_name.size() +
           s.retweet_count + s.lang.size() + s.created_at.size() + (s.user.verified ? 1 : 0);
  }
  return sum;
}
inline std::uint64_t checksum(const citm_catalog& c) {
  std::uint64_t sum = c.areaNames.size() + c.venueNames.size() + c.topicSubTopics.size();
  for (const auto& [id, event] : c.events) {
    sum += id.size() + static_cast<std::uint64_t>(event.id) + event.name.size() + event.topicIds.size();
  }
  for (const citm_performance& p : c.performances) {
    sum += static_cast<std::uint64_t>(p.id + p.start) + p.prices.size() + p.seatCategories.size();
    for (const citm_price& price : p.prices) sum += static_cast<std::uint64_t>(price.amount);
  }
  return sum;
}

}  // namespace models

ULTRAJSON_DESCRIBE(models::twitter_user, id, id_str, name, screen_name, location, description,
                   created_at, lang, followers_count, friends_count, listed_count,
                   favourites_count, statuses_count, verified, geo_enabled, profile_image_url);
ULTRAJSON_DESCRIBE(models::twitter_status, created_at, id, id_str, text, source, truncated, user,
                   retweet_count, favorite_count, favorited, retweeted, lang);
ULTRAJSON_DESCRIBE(models::twitter_metadata, completed_in, max_id, max_id_str, next_results, query,
                   refresh_url, count, since_id, since_id_str);
ULTRAJSON_DESCRIBE(models::twitter, statuses, search_metadata);
ULTRAJSON_DESCRIBE(models::citm_price, amount, audienceSubCategoryId, seatCategoryId);
ULTRAJSON_DESCRIBE(models::citm_area, areaId, blockIds);
ULTRAJSON_DESCRIBE(models::citm_seat_category, areas, seatCategoryId);
ULTRAJSON_DESCRIBE(models::citm_performance, eventId, id, prices, seatCategories, start, venueCode);
ULTRAJSON_DESCRIBE(models::citm_event, id, name, subTopicIds, topicIds);
ULTRAJSON_DESCRIBE(models::citm_catalog, areaNames, audienceSubCategoryNames, seatCategoryNames,
                   subTopicNames, subjectNames, topicNames, venueNames, events, performances,
                   topicSubTopics);
