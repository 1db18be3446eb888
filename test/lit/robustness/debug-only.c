// clang-format off
// debug-only=<layer>,...: each layer traces on stderr behind its own name
// (Debug.h), in every channel; the rest stay quiet, and a name that is no
// layer is a clear error.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-debug-only=racesift-threads,racesift-mc -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not=racesift-pta: --implicit-check-not=racesift-lockset:
// RUN: env RACESIFT_OPTIONS=debug-only=racesift-pta %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-pta>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PTA
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-debug-only=racesift-lockset,racesift-validate,racesift-mhp 2>&1 | %FileCheck %s --check-prefix=CLANG --implicit-check-not=racesift-mc:
// RUN: %not %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-debug-only=racesift-bogus 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=QUIET --implicit-check-not=racesift-
// clang-format on
#include <pthread.h>

int x;

void *w(void *a) {
  x = 1;
  return a;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  x = 2;
  pthread_join(t, 0);
  return 0;
}
// OPT: racesift-threads: 2 templates, 1 creation sites,
// OPT: racesift-mc: x: race ({{[0-9]+}} states, {{[0-9]+}} chained steps, graphs of 3/1 steps, 0 lock, 0 data)
// OPT: warning: {{.*}}data race on 'x'
// PTA: racesift-pta: solved: {{[0-9]+}} nodes, {{[0-9]+}} objects, {{[0-9]+}} steps, 0 unresolved values
// CLANG: racesift-mhp: {{[0-9]+}} accesses before any thread, 1 join sites, 0 once controls
// CLANG: racesift-lockset: 1 candidate pairs, 0 protected
// CLANG: racesift-validate: feasible
// CLANG: warning: data race on 'x'
// BAD: invalid value 'racesift-bogus' for option 'debug-only' (from {{.*}}): expected a comma-separated list of racesift, racesift-threads, racesift-pta, racesift-lockset, racesift-mhp, racesift-mc, racesift-validate
// QUIET: warning: data race on 'x'
