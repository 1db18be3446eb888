// Hand-made reusable barrier (mutex, condvar, generation counter)
// separating a write phase from a read phase.
#include <pthread.h>
#include <stdio.h>

#define N 3
struct barrier { pthread_mutex_t mu; pthread_cond_t cv; int waiting; unsigned gen; };
static struct barrier bar = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0};
static int value[N];
static long seen[N];

static void barrier_wait(struct barrier *b) {
  pthread_mutex_lock(&b->mu);
  unsigned g = b->gen;
  if (++b->waiting == N) {
    b->waiting = 0;
    b->gen++;
    pthread_cond_broadcast(&b->cv);
  } else {
    while (g == b->gen)
      pthread_cond_wait(&b->cv, &b->mu);
  }
  pthread_mutex_unlock(&b->mu);
}

static void *phase_worker(void *arg) {
  int id = (int)(long)arg;
  value[id] = (id + 1) * 100;
  barrier_wait(&bar);
  seen[id] = value[(id + 1) % N];
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++)
    pthread_create(&t[i], NULL, phase_worker, (void *)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], NULL);
  printf("%ld %ld %ld\n", seen[0], seen[1], seen[2]);
  return 0;
}
