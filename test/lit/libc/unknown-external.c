// clang-format off
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -g -O0 -DCALLBACK -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CALLBACK
// RUN: %clang -g -O0 -DJOINED -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// An unknown function given shared memory is assumed to touch none of it
// (per translation unit, `bump` is another file's): no warning, and the
// run says so, naming it, in its notes.
// RUN: rm -f %t.sarif
// RUN: %clang -g -O0 -DBUMP -c %s -o /dev/null -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif=%t.sarif 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
// RUN: %FileCheck %s --check-prefix=NOTE < %t.sarif
// Rule "unknown-external": a function declared here and defined elsewhere
// may return any global another file can name, or anything handed to
// unknown code; a function passed to it may be called back during the call.
#include <pthread.h>

int counter; // Another file may hand it out.
int *counter_ref(void);
void for_each_item(void (*fn)(int *), int *items);

#ifdef BUMP
void bump(int *c);
void *worker(void *arg) {
  bump(&counter);
  return 0;
}
#elif defined(CALLBACK)
static int items[4];
static void bump(int *item) { *item += 1; }
void *worker(void *arg) {
  for_each_item(bump, items);
  return 0;
}
#else
void *worker(void *arg) {
  int *p = counter_ref();
  *p = 1;
  return 0;
}
#endif

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
#if defined(JOINED) || defined(BUMP)
  pthread_join(t, 0);
#endif
#ifdef BUMP
  bump(&counter);
#endif
#ifdef CALLBACK
  int v = items[0];
#else
  int v = counter;
#endif
#if !defined(JOINED) && !defined(BUMP)
  pthread_join(t, 0);
#endif
  return v;
}
// What an unknown function returns is taken on trust by witness validation:
// the race is a possible one.
// RACE: unknown-external.c:36:6: warning: possible data race on 'counter': {{.*}}taking 'counter_ref' on trust
// CALLBACK: unknown-external.c:28:37: warning: possible data race on 'items
// OK-NOT: race
// NOTE: "Unknown-external: {{[0-9]+}} function(s) without a body here ({{.*}}'bump'{{.*}}) are assumed to read and write none of the memory they are given; a race inside one of them is not seen unless the whole program is analysed (LTO)."
