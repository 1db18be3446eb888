// clang-format off
// within-object: `lock(&b->mu); b->e[i].count++` takes the lock at the
// start of the bucket b points to and writes inside a member array of that
// bucket at a variable index. Two such accesses to one address, each inside
// a bucket (an in-bounds index stays in its member array), are inside one
// bucket: buckets do not overlap. So the locks at equal offsets from their
// buckets' starts are one lock, whatever b and i are in either thread, and
// whether the other access is at a variable index (`b->e[j].count`) or a
// constant one (`b->n`). Before, an access at a variable index was never
// correlated with a relative lock: the model checker raced the pair through
// "some element of table" locks and the replay refuted it (possible
// races). Not correlated: the lock of another bucket (`c` in `steal`).
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes='print<racesift-lockset>' -disable-output %t.ll 2>&1 | %FileCheck %s
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=CLEAN --allow-empty
// RUN: %clang -g -O0 -c %s -o /dev/null -DRACY -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
#include <pthread.h>

struct entry { int key; int count; };
struct bucket { pthread_mutex_t mu; struct entry e[4]; int n; };
static struct bucket table[8];

static void bump(unsigned h, int key) {
  struct bucket *b = &table[h % 8];
  pthread_mutex_lock(&b->mu);
  for (int i = 0; i < b->n; i++)
    if (b->e[i].key == key) {
      b->e[i].count++;
      goto out;
    }
  if (b->n < 4) {
    b->e[b->n].key = key;
    b->e[b->n].count = 1;
    b->n++;
  }
out:
  pthread_mutex_unlock(&b->mu);
}

static int lookup(unsigned h, int key) {
  struct bucket *b = &table[h % 8];
  int c = 0;
  pthread_mutex_lock(&b->mu);
  for (int i = 0; i < b->n; i++)
    if (b->e[i].key == key)
      c = b->e[i].count;
  pthread_mutex_unlock(&b->mu);
  return c;
}

#ifdef RACY
static int steal(unsigned h) {
  struct bucket *b = &table[h % 8], *c = &table[(h + 1) % 8];
  pthread_mutex_lock(&b->mu);
  int v = c->e[0].count;
  pthread_mutex_unlock(&b->mu);
  return v;
}
#endif

static void *counter(void *arg) {
  for (unsigned r = 0; r < 3; r++)
    bump(r * 7, (int)(r % 5));
  return 0;
}

static void *reader(void *arg) {
  long s = 0;
  for (unsigned r = 0; r < 3; r++)
    s += lookup(r, (int)(r % 5));
#ifdef RACY
  s += steal(7); // table[0], which bump(0) fills
#endif
  return (void *)s;
}

int main(void) {
  pthread_t a, b;
  for (int i = 0; i < 8; i++)
    pthread_mutex_init(&table[i].mu, 0);
  pthread_create(&a, 0, counter, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// CHECK-LABEL: contexts:
// CHECK-DAG: counter: write b[] at {{.*}}within-object.c:28:20 holds {table[](same object)}
// CHECK-DAG: counter: write b[] at {{.*}}within-object.c:33:22 holds {table[](same object)}
// CHECK-DAG: reader: read b[] at {{.*}}within-object.c:46:19 holds {table[](same object)}
// CHECK-LABEL: candidates:
// CHECK-NOT: table
// CHECK: protected-pairs:

// CLEAN-NOT: warning

// The model checker's locks are "some bucket", so its interleaving may not
// be the program's: the race on steal's read is reported, possible or not.
// RACY: within-object.c:28:20: warning: {{(possible )?}}data race on 'table[].e[].count': write in thread 'counter' conflicts with read in thread 'reader'
// RACY: within-object.c:55:19: note: conflicting read in thread 'reader' here
