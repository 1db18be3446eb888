// Spin lock from GCC __atomic builtins guarding a free-list of buffers.
// put_buf clears owner[b] before locking: safe, because the thread owns b
// until it pushes b back under the lock (ownership transfer).
#include <pthread.h>
#include <stdio.h>

static char lk;
static int free_list[8] = {0, 1, 2, 3, 4, 5, 6, 7};
static int nfree = 8;
static int owner[8];

static void acquire(void) {
  while (__atomic_test_and_set(&lk, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&lk, __ATOMIC_RELAXED))
      ;
}
static void release(void) { __atomic_clear(&lk, __ATOMIC_RELEASE); }

static int get_buf(int who) {
  int b = -1;
  acquire();
  if (nfree > 0) {
    b = free_list[--nfree];
    owner[b] = who;
  }
  release();
  return b;
}

static void put_buf(int b) {
  owner[b] = -1; /* owned by this thread until pushed below */
  acquire();
  free_list[nfree++] = b;
  release();
}

static void *user(void *arg) {
  int who = (int)(long)arg;
  for (int i = 0; i < 20; i++) {
    int b = get_buf(who);
    if (b >= 0)
      put_buf(b);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, user, (void *)1L);
  pthread_create(&b, NULL, user, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d %d\n", nfree, owner[0]);
  return 0;
}
