// clang-format off
// A start routine is a thread whatever its type: declared without a
// prototype (`void *t()`, no IR parameter for the argument), or cast to
// `void *(*)(void *)` from another signature. Each pair of threads races
// on its counter; under -DLOCKED none does.
// RUN: %clang -std=gnu17 -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %clang -std=gnu17 -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -std=gnu17 -g -O2 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACE
// RUN: %clang -std=gnu17 -g -O0 -DLOCKED -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=OK --allow-empty
#include <pthread.h>

#ifdef LOCKED
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#define LOCK() pthread_mutex_lock(&m)
#define UNLOCK() pthread_mutex_unlock(&m)
#else
#define LOCK()
#define UNLOCK()
#endif

int a_count, b_count, c_count;
struct S { int hits; };

void *no_prototype() {
  LOCK();
  a_count++;
  UNLOCK();
  return 0;
}

void takes_struct(struct S *s) {
  LOCK();
  s->hits++;
  b_count++;
  UNLOCK();
}

int no_parameters(void) {
  LOCK();
  c_count++;
  UNLOCK();
  return 0;
}

int main(void) {
  static struct S s;
  pthread_t t[6];
  pthread_create(&t[0], 0, no_prototype, 0);
  pthread_create(&t[1], 0, no_prototype, 0);
  pthread_create(&t[2], 0, (void *(*)(void *))takes_struct, &s);
  pthread_create(&t[3], 0, (void *(*)(void *))takes_struct, &s);
  pthread_create(&t[4], 0, (void *(*)(void *))no_parameters, 0);
  pthread_create(&t[5], 0, (void *(*)(void *))no_parameters, 0);
  for (int i = 0; i < 6; i++)
    pthread_join(t[i], 0);
  return 0;
}
// MODEL-LABEL: templates:
// MODEL-DAG: T{{[0-9]+}} no_prototype many
// MODEL-DAG: T{{[0-9]+}} takes_struct many
// MODEL-DAG: T{{[0-9]+}} no_parameters many
// MODEL-LABEL: creations:
// MODEL-NOT: unresolved

// RACE-DAG: start-routine-types.c:27:10: warning: data race on 'a_count'
// RACE-DAG: start-routine-types.c:34:10: warning: data race on 's{{(.hits)?}}'
// RACE-DAG: start-routine-types.c:35:10: warning: data race on 'b_count'
// RACE-DAG: start-routine-types.c:41:10: warning: data race on 'c_count'

// OK-NOT: warning
