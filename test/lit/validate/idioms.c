// clang-format off
// Witness validation: a race is confirmed only if the program can take the
// model checker's interleaving. Race-free idioms whose synchronisation the
// model checker does not see get no confirmed race; racy ones keep theirs.
// RUN: %clang -g -c -DSECTION %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=SECTION --implicit-check-not=warning:
// RUN: %clang -g -c -DSECTION -DESCAPES %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=ESCAPES --implicit-check-not='warning: data race'
// RUN: %clang -g -c -DSECTION %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-validate=0 2>&1 | %FileCheck %s --check-prefix=UNVALIDATED
// RUN: %clang -g -c -DSLOTS %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-stats 2>&1 | %FileCheck %s --check-prefix=SLOTS --implicit-check-not='warning: data race'
// RUN: %clang -g -c -DSLOTS -DRACY %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=SLOTS-RACY
// RUN: %clang -g -c -DPUBLISH %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=PUBLISH
// RUN: %clang -g -c -DINPUT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=INPUT
// RUN: %clang -g -c -DCLAIM %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=CLAIM
// RUN: %clang -g -c -DCLAIM -DLOCKED %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %clang -g -O2 -c -DCLAIM %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --check-prefix=CLAIM
// RUN: %clang -g -O2 -c -DCLAIM -DLOCKED %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=warning:
#include <pthread.h>
#include <stdlib.h>

#ifdef SECTION
// ok = !s.busy in an atomic section: one thread gets in. The model checker
// does not track the field at first; the replay shows its interleaving
// dies at `if (ok)`, whose condition reads s.busy, and the refinement
// tracks s.busy and searches again: no race. When the struct's address
// escapes (a memset, with -DESCAPES), tracking the field would not be exact: the
// race stays possible and says why.
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
struct { int busy, other; } s; int x;
void *w(void *a) {
  int ok;
  __VERIFIER_atomic_begin();
  ok = !s.busy;
  if (ok)
    s.busy = 1;
  __VERIFIER_atomic_end();
  if (ok)
    x++;
  return 0;
}
int main(void) {
  pthread_t t[2];
#ifdef ESCAPES
  __builtin_memset(&s, 0, sizeof s);
#endif
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
// SECTION: remark: racesift: stats: refinement: 1 round(s); tracked as data: s.busy
// ESCAPES: idioms.c:[[@LINE-15]]:6: warning: possible data race on 'x': write in thread 'w' conflicts with {{read|write}} in thread 'w' (not decided: the model checker's interleavings are not ones the program can take: the thread ends before its next step
// UNVALIDATED: idioms.c:[[@LINE-16]]:6: warning: data race on 'x'
#endif

#ifdef SLOTS
// Each thread writes the element its index selects; the racy variant
// gives two threads one element (instances 1 and 3), which the search
// finds after the replay rejects instances 1 and 2.
int data[4];
void *w(void *a) {
  long i = (long)a;
#ifdef RACY
  i %= 2;
#endif
  data[i] = 1;
  return 0;
}
int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], 0);
  return data[0];
}
// SLOTS: remark: racesift: stats: validation:
// SLOTS-RACY: idioms.c:66:11: warning: data race on 'data[]': write in thread 'w' conflicts with write in thread 'w'
// SLOTS-RACY: note: interleaving: {{.*}}-> w#1: write data[] {{.*}}-> w#3: write data[]
#endif

#ifdef PUBLISH
// Both stores to 'last' must come before both loads of it for the two
// threads to meet on one object: the replay interleaves them.
struct job { int n; } *last;
void *w(void *a) {
  last = a;
  last->n = 1;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, w, malloc(sizeof(struct job)));
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
// PUBLISH: idioms.c:88:11: warning: data race on field .n of the heap object allocated at idioms.c:94: write in thread 'w' conflicts with write in thread 'w'
#endif

#ifdef INPUT
// The race needs argc > 2: the note carries the value.
int x;
void *w(void *a) {
  x = 1;
  return 0;
}
int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, w, 0);
  if (argc > 2)
    x = 2;
  pthread_join(t, 0);
  return 0;
}
// INPUT: idioms.c:{{105|113}}:{{[0-9]+}}: warning: data race on 'x'
// INPUT: note: the interleaving happens with argc = 3
// The SARIF codeFlow carries the condition too.
// RUN: %clang -g -c -DINPUT %s -o %t.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-timeout=60 -fplugin-arg-racesift-sarif=%t.input.sarif 2>/dev/null
// RUN: %python -c "import json,sys; [print(r['codeFlows'][-1]['message']['text']) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t.input.sarif | %FileCheck %s --check-prefix=INPUT-SARIF
// INPUT-SARIF: Interleaving of {{[0-9]+}} steps that reaches the race on 'x'; the program takes it with argc = 3.
#endif

#ifdef CLAIM
// Check-then-act through a helper: both workers can read busy == 0 before
// either sets it, so both write data. The replay branches where the model
// read busy, before the other worker's store. With the claim inside a
// mutex (LOCKED), only one worker gets in.
int busy, data;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int try_claim(void) {
#ifdef LOCKED
  pthread_mutex_lock(&m);
#endif
  int ok = !busy;
  if (ok)
    busy = 1;
#ifdef LOCKED
  pthread_mutex_unlock(&m);
#endif
  return ok;
}
void *w(void *a) {
  if (try_claim())
    data = 1;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return 0;
}
// CLAIM-DAG: idioms.c:[[@LINE-11]]:10: warning: data race on 'data': write in thread 'w' conflicts with write in thread 'w'
// CLAIM-DAG: idioms.c:[[@LINE-20]]:10: warning: data race on 'busy'
#endif
