// clang-format off
// A synchronisation object that may stand for more than one runtime object
// never makes two accesses mutually exclusive (ThreadModel::isOneRuntimeObject,
// in both layers): a mutex allocated at one site in a loop, an element of a
// lock array at a variable index, the lock an unknown function returns.
// An unlock through a pointer that cannot be resolved releases what its
// thread holds, in both layers. Race-free variants: one global mutex, and
// per-object locks the lockset layer correlates through the base pointer
// (w1 and w2 never race with each other; each races with w3's unlocked
// read, and the model checker reports exactly those pairs).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone -DRACY %s -o %t.racy.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=LS
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ok.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-mc>' -disable-output %t.ok.ll 2>&1 | %FileCheck %s --check-prefix=OK
#include <pthread.h>
#include <stdlib.h>

#ifdef RACY
int in_loop, in_array, from_unknown, after_bad_unlock;
pthread_mutex_t *loop_locks[2];
pthread_mutex_t lock_array[4];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t *never_set;
extern pthread_mutex_t *lock_for(long key);

void *t_loop0(void *a) { pthread_mutex_lock(loop_locks[0]); in_loop++; pthread_mutex_unlock(loop_locks[0]); return 0; }
void *t_loop1(void *a) { pthread_mutex_lock(loop_locks[1]); in_loop++; pthread_mutex_unlock(loop_locks[1]); return 0; }
void *t_array(void *a) { long i = (long)a; pthread_mutex_lock(&lock_array[i]); in_array++; pthread_mutex_unlock(&lock_array[i]); return 0; }
void *t_unknown(void *a) { pthread_mutex_t *l = lock_for((long)a); pthread_mutex_lock(l); from_unknown++; pthread_mutex_unlock(l); return 0; }
void *t_bad_unlock(void *a) {
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(never_set);
  after_bad_unlock++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  for (int i = 0; i < 2; i++) {
    loop_locks[i] = malloc(sizeof(pthread_mutex_t));
    pthread_mutex_init(loop_locks[i], 0);
  }
  pthread_t t[8];
  pthread_create(&t[0], 0, t_loop0, 0);
  pthread_create(&t[1], 0, t_loop1, 0);
  pthread_create(&t[2], 0, t_array, (void *)1);
  pthread_create(&t[3], 0, t_array, (void *)2);
  pthread_create(&t[4], 0, t_unknown, (void *)1);
  pthread_create(&t[5], 0, t_unknown, (void *)2);
  pthread_create(&t[6], 0, t_bad_unlock, 0);
  pthread_create(&t[7], 0, t_bad_unlock, 0);
  return 0;
}
#else
struct obj { pthread_mutex_t m; int data; } *g;
pthread_mutex_t global_lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *w1(void *a) { struct obj *o = g; pthread_mutex_lock(&o->m); o->data = 1; pthread_mutex_unlock(&o->m); return 0; }
void *w2(void *a) { struct obj *o = g; pthread_mutex_lock(&o->m); o->data = 2; pthread_mutex_unlock(&o->m); return 0; }
void *w3(void *a) { int t = g->data; return (void *)(long)t; }
void *counting(void *a) { pthread_mutex_lock(&global_lock); counter++; pthread_mutex_unlock(&global_lock); return 0; }

int main(void) {
  g = malloc(sizeof *g);
  pthread_mutex_init(&g->m, 0);
  pthread_t a, b, c, d, e;
  pthread_create(&a, 0, w1, 0);
  pthread_create(&b, 0, w2, 0);
  pthread_create(&c, 0, w3, 0);
  pthread_create(&d, 0, counting, 0);
  pthread_create(&e, 0, counting, 0);
  return 0;
}
#endif

// The lockset layer finds no common lock for any of them. The element of
// lock_array is held as a lock relative to its address `&lock_array[i]`
// (array-elements): the same element in both threads only if they computed
// the same address, which nothing relates to the access of in_array.
// LS-LABEL: candidates:
// LS-DAG: in_loop: write at {{.*}}:28:{{[0-9]+}} in t_loop0 {heap@{{.*}}} <-> write at {{.*}}:29:{{[0-9]+}} in t_loop1 {heap@{{.*}}}
// LS-DAG: in_array: write at {{.*}}:30:{{[0-9]+}} in t_array {lock_array[]} <-> write at {{.*}}:30:{{[0-9]+}} in t_array {lock_array[]}
// A lock that may be one of several objects is named by its operand.
// LS-DAG: from_unknown: write at {{.*}}:31:{{[0-9]+}} in t_unknown {*l} <-> write at {{.*}}:31:{{[0-9]+}} in t_unknown
// LS-DAG: after_bad_unlock: write at {{.*}}:35:{{[0-9]+}} in t_bad_unlock {} <-> write at {{.*}}:35:{{[0-9]+}} in t_bad_unlock {}

// The model checker agrees: each is a race (it used to refute all four,
// treating each abstract lock as one lock and the unresolved unlock as a
// no-op).
// RACY-DAG: in_loop: race
// RACY-DAG: in_array: race
// RACY-DAG: from_unknown: race
// RACY-DAG: after_bad_unlock: race
// RACY-NOT: {{(in_loop|in_array|from_unknown|after_bad_unlock): refuted}}

// WARN-DAG: many-runtime-objects.c:28:{{[0-9]+}}: warning: data race on 'in_loop'
// WARN-DAG: many-runtime-objects.c:30:{{[0-9]+}}: warning: data race on 'in_array'
// WARN-DAG: many-runtime-objects.c:31:{{[0-9]+}}: warning: data race on 'from_unknown'
// WARN-DAG: many-runtime-objects.c:35:{{[0-9]+}}: warning: data race on 'after_bad_unlock'

// OK-NOT: counter: race
// OK: heap@{{.*}}: race
// OK-NEXT: first: w1 write o->data at {{.*}}:61:{{[0-9]+}}
// OK-NEXT: second: w3 read g->data at {{.*}}:63:{{[0-9]+}}
// OK: also race
// OK-NEXT: first: w2 write o->data at {{.*}}:62:{{[0-9]+}}
// OK-NEXT: second: w3 read g->data at {{.*}}:63:{{[0-9]+}}
// OK-NOT: also race
// OK-NOT: counter: race
