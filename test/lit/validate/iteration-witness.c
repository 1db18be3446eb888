// clang-format off
// Witnesses of one pair of threads at other points of their loops. Each
// worker locks a[i].m; worker 1 (id 1) updates a[i + 1].n under it, so
// element j is written under a[j].m and under a[j - 1].m. The model
// checker cannot tell the elements apart; its first interleaving has both
// workers in their first iteration, on one lock, which the replay rejects.
// Only once worker 0 is an iteration ahead do the two meet. The search used
// to try one interleaving per pair of threads and leave a possible race; it
// now tries one per pair of threads and values of their loop counters.
// The same workers each updating their own lock's element: no race.
// RUN: %clang -g -O0 -c -DSHIFTED %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY --implicit-check-not=warning:
// RUN: %clang -g -O0 -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --allow-empty --check-prefix=FREE --implicit-check-not=warning:
//
// RACY: iteration-witness.c:[[@LINE+19]]:{{[0-9]+}}: warning: data race on 'a[].n': write in thread 'worker' conflicts with read in thread 'worker'
// RACY: note: interleaving: {{.*}}worker#1: unlock a[] (may) {{.*}}worker#1: lock a[] (may)
// FREE-NOT: warning:
#include <pthread.h>
#include <stdint.h>

#define N 4
struct slot {
  pthread_mutex_t m;
  int n;
};
static struct slot a[N];

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int r = 0; r < 100; r++)
    for (int i = 0; i < N; i++) {
      pthread_mutex_lock(&a[i].m);
#ifdef SHIFTED
      a[(i + id) % N].n++;
#else
      a[i].n += id;
#endif
      pthread_mutex_unlock(&a[i].m);
    }
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < N; i++)
    pthread_mutex_init(&a[i].m, 0);
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)(intptr_t)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return a[0].n;
}
