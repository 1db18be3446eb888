// A class guards its balance with a member mutex; one method forgets it in
// the racy variant.
#include <cstdio>
#include <mutex>
#include <thread>

class Account {
public:
  void deposit(long v) {
    std::lock_guard<std::mutex> g(mu_);
    balance_ += v;
  }
  void withdraw(long v) {
#ifdef SAFE
    std::lock_guard<std::mutex> g(mu_);
#endif
    balance_ -= v;
  }
  long balance() {
    std::lock_guard<std::mutex> g(mu_);
    return balance_;
  }

private:
  std::mutex mu_;
  long balance_ = 0;
};

int main() {
  Account a;
  std::thread t1([&a] { a.deposit(5); });
  std::thread t2([&a] { a.withdraw(3); });
  t1.join();
  t2.join();
  std::printf("%ld\n", a.balance());
}
