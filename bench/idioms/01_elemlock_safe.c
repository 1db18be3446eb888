// EXPECTED: no race
#include <pthread.h>
#include <stdio.h>
#define N 4
struct slot { pthread_mutex_t m; int n; };
static struct slot a[N];

static void *worker(void *arg) {
  (void)arg;
  for (int r = 0; r < 100; r++)
    for (int i = 0; i < N; i++) {
      pthread_mutex_lock(&a[i].m);
      a[i].n++;
      pthread_mutex_unlock(&a[i].m);
    }
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < N; i++) { pthread_mutex_init(&a[i].m, NULL); a[i].n = 0; }
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  int s = 0;
  for (int i = 0; i < N; i++) s += a[i].n;
  printf("%d\n", s);
  return 0;
}
