// clang-format off
// element-owned through a local pointer: `struct task *t = &tasks[i];
// t->id = ...; pthread_create(.., run, t)`. The element handed to thread i
// was found (the creation's argument through its one-store local), but the
// creator's writes before the creation go through loads of that local, and
// only writes through the element's own GEP were initialisation: main's
// writes of id, lo and hi were three possible races with the workers'
// reads on the textbook pattern (a helper's idiom). Loads of the local
// after its store in the same block read this iteration's element
// (arg-local); the creation's own load is not one of them. With -DRACY
// main writes t->hi after the creation: a race.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
// RUN: %clang -g -O0 -c -DRACY %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>

struct task { int id; int lo, hi; long out; };
static int input[40];

static void *run(void *arg) {
  struct task *t = arg;
  long s = 0;
  for (int i = t->lo; i < t->hi; i++)
    s += input[i] * t->id;
  t->out = s;
  return 0;
}

int main(void) {
  pthread_t th[4];
  struct task tasks[4];
  for (int i = 0; i < 4; i++) {
    struct task *t = &tasks[i];
    t->id = i + 1;
    t->lo = i * 10;
#ifndef RACY
    t->hi = t->lo + 10;
#endif
    pthread_create(&th[i], 0, run, t);
#ifdef RACY
    t->hi = t->lo + 10;
#endif
  }
  for (int i = 0; i < 4; i++)
    pthread_join(th[i], 0);
  return 0;
}

// FREE-NOT: warning: {{.*}}'tasks[].id'
// FREE-NOT: warning: {{.*}}'tasks[].lo'
// FREE-NOT: warning: {{.*}}'tasks[].hi'
// RACY: element-owned-local.c:40:11: warning: {{(possible )?}}data race on 'tasks[].hi': write in thread 'main' conflicts with read in thread 'run'
