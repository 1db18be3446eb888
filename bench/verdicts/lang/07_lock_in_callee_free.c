#define SAFE 1
// The lock is taken in one helper and released in another; the racy
// variant releases it before the update.
#include <pthread.h>
#include <stdio.h>

struct acct { pthread_mutex_t mu; long balance; };
static struct acct a = {PTHREAD_MUTEX_INITIALIZER, 0};

static struct acct *acquire(void) { pthread_mutex_lock(&a.mu); return &a; }
static void release(struct acct *x) { pthread_mutex_unlock(&x->mu); }

static void *deposit(void *p) {
  struct acct *x = acquire();
#ifdef SAFE
  x->balance += (long)p;
  release(x);
#else
  release(x);
  x->balance += (long)p;
#endif
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, deposit, (void *)(i + 1));
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  printf("%ld\n", a.balance);
  return 0;
}
