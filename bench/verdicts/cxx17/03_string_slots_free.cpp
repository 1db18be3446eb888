// Result strings, one slot per worker; racy: both workers write slot 0.
// Compiled as clang's default, gnu++17 (STD): std::string's members are
// extern templates there, with no body in the unit.
#include <string>
#include <thread>
#include <vector>
static std::string results[2];
static void work(int i) {
#if 1 // race-free: FREE
  results[i] = "done by worker " + std::to_string(i);
#else
  results[0] = "done by worker " + std::to_string(i);
#endif
}
int main() {
  std::vector<std::thread> ts;
  for (int i = 0; i < 2; ++i)
    ts.emplace_back(work, i);
  for (auto &t : ts)
    t.join();
  return results[0].size() + results[1].size() > 0 ? 0 : 1;
}
