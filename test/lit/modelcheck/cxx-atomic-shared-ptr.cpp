// clang-format off
// std::atomic_load / std::atomic_store of a std::shared_ptr lock a mutex of
// libstdc++.so's pool (`_Sp_locker lock{p}`, constructor and destructor
// without a body here) around the copy. Unmodelled, the reader's copy and
// main's swap of `g` were a confirmed data race on a race-free program (a
// helper's idiom; TSan silent). `_Sp_locker` is now a guard whose lock is
// the shared_ptr p points to. With -DRACY main assigns `g` plainly, which
// takes no lock: still confirmed.
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty --implicit-check-not='warning: data race'
// RUN: %clang -std=c++20 -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <memory>
#include <thread>

static std::shared_ptr<int> g;

int main() {
  std::atomic_store(&g, std::make_shared<int>(0));
  long acc = 0;
  std::thread r([&] {
    for (int i = 0; i < 3; i++) {
      std::shared_ptr<int> p = std::atomic_load(&g);
      acc += *p;
    }
  });
  for (int v = 1; v < 3; v++) {
#ifdef RACY
    g = std::make_shared<int>(v);
#else
    std::atomic_store(&g, std::make_shared<int>(v));
#endif
  }
  r.join();
  return int(acc);
}

// FREE-NOT: warning: data race on 'g'
// RACY: cxx-atomic-shared-ptr.cpp:27:7: warning: data race on 'g': write in thread 'main' conflicts with read in thread 'lambda@{{.*}}cxx-atomic-shared-ptr.cpp:19'
