// clang-format off
// joinable-test: `if (t.joinable()) t.join();` on a std::thread, directly,
// in an RAII guard's destructor (GUARD) or in the destructor of a class
// that owns the thread (MEMBER). The branch's false edge is a
// `not_joinable t` step, which the model checker takes only when t holds
// no thread it knows joinable, so main's read after it is ordered after
// the worker's write (a false possible race before: the path that skips
// the join was open). Still races: the read before the join (EARLY), a
// detached thread (DETACH), a thread moved out of t first (MOVED: t is
// then not joinable, and its thread runs on in u), and t handed to a
// function the analysis cannot see (HIDDEN), which may move it.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DGUARD %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DMEMBER %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DMOVED %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHIDDEN %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=ANYRACE --implicit-check-not=warning:
#include <mutex>
#include <thread>

std::mutex m;
int x;

static void work() {
  std::lock_guard<std::mutex> g(m);
  x++;
}

class Guard {
  std::thread &t_;

public:
  explicit Guard(std::thread &t) : t_(t) {}
  ~Guard() {
    if (t_.joinable())
      t_.join();
  }
};

struct Worker {
  std::thread th;
  Worker() : th(work) {}
  ~Worker() {
    if (th.joinable())
      th.join();
  }
};

void hide(std::thread &t);

int main() {
  int seen = 0;
#if defined(GUARD)
  {
    std::thread t(work);
    Guard g(t);
  }
  seen = x;
#elif defined(MEMBER)
  {
    Worker w;
  }
  seen = x;
#elif defined(EARLY)
  {
    std::thread t(work);
    seen = x;
    if (t.joinable())
      t.join();
  }
#elif defined(MOVED)
  std::thread u;
  {
    std::thread t(work);
    u = std::move(t);
    if (t.joinable())
      t.join();
  }
  seen = x;
  u.join();
#else
  {
    std::thread t(work);
#if defined(DETACH)
    t.detach();
#elif defined(HIDDEN)
    hide(t);
#endif
    if (t.joinable())
      t.join();
  }
  seen = x;
#endif
  return seen;
}

// MODEL-LABEL: function main:
// MODEL: not_joinable t at {{.*}}cxx-joinable.cpp:92:9
// OK-NOT: remark
// RACE: cxx-joinable.cpp:29:4: warning: data race on 'x': write in thread 'work' conflicts with read in thread 'main'
// ANYRACE: cxx-joinable.cpp:29:4: warning: {{(possible )?}}data race on 'x': write in thread 'work' conflicts with read in thread 'main'
