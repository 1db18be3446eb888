// Nested locks: the evictor takes the table lock, then the entry lock the
// readers take. The racy evictor holds only the table lock.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t table = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t entry = PTHREAD_MUTEX_INITIALIZER;
static int hits;

static void *reader(void *p) {
  (void)p;
  pthread_mutex_lock(&entry);
  hits++;
  pthread_mutex_unlock(&entry);
  return NULL;
}

static void *evictor(void *p) {
  (void)p;
  pthread_mutex_lock(&table);
#ifdef SAFE
  pthread_mutex_lock(&entry);
#endif
  hits = 0;
#ifdef SAFE
  pthread_mutex_unlock(&entry);
#endif
  pthread_mutex_unlock(&table);
  return NULL;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, NULL, reader, NULL);
  pthread_create(&y, NULL, evictor, NULL);
  pthread_join(x, NULL);
  pthread_join(y, NULL);
  printf("%d\n", hits);
  return 0;
}
