// clang-format off
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-threads>' -disable-output %t.ll 2>&1 | %FileCheck %s
// Each pthread synchronisation family.
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <time.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t rm;
pthread_mutex_t rn = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
pthread_spinlock_t sp;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
pthread_barrier_t bar;
pthread_once_t once = PTHREAD_ONCE_INIT;
sem_t sem;
struct timespec ts;
void init_once(void) {}
void *worker(void *a) {
  if (pthread_mutex_trylock(&m) == 0)
    pthread_mutex_unlock(&m);
  int r = pthread_mutex_timedlock(&m, &ts);
  if (r != 0)
    return 0;
  pthread_cond_wait(&cv, &m);
  pthread_cond_timedwait(&cv, &m, &ts);
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&rm);
  pthread_mutex_unlock(&rm);
  pthread_mutex_lock(&rn);
  pthread_mutex_unlock(&rn);
  pthread_rwlock_rdlock(&rw);
  pthread_rwlock_unlock(&rw);
  pthread_rwlock_wrlock(&rw);
  pthread_rwlock_unlock(&rw);
  pthread_spin_lock(&sp);
  pthread_spin_unlock(&sp);
  pthread_barrier_wait(&bar);
  pthread_once(&once, init_once);
  sem_wait(&sem);
  if (sem_trywait(&sem) == 0)
    sem_post(&sem);
  pthread_exit(0);
}
int main(void) {
  pthread_mutexattr_t at;
  pthread_mutexattr_init(&at);
  pthread_mutexattr_settype(&at, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rm, &at);
  pthread_t t, u;
  pthread_create(&t, 0, worker, 0);
  pthread_create(&u, 0, worker, 0);
  pthread_cond_signal(&cv);
  pthread_cond_broadcast(&cv);
  pthread_join(t, 0);
  pthread_detach(u);
  pthread_cancel(u);
  return 0;
}
// CHECK-LABEL: function worker:
// Trylock and timedlock results are tracked: assume edges on both branches.
// CHECK-DAG: [[N0:N[0-9]+]] -> [[N1:N[0-9]+]]: trylock m -> try@21 at sync-pthread.c:21:7
// CHECK-DAG: [[N1]] -> {{N[0-9]+}}: assume try@21 == 0 at sync-pthread.c:21:7
// CHECK-DAG: [[N1]] -> {{N[0-9]+}}: assume try@21 != 0 at sync-pthread.c:21:7
// CHECK-DAG: [[N2:N[0-9]+]]: trylock m -> r at sync-pthread.c:23:11
// CHECK-DAG: [[N2]] -> {{N[0-9]+}}: assume r != 0 at sync-pthread.c:24:7
// CHECK-DAG: [[N2]] -> {{N[0-9]+}}: assume r == 0 at sync-pthread.c:24:7
// CHECK-DAG: wait cv, m at sync-pthread.c:26:3
// CHECK-DAG: wait cv, m at sync-pthread.c:27:3
// CHECK-DAG: unlock m at sync-pthread.c:28:3
// Recursive through the attribute and through the glibc initialiser.
// CHECK-DAG: lock rm (recursive) at sync-pthread.c:29:3
// CHECK-DAG: unlock rm (recursive) at sync-pthread.c:30:3
// CHECK-DAG: lock rn (recursive) at sync-pthread.c:31:3
// CHECK-DAG: unlock rn (recursive) at sync-pthread.c:32:3
// CHECK-DAG: rdlock rw at sync-pthread.c:33:3
// CHECK-DAG: wrlock rw at sync-pthread.c:35:3
// CHECK-DAG: unlock rw at sync-pthread.c:36:3
// CHECK-DAG: lock sp at sync-pthread.c:37:3
// CHECK-DAG: unlock sp at sync-pthread.c:38:3
// CHECK-DAG: barrier_wait bar at sync-pthread.c:39:3
// CHECK-DAG: once once, init_once at sync-pthread.c:40:3
// CHECK-DAG: sem_wait sem at sync-pthread.c:41:3
// CHECK-DAG: [[N3:N[0-9]+]]: sem_trywait sem -> try@42 at sync-pthread.c:42:7
// CHECK-DAG: [[N3]] -> {{N[0-9]+}}: assume try@42 == 0 at sync-pthread.c:42:7
// CHECK-DAG: sem_post sem at sync-pthread.c:43:5
// CHECK-DAG: exit at sync-pthread.c:44:3
// CHECK-LABEL: function main:
// CHECK-DAG: signal cv at sync-pthread.c:54:3
// CHECK-DAG: broadcast cv at sync-pthread.c:55:3
// CHECK-DAG: join t at sync-pthread.c:56:3
// CHECK-DAG: detach u at sync-pthread.c:57:3
// CHECK-DAG: cancel u at sync-pthread.c:58:3
// CHECK-NOT: lock m (recursive)
