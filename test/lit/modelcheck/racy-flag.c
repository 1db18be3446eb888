// clang-format off
// racy-flag: a reply handed over through a plain int flag. The model
// checker tracks the flag, so the client reads the reply only after the
// server set it, and the reply's pair was refuted: only the flag's own
// race was reported. But a flag that is raced on orders nothing (C11: only
// synchronisation orders, and a data race is none; the compiler may hoist
// the load or sink the store), so the reply's accesses race too, as TSan
// reports. A location refuted through flags that themselves have a race
// is searched again with those flags' tests open, and is a possible race
// that names the flag. With -DATOMIC the flag is a release/acquire atomic:
// no race at all.
// RUN: %clang -g -O0 -c %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=RACY
// RUN: %clang -g -O0 -c -DATOMIC %s -o /dev/null -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --check-prefix=FREE --allow-empty
#include <pthread.h>
#include <stdatomic.h>

struct reply { int status; char body[8]; };
static struct reply rep;
#ifdef ATOMIC
static atomic_int have_reply;
#define SET(x) atomic_store_explicit(&have_reply, x, memory_order_release)
#define GET() atomic_load_explicit(&have_reply, memory_order_acquire)
#else
static int have_reply;
#define SET(x) (have_reply = (x))
#define GET() (have_reply)
#endif

static void *server(void *arg) {
  rep.status = 200;
  rep.body[0] = 'x';
  SET(1);
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&s, 0, server, 0);
  while (!GET())
    ;
  int v = rep.status + rep.body[0];
  pthread_join(s, 0);
  return v;
}

// RACY-DAG: racy-flag.c:30:14: warning: possible data race on 'rep.status': write in thread 'server' conflicts with read in thread 'main' (not decided: only 'have_reply' orders the accesses, and a data race on it orders nothing (racy-flag))
// RACY-DAG: racy-flag.c:31:15: warning: possible data race on 'rep.body[]': write in thread 'server' conflicts with read in thread 'main' (not decided: only 'have_reply' orders the accesses
// RACY-DAG: racy-flag.c:32:3: warning: data race on 'have_reply': write in thread 'server' conflicts with read in thread 'main'

// FREE-NOT: warning
