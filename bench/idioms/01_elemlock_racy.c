// EXPECTED: race at lines 16 x 16 -- thread0 under a[j].m vs thread1 under a[j-1].m
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#define N 4
struct slot { pthread_mutex_t m; int n; };
static struct slot a[N];

/* Thread id 1 locks a[i].m but updates a[i+1].n: element j is then
   written under a[j].m by thread 0 and under a[j-1].m by thread 1. */
static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int r = 0; r < 100; r++)
    for (int i = 0; i < N; i++) {
      pthread_mutex_lock(&a[i].m);
      a[(i + id) % N].n++; /*RACE*/
      pthread_mutex_unlock(&a[i].m);
    }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < N; i++) { pthread_mutex_init(&a[i].m, NULL); a[i].n = 0; }
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  int s = 0;
  for (int i = 0; i < N; i++) s += a[i].n;
  printf("%d\n", s);
  return 0;
}
