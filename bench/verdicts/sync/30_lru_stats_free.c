// LRU cache of 4 entries guarded by a mutex, with hit/miss statistics.
#include <pthread.h>
#include <stdio.h>

#define CAP 4
struct entry { int key, val; unsigned long stamp; };
static struct entry cache[CAP];
static unsigned long clock_;
static unsigned long hits, misses;
static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;

static int slow_compute(int k) { return k * k + 1; }

static int cache_get(int key) {
  pthread_mutex_lock(&cache_mu);
  int lru = 0;
  for (int i = 0; i < CAP; i++) {
    if (cache[i].stamp && cache[i].key == key) {
      cache[i].stamp = ++clock_;
      hits++;
      int v = cache[i].val;
      pthread_mutex_unlock(&cache_mu);
      return v;
    }
    if (cache[i].stamp < cache[lru].stamp)
      lru = i;
  }
  misses++;
  int v = slow_compute(key);
  cache[lru].key = key;
  cache[lru].val = v;
  cache[lru].stamp = ++clock_;
  pthread_mutex_unlock(&cache_mu);
  return v;
}

static void *client(void *arg) {
  int base = (int)(long)arg;
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += cache_get((base + i) % 6);
  return (void *)s;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, client, (void *)0L);
  pthread_create(&b, NULL, client, (void *)3L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("hits %lu misses %lu\n", hits, misses);
  return 0;
}
