// EXPECTED: no race
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
struct account { pthread_mutex_t lock; long balance; };
static struct account *acc[2];

static struct account *acct_new(void) {
  struct account *a = calloc(1, sizeof *a);
  pthread_mutex_init(&a->lock, NULL);
  return a;
}

static void add(struct account *a, long v) {
  pthread_mutex_lock(&a->lock);
  a->balance += v;
  pthread_mutex_unlock(&a->lock);
}

/* Moves one unit at a time from acc[id] to acc[1 - id]. */
static void *mover(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int i = 0; i < 1000; i++) {
    add(acc[id], -1);
    add(acc[1 - id], 1);
  }
  return NULL;
}

static void *audit(void *arg) {
  long s = 0;
  (void)arg;
  for (int r = 0; r < 100; r++)
    for (int i = 0; i < 2; i++) {
      pthread_mutex_lock(&acc[i]->lock);
      s += acc[i]->balance;
      pthread_mutex_unlock(&acc[i]->lock);
    }
  printf("%ld\n", s);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 2; i++) {
    acc[i] = acct_new();
    acc[i]->balance = 100;
  }
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, mover, (void *)(intptr_t)i);
  pthread_create(&t[2], NULL, audit, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < 2; i++) {
    printf("%ld\n", acc[i]->balance);
    pthread_mutex_destroy(&acc[i]->lock);
    free(acc[i]);
  }
  return 0;
}
