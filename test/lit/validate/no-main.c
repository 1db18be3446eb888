// clang-format off
// Witness validation in a translation unit without main (a library, one
// file of a program): the replay starts the root thread in the external
// function that reaches the interleaving's first steps, as the first call
// the rest of the program makes into the unit, with its integer arguments
// as inputs (the smallest that work are shown) and its pointer arguments
// pointing to objects of their own.
// RUN: %clang -g -c -DENTRY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ENTRY --implicit-check-not='warning:'
// RUN: %clang -g -c -DMODE %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=MODE --implicit-check-not='warning:'
// RUN: %clang -g -c -DSECTION %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=SECTION --implicit-check-not=warning:
// RUN: %clang -g -c -DSECTION -DESCAPES %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ESCAPES --implicit-check-not='warning: data race'
// RUN: %clang -g -c -DSECTION %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-validate=0 2>&1 | %FileCheck %s --check-prefix=UNVALIDATED
// RUN: %clang -g -c -DENTRY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-validate-steps=5 -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=BUDGET --implicit-check-not='warning: data race'
// RUN: not %clang -g -c -DENTRY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-validate-steps=0 2>&1 | %FileCheck %s --check-prefix=BAD-BUDGET
// The module's validation budget: past it, races stay possible and say so.
// BUDGET: validation: 0 race(s) replayed, 0 infeasible, {{[1-9][0-9]*}} not validated; {{[0-9]+}} steps
// BUDGET: warning: possible data race on 'served'{{.*}}(not decided: the model checker's interleaving was not replayed against the program: the module's validation budget (validate-steps=5) ran out)
// BAD-BUDGET: validate-steps
#include <pthread.h>

#ifdef ENTRY
// Handlers count requests without a lock.
static long served;
static void *handle(void *arg) {
  served++;
  return 0;
}
void start_servers(pthread_t *t, int n) {
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, handle, 0);
}
// ENTRY: no-main.c:[[@LINE-7]]:9: warning: data race on 'served': write in thread 'handle' conflicts with {{read|write}} in thread 'handle'
// ENTRY: note: the interleaving happens when the program's first call into this module is 'start_servers', with n = 2
#endif

#ifdef MODE
// The workers only start in one mode, through a static helper.
static int hits;
static void *work(void *arg) {
  hits = hits + 1;
  return 0;
}
static void spawn(pthread_t *t) {
  pthread_create(&t[0], 0, work, 0);
  pthread_create(&t[1], 0, work, 0);
}
void configure(int mode, pthread_t *t) {
  if (mode == 7)
    spawn(t);
}
// MODE: no-main.c:[[@LINE-11]]:8: warning: data race on 'hits': write in thread 'work' conflicts with {{read|write}} in thread 'work'
// MODE: note: the interleaving happens when the program's first call into this module is 'configure', with mode = 7
#endif

#ifdef SECTION
// ok = !s.busy in an atomic section: one thread gets in. The replay shows
// the interleaving dies at `if (ok)`: the refinement tracks s.busy and the
// search finds no race. When the struct's address escapes (a memset, with
// -DESCAPES) that is not exact, and a unit without main proves nothing by
// a dead path (the rest of the program may have called into it before): a
// possible race.
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
static struct { int busy, other; } s;
static int x;
static void *w(void *a) {
  int ok;
  __VERIFIER_atomic_begin();
  ok = !s.busy;
  if (ok)
    s.busy = 1;
  __VERIFIER_atomic_end();
  if (ok)
    x++;
  return 0;
}
void start(void) {
  pthread_t t[2];
#ifdef ESCAPES
  __builtin_memset(&s, 0, sizeof s);
#endif
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
}
// SECTION: remark: racesift: stats: refinement: 1 round(s); tracked as data: s.busy
// ESCAPES: no-main.c:[[@LINE-14]]:6: warning: possible data race on 'x': write in thread 'w' conflicts with {{read|write}} in thread 'w' (not decided: the model checker's interleaving could not be replayed against the program: the thread ends before its next step {{.*}}, taking that the program's first call into this module is 'start' on trust)
// UNVALIDATED: no-main.c:[[@LINE-15]]:6: warning: data race on 'x'
#endif
