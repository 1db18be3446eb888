// clang-format off
// RUN: %clang -g -c %S/../../../examples/pthreads/counter.cpp -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
// RUN: %clang -g -O2 -c %S/../../../examples/pthreads/counter.cpp -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s
// fresh-init: std::thread's state object is filled by the constructing
// thread before it is handed to the new thread; those writes (libstdc++'s
// tuple code) are not races even though one allocation site serves every
// construction. Exactly one warning remains, on 'misses'.
// CHECK-NOT: warning
// CHECK: counter.cpp:18:5: warning: data race on 'misses': write in thread 'count'
// CHECK-NOT: warning
// CHECK: 1 warning generated.
