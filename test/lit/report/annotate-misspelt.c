// clang-format off
// An annotate("racesift...") that RaceSift does not know is warned about
// at its line, with the name it probably meant; it suppresses nothing.
// Other tools' annotations are not RaceSift's business.
// RUN: %clang -g -c %s -o %t.o -fplugin=%racesift_clang_plugin 2>&1 | %FileCheck %s --implicit-check-not="unknown annotation" --implicit-check-not="data race on 'good'"
// The pass plugin reads the same annotations.
// RUN: %clang -g -O0 -S -emit-llvm -Xclang -disable-O0-optnone %s -o %t.ll
// RUN: %opt -load-pass-plugin=%racesift_plugin -passes=racesift -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=OPT --implicit-check-not="unknown annotation"
#include <pthread.h>
int typo __attribute__((annotate("racesift::ignroe")));
int good __attribute__((annotate("racesift::ignore")));
int other_tool __attribute__((annotate("lint::ignore")));
struct stats { int hits __attribute__((annotate("RaceSift::ignore"))); } st;
__attribute__((annotate("racesift-ignore"))) void touch(void) { other_tool++; }
void *worker(void *arg) {
  typo++;
  good++;
  st.hits++;
  touch();
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  return 0;
}
// CHECK-DAG: annotate-misspelt.c:10:{{[0-9]+}}: warning: racesift: unknown annotation 'racesift::ignroe' (did you mean 'racesift::ignore'?); it suppresses nothing
// CHECK-DAG: annotate-misspelt.c:13:{{[0-9]+}}: warning: racesift: unknown annotation 'RaceSift::ignore' (did you mean 'racesift::ignore'?); it suppresses nothing
// CHECK-DAG: annotate-misspelt.c:14:{{[0-9]+}}: warning: racesift: unknown annotation 'racesift-ignore' (did you mean 'racesift::ignore'?); it suppresses nothing
// CHECK-DAG: warning: data race on 'typo'
// CHECK-DAG: warning: data race on 'st'
// CHECK-DAG: warning: data race on 'other_tool'
// OPT-DAG: annotate-misspelt.c:10: {{.*}}unknown annotation 'racesift::ignroe'
// OPT-DAG: annotate-misspelt.c:13: {{.*}}unknown annotation 'RaceSift::ignore'
// OPT-DAG: annotate-misspelt.c:14: {{.*}}unknown annotation 'racesift-ignore'
