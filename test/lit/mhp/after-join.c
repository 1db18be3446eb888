// clang-format off
// The MHP layer's after-join rule (issue 22): main's accesses after it
// joined every instance of a template are ordered with that template's,
// and so are those made before it creates any: a join through the
// thread's private handle, a join loop over a create loop (join-all), a
// join in a helper. Each racy variant keeps its race, with both lines:
// ONEPATH joins on one path only, ONEOFTWO joins one of two threads of a
// template, BEFORE reads before the join, PARTLY joins one thread of a
// create loop, DETACH detaches instead of joining, COPY joins a copy of
// the handle taken before a second create overwrote it.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MHP
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -racesift-stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-stats=1 2>&1 | %FileCheck %s --check-prefix=OK --implicit-check-not="race on"
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DONEPATH %s -o %t.onepath.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.onepath.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DONEPATH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ONE --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DONEOFTWO %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TWO --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DBEFORE %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=BEFORE --implicit-check-not="race on"
// RUN: %clang -g -O0 -c -DPARTLY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=PARTLY --implicit-check-not="race on"
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DCOPY %s -o %t.copy.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mhp>' -disable-output %t.copy.ll 2>&1 | %FileCheck %s --check-prefix=MHP-COPY
// RUN: %clang -g -O0 -c -DDETACH %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=ONE --implicit-check-not="race on"
// RUN: %clang -g -O2 -c -DCOPY %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=TWO --implicit-check-not="race on"
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int a, total, early;

void *one(void *arg) {
  a = early;
  return 0;
}

void *many(void *arg) {
  pthread_mutex_lock(&m);
  total++;
  pthread_mutex_unlock(&m);
  return 0;
}

pthread_t t; /* The handle of 'one', joined in a helper. */
static void wait_for_one(void) { pthread_join(t, 0); }

int main(int argc, char **argv) {
  pthread_t u, ts[64];
  int n = argc < 64 ? argc : 64, r = 0;
  pthread_create(&u, 0, many, 0);
  early = 1; /* no instance of 'one' yet */
  pthread_create(&t, 0, one, 0);
#if defined(ONEOFTWO)
  pthread_t t2;
  pthread_create(&t2, 0, one, 0);
#elif defined(COPY)
  pthread_t old = t;
  pthread_create(&t, 0, one, 0);
  t = old;
#endif
#ifdef BEFORE
  r += a;
#endif
#if defined(ONEPATH)
  if (argc > 2)
    pthread_join(t, 0);
#elif defined(DETACH)
  pthread_detach(t);
#else
  wait_for_one();
#endif
  r += a;
  for (int i = 0; i < n; i++)
    pthread_create(&ts[i], 0, many, 0);
#ifdef PARTLY
  pthread_join(ts[0], 0);
#else
  for (int i = 0; i < n; i++)
    pthread_join(ts[i], 0);
#endif
  pthread_join(u, 0);
  r += total;
  return r;
}

// MHP: join sites:
// MHP-NEXT: C0 many at after-join.c:49 by main: tracked, joined through u or a join-all loop
// MHP-NEXT: C1 one at after-join.c:51 by main: tracked, joined through t or a join-all loop
// MHP-NEXT: C2 many at after-join.c:73 by main: tracked, joined by a join-all loop only
// MHP-NEXT: after join:
// MHP-NEXT: write early at after-join.c:50:9 in main (thread main): after every one
// MHP-NEXT: read a at after-join.c:71:8 in main (thread main): after every one
// MHP-NEXT: read total at after-join.c:81:8 in main (thread main): after every many, one
// MHP-COPY: C1 one at after-join.c:{{[0-9]+}} by main: tracked, joined by a join-all loop only
// MHP-COPY: after join:
// MHP-COPY-NOT: read a

// OK: MHP layer: 3 pairs ordered (before-threads 0, after-join 3, once 0)
// OK: decided: MHP layer 3 pairs ordered; lockset layer 2 pairs protected, 0 pairs at 0 locations left; model checker 0 locations racing, 0 refuted, 0 undecided
// OK: model checker: 0 races, 0 refuted, 0 unknown

// ONE: after-join.c:32:5: warning: data race on 'a': write in thread 'one' conflicts with read in thread 'main'
// ONE: after-join.c:71:8: note: conflicting read in thread 'main' here
// OPT: warning: {{.*}}after-join.c:32:5: data race on 'a': write in thread 'one' conflicts with read in thread 'main'
// OPT-NEXT: note: {{.*}}after-join.c:71:8: conflicting read in thread 'main' here
// TWO: after-join.c:32:5: warning: data race on 'a': write in thread 'one' conflicts with write in thread 'one'
// TWO: after-join.c:32:5: warning: {{(possible )?}}data race on 'a': write in thread 'one' conflicts with read in thread 'main'
// TWO: after-join.c:71:8: note: conflicting read in thread 'main' here
// BEFORE: after-join.c:32:5: warning: data race on 'a': write in thread 'one' conflicts with read in thread 'main'
// BEFORE: after-join.c:61:8: note: conflicting read in thread 'main' here
// PARTLY: after-join.c:38:8: warning: data race on 'total': write in thread 'many' conflicts with read in thread 'main'
// PARTLY: after-join.c:81:8: note: conflicting read in thread 'main' here
