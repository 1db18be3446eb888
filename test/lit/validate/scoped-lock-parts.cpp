// clang-format off
// std::scoped_lock(from.m, to.m) is one call with a lock action per mutex
// (and its destructor one unlock per mutex). The replay took the first
// action for every step at the call: the thread locked from.m twice,
// never to.m, and a third thread's lock of to.m went through, so a
// race-free transfer was "confirmed" against an audit that holds the
// account's lock. The replay now takes the call's mutexes one per step,
// staying at the call until all are taken. RACY keeps only from.m: a
// race it must still confirm.
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --implicit-check-not='warning: data race'
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <mutex>
#include <thread>

struct Account {
  std::mutex m;
  long balance = 1000;
};

void transfer(Account &from, Account &to, long amt) {
#ifdef RACY
  std::lock_guard<std::mutex> lk(from.m);
#else
  std::scoped_lock lk(from.m, to.m);
#endif
  from.balance -= amt;
  to.balance += amt;
}

// Locks only when asked (always, here): no lock is must-held at the read,
// so the lockset layer leaves the pairs to the model checker and the replay.
void audit(Account &a, long &out, bool careful) {
  if (careful)
    a.m.lock();
  out = a.balance;
  if (careful)
    a.m.unlock();
}

int main() {
  Account a, b;
  long seen = 0;
  std::thread t1([&] { for (int i = 0; i < 1000; ++i) transfer(a, b, 1); });
  std::thread t2([&] { for (int i = 0; i < 1000; ++i) transfer(b, a, 2); });
  std::thread t3([&] { for (int i = 0; i < 1000; ++i) audit(a, seen, true); });
  t1.join();
  t2.join();
  t3.join();
  return int(a.balance + b.balance + seen);
}

// The pairs stay possible, refuted by the replay, never confirmed.
// FREE: scoped-lock-parts.cpp:26:16: warning: possible data race on 'a.balance'
// FREE: scoped-lock-parts.cpp:27:14: warning: possible data race on 'a.balance'
// FREE-SAME: (not decided: the model checker's interleavings are not ones the program can take: a lock is taken while another thread holds it

// RACY: scoped-lock-parts.cpp:27:14: warning: data race on 'a.balance': write in thread 'lambda@{{.*}}scoped-lock-parts.cpp:{{43|44}}' conflicts with read in thread 'lambda@{{.*}}scoped-lock-parts.cpp:45'
