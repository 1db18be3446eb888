// clang-format off
// A suppressions line that is misspelt, or not a line at all, is warned
// about on every route and ignored; ThreadSanitizer's other types are
// skipped quietly. A line that matched no finding is warned about only
// where the whole program is analysed (opt, an LTO link): a translation
// unit sees a part of it. Each warning is also a SARIF notification.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'race:quiet\nrcae:loud\nvar:nowhere\nno colon\ndeadlock:x\nVar:loud\n' > %t/w.supp
// RUN: %clang -g -c %s -o %t/w.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/w.supp -fplugin-arg-racesift-sarif=%t/w.sarif 2>&1 | %FileCheck %s --check-prefix=CC --implicit-check-not="data race on 'quiet'" --implicit-check-not="matched no finding" --implicit-check-not=deadlock
// CC: warning: racesift: {{.*}}w.supp:2: unknown suppression type 'rcae' (did you mean 'race'?): 'rcae:loud'; the line is ignored
// CC-NEXT: warning: racesift: {{.*}}w.supp:4: expected '<type>:<pattern>': 'no colon'; the line is ignored
// CC-NEXT: warning: racesift: {{.*}}w.supp:6: unknown suppression type 'Var' (did you mean 'var'?): 'Var:loud'; the line is ignored
// CC: suppressions-warnings.c:34:7: warning: data race on 'loud'
// RUN: %python -c "import json,sys; [print(n['descriptor']['id'], n['level'], n['message']['text']) for n in json.load(open(sys.argv[1]))['runs'][0]['invocations'][0]['toolExecutionNotifications']]" %t/w.sarif | %FileCheck %s --check-prefix=NOTE
// NOTE: suppressions warning {{.*}}w.supp:2: unknown suppression type 'rcae'
// NOTE: suppressions warning {{.*}}w.supp:4: expected '<type>:<pattern>'
// NOTE: suppressions warning {{.*}}w.supp:6: unknown suppression type 'Var'

// Under opt the module is taken for the program: line 3 matched nothing.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t/w.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output -racesift-suppressions=%t/w.supp %t/w.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not="data race on 'quiet'"
// OPT: w.supp:2: unknown suppression type 'rcae'
// OPT: w.supp:3: 'var:nowhere' matched no finding
// OPT-NOT: matched no finding
// OPT: data race on 'loud'

// An unreadable file is still an error.
// RUN: %not %clang -g -c %s -o %t/w.o -fplugin=%racesift_clang_plugin -fplugin-arg-racesift-suppressions=%t/missing.supp 2>&1 | %FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot read suppressions file '{{.*}}missing.supp'
#include <pthread.h>
int quiet, loud;
void *worker(void *arg) {
  quiet++;
  loud++;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
