// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.O0.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.O0.ll 2>&1 | %FileCheck %s
// The unoptimised IR of an -O2 build (what the plugin sees at -O2):
// RUN: %clang -g -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.O2.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.O2.ll 2>&1 | %FileCheck %s
// std::thread templates are named after the user's callable; std::mutex
// through std::lock_guard locks the global.
#include <mutex>
#include <thread>
int counter;
std::mutex mu;
void work(int n) {
  for (int i = 0; i < n; ++i) {
    std::lock_guard<std::mutex> g(mu);
    counter++;
  }
}
int main() {
  std::thread a(work, 10);
  std::thread b([] { counter = 5; });
  a.join();
  b.join();
  return counter;
}
// CHECK-LABEL: templates:
// CHECK-NEXT: T0 main once
// CHECK-DAG:  T{{[0-9]+}} work once
// CHECK-DAG:  T{{[0-9]+}} lambda@{{.*}}cxx-thread.cpp:21 once
// CHECK-NOT:  _M_run
// CHECK-LABEL: creations:
// CHECK-DAG: -> work handles a
// CHECK-DAG: -> lambda@{{.*}}cxx-thread.cpp:21 handles b
// CHECK-LABEL: function _Z4worki:
// CHECK-NOT: assign i
// The guard locks and unlocks its own mutex where the user wrote it.
// CHECK: lock mu at cxx-thread.cpp:15:33
// CHECK-NEXT: read counter at cxx-thread.cpp:16:12
// CHECK-NEXT: write counter at cxx-thread.cpp:16:12
// CHECK-NEXT: unlock mu at cxx-thread.cpp:17:3
// CHECK-LABEL: function main:
// CHECK-DAG: join a at cxx-thread.cpp:22:5
// CHECK-DAG: join b at cxx-thread.cpp:23:5
// CHECK-DAG: read counter at cxx-thread.cpp:24:10
// CHECK: lock mu at {{.*}}gthr-default.h
// CHECK: unlock mu at {{.*}}gthr-default.h
// CHECK-LABEL: function _ZZ4mainENK3$_0clEv:
// CHECK-NEXT: write counter at cxx-thread.cpp:21:30
