// A config struct's std::string field reassigned by a worker while main
// reads its size; race-free: main reads it after the join.
// Compiled as clang's default, gnu++17 (STD): std::string's members are
// extern templates there, with no body in the unit.
#include <string>
#include <thread>
struct Config {
  std::string name;
  int level;
};
Config cfg;
static void reload() { cfg.name = "reloaded"; cfg.level = 2; }
int main() {
  cfg.name = "initial";
#if 1 // race-free: FREE
  std::thread t(reload);
  t.join();
  return cfg.name.size() == 8 ? 0 : 1;
#else
  std::thread t(reload);
  int n = (int)cfg.name.size();
  t.join();
  return n;
#endif
}
