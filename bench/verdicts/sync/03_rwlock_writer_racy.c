// Configuration table behind a pthread_rwlock: readers look values up,
// one updater changes an entry under (BUG) a read lock.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct entry { char key[8]; int value; };
static struct entry table[4] = {{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static int lookup(const char *k) {
  int v = -1;
  pthread_rwlock_rdlock(&rw);
  for (int i = 0; i < 4; i++)
    if (strcmp(table[i].key, k) == 0)
      v = table[i].value;
  pthread_rwlock_unlock(&rw);
  return v;
}

static void *reader(void *arg) {
  long sum = 0;
  for (int i = 0; i < 100; i++)
    sum += lookup((const char *)arg);
  return (void *)sum;
}

static void *updater(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++) {
    pthread_rwlock_rdlock(&rw); /* BUG: writes under a read lock */
    table[2].value = i;
    pthread_rwlock_unlock(&rw);
  }
  return NULL;
}

int main(void) {
  pthread_t r1, r2, u;
  pthread_create(&r1, NULL, reader, "c");
  pthread_create(&r2, NULL, reader, "a");
  pthread_create(&u, NULL, updater, NULL);
  pthread_join(r1, NULL);
  pthread_join(r2, NULL);
  pthread_join(u, NULL);
  printf("%d\n", table[2].value);
  return 0;
}
