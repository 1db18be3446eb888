// Session table with a rwlock: lookups under the read lock; on a miss the
// thread drops the read lock, takes the write lock and re-checks before
// inserting.
#include <pthread.h>
#include <stdio.h>

#define MAXS 8
static int session_id[MAXS];
static int session_user[MAXS];
static int nsessions;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static int find_locked(int id) {
  for (int i = 0; i < nsessions; i++)
    if (session_id[i] == id)
      return session_user[i];
  return -1;
}

static int get_or_create(int id, int user) {
  pthread_rwlock_rdlock(&rw);
  int u = find_locked(id);
  pthread_rwlock_unlock(&rw);
  if (u >= 0)
    return u;
  pthread_rwlock_wrlock(&rw);
  u = find_locked(id);
  if (u < 0 && nsessions < MAXS) {
    session_id[nsessions] = id;
    session_user[nsessions] = user;
    nsessions++;
    u = user;
  }
  pthread_rwlock_unlock(&rw);
  return u;
}

static void *handler(void *arg) {
  int user = (int)(long)arg;
  long s = 0;
  for (int i = 0; i < 20; i++)
    s += get_or_create(i % 5, user);
  return (void *)s;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, handler, (void *)1L);
  pthread_create(&b, NULL, handler, (void *)2L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("%d\n", nsessions);
  return 0;
}
