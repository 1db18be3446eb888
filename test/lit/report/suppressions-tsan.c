// clang-format off
// race: lines match as ThreadSanitizer's do: a function or a source file
// of either access, as well as the variable; var: matches only variables.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'race:tally_*\nvar:tally_*\n' > %t/fn.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/fn.supp -fplugin-arg-racesift-sarif=%t/fn.sarif 2>&1 | %FileCheck %s --check-prefix=FN
// FN: warning: data race on 'other'
// FN-NOT: warning: data race on 'hits'
// RUN: %python -c "import json,sys; [print(r['message']['text'].split(':')[0], [s['justification'] for s in r.get('suppressions', [])]) for r in json.load(open(sys.argv[1]))['runs'][0]['results']]" %t/fn.sarif | sort | %FileCheck %s --check-prefix=FN-SARIF
// FN-SARIF: Data race on 'hits' ['{{.*}}fn.supp:1 race:tally_*']
// FN-SARIF: Data race on 'other' []
// A var: line with the function's name suppresses nothing.
// RUN: printf 'var:tally_*\n' > %t/var.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/var.supp 2>&1 | %FileCheck %s --check-prefix=VAR
// VAR-DAG: warning: data race on 'hits'
// VAR-DAG: warning: data race on 'other'
// A race: line with the source file's base name suppresses both.
// RUN: printf 'race:suppressions-tsan.c\n' > %t/src.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/src.supp 2>&1 | %FileCheck %s --check-prefix=SRC --allow-empty
// SRC-NOT: warning: data race
// A template matches anywhere in a name unless anchored, as in
// ThreadSanitizer: 'tally' is tally_hit's.
// RUN: printf 'race:tally\n' > %t/sub.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/sub.supp 2>&1 | %FileCheck %s --check-prefix=SUB --implicit-check-not="data race on 'hits'"
// SUB: warning: data race on 'other'
// RUN: printf 'race:^tally$\n' > %t/anchored.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/anchored.supp 2>&1 | %FileCheck %s --check-prefix=VAR
// race_top: matches the accesses' functions and files, not the variable.
// RUN: printf 'race_top:^tally_hit$\nrace_top:^other$\n' > %t/top.supp
// RUN: %clang -g -c %s -o %t/s.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/top.supp 2>&1 | %FileCheck %s --check-prefix=SUB --implicit-check-not="data race on 'hits'"
#include <pthread.h>
int hits, other;
static void tally_hit(void) { hits++; }
void *worker(void *arg) {
  tally_hit();
  other++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
