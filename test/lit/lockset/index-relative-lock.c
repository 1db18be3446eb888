// index-relative-lock: lock striping. `lock(&locks[b % 4]); counts[b]++`
// takes the lock of one array and writes another, both at a function of
// one value of `b`. Two such accesses touch one element only if their `b`s
// are equal (the access's index is injective), and then their locks are
// one too (the same function of `b`). Race-free: the striped writers and a
// striped reader (a loop of its own), and stripes and data in one object
// reached through a pointer (`t->locks`, `t->counts`). Racy: the reader
// strips by another function (`b % 2`), the index is stored to between
// lock and access, the access index is not injective (`b / 2`, two
// threads), a lock array of its own per thread (thread-local), and another
// table's stripes.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.racy.ll -DRACY
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.racy.ll 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %clang -g -O0 -c %s -o /dev/null -DRACY -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-max-module-states=20000 2>&1 | %FileCheck %s --check-prefix=RACYWARN
#include <pthread.h>

pthread_mutex_t locks[4];
long counts[16];
long halves[8];
_Thread_local pthread_mutex_t own[4];

// The stripes and the data in one object, reached through a pointer.
struct table {
  pthread_mutex_t locks[4];
  long counts[16];
} tab, tab2;

void *table_writer(void *arg) {
  struct table *t = arg;
  for (int k = 0; k < 100; k++) {
    int b = k % 16;
    pthread_mutex_lock(&t->locks[b % 4]);
    t->counts[b]++;
    pthread_mutex_unlock(&t->locks[b % 4]);
  }
  return 0;
}

void *writer(void *arg) {
  for (int k = 0; k < 100; k++) {
    int b = (k * 7 + (int)(long)arg) % 16;
    pthread_mutex_lock(&locks[b % 4]);
    counts[b]++;
    pthread_mutex_unlock(&locks[b % 4]);
  }
  return 0;
}

void *reader(void *arg) {
  long total = 0;
  for (int b = 0; b < 16; b++) {
    pthread_mutex_lock(&locks[b % 4]);
    total += counts[b];
    pthread_mutex_unlock(&locks[b % 4]);
  }
  return (void *)total;
}

#ifdef RACY
void *other_stripes(void *arg) {
  long total = 0;
  for (int b = 0; b < 16; b++) {
    pthread_mutex_lock(&locks[b % 2]);
    total += counts[b];
    pthread_mutex_unlock(&locks[b % 2]);
  }
  return (void *)total;
}

void *index_stored(void *arg) {
  for (int b = 0; b < 15; b++) {
    pthread_mutex_lock(&locks[b % 4]);
    b++;
    counts[b] = 0;
    pthread_mutex_unlock(&locks[(b - 1) % 4]);
  }
  return arg;
}

void *not_injective(void *arg) {
  for (int b = 0; b < 16; b++) {
    pthread_mutex_lock(&locks[b % 4]);
    halves[b / 2]++;
    pthread_mutex_unlock(&locks[b % 4]);
  }
  return arg;
}

void *cross_tables(void *arg) {
  struct table *t = arg, *u = &tab;
  for (int b = 0; b < 16; b++) {
    pthread_mutex_lock(&t->locks[b % 4]);
    u->counts[b] = 2;
    pthread_mutex_unlock(&t->locks[b % 4]);
  }
  return 0;
}

void *own_locks(void *arg) {
  for (int b = 0; b < 16; b++) {
    pthread_mutex_lock(&own[b % 4]);
    counts[b] = 1;
    pthread_mutex_unlock(&own[b % 4]);
  }
  return arg;
}
#endif

int main(void) {
  pthread_t t[11];
  for (int i = 0; i < 4; i++)
    pthread_mutex_init(&locks[i], 0);
  pthread_create(&t[0], 0, writer, (void *)0);
  pthread_create(&t[1], 0, writer, (void *)1);
  pthread_create(&t[2], 0, reader, 0);
  pthread_create(&t[3], 0, table_writer, &tab);
  pthread_create(&t[4], 0, table_writer, &tab);
  int n = 5;
#ifdef RACY
  pthread_create(&t[5], 0, other_stripes, 0);
  pthread_create(&t[6], 0, index_stored, 0);
  pthread_create(&t[7], 0, not_injective, 0);
  pthread_create(&t[8], 0, own_locks, 0);
  pthread_create(&t[9], 0, not_injective, 0);
  pthread_create(&t[10], 0, cross_tables, &tab2);
  n = 11;
#endif
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: writer: read counts[] at index-relative-lock.c:46:{{[0-9]+}} holds {locks[](same index)}
// CHECK-DAG: writer: write counts[] at index-relative-lock.c:46:{{[0-9]+}} holds {locks[](same index)}
// CHECK-DAG: reader: read counts[] at index-relative-lock.c:56:{{[0-9]+}} holds {locks[](same index)}
// CHECK-DAG: table_writer: write t[] at index-relative-lock.c:36:{{[0-9]+}} holds {t[](same index)}
// CHECK-LABEL: candidates:
// CHECK-NEXT: protected-pairs:

// Each racy variant's access is a candidate against the writer; the
// writer's pairs with itself and with the striped reader stay protected.
// RACY-LABEL: contexts:
// RACY-DAG: other_stripes: read counts[] at index-relative-lock.c:67:{{[0-9]+}} holds {locks[](same index)}
// RACY-DAG: index_stored: write counts[] at index-relative-lock.c:77:{{[0-9]+}} holds {locks[]}
// RACY-DAG: not_injective: write halves[] at index-relative-lock.c:86:{{[0-9]+}} holds {locks[]}
// RACY-DAG: own_locks: write counts[] at index-relative-lock.c:105:{{[0-9]+}} holds {own[]}
// RACY-LABEL: candidates:
// RACY-DAG: counts[]: write at index-relative-lock.c:46:{{[0-9]+}} in writer {locks[](same index)} <-> read at index-relative-lock.c:67:{{[0-9]+}} in other_stripes {locks[](same index)}
// RACY-DAG: counts[]: write at index-relative-lock.c:46:{{[0-9]+}} in writer {locks[](same index)} <-> write at index-relative-lock.c:77:{{[0-9]+}} in index_stored {locks[]}
// RACY-DAG: counts[]: write at index-relative-lock.c:46:{{[0-9]+}} in writer {locks[](same index)} <-> write at index-relative-lock.c:105:{{[0-9]+}} in own_locks {own[]}
// RACY-DAG: tab.counts[]: write at index-relative-lock.c:36:{{[0-9]+}} in table_writer {t[](same index)} <-> write at index-relative-lock.c:96:{{[0-9]+}} in cross_tables {t[]}
// RACY-DAG: halves[]: read at index-relative-lock.c:86:{{[0-9]+}} in not_injective {locks[]} <-> write at index-relative-lock.c:86:{{[0-9]+}} in not_injective {locks[]}
// RACY-NOT: in writer {{.*}} <-> {{.*}} in writer
// RACY-NOT: in writer {{.*}} <-> {{.*}} in reader
// RACY-NOT: in table_writer {{.*}} <-> {{.*}} in table_writer
// RACY: protected-pairs:

// CLEAN-NOT: warning:

// The racy variants are reported (a small module budget: the safety net
// under sanitizers); the safe program has no warning at all.
// RACYWARN-DAG: index-relative-lock.c:{{46|56|67|77|96|105}}:{{[0-9]+}}: warning: {{.*}}data race on 'counts[]'
// RACYWARN-DAG: index-relative-lock.c:86:{{[0-9]+}}: warning: {{.*}}data race on 'halves[]'
