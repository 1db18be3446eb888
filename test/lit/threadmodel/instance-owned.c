// clang-format off
// instance-owned: a record allocated per creation and handed to exactly one
// worker through pthread_create's argument is each instance's own, so
// workers created in a loop do not race on it; the creator still can.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=MODEL
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=PAIRS
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.ll 2>&1 | %FileCheck %s
#include <pthread.h>
#include <stdlib.h>

struct job { int in, out; };
int total;
struct job *last;
int seen;

void *worker(void *arg) {
  struct job *j = arg;
  j->out = j->in * 2;
  total += j->out;
  return 0;
}

// The same record handed to every worker: shared by all of them.
void *shared_worker(void *arg) {
  int *n = arg;
  ++*n;
  return 0;
}

// The worker publishes its record: others may reach it.
void *leaky_worker(void *arg) {
  last = arg;
  last->out = 1;
  return 0;
}

int main(void) {
  pthread_t t[4], u[4], v[4];
  for (int i = 0; i < 4; i++) {
    struct job *j = malloc(sizeof *j);
    j->in = i;
    pthread_create(&t[i], 0, worker, j);
    seen = j->out;
  }
  int *count = malloc(sizeof *count);
  for (int i = 0; i < 4; i++)
    pthread_create(&u[i], 0, shared_worker, count);
  for (int i = 0; i < 4; i++) {
    struct job *j = malloc(sizeof *j);
    pthread_create(&v[i], 0, leaky_worker, j);
  }
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return 0;
}

// MODEL-LABEL: objects:
// MODEL: heap 'heap@instance-owned.c:41' shared owned-per-instance-of worker
// MODEL: heap 'heap@instance-owned.c:46' shared singleton{{$}}
// MODEL: heap 'heap@instance-owned.c:50' shared{{$}}
// MODEL-LABEL: accesses:

// Layer 1 pairs the workers on the shared record, not on their own ones.
// PAIRS-LABEL: candidates:
// PAIRS-NOT: heap@instance-owned.c:41{{.*}}in worker {} <-> {{.*}} in worker
// PAIRS: heap@instance-owned.c:41+4: write at instance-owned.c:19:10 in worker {} <-> read at instance-owned.c:44:15 in main {}
// PAIRS-NOT: heap@instance-owned.c:41{{.*}}in worker {} <-> {{.*}} in worker
// PAIRS: heap@instance-owned.c:46: read at instance-owned.c:27:3 in shared_worker {} <-> write at instance-owned.c:27:3 in shared_worker {}

// On the per-worker record only main's read after the creation races with
// the worker's write; two workers never do. The global and the shared and
// published records race between workers.
// CHECK: instance-owned.c:19:10: data race on field .out of the heap object allocated at instance-owned.c:41: write in thread 'worker' conflicts with read in thread 'main'
// CHECK: instance-owned.c:20:9: data race on 'total'
// CHECK: instance-owned.c:27:3: data race on the heap object allocated at instance-owned.c:46
// CHECK: instance-owned.c:33:8: data race on 'last'
// CHECK: instance-owned.c:34:13: data race on field .out of the heap object allocated at instance-owned.c:50
// CHECK-NOT: data race on
