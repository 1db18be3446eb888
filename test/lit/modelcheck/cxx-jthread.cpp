// clang-format off
// joinable-test through a wrapper: std::jthread's destructor runs
// `if (joinable()) { request_stop(); join(); }`, where joinable() and
// join() are std::jthread's own one-line wrappers of its _M_thread
// member's (member-wrapper). The false edge is `not_joinable` on that
// member, so main's read after the jthread's scope is ordered after the
// worker's write (a false possible race before). Still races: the read
// inside the scope (EARLY), a jthread moved out first (MOVED: its thread
// runs on in u) and a detached one (DETACH).
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not="on 'x'"
// RUN: %clang -std=c++20 -g -O0 -c -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not="on 'x'"
// RUN: %clang -std=c++20 -g -O0 -c -DMOVED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not="on 'x'"
// RUN: %clang -std=c++20 -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not="on 'x'"
//
// MODEL-LABEL: function _ZNSt7jthreadD2Ev:
// MODEL: not_joinable t._M_thread
// MODEL: function
// OK-NOT: remark
// RACE: cxx-jthread.cpp:[[#@LINE+10]]:6: warning: data race on 'x': write in thread 'work' conflicts with read in thread 'main'
#include <mutex>
#include <thread>

std::mutex m;
int x;

static void work(std::stop_token tok) {
  std::lock_guard<std::mutex> g(m);
  if (!tok.stop_requested())
    x++;
}

int main() {
  int seen = 0;
#if defined(EARLY)
  {
    std::jthread t(work);
    seen = x;
  }
#elif defined(MOVED)
  std::jthread u;
  {
    std::jthread t(work);
    u = std::move(t);
  }
  seen = x;
#elif defined(DETACH)
  {
    std::jthread t(work);
    t.detach();
  }
  seen = x;
#else
  {
    std::jthread t(work);
  }
  seen = x;
#endif
  return seen;
}
