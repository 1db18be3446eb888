// EXPECTED: race at lines 11 x 11 -- (*counter_ptr())++ in both workers, count_lock not taken
#include <pthread.h>
#include <stdio.h>
static int count;                     /* only reached through counter_ptr() */
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static int *counter_ptr(void) { return &count; }

static void hit(int n) {
  for (int i = 0; i < n; i++)
    (*counter_ptr())++; /*RACE*/ /* bug: count_lock not taken */
}

static void *worker(void *arg) {
  (void)arg;
  hit(1000);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  pthread_mutex_lock(&count_lock);
  printf("%d\n", *counter_ptr());
  pthread_mutex_unlock(&count_lock);
  return 0;
}
