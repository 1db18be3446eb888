// clang-format off
// A thread pool object (cxx-member-join-loop): its constructor starts the
// workers into a std::vector<std::thread> member, its destructor joins
// every element in a range-for. The loop's exit joins every thread of the
// site (`join all`) when the pool is one object at run time and no other
// code reaches the member, so main's read of x after the pool's scope is
// ordered after every worker's write (a false possible race before).
// Refused: a thread moved out of the member and detached (MOVEOUT), a
// worker that reads the member (PEEK; itself a race with the
// constructor's appends), two pools (TWO: q's destructor joins q's
// threads only, and p's still run at the read). EARLY reads x while the
// workers run. max-points-to=0 leaves out an unrelated budget warning.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DHEAP %s -o %t.heap.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.heap.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DARRAY %s -o %t.array.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.array.ll 2>&1 | %FileCheck %s --check-prefix=MODEL-ARRAY
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DMOVEOUT %s -o %t.move.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.move.ll 2>&1 | %FileCheck %s --check-prefix=MODEL-NONE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DPEEK %s -o %t.peek.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.peek.ll 2>&1 | %FileCheck %s --check-prefix=MODEL-NONE
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DTWO %s -o %t.two.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.two.ll 2>&1 | %FileCheck %s --check-prefix=MODEL-NONE
//
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -std=c++20 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DHEAP %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DARRAY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DEARLY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=RACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DMOVEOUT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=MAYRACE --implicit-check-not=warning:
// RUN: %clang -g -O0 -c -DTWO %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-points-to=0 2>&1 | %FileCheck %s --check-prefix=MAYRACE --implicit-check-not=warning:
//
// ARRAY: a std::array<std::thread, 3> member filled by element assignment.
// HEAP: `new Pool` and `delete`; delete's test of the pointer against null
// is folded (new-nonnull: a throwing new never returns null), so its
// destructor, and the join, always run.
#include <array>
#include <mutex>
#include <thread>
#include <vector>

std::mutex m;
int x;

static void work() {
  std::lock_guard<std::mutex> g(m);
  x++;
}

class Pool {
public:
  explicit Pool(int n) {
#ifdef ARRAY
    for (std::thread &t : workers_)
      t = std::thread([this] { run(); });
#else
    for (int i = 0; i < n; i++)
      workers_.emplace_back([this] { run(); });
#endif
#ifdef MOVEOUT
    std::thread u = std::move(workers_[0]);
    u.detach();
    workers_[0] = std::thread([] {});
#endif
  }
  ~Pool() {
    for (std::thread &t : workers_)
      t.join();
  }

private:
  void run() {
    work();
#ifdef PEEK
    if (workers_.size() > 8)
      std::this_thread::yield();
#endif
  }
  int busy_ = 0;
#ifdef ARRAY
  std::array<std::thread, 3> workers_;
#else
  std::vector<std::thread> workers_;
#endif
};

int main(int argc, char **argv) {
  int seen = 0;
#ifdef HEAP
  Pool *h = new Pool(argc);
  delete h;
#else
  {
    Pool p(argc);
#ifdef TWO
    {
      Pool q(argc);
    }
    seen = x;
#endif
#ifdef EARLY
    seen = x;
#endif
  }
#endif
#if !defined(TWO) && !defined(EARLY)
  seen = x;
#endif
  return seen;
}

// MODEL-LABEL: function _ZN4PoolD2Ev:
// MODEL: join all lambda@{{.*}}cxx-member-join-loop.cpp:59 (every thread in the container) at {{.*}}cxx-member-join-loop.cpp:69:9
// MODEL-ARRAY-LABEL: function _ZN4PoolD2Ev:
// MODEL-ARRAY: join all lambda@{{.*}}cxx-member-join-loop.cpp:56 (every thread in the container) at {{.*}}cxx-member-join-loop.cpp:69:9
// MODEL-NONE-NOT: join all
// OK-NOT: remark
// RACE: cxx-member-join-loop.cpp:48:4: warning: data race on 'x': write in thread 'lambda@{{.*}}cxx-member-join-loop.cpp:59' conflicts with read in thread 'main'
// RACE: cxx-member-join-loop.cpp:103:12: note: conflicting read in thread 'main' here
// MAYRACE: cxx-member-join-loop.cpp:48:4: warning: possible data race on 'x': write in thread 'lambda@{{.*}}cxx-member-join-loop.cpp:59' conflicts with read in thread 'main'
