// clang-format off
// The compiler diagnostics and the SARIF log of one program through clang
// -fplugin: heap data is named after its allocation site and member, and a
// suppressions file matches those names.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'race:heap@*.fees\n' > %t/supp.txt
// RUN: %clang -g -c %s -o %t/d.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/supp.txt -fplugin-arg-racesift-sarif=%t/d.sarif 2>&1 | %FileCheck %s
// RUN: %python -c "import json,sys; [print(r['locations'][0]['physicalLocation']['region']['startLine'], r['message']['text'].split(';')[0], [s['justification'] for s in r.get('suppressions', [])]) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t/d.sarif | %FileCheck %s --check-prefix=RESULTS
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

// The first member of a heap object is named, not only the allocation site;
// the suppressed race on the second member is not diagnosed.
// CHECK: diagnostics.c:18:9: warning: data race on 'total': write in thread 'deposit' conflicts with read in thread 'main'
// CHECK: diagnostics.c:20:17: warning: data race on heap object 'heap@diagnostics.c:27 .balance': write in thread 'deposit' conflicts with read in thread 'deposit'
// CHECK-NOT: warning:

// RESULTS: 18 Data race on 'total': write in thread 'deposit' conflicts with read in thread 'main' []
// RESULTS-NEXT: 20 Data race on heap object 'heap@diagnostics.c:27 .balance': write in thread 'deposit' conflicts with read in thread 'deposit' []
// RESULTS-NEXT: 21 Data race on heap object 'heap@diagnostics.c:27 .fees': write in thread 'deposit' conflicts with read in thread 'deposit' ['{{.*}}supp.txt:1 race:heap@*.fees']
// RESULTS-NOT: {{.}}
