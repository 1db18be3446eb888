// clang-format off
// cxx-lambda-index: `pool.emplace_back([i] { results[i] = ...; })` gives
// each std::thread a copy of the closure, and a non-mutable lambda's copy
// keeps what the expression captured: the creator's loop counter at the
// creation (the expression is evaluated once, its closure goes straight to
// emplace_back, and only std:: functions lie between that call and the
// thread's constructor). The capture is the worker's per-instance index
// (index V := V (i)), so two instances write different elements. Before,
// the slots were one location and the replay rejected every interleaving:
// a possible race on a race-free program. NEXT also writes the next slot:
// windows of two slots meet (a data race). MUTABLE resets its capture: not
// an index (a data race on results[0]).
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -std=c++20 -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -std=c++20 -g -O0 -c -DNEXT %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=NEXT
// RUN: %clang -std=c++20 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DMUTABLE %s -o %t.mut.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.mut.ll 2>&1 | %FileCheck %s --check-prefix=MUTABLE
#include <thread>
#include <vector>

static long results[9];
static long weights[9];

int main() {
  std::vector<std::thread> pool;
  for (int i = 0; i < 8; ++i)
#ifdef MUTABLE
    pool.emplace_back([i]() mutable {
      i = 0;
      results[i] = weights[i] * 2;
    });
#else
    pool.emplace_back([i] {
      results[i] = weights[i] * 2;
#ifdef NEXT
      results[i + 1] = 1;
#endif
    });
#endif
  for (auto &t : pool)
    t.join();
  long sum = 0;
  for (int i = 0; i < 8; ++i)
    sum += results[i];
  return int(sum);
}

// CHECK: lambda@{{.*}}cxx-lambda-index.cpp:34 loop handles {{.*}} index V[[V:[0-9]+]] := V{{[0-9]+}} (i)
// CHECK: write results[] at cxx-lambda-index.cpp:35:18 objects {results[]} at 8*V[[V]]+[0,8)
// CHECK: data V[[V]] capture@lambda@{{.*}}cxx-lambda-index.cpp:34 thread-index
// FREE-NOT: warning
// NEXT: cxx-lambda-index.cpp:37:22: warning: data race on 'results[]': write in thread 'lambda@{{.*}}cxx-lambda-index.cpp:34' conflicts with write in thread 'lambda@{{.*}}cxx-lambda-index.cpp:34'
// MUTABLE: templates:
// MUTABLE-NOT: capture@
