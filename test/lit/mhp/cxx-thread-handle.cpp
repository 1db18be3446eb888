// clang-format off
// cxx-thread-handle: `std::thread a(f); ... a.join();` joins what a's
// constructor started when a is a local that is only constructed once,
// joined, tested with joinable() or get_id(), and destroyed: no move,
// swap, assignment or detach can give it another id. The MHP layer's
// after-join counted pthread_t handles only (a slot the creation writes
// and only loads read), so every access after a std::thread's join went to
// the model checker, which could run out of budget on loops (a possible
// race on a race-free program). Racy: main reads b's result between the
// joins (BETWEEN). Not tracked: a thread moved into another object
// (MOVED) is joined through that object, not through a.
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DMOVED %s -o %t.moved.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.moved.ll 2>&1 | %FileCheck %s --check-prefix=MOVED
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DBETWEEN %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=BETWEEN
#include <thread>
#include <utility>

static long sumA, sumB;

int main() {
  std::thread a([] {
    for (int i = 0; i < 300; ++i)
      sumA += i;
  });
  std::thread b([] {
    for (int i = 0; i < 300; ++i)
      sumB += i;
  });
  long seen = 0;
#ifdef MOVED
  std::thread c = std::move(a);
  c.join();
#else
  a.join();
#endif
#ifdef BETWEEN
  seen = sumB;
#endif
  b.join();
  return int(sumA + sumB + seen);
}

// CHECK-LABEL: join sites:
// CHECK-DAG: lambda@{{.*}}cxx-thread-handle.cpp:28 at std_thread.h:{{[0-9]+}} by main: tracked, joined through b or a join-all loop
// CHECK-DAG: lambda@{{.*}}cxx-thread-handle.cpp:24 at std_thread.h:{{[0-9]+}} by main: tracked, joined through a or a join-all loop
// CHECK-LABEL: after join:
// CHECK: read sumA at {{.*}}cxx-thread-handle.cpp:43:14 in main (thread main): after every lambda@{{.*}}cxx-thread-handle.cpp:{{24|28}}, lambda@{{.*}}cxx-thread-handle.cpp:{{24|28}}
// MOVED: lambda@{{.*}}cxx-thread-handle.cpp:24 at std_thread.h:{{[0-9]+}} by main: tracked, joined by a join-all loop only
// FREE-NOT: warning
// BETWEEN: cxx-thread-handle.cpp:30:12: warning: data race on 'sumB': write in thread 'lambda@{{.*}}cxx-thread-handle.cpp:28' conflicts with read in thread 'main'
