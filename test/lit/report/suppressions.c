// clang-format off
// Suppressions through clang -fplugin: annotate("racesift::ignore") on a
// variable, a struct field and a function, and a suppressions file. The
// suppressed races are not warned about and stay in SARIF, marked.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '# tracked elsewhere\nrace:filed\n' > %t/supp.txt
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/supp.txt -fplugin-arg-racesift-sarif=%t/s.sarif 2>&1 | %FileCheck %s
// RUN: %python -c "import json,sys; [print(r['locations'][0]['physicalLocation']['region']['startLine'], r['message']['text'].split(':')[0], [(s['kind'], s['justification']) for s in r.get('suppressions', [])]) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t/s.sarif | %FileCheck %s --check-prefix=SARIF
#include <pthread.h>
int counted;
int ignored __attribute__((annotate("racesift::ignore")));
struct stats { int hits; int misses __attribute__((annotate("racesift::ignore"))); } st;
int quiet, filed;
__attribute__((annotate("racesift::ignore"))) void touch_quiet(void) { quiet++; }
void *worker(void *arg) {
  counted++;
  ignored++;
  st.hits++;
  st.misses++;
  touch_quiet();
  filed++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}

// CHECK: suppressions.c:16:10: warning: data race on 'counted'
// CHECK-NEXT: {{ *}}16 |
// CHECK: suppressions.c:18:10: warning: data race on 'st.hits'
// CHECK-NOT: warning: data race

// SARIF-DAG: 14 Data race on 'quiet' [('inSource', 'attribute annotate("racesift::ignore") on function \'touch_quiet\'')]
// SARIF-DAG: 16 Data race on 'counted' []
// SARIF-DAG: 17 Data race on 'ignored' [('inSource', 'attribute annotate("racesift::ignore") on \'ignored\'')]
// SARIF-DAG: 18 Data race on 'st.hits' []
// SARIF-DAG: 19 Data race on 'st.misses' [('inSource', 'attribute annotate("racesift::ignore") on field \'st.misses\'')]
// SARIF-DAG: 21 Data race on 'filed' [('external', '{{.*}}supp.txt:2 race:filed')]
