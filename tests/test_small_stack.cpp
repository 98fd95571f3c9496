// detail::small_stack: the first N entries inline, more on the heap, and the
// same entries whichever holds them (the parser's and the DOM builder's
// stacks, and the Python encoder's open containers, which it also reads by
// index and from the bottom up).

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include <ultrajson/detail/small_stack.hpp>

namespace {

struct entry {
  std::size_t value;
  unsigned char tag;
};

}  // namespace

TEST_CASE("small_stack: pushes past the inline entries keep every entry, by index and in order") {
  ultrajson::detail::small_stack<entry, 4> stack;
  std::vector<entry> expected;
  CHECK(stack.empty());
  CHECK(stack.begin() == stack.end());
  for (std::size_t i = 0; i < 40; ++i) {
    REQUIRE(stack.push(entry{i * 7, static_cast<unsigned char>(i)}));
    expected.push_back(entry{i * 7, static_cast<unsigned char>(i)});
    REQUIRE(stack.size() == expected.size());
    CHECK(stack.top().value == i * 7);
    std::size_t walked = 0;
    for (const entry& e : stack) {
      CHECK(e.value == expected[walked].value);
      CHECK(e.tag == expected[walked].tag);
      ++walked;
    }
    CHECK(walked == expected.size());
  }
  // Written through the index, read back from the top.
  for (std::size_t i = 0; i < stack.size(); ++i) stack[i].value = 1000 + i;
  for (std::size_t left = 40; left != 0; --left) {
    CHECK(stack.top().value == 1000 + left - 1);
    CHECK(stack.top().tag == left - 1);
    stack.pop();
  }
  CHECK(stack.empty());
  // Reused after emptying: pushes go to the heap entries it keeps.
  REQUIRE(stack.push(entry{5, 5}));
  CHECK(stack[0].value == 5);
  CHECK(stack.end() - stack.begin() == 1);
}

TEST_CASE("small_stack: a moved stack takes inline and heap entries alike") {
  for (std::size_t count : {std::size_t{3}, std::size_t{4}, std::size_t{9}}) {
    ultrajson::detail::small_stack<entry, 4> from;
    for (std::size_t i = 0; i < count; ++i) REQUIRE(from.push(entry{i, 0}));
    ultrajson::detail::small_stack<entry, 4> to(std::move(from));
    CHECK(from.empty());
    REQUIRE(to.size() == count);
    for (std::size_t i = 0; i < count; ++i) CHECK(to[i].value == i);
    REQUIRE(from.push(entry{42, 1}));
    CHECK(from[0].value == 42);
    CHECK(to[0].value == 0);
  }
}
