// clang-format off
// The compiler diagnostics and the SARIF log of one program through clang
// -fplugin: the warning and its notes (other access, locks held, lock
// operation, interleaving), the codeFlow that replays the race step by step,
// heap data named after its allocation site and member, and a suppressions
// file matching those names.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'race:heap@*.fees\n' > %t/supp.txt
// RUN: %clang -g -c %s -o %t/d.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/supp.txt -fplugin-arg-racesift-sarif=%t/d.sarif > %t/diags.txt 2>&1
// RUN: %FileCheck %s < %t/diags.txt
// RUN: %python -c "import json,sys; [print(r['locations'][0]['physicalLocation']['region']['startLine'], r['message']['text'].split(';')[0], [s['justification'] for s in r.get('suppressions', [])]) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t/d.sarif | %FileCheck %s --check-prefix=RESULTS
// RUN: %python %S/Inputs/codeflow.py %t/d.sarif | %FileCheck %s --check-prefix=FLOW
// The note leaves out the loop's bookkeeping steps; the codeFlow keeps them.
// RUN: %not grep -E "interleaving:.*(assign|assume)" %t/diags.txt

// A sarif-dir that cannot be created is an error that names it.
// RUN: touch %t/file
// RUN: %not %clang -g -c %s -o %t/d.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-sarif-dir=%t/file/logs 2>&1 | %FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: racesift: cannot write the SARIF log: cannot write '{{.*}}file/logs/diagnostics.c-{{[0-9a-f]+}}.sarif': cannot create a temporary file in '{{.*}}file/logs': Not a directory
#include <pthread.h>
#include <stdlib.h>
struct account { long balance; long fees; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
long total;
struct account *acct;

void *deposit(void *arg) {
  pthread_mutex_lock(&m);
  total += 10;
  pthread_mutex_unlock(&m);
  acct->balance += 10;
  acct->fees++;
  return 0;
}

int main(void) {
  pthread_t t[3];
  acct = malloc(sizeof *acct);
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, deposit, 0);
  long seen = total;
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  return seen > 0;
}

// The warning is at the write; the notes give the read, the locks held at
// each, where 'deposit' took its lock, and the interleaving: main creates
// the workers (its loop counter steps left out, and counted; the loop's
// three threads are explored, not two: no thread-bound note), deposit#1
// takes the lock, and the last two steps are the racing accesses.
// CHECK: diagnostics.c:29:9: warning: data race on 'total': write in thread 'deposit' conflicts with read in thread 'main'
// CHECK: diagnostics.c:41:15: note: conflicting read in thread 'main' here
// CHECK: diagnostics.c:29:9: note: 'deposit' holds {m}; 'main' holds no lock
// CHECK: diagnostics.c:28:3: note: lock 'm' acquired by 'deposit' here
// CHECK: diagnostics.c:29:9: note: interleaving: main: create deposit#1 (diagnostics.c:40) -> main: create deposit#2 (diagnostics.c:40) -> {{.*}}deposit#1: lock m (diagnostics.c:28) -> {{.*}} -> {{(main: read total \(diagnostics.c:41\) -> deposit#1: write total \(diagnostics.c:29\)|deposit#1: write total \(diagnostics.c:29\) -> main: read total \(diagnostics.c:41\))}} (the SARIF codeFlow has all {{[0-9]+}} steps, {{[1-9][0-9]*}} on loop counters and flags)

// The first member of a heap object is named, not only the allocation site;
// the suppressed race on the second member is not diagnosed.
// CHECK: diagnostics.c:31:17: warning: data race on field .balance of the heap object allocated at diagnostics.c:38: write in thread 'deposit' conflicts with read in thread 'deposit'
// CHECK-NOT: warning:

// RESULTS: 29 Data race on 'total': write in thread 'deposit' conflicts with read in thread 'main' []
// RESULTS-NEXT: 31 Data race on field .balance of the heap object allocated at diagnostics.c:38: write in thread 'deposit' conflicts with read in thread 'deposit' []
// RESULTS-NEXT: 32 Data race on field .fees of the heap object allocated at diagnostics.c:38: write in thread 'deposit' conflicts with read in thread 'deposit' ['{{.*}}supp.txt:1 race:heap@*.fees']
// RESULTS-NOT: {{.}}

// The codeFlow of the race on 'total': the other access and the lock
// operation as related locations, one threadFlow per thread, one global
// execution order, every step including the loop's (unimportant), the
// racing accesses essential and last.
// FLOW: result data-race 29
// FLOW-NEXT: related 1 41 Conflicting read in thread 'main'; 'deposit' holds {m}; 'main' holds no lock.
// FLOW-NEXT: related 2 28 Lock 'm' acquired by 'deposit'.
// FLOW-NEXT: threadFlows main deposit#1
// FLOW-NEXT: executionOrder 1..N
// FLOW-NEXT: step 1 unimportant main: assign i := 0 39
// FLOW-NEXT: step 2 unimportant main: assume i < 3 39
// FLOW-NEXT: step 3 important main: create deposit#1 40
// FLOW: important deposit#1: lock m 28
// FLOW-DAG: essential main: read total 41
// FLOW-DAG: essential deposit#1: write total 29
// FLOW-NOT: step
// FLOW: viewer flow same
// FLOW: result data-race 31
