// A small thread-safe inventory class: every member that touches the map
// takes the mutex with std::lock_guard.
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

class Inventory {
public:
  void add(const std::string &item, int n) {
    std::lock_guard<std::mutex> g(mu_);
    stock_[item] += n;
    updates_++;
  }
  int count(const std::string &item) {
    std::lock_guard<std::mutex> g(mu_);
    auto it = stock_.find(item);
    return it == stock_.end() ? 0 : it->second;
  }
  long updates() {
    std::lock_guard<std::mutex> g(mu_);
    return updates_;
  }

private:
  std::mutex mu_;
  std::map<std::string, int> stock_;
  long updates_ = 0;
};

int main() {
  Inventory inv;
  std::thread a([&inv] { for (int i = 0; i < 100; i++) inv.add("bolt", 1); });
  std::thread b([&inv] {
    long seen = 0;
    for (int i = 0; i < 100; i++)
      seen += inv.updates() + inv.count("bolt");
    std::printf("%ld\n", seen);
  });
  a.join();
  b.join();
  std::printf("%d\n", inv.count("bolt"));
  return 0;
}
