// clang-format off
// exact-relative: `transfer(from, to)` locks `from->m` and writes
// `from->balance`, a lock relative to the access's base; an auditor locks
// `a.m` and reads `a.balance`, an exact lock in the singleton a. Both
// accesses touch one address, and each lock lies 40 bytes before it, so
// they hold one lock. Before, a relative lock never matched an exact one:
// the model checker raced the pair and the replay refuted it (a possible
// race on a.balance). Not correlated: an access at a variable index of an
// array (`accts[k].balance` under `accts[0].m`), several addresses, whose
// race is real (RACY2).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %clang -g -O0 -c %s -o /dev/null -DRACY -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o /dev/null -DRACY2 -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY2
#include <pthread.h>

struct account {
  pthread_mutex_t m;
  long balance;
};
static struct account a, b, c;
static struct account accts[4];
static long seen;

static void transfer(struct account *from, struct account *to, long amt) {
  // Callers pass accounts in one order (a before b before c): no deadlock.
#ifndef RACY
  pthread_mutex_lock(&from->m);
#endif
  pthread_mutex_lock(&to->m);
  from->balance -= amt;
  to->balance += amt;
  pthread_mutex_unlock(&to->m);
#ifndef RACY
  pthread_mutex_unlock(&from->m);
#endif
}

static void *forth(void *arg) {
  for (int i = 0; i < 100; ++i)
    transfer(&a, &b, 1);
  return arg;
}

static void *back(void *arg) {
  for (int i = 0; i < 100; ++i)
    transfer(&b, &c, 2);
  return arg;
}

static void *audit(void *arg) {
  pthread_mutex_lock(&a.m);
  seen = a.balance;
  pthread_mutex_unlock(&a.m);
  return arg;
}

static void *shuffle(void *arg) {
  for (int k = 0; k < 4; ++k) {
    pthread_mutex_lock(&accts[k].m);
    accts[k].balance++;
    pthread_mutex_unlock(&accts[k].m);
  }
  return arg;
}

static void *peek(void *arg) {
  long k = (long)arg;
  pthread_mutex_lock(&accts[0].m);
  seen = accts[k].balance;
  pthread_mutex_unlock(&accts[0].m);
  return arg;
}

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, forth, 0);
  pthread_create(&t[1], 0, back, 0);
  pthread_create(&t[2], 0, audit, 0);
#ifdef RACY2
  pthread_create(&t[3], 0, peek, (void *)2);
  shuffle(0);
#else
  pthread_create(&t[3], 0, shuffle, 0);
#endif
  for (int i = 0; i < 4; ++i)
    pthread_join(t[i], 0);
  return (int)seen;
}

// CHECK: audit: read a.balance at {{.*}}exact-relative.c:54:12 holds {a}
// CHECK-LABEL: candidates:
// CHECK-NOT: a.balance:
// CHECK: protected-pairs:
// CLEAN-NOT: warning
// RACY: exact-relative.c:32:17: warning: data race on 'a.balance': write in thread 'forth' conflicts with read in thread 'audit'
// RACY2: exact-relative.c:62:21: warning: possible data race on 'accts[].balance': write in thread 'main' conflicts with read in thread 'peek'
