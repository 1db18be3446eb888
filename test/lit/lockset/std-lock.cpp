// clang-format off
// std-lock: std::lock(from.m, to.m) takes both mutexes (backing off with
// try_lock to avoid deadlock) and the adopting guards release them. It was
// followed through libstdc++'s body, whose try_lock loop and unique_locks
// left no must-held lock: the transfer idiom had possible races against an
// audit under the account's lock. It is modelled at the call as a lock of
// every argument, like scoped_lock's constructor. RACY takes a ledger
// mutex instead of to.m: to.balance is written unprotected.
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <mutex>
#include <thread>

struct Account {
  std::mutex m;
  long balance = 1000;
};

static std::mutex ledger;

void transfer(Account &from, Account &to, long amt) {
#ifdef RACY
  std::lock(from.m, ledger);
  std::lock_guard<std::mutex> l1(from.m, std::adopt_lock),
      l2(ledger, std::adopt_lock);
#else
  std::lock(from.m, to.m);
  std::lock_guard<std::mutex> l1(from.m, std::adopt_lock),
      l2(to.m, std::adopt_lock);
#endif
  from.balance -= amt;
  to.balance += amt;
}

void audit(Account &a, long &out) {
  std::lock_guard<std::mutex> g(a.m);
  out = a.balance;
}

int main() {
  Account a, b;
  long seen = 0;
  std::thread t1([&] { for (int i = 0; i < 100; ++i) transfer(a, b, 1); });
  std::thread t2([&] { for (int i = 0; i < 100; ++i) transfer(b, a, 2); });
  std::thread t3([&] { for (int i = 0; i < 100; ++i) audit(a, seen); });
  t1.join();
  t2.join();
  t3.join();
  return int(a.balance + b.balance + seen);
}

// CHECK: write (char *)from+40 at std-lock.cpp:33:16 holds {*from, *to}
// FREE-NOT: warning
// RACY: std-lock.cpp:34:14: warning: data race on 'a.balance': write in thread 'lambda@{{.*}}std-lock.cpp:46' conflicts with read in thread 'lambda@{{.*}}std-lock.cpp:47'
